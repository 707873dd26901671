package org.preemptlab.runner.report;

import java.io.PrintStream;
import java.util.Map;
import java.util.TreeMap;
import org.preemptlab.runner.drm.Check;
import org.preemptlab.runner.drm.ClientStats;
import org.preemptlab.runner.drm.JobOutcome;
import org.preemptlab.runner.drm.JobStatus;
import org.preemptlab.runner.drm.ScenarioResult;

/** Prints a scenario result: checks, job status counts or rows, clients and the event log. */
public final class ScenarioReport {
  private ScenarioReport() {}

  /**
   * Prints {@code result}.
   *
   * @param allJobs whether to print one row per job (otherwise only when there are at most 40)
   */
  public static void print(ScenarioResult result, boolean allJobs, PrintStream out) {
    out.printf("scenario %s, policy %s, ended at %.3f ms%n", result.scenario(), result.policy(),
        result.endNs() / 1e6);
    for (Check c : result.checks()) {
      out.printf("  %-4s step %-3d t=%10.3f ms  %-45s expected %-10s observed %s%n",
          c.passed() ? "ok" : "FAIL", c.step(), c.timeNs() / 1e6, c.what(), c.expected(),
          c.observed());
    }
    Map<JobStatus, Integer> counts = new TreeMap<>();
    result.jobs().forEach(j -> counts.merge(j.status(), 1, Integer::sum));
    out.println("jobs by status: " + counts);
    if (allJobs || result.jobs().size() <= 40) {
      out.printf("  %-16s %-14s %-8s %-16s %12s %12s %12s %-10s %-10s %s%n", "job", "entity",
          "sched", "status", "submit_us", "sched_us", "finish_us", "hw_error", "fin_error",
          "flags");
      for (JobOutcome j : result.jobs()) {
        out.printf("  %-16s %-14s %-8s %-16s %12s %12s %12s %-10s %-10s %s%n", j.name(),
            j.entity(), j.scheduler(), j.status(), us(j.submitNs()), us(j.scheduledNs()),
            us(j.finishedNs()), j.hardwareError(), j.finishedError(), j.flags());
      }
    }
    for (ClientStats c : result.clients()) {
      out.printf("client %s (%s): sync=%s cycles=%d/%d done=%s elapsed %.3f ms (ideal %.3f ms),"
          + " cycle_time(min,avg,max)=%.1f,%.1f,%.1f us, latency_time(min,avg,max)=%.1f,%.1f,%.1f"
          + " us, %.1f cycles/s, %d jobs done, %.3f ms GPU%n",
          c.name(), c.entity(), c.sync(), c.cyclesCompleted(), c.cyclesStarted(), c.done(),
          c.elapsedUs() / 1000, c.idealUs() / 1000, c.cycleMinUs(), c.cycleAvgUs(),
          c.cycleMaxUs(), c.latencyMinUs(), c.latencyAvgUs(), c.latencyMaxUs(),
          c.cyclesPerSecond(), c.jobsFinished(), c.gpuNs() / 1e6);
    }
    result.log().stream().limit(50).forEach(l -> out.println("  log " + l));
  }

  private static String us(long ns) {
    return ns < 0 ? "-" : String.format("%.1f", ns / 1000.0);
  }
}
