package org.preemptlab.policies.mechanism;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.PreemptScope;
import org.preemptlab.api.policy.QueueView;
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
 * <p>With {@link BestEffort#HOLD} the policy is REEF's scheduler loop without kernel padding
 * (SJTU-IPADS/reef @58dabe0: {@code src/reef/server/scheduler.cpp}, {@code loop_body} and {@code
 * preempt_be_tasks}, mode {@code Reset}): as soon as a real-time job is ready, every best-effort
 * queue is suspended at {@link SuspendLevel#INTERRUPT} (nothing more of it launches, its launched
 * jobs place no more blocks and its resident blocks are preempted, by the run's strategy), and the
 * queues resume when no real-time job the policy has seen is unfinished. Best effort then never
 * shares the device with real-time work.
 *
 * <p>The policy asks for preemptions; how the blocks leave is the run's preemption strategy's
 * choice, so run it with {@code --preemption flush} to get REEF's reset (with another strategy the
 * victims are drained or saved instead).
 */
public final class ResetRealtimePolicy extends RankedPolicy {

  /** What best-effort work does while real-time work is unfinished. */
  public enum BestEffort {
    /** It fills the SM slots real-time jobs leave free (REEF's padding, at block granularity). */
    PAD,
    /** It is suspended and its resident blocks preempted (REEF's {@code Reset} mode). */
    HOLD
  }

  private final Priority realtime;
  private final BestEffort bestEffort;
  /** Real-time jobs seen ready and not yet finished (HOLD only). */
  private int realtimeUnfinished;
  /** The best-effort queues this policy suspended, in suspension order (HOLD only). */
  private final List<String> suspendedQueues = new ArrayList<>();

  /**
   * Creates an empty policy whose best effort pads.
   *
   * @param realtime the lowest priority that counts as real-time
   */
  public ResetRealtimePolicy(Priority realtime) {
    this(realtime, BestEffort.PAD);
  }

  /**
   * Creates an empty policy.
   *
   * @param realtime the lowest priority that counts as real-time
   * @param bestEffort what best effort does while real-time work is unfinished
   */
  public ResetRealtimePolicy(Priority realtime, BestEffort bestEffort) {
    super(false);
    this.realtime = realtime;
    this.bestEffort = java.util.Objects.requireNonNull(bestEffort, "bestEffort");
  }

  /** With HOLD, the first unfinished real-time job suspends every best-effort queue. */
  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    if (bestEffort == BestEffort.HOLD && realtime(job) && realtimeUnfinished++ == 0) {
      for (QueueView queue : scheduler.queues()) {
        if (realtime.isHigherThan(queue.priority()) && !queue.suspended()
            && scheduler.suspend(queue.id(), SuspendLevel.INTERRUPT).accepted()) {
          suspendedQueues.add(queue.id());
        }
      }
    }
    super.onJobReady(job, scheduler);
  }

  /** With HOLD, the last unfinished real-time job resumes the queues it suspended. */
  @Override
  public void onJobFinished(JobView job, SchedulerView scheduler) {
    if (bestEffort == BestEffort.HOLD && realtime(job) && --realtimeUnfinished == 0) {
      for (String queue : suspendedQueues) {
        scheduler.resume(queue);
      }
      suspendedQueues.clear();
    }
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
