package org.preemptlab.runner.engine;

import com.google.common.base.Preconditions;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.RandomAccess;

/**
 * A job's resident blocks, in the order an {@link java.util.ArrayList} with swap-removal would
 * keep them (a removed block's place is taken by the last one). Its array can be handed back while
 * the job has no block on an SM ({@link #detach}) and another taken when it has one again ({@link
 * #attach}), so a run keeps as many arrays as jobs that are resident at once, not one per job.
 */
final class BlockList extends AbstractList<ResidentBlock> implements RandomAccess {
  private static final ResidentBlock[] NONE = new ResidentBlock[0];

  private ResidentBlock[] items = NONE;
  private int size;

  @Override
  public ResidentBlock get(int index) {
    Preconditions.checkElementIndex(index, size);
    return items[index];
  }

  @Override
  public int size() {
    return size;
  }

  /** Appends a block and records its position in it. */
  void append(ResidentBlock block) {
    if (size == items.length) {
      items = Arrays.copyOf(items, Math.max(16, size * 2));
    }
    block.listIndex = size;
    items[size++] = block;
  }

  /** Removes a block: the last one takes its place. */
  void swapRemove(ResidentBlock block) {
    int i = block.listIndex;
    ResidentBlock last = items[--size];
    items[size] = null;
    if (last != block) {
      items[i] = last;
      last.listIndex = i;
    }
    block.listIndex = -1;
  }

  /** Takes an empty list's array away (null if it has none); the list stays usable. */
  ResidentBlock[] detach() {
    Preconditions.checkState(size == 0, "detach() of a list holding %s blocks", size);
    ResidentBlock[] array = items == NONE ? null : items;
    items = NONE;
    return array;
  }

  /** Gives an empty list an array (all null) to fill. */
  void attach(ResidentBlock[] array) {
    if (size == 0 && items == NONE && array != null) {
      items = array;
    }
  }
}
