package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.preemptlab.lab.bench.StandardWorkload;

/**
 * The engine reproduces docs/standard-workload.md to the nanosecond (in the engine's package, for
 * its test fixtures; here because the standard workload is the lab's).
 */
@Tag("slow")
class StandardWorkloadTest {

  @ParameterizedTest(name = "N = {0}")
  @CsvSource({
      "200, 121836, 11872947, 59196686",
      "2000, 1191564, 109272747, 627806872"})
  void engineReproducesTheStandardWorkloadsPublishedResults(int n, long blocks, long makespan,
      long turnaroundSum) {
    SimulationResult result = EngineFixtures.run(StandardWorkload.workload(n),
        StandardWorkload.hardware(), "fifo", "block-boundary", "full");

    assertThat(result.blocksExecuted()).isEqualTo(blocks);
    assertThat(result.makespanNs()).isEqualTo(makespan);
    assertThat(result.jobs().stream().mapToLong(JobRecord::turnaroundNs).sum())
        .isEqualTo(turnaroundSum);
    assertThat(result.preemptions()).isEmpty();
  }
}
