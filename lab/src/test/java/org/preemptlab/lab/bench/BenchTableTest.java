package org.preemptlab.lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchTableTest {

  @Test
  void tablePadsColumnsLeftAligningTheFirstAndRightAligningTheRest() {
    String text = BenchTable.table(List.of("name", "n"), List.of(List.of("a", "1,000")));

    assertThat(text).isEqualTo("name      n\na     1,000\n");
  }
}
