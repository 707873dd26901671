package org.preemptlab.runner.metrics;

import java.util.Arrays;

/** Nearest-rank percentiles and means of {@code long} samples. */
public final class Percentiles {
  private final long[] sorted;

  private Percentiles(long[] sorted) {
    this.sorted = sorted;
  }

  /**
   * Sorts {@code samples} itself, for a caller that made the array for this and lets go of it
   * (no copy: one array of the samples at a time, memory per job).
   */
  public static Percentiles ofOwned(long[] samples) {
    Arrays.sort(samples);
    return new Percentiles(samples);
  }

  /** Percentiles of samples already sorted ascending, which the caller no longer changes. */
  static Percentiles ofSorted(long[] sorted) {
    return new Percentiles(sorted);
  }

  /** Sorts a copy of the samples. */
  public static Percentiles of(long[] samples) {
    long[] copy = samples.clone();
    Arrays.sort(copy);
    return new Percentiles(copy);
  }

  /** Number of samples. */
  public int count() {
    return sorted.length;
  }

  /**
   * The nearest-rank percentile: the smallest sample with at least {@code p} percent of the samples
   * at or below it; 0 when there are no samples.
   */
  public long at(double p) {
    if (sorted.length == 0) {
      return 0;
    }
    int rank = (int) Math.ceil(p / 100.0 * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }

  /** The arithmetic mean; 0 when there are no samples. */
  public double mean() {
    if (sorted.length == 0) {
      return 0;
    }
    double sum = 0;
    for (long v : sorted) {
      sum += v;
    }
    return sum / sorted.length;
  }

  /** The largest sample; 0 when there are none. */
  public long max() {
    return sorted.length == 0 ? 0 : sorted[sorted.length - 1];
  }
}
