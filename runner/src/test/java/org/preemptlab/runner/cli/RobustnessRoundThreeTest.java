package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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

  /** What one invocation printed and returned. */
  private record Result(int exit, String out, String err) {}

  private static Result run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      exit = new Main(o, e).run(args);
    }
    return new Result(exit, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  private static void assertUsageError(Result result, String expected) {
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
    Result result = run("run", "--config", EXAMPLE, "--policy", "mlfq");
    assertThat(result.exit()).as(result.err()).isEqualTo(Main.OK);
  }
}
