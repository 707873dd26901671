package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * What one in-process invocation of the command line printed and returned, for tests (also the
 * lab module's, through the runner's test jar).
 *
 * @param exit the exit code
 * @param out what it printed on standard output
 * @param err what it printed on standard error
 */
public record CliRun(int exit, String out, String err) {

  /** Runs {@code preemptlab ARGS} in this JVM and captures both streams. */
  public static CliRun of(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      exit = new Main(o, e).run(args);
    }
    return new CliRun(exit, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  /** The lines of the error output. */
  public List<String> errLines() {
    return err.lines().toList();
  }

  /**
   * Asserts a failure with exit code {@code exit} reported as exactly one line on standard error,
   * without a stack trace, and returns that line.
   */
  public String oneLineError(int exit) {
    assertThat(exit()).as(err).isEqualTo(exit);
    assertThat(errLines()).as(err).hasSize(1);
    assertThat(err).doesNotContain("\tat ").doesNotContain("Exception:\n");
    return errLines().get(0);
  }

  /** Asserts that the error output is exactly one line, without a stack trace; returns this. */
  public CliRun oneLine() {
    assertThat(err.strip()).doesNotContain("\n").doesNotContain("\tat ");
    return this;
  }
}
