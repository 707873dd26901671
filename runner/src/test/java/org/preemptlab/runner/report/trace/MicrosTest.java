package org.preemptlab.runner.report.trace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MicrosTest {
  @Test
  void wholeMicrosecondsHaveNoDecimals() {
    assertThat(Micros.of(0)).isEqualTo("0");
    assertThat(Micros.of(2000)).isEqualTo("2");
    assertThat(Micros.of(123_456_789_000L)).isEqualTo("123456789");
  }

  @Test
  void nanosecondsBecomeUpToThreeDecimalsWithoutTrailingZeros() {
    assertThat(Micros.of(1162)).isEqualTo("1.162");
    assertThat(Micros.of(350)).isEqualTo("0.35");
    assertThat(Micros.of(1)).isEqualTo("0.001");
    assertThat(Micros.of(10)).isEqualTo("0.01");
    assertThat(Micros.of(1_000_000_000_007L)).isEqualTo("1000000000.007");
  }

  @Test
  void negativeDurationsKeepTheirSign() {
    assertThat(Micros.of(-1500)).isEqualTo("-1.5");
  }
}
