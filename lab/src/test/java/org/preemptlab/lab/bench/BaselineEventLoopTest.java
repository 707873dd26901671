package org.preemptlab.lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Tag("slow")
class BaselineEventLoopTest {

  @ParameterizedTest(name = "N = {0}")
  @CsvSource({
      "200, 121836, 11872947, 59196686",
      "2000, 1191564, 109272747, 627806872"})
  void baselineReproducesTheStandardWorkloadsPublishedResults(int n, long blocks, long makespan,
      long turnaroundSum) {
    BaselineEventLoop.Outcome outcome = BaselineEventLoop.run(StandardWorkload.kernels(n));

    assertThat(outcome.blocks()).isEqualTo(blocks);
    assertThat(outcome.events()).isEqualTo(blocks + n);
    assertThat(outcome.makespanNs()).isEqualTo(makespan);
    assertThat(outcome.turnaroundSumNs()).isEqualTo(turnaroundSum);
  }
}
