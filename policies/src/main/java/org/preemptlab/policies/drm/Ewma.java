package org.preemptlab.policies.drm;

/**
 * The kernel's {@code DECLARE_EWMA(drm_sched_avgtime, 6, 4)}: a fixed-point moving average with 6
 * fractional bits where each sample weighs 1/4 ({@code avg = 3/4 avg + 1/4 sample}); the first
 * sample sets the average. Values are whole microseconds, as {@code avg_job_us}.
 */
final class Ewma {
  private static final int PRECISION = 6;
  private static final int WEIGHT_RCP = 2; // log2(4)

  private long internal;

  /** Adds a sample, as {@code ewma_drm_sched_avgtime_add}. */
  void add(long value) {
    long scaled = value << PRECISION;
    internal = internal == 0 ? scaled
        : (((internal << WEIGHT_RCP) - internal) + scaled) >> WEIGHT_RCP;
  }

  /** The average, as {@code ewma_drm_sched_avgtime_read}. */
  long read() {
    return internal >> PRECISION;
  }
}
