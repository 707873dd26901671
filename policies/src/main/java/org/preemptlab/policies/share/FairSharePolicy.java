package org.preemptlab.policies.share;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.QueueView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.policies.rank.RankedPolicy;

/**
 * Weighted fair sharing of GPU time between queues, after the Linux Completely Fair Scheduler
 * (kernel/sched/fair.c: {@code vruntime} advances by run time scaled by the inverse weight; the
 * task with the least {@code vruntime} runs; a task that wakes up is placed no earlier than the
 * queue's {@code min_vruntime}). Here a queue's virtual time is the SM time its blocks have
 * executed ({@link QueueView#attainedGpuNs()}) divided by its current weight ({@link
 * QueueView#weight()}); launched jobs of the queue with the least virtual time take free SM slots
 * first, and the ready job of that queue is launched first. A queue that becomes busy after idling
 * starts at the least virtual time among busy queues, so idling banks no credit. Over any interval
 * in which queues stay busy, their SM time approaches the ratio of their weights, to within one
 * block's duration per switch.
 */
public final class FairSharePolicy extends RankedPolicy {

  private final QueueTable queues = new QueueTable();
  /** Virtual time subtracted per queue (SM·ns / weight) so a woken queue starts at the minimum. */
  private final Map<String, Double> lag = new HashMap<>();

  /** Creates an empty policy. */
  public FairSharePolicy() {
    super(false);
  }

  /** Per queue: {time the value was computed, virtual time}, for one placement pass. */
  private final Map<String, double[]> cache = new HashMap<>();

  /** A queue's virtual time now: attained SM time over weight, less its lag. */
  double virtualTime(String queueId) {
    long now = cacheTimeNs();
    double[] cached = cache.get(queueId);
    if (cached != null && cached[0] == now) {
      return cached[1];
    }
    QueueView queue = queues.get(queueId);
    double value =
        (double) queue.attainedGpuNs() / queue.weight() - lag.getOrDefault(queueId, 0.0);
    cache.put(queueId, new double[] {now, value});
    return value;
  }

  @Override
  protected Comparator<JobView> rank() {
    return Comparator.comparingDouble(job -> virtualTime(job.queue().id()));
  }

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    queues.capture(scheduler);
    String id = job.queue().id();
    QueueView queue = queues.get(id);
    boolean waking = queue.launchedJobs() == 0 && queue.waitingJobs() <= 1;
    if (waking) {
      double min = Double.POSITIVE_INFINITY;
      for (QueueView other : queues.all()) {
        if (!other.id().equals(id) && QueueTable.hasWork(other)) {
          min = Math.min(min, virtualTime(other.id()));
        }
      }
      double own = virtualTime(id);
      if (min != Double.POSITIVE_INFINITY && own < min) {
        lag.merge(id, own - min, Double::sum);
        cache.remove(id);
      }
    }
    super.onJobReady(job, scheduler);
  }
}
