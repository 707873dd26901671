package org.preemptlab.policies.latency;

import java.util.Comparator;
import java.util.HashSet;
import java.util.Set;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.PreemptScope;
import org.preemptlab.api.policy.QueueView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.policies.rank.RankedPolicy;
import org.preemptlab.policies.rank.ReentryGuard;

/**
 * Tally-style bounded preemption latency for high-priority work (Zhao, Jayarajan and Pekhimenko,
 * "Tally: Non-Intrusive Performance Isolation for Concurrent Deep Learning Workloads", ASPLOS 2025;
 * default bound 0.1 ms as tally-project/tally's {@code
 * PRIORITY_MAX_ALLOWED_PREEMPTION_LATENCY_MS}).
 * Jobs of queues at or above a priority threshold are high-priority: they launch first and take
 * free SM slots first. When a high-priority job cannot place its blocks, each best-effort resident
 * job is judged by how long its blocks may still hold their SMs, estimated as its kernel's nominal
 * block time: if that fits the bound the blocks are left to drain (Tally runs such kernels
 * unmodified); otherwise they are preempted for the waiter with the run's preemption-point
 * strategy (Tally's sliced or persistent-thread-block kernels give up the SM within the bound).
 *
 * <p>Without space sharing (as Tally's benchmark runs at its published preemption-latency limit,
 * 0.0316 ms: {@code use_space_share} FALSE in tally-project/tally-bench {@code
 * tally_results/priority-aware-perf.csv}, whose rows with it on use a 0.1 ms limit) best-effort
 * work runs
 * only while no high-priority work is present: as soon as a high-priority queue has a job
 * submitted or launched, every best-effort queue is suspended at level 2 (its blocks not started
 * are held) and every resident best-effort job whose blocks exceed the bound is preempted at
 * once, on all its SMs; when the high-priority queues run dry, the queues it suspended are
 * resumed. With space sharing best-effort blocks may fill the SMs high-priority work leaves idle.
 */
public final class BoundedLatencyPolicy extends RankedPolicy {

  private final long boundNs;
  private final Priority threshold;
  private final boolean spaceShare;
  private final Set<String> suspendedByUs = new HashSet<>();
  private final ReentryGuard guard = new ReentryGuard();

  /**
   * Creates an empty policy that lets best-effort blocks share the SMs with high-priority work.
   *
   * @param boundNs the latency a high-priority job may wait for a best-effort block, at least 0
   * @param threshold the lowest priority that counts as high
   */
  public BoundedLatencyPolicy(long boundNs, Priority threshold) {
    this(boundNs, threshold, true);
  }

  /**
   * Creates an empty policy.
   *
   * @param boundNs the latency a high-priority job may wait for a best-effort block, at least 0
   * @param threshold the lowest priority that counts as high
   * @param spaceShare whether best-effort blocks may run beside high-priority work
   */
  public BoundedLatencyPolicy(long boundNs, Priority threshold, boolean spaceShare) {
    super(true);
    this.boundNs = boundNs;
    this.threshold = threshold;
    this.spaceShare = spaceShare;
  }

  /** Whether a job is high-priority. */
  boolean high(JobView job) {
    return !threshold.isHigherThan(job.priority());
  }

  private boolean high(QueueView queue) {
    return !threshold.isHigherThan(queue.priority());
  }

  /** Whether a best-effort job's blocks would hold their SMs longer than the bound. */
  private boolean longerThanBound(JobView job) {
    return job.job().kernel().program().durationNs() > boundNs;
  }

  @Override
  protected Comparator<JobView> rank() {
    return Comparator.comparingInt(job -> high(job) ? 0 : 1);
  }

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    super.onJobReady(job, scheduler);
    if (!spaceShare) {
      guard.run(() -> isolate(scheduler)); // a suspension calls back into this policy
    }
  }

  @Override
  public void onJobFinished(JobView job, SchedulerView scheduler) {
    if (!spaceShare) {
      guard.run(() -> isolate(scheduler));
    }
  }

  /** Without space sharing: holds best-effort work back exactly while high-priority work exists. */
  private void isolate(SchedulerView scheduler) {
    boolean highWork = false;
    for (QueueView queue : scheduler.queues()) {
      highWork |= high(queue) && queue.launchedJobs() + queue.waitingJobs() > 0;
    }
    for (QueueView queue : scheduler.queues()) {
      if (high(queue)) {
        continue;
      }
      if (highWork && !queue.suspended()) {
        if (scheduler.suspend(queue.id(), SuspendLevel.DEACTIVATE).accepted()) {
          suspendedByUs.add(queue.id());
        }
      } else if (!highWork && suspendedByUs.remove(queue.id())) {
        scheduler.resume(queue.id());
      }
    }
    if (highWork) {
      for (JobView resident : scheduler.residentJobs()) {
        if (!high(resident) && resident.residentBlocks() > 0 && longerThanBound(resident)) {
          scheduler.preempt(resident, PreemptScope.all()); // refused while one is under way
        }
      }
    }
  }

  @Override
  public void onJobBlocked(JobView job, SchedulerView scheduler) {
    if (!high(job)) {
      return;
    }
    for (JobView resident : scheduler.residentJobs()) {
      if (!high(resident) && resident.residentBlocks() > 0 && longerThanBound(resident)
          && scheduler.preempt(resident, PreemptScope.forWaiter(job)).accepted()) {
        return;
      }
    }
  }
}
