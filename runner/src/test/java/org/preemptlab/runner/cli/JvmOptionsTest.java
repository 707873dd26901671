package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JvmOptionsTest {
  @Test
  void theParallelCollectorIsAddedUnlessTheOptionsChooseOne() {
    assertThat(JvmOptions.withDefaultCollector("")).isEqualTo("-XX:+UseParallelGC");
    assertThat(JvmOptions.withDefaultCollector(" -Xmx4g ")).isEqualTo("-Xmx4g -XX:+UseParallelGC");
    assertThat(JvmOptions.withDefaultCollector("-XX:+UseG1GC -Xmx4g"))
        .isEqualTo("-XX:+UseG1GC -Xmx4g");
    assertThat(JvmOptions.withDefaultCollector("-Xmx4g -XX:+UseZGC"))
        .isEqualTo("-Xmx4g -XX:+UseZGC");
    assertThat(JvmOptions.withDefaultCollector("-XX:+UseStringDeduplication"))
        .as("a flag that is not a collector").endsWith(" -XX:+UseParallelGC");
    assertThat(JvmOptions.withDefaultCollector("-XX:+UseMaximumCompactionOnSystemGC"))
        .as("a collector's option, not a collector").endsWith(" -XX:+UseParallelGC");
    assertThat(JvmOptions.withDefaultCollector("-XX:+UseSerialGCX"))
        .as("not a whole option").endsWith(" -XX:+UseParallelGC");
  }
}
