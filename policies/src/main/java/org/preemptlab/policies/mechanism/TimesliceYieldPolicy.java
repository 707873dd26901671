package org.preemptlab.policies.mechanism;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.Set;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.QueueView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.policies.rank.RankedPolicy;
import org.preemptlab.policies.rank.ReentryGuard;

/**
 * GPreempt's time-slice yield (Fan et al., "GPreempt: GPU Preemptive Scheduling Made General and
 * Efficient", USENIX ATC 2025, §3; thustorage/GPreempt): on a GPU that time-slices contexts, a
 * best-effort context gets a short hardware time slice (GPreempt patches the driver to allow e.g.
 * 200 µs) and yields the device at its end, while a latency-critical context's slice is effectively
 * unlimited; a latency-critical job thus waits at most for the rest of one short slice and a
 * context switch. Contexts whose highest-priority queue is at or above a threshold are
 * latency-critical. Ready jobs launch latency-critical first, then in submission order; launched
 * jobs take SM slots in the hardware's order.
 *
 * <p>Optionally, GPreempt's hint-based pre-preemption: GPreempt starts the best-effort context's
 * yield while the latency-critical task is still preparing its data, so the device is free when
 * its kernel arrives. The hint is a workload's preparation action ({@code prepare} in its
 * actions, {@link org.preemptlab.api.policy.SchedulingPolicy#onPreparation}) or, without one, the
 * latency-critical job's submission (GPreempt's case of no preparation time): every best-effort
 * queue is suspended at XSched's level 3 at once, which interrupts its running blocks and leaves
 * its context nothing to run, so the device switches without waiting for the slice's end; the
 * queues are resumed once no latency-critical queue has work or a submission in preparation. With
 * a hint, the latency-critical queue's context is also kept runnable until the prepared job has
 * finished ({@link SchedulerView#keepContextRunnable}), as GPreempt's client keeps it scheduled with
 * spinning kernels (thustorage/GPreempt: {@code src/cuda-clients/gpreemptclient.cpp}), so the
 * switch into it is made during the preparation, not after the submission.
 *
 * <p>On a device whose contexts share SMs (MPS-like) there are no time slices, and the policy only
 * orders launches (and pre-preempts, if asked).
 */
public final class TimesliceYieldPolicy extends RankedPolicy {

  private final Priority latencyCritical;
  private final long bestEffortSliceNs;
  private final long latencyCriticalSliceNs;
  private final boolean prePreemption;
  private final Set<String> suspendedByUs = new LinkedHashSet<>();
  /** Latency-critical queues with a submission in preparation: hinted, not yet ready. */
  private final java.util.Map<String, Integer> preparing = new java.util.TreeMap<>();
  /** Latency-critical queues whose context this policy keeps runnable after a hint. */
  private final Set<String> keptRunnable = new LinkedHashSet<>();
  private final ReentryGuard guard = new ReentryGuard();

  /**
   * Creates an empty policy.
   *
   * @param latencyCritical the lowest priority that counts as latency-critical
   * @param bestEffortSliceNs a best-effort context's time slice, at least 1
   * @param latencyCriticalSliceNs a latency-critical context's time slice, at least 1
   * @param prePreemption whether a latency-critical submission suspends best-effort queues
   */
  public TimesliceYieldPolicy(Priority latencyCritical, long bestEffortSliceNs,
      long latencyCriticalSliceNs, boolean prePreemption) {
    super(false);
    checkArgument(bestEffortSliceNs >= 1 && latencyCriticalSliceNs >= 1, "time slices must be >= "
        + "1 ns, got %s and %s", bestEffortSliceNs, latencyCriticalSliceNs);
    this.latencyCritical = latencyCritical;
    this.bestEffortSliceNs = bestEffortSliceNs;
    this.latencyCriticalSliceNs = latencyCriticalSliceNs;
    this.prePreemption = prePreemption;
  }

  private boolean critical(Priority priority) {
    return !latencyCritical.isHigherThan(priority);
  }

  /** Latency-critical jobs first; among each class, higher priority first. */
  @Override
  protected Comparator<JobView> rank() {
    return Comparator.comparing((JobView job) -> !critical(job.priority()))
        .thenComparing(JobView::priority);
  }

  /** The hardware's order. */
  @Override
  public Comparator<JobView> placementOrder() {
    return null;
  }

  /** The short slice for best-effort contexts, the long one for latency-critical contexts. */
  @Override
  public long timeSliceNs(GpuContext context, Priority priority, SchedulerView scheduler) {
    return critical(priority) ? latencyCriticalSliceNs : bestEffortSliceNs;
  }

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    super.onJobReady(job, scheduler);
    preparing.computeIfPresent(job.job().queueId(), (q, n) -> n > 1 ? n - 1 : null);
    if (prePreemption) {
      manage(scheduler);
    }
  }

  /** GPreempt's hint: a latency-critical submission is being prepared; start the yield now. */
  @Override
  public void onPreparation(String queueId, long submitAtNs, SchedulerView scheduler) {
    if (!prePreemption) {
      return;
    }
    for (QueueView queue : scheduler.queues()) {
      if (queue.id().equals(queueId) && critical(queue.priority())) {
        preparing.merge(queueId, 1, Integer::sum);
        if (keptRunnable.add(queueId)) {
          scheduler.keepContextRunnable(queueId, true); // GPreempt's spinning gpu_block kernels
        }
        manage(scheduler);
      }
    }
  }

  /**
   * A finished job ends its queue's keeping when nothing more of that queue is prepared: the
   * spinning kernels exit at the submission, but the launched inference keeps the context
   * scheduled until it ends.
   */
  @Override
  public void onJobFinished(JobView job, SchedulerView scheduler) {
    String queueId = job.job().queueId();
    if (!preparing.containsKey(queueId) && keptRunnable.remove(queueId)) {
      scheduler.keepContextRunnable(queueId, false);
    }
    if (prePreemption) {
      manage(scheduler);
    }
  }

  /** Suspends best-effort queues while a latency-critical one has work; resumes them after. */
  private void manage(SchedulerView scheduler) {
    guard.run(() -> decide(scheduler)); // a suspension calls back into this policy
  }

  private void decide(SchedulerView scheduler) {
    boolean urgent = !preparing.isEmpty();
    for (QueueView queue : scheduler.queues()) {
      if (critical(queue.priority()) && queue.launchedJobs() + queue.waitingJobs() > 0) {
        urgent = true;
      }
    }
    for (QueueView queue : scheduler.queues()) {
      if (critical(queue.priority())) {
        continue;
      }
      if (urgent && !queue.suspended()) {
        if (scheduler.suspend(queue.id(), SuspendLevel.INTERRUPT).accepted()) {
          suspendedByUs.add(queue.id());
        }
      } else if (!urgent && suspendedByUs.remove(queue.id())) {
        scheduler.resume(queue.id());
      }
    }
  }
}
