package org.preemptlab.lab.reproduce;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Locale;

/**
 * What range of simulated values a row accepts, and why that range (the reason is printed with
 * the row). A tolerance is written, with its target, before the first simulated value of its row
 * is seen, and never moves in the commit that makes the row pass.
 */
sealed interface Tolerance {

  /** Whether a simulated value is accepted. */
  boolean accepts(double value);

  /** The rule as a table prints it, e.g. {@code ±25%} or {@code < 2%}. */
  String text();

  /** Why this range: the paper's own precision, a measurement's spread, a stated bound. */
  String reason();

  /** How the numbers of a tolerance are printed. */
  enum Unit {
    /** Fractions printed as percentages: 0.02 is {@code 2%}. */
    PERCENT,
    /** Ratios printed with a trailing {@code x}. */
    TIMES,
    /** Microseconds. */
    US,
    /** Plain numbers. */
    PLAIN;

    String format(double value) {
      return switch (this) {
        case PERCENT -> trim(value * 100, 1) + "%";
        case TIMES -> trim(value, 2) + "x";
        case US -> trim(value, 1) + " us";
        case PLAIN -> trim(value, 4);
      };
    }

    /** The width of a band: percentage points for {@link #PERCENT}. */
    String formatWidth(double width) {
      return this == PERCENT ? trim(width * 100, 1) + " points" : format(width);
    }

    private static String trim(double value, int decimals) {
      String s = String.format(Locale.ROOT, "%." + decimals + "f", value);
      return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }
  }

  /** Within {@code fraction} of {@code target}, relatively: |v - t| <= fraction × t. */
  static Tolerance relative(double target, double fraction, String reason) {
    return new Relative(target, fraction, reason);
  }

  /** Within {@code width} of {@code target}: |v - t| <= width. */
  static Tolerance band(double target, double width, Unit unit, String reason) {
    return new Band(target, width, unit, reason);
  }

  /** Strictly below {@code limit}. */
  static Tolerance below(double limit, Unit unit, String reason) {
    return new Bound(limit, false, true, unit, reason);
  }

  /** At most {@code limit}. */
  static Tolerance atMost(double limit, Unit unit, String reason) {
    return new Bound(limit, true, true, unit, reason);
  }

  /** At least {@code limit}. */
  static Tolerance atLeast(double limit, Unit unit, String reason) {
    return new Bound(limit, true, false, unit, reason);
  }

  /** Inside [low, high]. */
  static Tolerance between(double low, double high, Unit unit, String reason) {
    return new Between(low, high, unit, reason);
  }

  private static String checkedReason(String reason) {
    checkArgument(reason != null && !reason.isBlank(), "a tolerance needs its reason");
    return reason.strip();
  }

  /**
   * Relative to the target.
   *
   * @param target the published value
   * @param fraction the accepted relative deviation, e.g. 0.25
   * @param reason why
   */
  record Relative(double target, double fraction, String reason) implements Tolerance {
    /** Checks the numbers. */
    public Relative {
      checkArgument(target > 0 && fraction > 0, "relative tolerance: target and fraction must be"
          + " > 0, got %s and %s", target, fraction);
      reason = checkedReason(reason);
    }

    @Override
    public boolean accepts(double value) {
      return Math.abs(value - target) <= fraction * target;
    }

    @Override
    public String text() {
      return "±" + Unit.PERCENT.format(fraction);
    }
  }

  /**
   * An absolute band around the target.
   *
   * @param target the published value
   * @param width the accepted absolute deviation
   * @param unit how to print them
   * @param reason why
   */
  record Band(double target, double width, Unit unit, String reason) implements Tolerance {
    /** Checks the numbers. */
    public Band {
      checkArgument(width > 0, "band tolerance: width must be > 0, got %s", width);
      reason = checkedReason(reason);
    }

    @Override
    public boolean accepts(double value) {
      return Math.abs(value - target) <= width;
    }

    @Override
    public String text() {
      return "±" + unit.formatWidth(width) + " of " + unit.format(target);
    }
  }

  /**
   * A one-sided bound.
   *
   * @param limit the bound
   * @param inclusive whether the bound itself is accepted
   * @param upper whether it is an upper bound
   * @param unit how to print it
   * @param reason why
   */
  record Bound(double limit, boolean inclusive, boolean upper, Unit unit, String reason)
      implements Tolerance {
    /** Checks the reason. */
    public Bound {
      reason = checkedReason(reason);
    }

    @Override
    public boolean accepts(double value) {
      if (Double.isNaN(value)) {
        return false;
      }
      return upper ? (inclusive ? value <= limit : value < limit)
          : (inclusive ? value >= limit : value > limit);
    }

    @Override
    public String text() {
      return (upper ? (inclusive ? "<= " : "< ") : (inclusive ? ">= " : "> "))
          + unit.format(limit);
    }
  }

  /**
   * A closed range.
   *
   * @param low its lower end
   * @param high its upper end
   * @param unit how to print them
   * @param reason why
   */
  record Between(double low, double high, Unit unit, String reason) implements Tolerance {
    /** Checks the numbers. */
    public Between {
      checkArgument(low <= high, "range tolerance: low %s above high %s", low, high);
      reason = checkedReason(reason);
    }

    @Override
    public boolean accepts(double value) {
      return value >= low && value <= high;
    }

    @Override
    public String text() {
      return unit.format(low) + " to " + unit.format(high);
    }
  }
}
