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
 * <p>With {@link BestEffort#WAIT} the policy is REEF's wait-based baseline (the same file, mode
 * {@code WaitPreempt}: {@code preempt_wait}; best-effort kernels built by {@code
 * script/best_effort_kernel.py}, whose work-groups return at once when the preemption flag is
 * set). As soon as a real-time job is ready, every best-effort queue is suspended at {@link
 * SuspendLevel#DEACTIVATE} (its resident blocks run to their end, its blocks not started are held,
 * as they exit at the flag to be re-run later), and real-time jobs are not launched until the
 * device has synchronised ({@code hipDeviceSynchronize}): every best-effort kernel already in a
 * device queue must pass through the device, its work-groups exiting at the flag. REEF gives a
 * best-effort stream a device queue of {@value #WAIT_DEVICE_QUEUE} kernels in this mode ({@code
 * be_stream_device_queue_cap}, against 2 with reset), so a best-effort request's unstarted kernels
 * are all in it; here every kernel the queue has submitted and not started counts (REEF launches
 * one request at a time, so a workload that submits a queue's later requests early would count
 * them too). Each such kernel costs the device one launch and one block dispatch (the hardware
 * model's {@code kernel-launch} and {@code block-dispatch}); the queues pass their kernels in
 * parallel, each in order, so the real-time work waits for the longest pass. A queue that launched
 * nothing since its last suspension has nothing in its device queue (REEF preempts again only
 * after best effort ran: the {@code preempted} flag). The resident blocks of the kernel running
 * when the flag is set are not waited for: the pass starts at once (it outlasts a work-group of
 * REEF's models).
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
    HOLD,
    /**
     * It is suspended, its resident blocks run to their end, and real-time work waits until the
     * kernels in its device queues have passed (REEF's {@code WaitPreempt} mode).
     */
    WAIT
  }

  /**
   * The kernels a best-effort stream's device queue holds in REEF's wait mode
   * (SJTU-IPADS/reef @58dabe0: {@code src/reef/server/scheduler.cpp}, {@code
   * be_stream_device_queue_cap = 1024} for {@code WaitPreempt}).
   */
  public static final int WAIT_DEVICE_QUEUE = 1024;

  private final Priority realtime;
  private final BestEffort bestEffort;
  /** Real-time jobs seen ready and not yet finished (HOLD only). */
  private int realtimeUnfinished;
  /** The best-effort queues this policy suspended, in suspension order (HOLD only). */
  private final List<String> suspendedQueues = new ArrayList<>();
  /** Best-effort queues that launched a job since they were last suspended (WAIT only). */
  private final java.util.Set<String> launchedSinceSuspension = new java.util.HashSet<>();
  /** Until when real-time jobs wait for the best-effort device queues to pass (WAIT only). */
  private long passEndNs = -1;

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

  /**
   * With HOLD or WAIT, the first unfinished real-time job suspends every best-effort queue; with
   * WAIT it also starts the pass of their device queues.
   */
  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    if (bestEffort != BestEffort.PAD && realtime(job) && realtimeUnfinished++ == 0) {
      SuspendLevel level = bestEffort == BestEffort.HOLD ? SuspendLevel.INTERRUPT
          : SuspendLevel.DEACTIVATE;
      long longestPassNs = 0;
      for (QueueView queue : scheduler.queues()) {
        if (realtime.isHigherThan(queue.priority()) && !queue.suspended()) {
          long passNs = bestEffort == BestEffort.WAIT ? passNs(queue, scheduler) : 0;
          if (scheduler.suspend(queue.id(), level).accepted()) {
            suspendedQueues.add(queue.id());
            launchedSinceSuspension.remove(queue.id());
            longestPassNs = Math.max(longestPassNs, passNs);
          }
        }
      }
      if (longestPassNs > 0) {
        passEndNs = scheduler.nowNs() + longestPassNs;
        scheduler.wakeAt(passEndNs);
      }
    }
    super.onJobReady(job, scheduler);
  }

  /**
   * How long {@code queue}'s device queue takes to pass: its kernels that have not started a
   * block, each one launch and one block dispatch, if it launched anything since its last
   * suspension.
   */
  private long passNs(QueueView queue, SchedulerView scheduler) {
    if (!launchedSinceSuspension.contains(queue.id())) {
      return 0;
    }
    int started = 0;
    for (JobView dispatched : scheduler.dispatchedJobs()) {
      if (dispatched.queue().id().equals(queue.id())
          && dispatched.residentBlocks() + dispatched.finishedBlocks() > 0) {
        started++;
      }
    }
    long kernels = Math.min(WAIT_DEVICE_QUEUE,
        Math.max(0, queue.launchedJobs() + queue.waitingJobs() - started));
    return kernels * (scheduler.device().costs().kernelLaunchNs()
        + scheduler.device().costs().blockDispatchNs());
  }

  /** With WAIT, real-time jobs wait until the best-effort device queues have passed. */
  @Override
  public JobView selectNext(SchedulerView scheduler) {
    if (scheduler.nowNs() < passEndNs) {
      return null;
    }
    return super.selectNext(scheduler);
  }

  /** With WAIT, notes which best-effort queues have kernels in their device queues again. */
  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    if (bestEffort == BestEffort.WAIT && !realtime(job)) {
      launchedSinceSuspension.add(job.queue().id());
    }
    super.onJobDispatched(job, scheduler);
  }

  /** With HOLD or WAIT, the last unfinished real-time job resumes the queues it suspended. */
  @Override
  public void onJobFinished(JobView job, SchedulerView scheduler) {
    if (bestEffort != BestEffort.PAD && realtime(job) && --realtimeUnfinished == 0) {
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
