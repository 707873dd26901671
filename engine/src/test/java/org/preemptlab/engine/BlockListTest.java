package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BlockListTest {
  private final BlockTable blocksById = new BlockTable();

  private ResidentBlock block(int index) {
    return blocksById.take(null, 0, index, 10, 0, 0);
  }

  @Test
  void removingABlockMovesTheLastOneIntoItsPlaceAsAnArrayListSwapRemoveWould() {
    BlockList list = new BlockList(blocksById);
    ResidentBlock a = block(0);
    ResidentBlock b = block(1);
    ResidentBlock c = block(2);
    list.append(a);
    list.append(b);
    list.append(c);

    list.swapRemove(a);

    assertThat(list).containsExactly(c, b);
    assertThat(c.listIndex).isZero();
    assertThat(a.listIndex).isEqualTo(-1);
  }

  @Test
  void anEmptyListHandsItsArrayToAnotherListAndStaysUsable() {
    BlockList first = new BlockList(blocksById);
    ResidentBlock a = block(0);
    first.append(a);
    first.swapRemove(a);

    int[] array = first.detach();
    BlockList second = new BlockList(blocksById);
    second.attach(array);
    second.append(a);
    first.append(block(1));

    assertThat(array).isNotNull();
    assertThat(array[0]).isEqualTo(a.id);
    assertThat(second).containsExactly(a);
    assertThat(first).hasSize(1);
  }

  @Test
  void aListHoldingBlocksCannotBeDetached() {
    BlockList list = new BlockList(blocksById);
    list.append(block(0));

    assertThatThrownBy(list::detach).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("holding 1 blocks");
  }
}
