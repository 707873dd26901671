package org.preemptlab.runner.reproduce;

import java.io.PrintStream;
import java.nio.file.Path;

/** One reproduction, run by {@code preemptlab reproduce ID}. */
public interface Reproduction {

  /** Its id on the command line, kebab-case, e.g. {@code seed-granularity}. */
  String id();

  /** One line saying what it reproduces and from which source. */
  String description();

  /**
   * Runs it: prints its tables to {@code out}, writes any files (tables, charts) into {@code
   * outputDirectory}, and returns whether every expected outcome was observed.
   *
   * @throws org.preemptlab.api.ConfigurationException for a mistake in its inputs
   */
  boolean run(Path outputDirectory, PrintStream out) throws Exception;
}
