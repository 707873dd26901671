package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Regression tests of issue 27 at the command line: each finding ends in a one-line error with
 * exit code 2 (or runs correctly), quickly.
 */
class RobustnessRoundThreeTest {
  private static final String EXAMPLE = Path.of("..", "examples", "configs",
      "inference-vs-training.yaml").toString();

  private static CliRun run(String... args) {
    return CliRun.of(args);
  }

  private static void assertUsageError(CliRun result, String expected) {
    assertThat(result.exit()).as(result.err()).isEqualTo(Main.USAGE);
    assertThat(result.err().strip()).doesNotContain("\n").contains(expected);
  }

  @Test
  void policyTimersOfOneNanosecondCountInTheWorkEstimate() { // finding 6
    assertUsageError(run("run", "--config", EXAMPLE, "--policy", "mlfq", "--set",
        "policy.boost=1ns", "--set", "policy.quantum=1ns"), "and wake the policy's timers about");
  }

  @Test
  void theDefaultTimersOfMlfqStayFarBelowTheThreshold() {
    CliRun result = run("run", "--config", EXAMPLE, "--policy", "mlfq");
    assertThat(result.exit()).as(result.err()).isEqualTo(Main.OK);
  }
}
