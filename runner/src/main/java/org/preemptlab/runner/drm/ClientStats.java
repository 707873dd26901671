package org.preemptlab.runner.drm;

import java.util.Locale;
import org.preemptlab.runner.scenario.ClientMetric;

/**
 * What a client achieved, with the statistics of the kernel's scheduler tests
 * (torvalds/linux drivers/gpu/drm/scheduler/tests/tests_scheduler.c @637315cb, {@code
 * drm_sched_client_work} and the two-clients report): a cycle's time runs from its start to the
 * end of its submissions, or, for a synchronous client, to its last job's completion; its latency
 * is the cycle time minus the cycle's GPU work ({@code work_us}), or 0 when shorter; elapsed time
 * runs from the client's start to the completion of its last job; the ideal time is {@code cycles
 * x (work + wait)}. Times in µs.
 *
 * @param name the client
 * @param entity its entity
 * @param sync whether its cycles wait for their last job
 * @param cyclesStarted cycles started
 * @param cyclesCompleted cycles whose time was taken
 * @param done whether its last job finished ({@code client->done})
 * @param jobsFinished jobs that finished (DONE)
 * @param gpuNs GPU time of its finished jobs (their durations)
 * @param elapsedUs start to last job done, µs; NaN if not done
 * @param idealUs {@code cycles started x (work + wait)}, µs
 * @param cycleMinUs shortest cycle time, µs; NaN if none
 * @param cycleAvgUs mean cycle time, µs; NaN if none
 * @param cycleMaxUs longest cycle time, µs; NaN if none
 * @param latencyMinUs shortest cycle latency, µs; NaN if none
 * @param latencyAvgUs mean cycle latency, µs; NaN if none
 * @param latencyMaxUs longest cycle latency, µs; NaN if none
 * @param cyclesPerSecond completed cycles per second of elapsed time; NaN if not done
 * @param jobLatencyMeanUs mean job latency (submit to done), µs; NaN if none
 * @param jobLatencyP99Us 99th percentile job latency (nearest rank), µs; NaN if none
 */
public record ClientStats(String name, String entity, boolean sync, int cyclesStarted,
    int cyclesCompleted, boolean done, int jobsFinished, long gpuNs, double elapsedUs,
    double idealUs, double cycleMinUs, double cycleAvgUs, double cycleMaxUs, double latencyMinUs,
    double latencyAvgUs, double latencyMaxUs, double cyclesPerSecond, double jobLatencyMeanUs,
    double jobLatencyP99Us) {

  /** The header of {@code clients.csv}. */
  public static final String CSV_HEADER = "client,entity,sync,cycles_started,cycles,done,"
      + "jobs_finished,gpu_us,elapsed_us,ideal_us,cycle_min_us,cycle_avg_us,cycle_max_us,"
      + "latency_min_us,latency_avg_us,latency_max_us,cycles_per_second,job_latency_mean_us,"
      + "job_latency_p99_us";

  /** This client's row of {@code clients.csv}. */
  public String csvRow() {
    return String.join(",", name, entity, Boolean.toString(sync),
        Integer.toString(cyclesStarted), Integer.toString(cyclesCompleted),
        Boolean.toString(done), Integer.toString(jobsFinished), num(gpuNs / 1000.0),
        num(elapsedUs), num(idealUs), num(cycleMinUs), num(cycleAvgUs), num(cycleMaxUs),
        num(latencyMinUs), num(latencyAvgUs), num(latencyMaxUs), num(cyclesPerSecond),
        num(jobLatencyMeanUs), num(jobLatencyP99Us));
  }

  /** The statistic an {@code expect-client} step names (times in µs). */
  public double metric(ClientMetric metric) {
    return switch (metric) {
      case CYCLES -> cyclesCompleted;
      case JOBS_FINISHED -> jobsFinished;
      case ELAPSED -> elapsedUs;
      case IDEAL -> idealUs;
      case CYCLE_MIN -> cycleMinUs;
      case CYCLE_AVG -> cycleAvgUs;
      case CYCLE_MAX -> cycleMaxUs;
      case LATENCY_MIN -> latencyMinUs;
      case LATENCY_AVG -> latencyAvgUs;
      case LATENCY_MAX -> latencyMaxUs;
      case CYCLES_PER_SECOND -> cyclesPerSecond;
      case GPU -> gpuNs / 1000.0;
    };
  }

  private static String num(double v) {
    if (Double.isNaN(v)) {
      return "";
    }
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
        : String.format(Locale.ROOT, "%.3f", v);
  }
}
