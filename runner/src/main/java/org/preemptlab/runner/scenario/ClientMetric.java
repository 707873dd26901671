package org.preemptlab.runner.scenario;


/**
 * A client statistic an {@code expect-client} step may bound (a client's statistics); times in µs.
 */
public enum ClientMetric {
  /** Completed cycles. */
  CYCLES,
  /** Jobs finished. */
  JOBS_FINISHED,
  /** Start to last job done. */
  ELAPSED,
  /** Cycles started times (work + wait). */
  IDEAL,
  /** Shortest cycle time. */
  CYCLE_MIN,
  /** Mean cycle time. */
  CYCLE_AVG,
  /** Longest cycle time. */
  CYCLE_MAX,
  /** Shortest cycle latency. */
  LATENCY_MIN,
  /** Mean cycle latency. */
  LATENCY_AVG,
  /** Longest cycle latency. */
  LATENCY_MAX,
  /** Completed cycles per second of elapsed time. */
  CYCLES_PER_SECOND,
  /** GPU time of finished jobs. */
  GPU
}
