package org.preemptlab.lab.reproduce;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * One published claim a reproduction checks, fixed before anything is simulated: what is
 * claimed, where, the published value as the paper states it, and the tolerance with its reason.
 * A reproduction declares its targets as constants and turns each into a {@link Row} with what it
 * simulated; the row's verdict is computed here, never by the reproduction.
 *
 * @param claim what is claimed, e.g. {@code "time-slice yield: mean preemption latency"}
 * @param source where it is published
 * @param published the published value as the paper states it, e.g. {@code "about 200 us"}
 * @param tolerance the simulated values accepted, and why
 * @param history the row's history as its page prints it: when its target and tolerance were set,
 *     its earlier verdicts and what changed them (from the reproduction's {@link TargetFile});
 *     empty for a target made in a test
 */
record Target(String claim, Source source, String published, Tolerance tolerance,
    String history) {

  /** A target without history (tests). */
  Target(String claim, Source source, String published, Tolerance tolerance) {
    this(claim, source, published, tolerance, "");
  }

  /** Checks that every part is given. */
  Target {
    history = history == null ? "" : history.strip();
    checkArgument(claim != null && !claim.isBlank(), "a target needs its claim");
    checkArgument(source != null && tolerance != null, "target '%s' needs a source and a"
        + " tolerance", claim);
    checkArgument(published != null && !published.isBlank(), "target '%s' needs its published"
        + " value", claim);
  }

  /**
   * The row for these simulated values: PASS when the tolerance accepts every one of them, FAIL
   * otherwise (no value, or NaN, fails).
   *
   * @param text the simulated value as the table prints it
   * @param values the values the tolerance is applied to (several for a claim that holds over a
   *     sweep)
   */
  Row simulated(String text, double... values) {
    return new Row(this, text, accepts(values), "", Verdict.PASS, "").settled();
  }

  /**
   * The row for these simulated values with the paper's baseline, simulated too: INCONCLUSIVE
   * when the baseline meets the same tolerance (the row cannot discriminate).
   */
  Row simulated(String text, double[] values, Baseline baseline) {
    Row row = new Row(this, text, accepts(values), baseline.text(), Verdict.PASS, "");
    return (accepts(baseline.values()) ? row.baselineWithin() : row).settled();
  }

  /** A row this reproduction does not simulate, and why. */
  Row notSimulated(String why) {
    return new Row(this, "not simulated", false, "", Verdict.NOT_SIMULATED, why);
  }

  /**
   * A row whose model parameter was fitted on the same figure: it is shown with whether it is
   * within, and never counts.
   *
   * @param fitted which parameter was fitted, to what
   */
  Row inSample(String text, String fitted, double... values) {
    return new Row(this, text, accepts(values), "", Verdict.IN_SAMPLE, "In-sample: " + fitted);
  }

  private boolean accepts(double... values) {
    if (values.length == 0) {
      return false;
    }
    for (double v : values) {
      if (Double.isNaN(v) || !tolerance.accepts(v)) {
        return false;
      }
    }
    return true;
  }

  /**
   * The baseline the paper compares the claim's mechanism against, as simulated.
   *
   * @param label what it is, e.g. {@code "no preemption"}
   * @param formatted its simulated value as the table prints it
   * @param values the values the tolerance is applied to
   */
  record Baseline(String label, String formatted, double... values) {
    /** Copies the values. */
    Baseline {
      checkArgument(label != null && !label.isBlank(), "a baseline needs its label");
      values = values.clone();
    }

    String text() {
      return label + ": " + formatted;
    }
  }

  /**
   * One row of a reproduction's table: a target with what was simulated and the verdict.
   *
   * @param target the claim, its source, published value and tolerance
   * @param simulated the simulated value as printed
   * @param within whether the tolerance accepts the simulated value
   * @param baseline the simulated baseline as printed, empty when the claim has none
   * @param verdict the conclusion
   * @param note why a row is not simulated, in-sample, or which mechanism or input differs
   */
  record Row(Target target, String simulated, boolean within, String baseline, Verdict verdict,
      String note) {

    /** Checks that every part is given. */
    Row {
      checkArgument(target != null && verdict != null, "a row needs its target and verdict");
      simulated = simulated == null ? "" : simulated;
      baseline = baseline == null ? "" : baseline;
      note = note == null ? "" : note.strip();
    }

    private Row baselineWithin() {
      return new Row(target, simulated, within, baseline + " (also within)",
          Verdict.INCONCLUSIVE, note);
    }

    /** PASS or FAIL from {@link #within}, unless the baseline made it INCONCLUSIVE. */
    private Row settled() {
      Verdict settled = !within ? Verdict.FAIL
          : verdict == Verdict.INCONCLUSIVE ? Verdict.INCONCLUSIVE : Verdict.PASS;
      return new Row(target, simulated, within, baseline, settled, note);
    }

    /** The same row with a note: for a row that fails, which mechanism or input differs. */
    Row because(String why) {
      return new Row(target, simulated, within, baseline, verdict, why);
    }

    /**
     * The same row, INPUTS UNPUBLISHED: the paper's inputs for it are not public, so what was
     * simulated (on stand-in inputs) is an illustration that counts neither as PASS nor as FAIL.
     * The note names what is missing, then says whether the illustration fell within, before the
     * row's own note.
     *
     * @param missing what is not public, e.g. {@code "the benchmark table"}
     */
    Row inputsUnpublished(String missing) {
      checkArgument(missing != null && !missing.isBlank(), "row '%s': say which inputs are not"
          + " public", target.claim());
      String illustration = verdict == Verdict.NOT_SIMULATED ? ""
          : " The simulated value is an illustration on stand-in inputs, "
              + (within ? "within" : "outside") + " the tolerance"
              + (verdict == Verdict.INCONCLUSIVE ? " (and so is its baseline)" : "")
              + "; it counts neither way.";
      String unpublished = "Inputs unpublished: " + missing.strip() + "." + illustration;
      return new Row(target, simulated, within, baseline, Verdict.INPUTS_UNPUBLISHED,
          note.isEmpty() ? unpublished : unpublished + " " + note);
    }
  }
}
