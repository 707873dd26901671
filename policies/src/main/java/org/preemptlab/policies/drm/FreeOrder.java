package org.preemptlab.policies.drm;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.ObjLongConsumer;
import org.preemptlab.api.policy.JobView;

/**
 * Emulates the DRM pending list for engines that do not report freed jobs: jobs are freed in
 * dispatch order once finished, and each job's GPU time is its finish time minus its scheduled
 * time, where the scheduled time of the next job is moved to the freed job's finish time ({@code
 * drm_sched_get_finished_job}: "make the scheduled timestamp more accurate").
 */
final class FreeOrder {
  private static final class Pending {
    final JobView job;
    long scheduledNs;
    long finishedNs = -1;

    Pending(JobView job, long scheduledNs) {
      this.job = job;
      this.scheduledNs = scheduledNs;
    }
  }

  private final ArrayDeque<Pending> pending = new ArrayDeque<>();
  private final Map<Long, Pending> byId = new HashMap<>();

  /** A job was dispatched (its scheduled fence signalled) at {@code nowNs}. */
  void dispatched(JobView job, long nowNs) {
    Pending p = new Pending(job, nowNs);
    pending.addLast(p);
    byId.put(job.id(), p);
  }

  /**
   * A job finished at {@code nowNs}; frees every finished job at the head of the list, handing
   * each with its GPU time to {@code freed}.
   */
  void finished(JobView job, long nowNs, ObjLongConsumer<JobView> freed) {
    Pending p = byId.get(job.id());
    if (p == null) {
      return;
    }
    p.finishedNs = nowNs;
    while (!pending.isEmpty() && pending.peekFirst().finishedNs >= 0) {
      Pending head = pending.removeFirst();
      byId.remove(head.job.id());
      Pending next = pending.peekFirst();
      if (next != null) {
        next.scheduledNs = head.finishedNs;
      }
      freed.accept(head.job, Math.max(0, head.finishedNs - head.scheduledNs));
    }
  }
}
