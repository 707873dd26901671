package org.preemptlab.policies.size;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.policies.rank.RankedPolicy;

/**
 * Least attained service (foreground-background; Rai, Urvoy-Keller and Biersack, "Analysis of LAS
 * Scheduling for Job Size Distributions with High Variance", SIGMETRICS 2003): the job whose blocks
 * have executed the least SM time so far ({@link JobView#attainedGpuNs()}) is launched first and
 * takes free SM slots first. Needs no size estimate; new jobs overtake long-running ones at the
 * next free slot. Not preemptive: ranks change continuously, and preempting on them would thrash.
 */
public final class LasPolicy extends RankedPolicy {

  /** Creates an empty policy. */
  public LasPolicy() {
    super(false);
  }

  /** Per job id: {time the value was computed, attained GPU time}, for one placement pass. */
  private final Map<Long, long[]> cache = new HashMap<>();

  /** The job's attained GPU time, computed once per simulated instant. */
  long attained(JobView job) {
    long now = cacheTimeNs();
    long[] cached = cache.get(job.id());
    if (cached == null || cached[0] != now) {
      cached = new long[] {now, job.attainedGpuNs()};
      cache.put(job.id(), cached);
    }
    return cached[1];
  }

  @Override
  public void onJobFinished(JobView job, SchedulerView scheduler) {
    cache.remove(job.id());
  }

  @Override
  protected Comparator<JobView> rank() {
    return Comparator.comparingLong(this::attained);
  }
}
