package org.preemptlab.lab.reproduce;

/** What one row of a reproduction concludes. Only {@link #PASS} counts as reproduced. */
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
  IN_SAMPLE("IN-SAMPLE");

  private final String label;

  Verdict(String label) {
    this.label = label;
  }

  /** How tables print it. */
  String label() {
    return label;
  }
}
