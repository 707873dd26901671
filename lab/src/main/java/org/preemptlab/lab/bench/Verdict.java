package org.preemptlab.lab.bench;

import java.util.Optional;
import java.util.function.ToLongFunction;

/** How one result compares with the expected table. */
public enum Verdict {
  /** Equal to the expected value. */
  MATCH("MATCH"),
  /** Different from the expected value (or from itself across repetitions). */
  MISMATCH("MISMATCH"),
  /** The table has no row for this N. */
  NOT_AVAILABLE("n/a");

  private final String label;

  Verdict(String label) {
    this.label = label;
  }

  /** How the table prints it. */
  public String label() {
    return label;
  }

  /** Compares {@code actual} with {@code field} of the expected row, if there is one. */
  static Verdict of(long actual, Optional<ExpectedResults.Row> expected,
      ToLongFunction<ExpectedResults.Row> field) {
    return expected.map(row -> field.applyAsLong(row) == actual ? MATCH : MISMATCH)
        .orElse(NOT_AVAILABLE);
  }
}
