package org.preemptlab.engine;

import com.google.common.base.Preconditions;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.RandomAccess;

/**
 * A job's resident blocks, in the order an {@link java.util.ArrayList} with swap-removal would
 * keep them (a removed block's place is taken by the last one). It stores the blocks' ids in the
 * run's {@link BlockTable}, not references: an int stored costs no garbage collector barrier. Its
 * array can be handed back while the job has no block on an SM ({@link #detach}) and another taken
 * when it has one again ({@link #attach}), so a run keeps as many arrays as jobs that are resident
 * at once, not one per job.
 */
final class BlockList extends AbstractList<ResidentBlock> implements RandomAccess {
  private static final int[] NONE = new int[0];

  /** Where a block's id leads back to the block. */
  private final BlockTable blocksById;
  private int[] ids = NONE;
  private int size;

  /** An empty list of blocks of {@code blocksById}. */
  BlockList(BlockTable blocksById) {
    this.blocksById = blocksById;
  }

  @Override
  public ResidentBlock get(int index) {
    Preconditions.checkElementIndex(index, size);
    return blocksById.get(ids[index]);
  }

  @Override
  public int size() {
    return size;
  }

  /** Appends a block and records its position in it. */
  void append(ResidentBlock block) {
    if (size == ids.length) {
      ids = Arrays.copyOf(ids, Math.max(16, size * 2));
    }
    block.listIndex = size;
    ids[size++] = block.id;
  }

  /** Removes a block: the last one takes its place. */
  void swapRemove(ResidentBlock block) {
    int i = block.listIndex;
    int last = ids[--size];
    if (last != block.id) {
      ids[i] = last;
      blocksById.get(last).listIndex = i;
    }
    block.listIndex = -1;
  }

  /** Removes every block at once (their order no longer matters). */
  @Override
  public void clear() {
    for (int i = 0; i < size; i++) {
      blocksById.get(ids[i]).listIndex = -1;
    }
    size = 0;
  }

  /** Takes an empty list's array away (null if it has none); the list stays usable. */
  int[] detach() {
    Preconditions.checkState(size == 0, "detach() of a list holding %s blocks", size);
    int[] array = ids == NONE ? null : ids;
    ids = NONE;
    return array;
  }

  /** Gives an empty list an array to fill. */
  void attach(int[] array) {
    if (size == 0 && ids == NONE && array != null) {
      ids = array;
    }
  }
}
