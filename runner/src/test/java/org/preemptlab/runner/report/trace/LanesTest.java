package org.preemptlab.runner.report.trace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LanesTest {
  @Test
  void eachIntervalTakesTheLowestFreeLaneAndFreedLanesAreReused() {
    Lanes lanes = new Lanes();

    assertThat(lanes.take()).isZero();
    assertThat(lanes.take()).isEqualTo(1);
    assertThat(lanes.take()).isEqualTo(2);
    lanes.release(1);
    lanes.release(0);
    assertThat(lanes.take()).isZero();
    assertThat(lanes.take()).isEqualTo(1);
    assertThat(lanes.take()).isEqualTo(3);
  }
}
