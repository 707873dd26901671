package org.preemptlab.runner.cli;

import java.io.PrintStream;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * One sub-command of {@code preemptlab}. The runner's own commands are built in; another module
 * adds one by implementing this interface with a public no-argument constructor and naming the
 * class in {@code META-INF/services/org.preemptlab.runner.cli.Command} (the lab module adds
 * {@code reproduce} and {@code bench} so). Errors are thrown, never printed: a
 * {@link org.preemptlab.api.ConfigurationException} becomes a one-line usage error (exit 2).
 */
public interface Command {
  /** The word that selects it, e.g. {@code run}. */
  String name();

  /** One line for the command overview. */
  String summary();

  /** Its options, without {@code --help}, which every command has. */
  Options options();

  /** Usage examples shown after the options in {@code --help}. */
  String examples();

  /**
   * Runs it.
   *
   * @return the exit code
   */
  int run(CommandLine line, PrintStream out) throws Exception;
}
