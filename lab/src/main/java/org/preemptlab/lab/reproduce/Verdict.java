package org.preemptlab.lab.reproduce;

import java.util.Collection;

/**
 * What one row of a reproduction concludes. Only {@link #PASS} counts as reproduced; an {@link
 * #INPUTS_UNPUBLISHED} row counts neither way.
 */
enum Verdict {
  /** The simulated value is within the tolerance, and the paper's baseline (if any) is not. */
  PASS("PASS"),
  /** The simulated value is outside the tolerance. */
  FAIL("FAIL"),
  /**
   * The simulated value is within the tolerance, but so is the simulated baseline the paper
   * compares against: the row cannot tell the mechanism from its baseline.
   */
  INCONCLUSIVE("INCONCLUSIVE"),
  /** The row is not simulated: the engine or the inputs lack what it needs (the row says what). */
  NOT_SIMULATED("NOT SIMULATED"),
  /** A model parameter was fitted on the same figure: shown, never counted as reproduced. */
  IN_SAMPLE("IN-SAMPLE"),
  /**
   * The paper's inputs for the row (its benchmarks, their sizes, the metric's definition) are not
   * public: the row names what is missing, any value simulated on stand-in inputs is an
   * illustration, and the row counts neither as PASS nor as FAIL.
   */
  INPUTS_UNPUBLISHED("INPUTS UNPUBLISHED");

  private final String label;

  Verdict(String label) {
    this.label = label;
  }

  /**
   * Whether rows with these verdicts reproduce: at least one PASS, and every other row one whose
   * inputs are unpublished (those count neither way).
   */
  static boolean reproduced(Collection<Verdict> verdicts) {
    return verdicts.contains(PASS)
        && verdicts.stream().allMatch(v -> v == PASS || v == INPUTS_UNPUBLISHED);
  }

  /** How tables print it. */
  String label() {
    return label;
  }
}
