package org.preemptlab.runner.cli;

import java.io.PrintStream;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.preemptlab.api.ConfigurationException;

/** {@code preemptlab bench}: engine speed on the standard workload against a baseline loop. */
final class BenchCommand implements Command {
  @Override
  public String name() {
    return "bench";
  }

  @Override
  public String summary() {
    return "measure engine speed on the standard workload against a minimal baseline loop";
  }

  @Override
  public Options options() {
    return new Options();
  }

  @Override
  public String examples() {
    return "preemptlab bench";
  }

  @Override
  public int run(CommandLine line, PrintStream out) {
    throw new ConfigurationException("bench is not wired yet");
  }
}
