package org.preemptlab.lab.reproduce;

import java.io.PrintStream;
import java.nio.file.Path;

/** One reproduction, run by {@code preemptlab reproduce ID}. */
public interface Reproduction {

  /** What a reproduction compares with, which decides what its success means. */
  enum Kind {
    /** A result a paper or a project published; a parameter is never tuned to it. */
    PUBLISHED("reproductions of published results"),
    /** A claim of the seed blog post this project started from, checked as stated. */
    CLAIM_CHECK("checks of the seed blog's claims"),
    /** A model's fit checked on the data it was fitted to (in-sample): not a prediction. */
    CALIBRATION("calibrations (fits checked in-sample)");

    private final String heading;

    Kind(String heading) {
      this.heading = heading;
    }

    /** The heading {@code preemptlab reproduce} lists these under. */
    public String heading() {
      return heading;
    }
  }

  /** What it compares with; published results unless it says otherwise. */
  default Kind kind() {
    return Kind.PUBLISHED;
  }

  /** Its id on the command line, kebab-case, e.g. {@code seed-claims}. */
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
