package org.preemptlab.api.metrics;

import org.preemptlab.api.API;

/**
 * The unit a metric's values are stored in. Reports scale values for display from it: a time in
 * ns is shown in µs, ms or s and a size in bytes in KiB, MiB or GiB, whichever suits the data.
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum MetricUnit {
  /** A duration in nanoseconds of simulated time. */
  NANOSECONDS("ns"),
  /** A size in bytes. */
  BYTES("bytes"),
  /** A count of things (jobs, preemptions, blocks). */
  COUNT("count"),
  /** A dimensionless ratio, such as a slowdown. */
  RATIO("ratio"),
  /** A fraction in [0, 1], shown as a percentage. */
  FRACTION("fraction"),
  /** Events per second of simulated time. */
  PER_SECOND("1/s");

  private final String symbol;

  MetricUnit(String symbol) {
    this.symbol = symbol;
  }

  /** The unit as written in CSV files, for example {@code ns}. */
  public String symbol() {
    return symbol;
  }
}
