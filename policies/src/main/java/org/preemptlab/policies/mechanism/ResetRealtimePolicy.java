package org.preemptlab.policies.mechanism;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.PreemptScope;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.policies.rank.RankedPolicy;

/**
 * REEF's real-time-first scheduling with reset-based preemption (Han et al., "Microsecond-scale
 * Preemption for Concurrent GPU-accelerated DNN Inferences", OSDI 2022; SJTU-IPADS/reef). Jobs of
 * real-time queues (priority at or above a threshold) are launched first and take freed SM slots
 * first; best-effort jobs fill whatever the real-time ones leave free (REEF's dynamic kernel
 * padding, here at block granularity). When a launched real-time job cannot place its blocks, the
 * policy preempts, for it, a resident best-effort job whose kernel is idempotent: REEF kills such
 * kernels and runs them again later instead of saving anything, which is what the run's {@code
 * flush} preemption strategy does with the blocks. Best-effort kernels that are not idempotent are
 * never preempted: the real-time job waits for their blocks, as REEF must.
 *
 * <p>The policy asks for preemptions; how the blocks leave is the run's preemption strategy's
 * choice, so run it with {@code --preemption flush} to get REEF's reset (with another strategy the
 * victims are drained or saved instead).
 */
public final class ResetRealtimePolicy extends RankedPolicy {

  private final Priority realtime;

  /**
   * Creates an empty policy.
   *
   * @param realtime the lowest priority that counts as real-time
   */
  public ResetRealtimePolicy(Priority realtime) {
    super(false);
    this.realtime = realtime;
  }

  /** Whether {@code job}'s queue is real-time now. */
  boolean realtime(JobView job) {
    return !realtime.isHigherThan(job.priority());
  }

  /** Real-time jobs first; among each class, higher priority first. */
  @Override
  protected Comparator<JobView> rank() {
    return Comparator.comparing((JobView job) -> !realtime(job))
        .thenComparing(JobView::priority);
  }

  /**
   * A blocked real-time job resets, for itself, the newest resident best-effort job with an
   * idempotent kernel (one per callback: the engine calls again while it stays blocked).
   */
  @Override
  public void onJobBlocked(JobView job, SchedulerView scheduler) {
    if (!realtime(job)) {
      return;
    }
    List<JobView> victims = new ArrayList<>();
    for (JobView resident : scheduler.residentJobs()) {
      if (!realtime(resident) && resident.job().kernel().idempotent()
          && resident.residentBlocks() > 0) {
        victims.add(resident);
      }
    }
    victims.sort(order().reversed());
    for (JobView victim : victims) {
      if (scheduler.preempt(victim, PreemptScope.forWaiter(job)).accepted()) {
        return;
      }
    }
  }
}
