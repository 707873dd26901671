package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BlockTableTest {
  private final BlockTable table = new BlockTable();

  @Test
  void aRecycledBlockIsReusedByTheNextResidencyLastInFirstOut() {
    ResidentBlock a = table.take(null, 0, 0, 10, 0, 0);
    ResidentBlock b = table.take(null, 1, 1, 10, 0, 0);

    table.recycle(a);
    table.recycle(b);
    ResidentBlock next = table.take(null, 2, 7, 20, 0, 5);

    assertThat(next).isSameAs(b);
    assertThat(next.sm).isEqualTo(2);
    assertThat(next.blockIndex).isEqualTo(7);
    assertThat(next.endNs).isEqualTo(25);
    assertThat(table.take(null, 0, 0, 10, 0, 0)).isSameAs(a);
  }

  @Test
  void aRetiredBlockIsNeverReusedButItsIdIsGivenToANewBlock() {
    ResidentBlock retired = table.take(null, 0, 0, 10, 0, 0);
    ResidentBlock kept = table.take(null, 0, 1, 10, 0, 0);

    table.retire(retired);
    ResidentBlock next = table.take(null, 0, 2, 10, 0, 0);

    assertThat(next).isNotSameAs(retired).isNotSameAs(kept);
    assertThat(next.id).isEqualTo(retired.id);
    assertThat(table.get(next.id)).isSameAs(next);
    assertThat(table.get(kept.id)).isSameAs(kept);
  }

  @Test
  void aNewHolderOfARetiredIdStartsAtALaterGenerationSoNoStaleEventMatchesIt() {
    ResidentBlock retired = table.take(null, 0, 0, 10, 0, 0);
    retired.gen = 41;

    table.retire(retired);
    assertThat(table.get(retired.id)).isSameAs(retired); // a stale event still finds it
    ResidentBlock next = table.take(null, 0, 2, 10, 0, 0);

    assertThat(next.id).isEqualTo(retired.id);
    assertThat(next.gen).isEqualTo(42);
  }

  @Test
  void idsStayDistinctAsTheTableGrows() {
    java.util.Set<Integer> ids = new java.util.HashSet<>();
    for (int i = 0; i < 1000; i++) {
      ResidentBlock block = table.take(null, 0, i, 10, 0, 0);
      assertThat(ids.add(block.id)).isTrue();
      assertThat(table.get(block.id)).isSameAs(block);
    }
  }
}
