package org.preemptlab.runner.drm;

/**
 * The result of one expectation of a scenario.
 *
 * @param step the step's index in the script, or -1 for a check of the whole run
 * @param timeNs the simulated time the check was made
 * @param what what was checked, e.g. {@code wait_finished(j0, 500ms)}
 * @param expected the expected value
 * @param observed the observed value
 */
public record Check(int step, long timeNs, String what, String expected, String observed) {

  /** Whether the observed value is the expected one. */
  public boolean passed() {
    return expected.equals(observed);
  }
}
