package org.preemptlab.runner.cli;

import java.io.PrintStream;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/** One sub-command of {@code preemptlab}. */
interface Command {
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
