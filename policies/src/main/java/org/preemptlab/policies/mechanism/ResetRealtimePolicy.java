package org.preemptlab.policies.mechanism;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.PreemptScope;
import org.preemptlab.api.policy.QueueView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SmSet;
import org.preemptlab.policies.rank.RankedPolicy;
import org.preemptlab.policies.rank.WorkEstimate;

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
 * <p>With {@link Padding#DKP} (and {@link BestEffort#HOLD}) the policy is REEF's scheduler loop
 * in its {@code REEF} mode: {@code Reset} with dynamic kernel padding (the same file, {@code
 * execute_rt_task} and {@code dynamic_kernel_padding}). Best effort is held as with HOLD, but job
 * by job: every launched best-effort job is held ({@link SchedulerView#suspend(JobView)}) and its
 * resident blocks preempted, and best-effort jobs launched while real-time work is unfinished are
 * held at once, so that their queues go on launching kernels whose blocks can be padded. Whenever
 * a real-time job becomes the next to run in its queue, the policy picks, from the best-effort
 * queues in their order, the first whose current kernel (its first launched, unfinished job, with
 * blocks not yet placed) fits: the
 * SMs that hold both kernels' blocks at once, under the larger of their threads, registers and
 * shared memory, must be at least the real-time kernel's layers (its blocks over the SMs, rounded
 * up, at most its own occupancy), and one best-effort block (its program's duration) must not
 * outlast the real-time kernel alone ({@link WorkEstimate#remainingTimeNs}). The real-time job is
 * then restricted to its first {@code ceil(blocks / layers)} SMs, and the best-effort job padded
 * onto the others with (free SMs) x (merged occupancy) x (how many of its blocks fit, one after
 * another, in the real-time kernel's time) blocks, at most those it has left ({@link
 * SchedulerView#pad(JobView, int, SmSet, int)}), at most that occupancy of them resident on one SM
 * at a time; one best-effort kernel per real-time kernel. REEF reads each kernel's
 * latency at every occupancy from its profiles: given them ({@link OccupancyLatencies}), the
 * policy reads them as REEF's scheduler does. The real-time kernel's time is then its profiled
 * latency alone; the best-effort occupancy is the largest, up to the merged occupancy and the
 * profiled ones, whose round does not outlast that time, and the chunk (free SMs) x (that
 * occupancy) x (how many of its rounds fit in the real-time kernel's time); a best-effort kernel
 * without such an occupancy, or not profiled, is not padded. Without them a block lasts its
 * program's duration at any occupancy and the occupancy is the merged one. Either way the padded
 * blocks run in REEF's rounds: REEF's proxy kernel runs that occupancy of persistent work-groups
 * on each of the free compute units, each taking the chunk's work-groups one after another
 * ({@code script/transform_kernel.py}: the generated kernel's {@code layers_r} and {@code
 * num_iteration}), so the engine holds the padded job to that many resident blocks per SM, each
 * lasting its program's duration under the run's contention.
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

  /** Whether best-effort kernels are padded into the SMs real-time kernels leave idle. */
  public enum Padding {
    /** No padding: best effort runs only while no real-time work is unfinished. */
    NONE,
    /** REEF's dynamic kernel padding (with {@link BestEffort#HOLD}: REEF's {@code REEF} mode). */
    DKP
  }

  /**
   * The kernels a best-effort stream's device queue holds in REEF's wait mode
   * (SJTU-IPADS/reef @58dabe0: {@code src/reef/server/scheduler.cpp}, {@code
   * be_stream_device_queue_cap = 1024} for {@code WaitPreempt}).
   */
  public static final int WAIT_DEVICE_QUEUE = 1024;

  private final Priority realtime;
  private final BestEffort bestEffort;
  private final Padding padding;
  private final OccupancyLatencies latencies;
  /** The best-effort jobs this policy holds while real-time work is unfinished (DKP only). */
  private final java.util.Set<JobView> heldJobs = new java.util.LinkedHashSet<>();
  /** Real-time jobs whose padding was decided, until they finish (DKP only). */
  private final java.util.Set<Long> paddingDecided = new java.util.HashSet<>();
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
    this(realtime, bestEffort, Padding.NONE);
  }

  /**
   * Creates an empty policy.
   *
   * @param realtime the lowest priority that counts as real-time
   * @param bestEffort what best effort does while real-time work is unfinished
   * @param padding whether best-effort kernels are padded beside real-time ones; {@link
   *     Padding#DKP} needs {@link BestEffort#HOLD}
   * @throws IllegalArgumentException if {@code padding} is DKP and {@code bestEffort} is not HOLD
   */
  public ResetRealtimePolicy(Priority realtime, BestEffort bestEffort, Padding padding) {
    this(realtime, bestEffort, padding, OccupancyLatencies.NONE);
  }

  /**
   * Creates an empty policy that pads by kernels' profiled latencies, as REEF's scheduler does.
   *
   * @param realtime the lowest priority that counts as real-time
   * @param bestEffort what best effort does while real-time work is unfinished
   * @param padding whether best-effort kernels are padded beside real-time ones; {@link
   *     Padding#DKP} needs {@link BestEffort#HOLD}
   * @param latencies the kernels' latencies alone and by occupancy that padding reads (kernels
   *     found by name); {@link OccupancyLatencies#NONE} to pad by block programs
   * @throws IllegalArgumentException if {@code padding} is DKP and {@code bestEffort} is not HOLD,
   *     or latencies are given without DKP
   */
  public ResetRealtimePolicy(Priority realtime, BestEffort bestEffort, Padding padding,
      OccupancyLatencies latencies) {
    super(false);
    this.realtime = realtime;
    this.bestEffort = java.util.Objects.requireNonNull(bestEffort, "bestEffort");
    this.padding = java.util.Objects.requireNonNull(padding, "padding");
    com.google.common.base.Preconditions.checkArgument(
        padding == Padding.NONE || bestEffort == BestEffort.HOLD,
        "padding dkp needs best-effort hold (REEF pads in its Reset mode), got best-effort %s",
        bestEffort.name().toLowerCase(java.util.Locale.ROOT));
    this.latencies = java.util.Objects.requireNonNull(latencies, "latencies");
    com.google.common.base.Preconditions.checkArgument(
        padding == Padding.DKP || latencies.size() == 0,
        "occupancy latencies are read by padding dkp only");
  }

  /**
   * With HOLD or WAIT, the first unfinished real-time job suspends every best-effort queue; with
   * WAIT it also starts the pass of their device queues.
   */
  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    if (padding == Padding.DKP && realtime(job) && realtimeUnfinished++ == 0) {
      holdBestEffort(scheduler);
    } else if (bestEffort != BestEffort.PAD && padding == Padding.NONE && realtime(job)
        && realtimeUnfinished++ == 0) {
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
    padIdleSms(scheduler);
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
    if (padding == Padding.DKP && !realtime(job) && realtimeUnfinished > 0
        && scheduler.suspend(job).accepted()) {
      heldJobs.add(job);
    }
    super.onJobDispatched(job, scheduler);
    padIdleSms(scheduler);
  }

  /** With HOLD or WAIT, the last unfinished real-time job resumes the queues it suspended. */
  @Override
  public void onJobFinished(JobView job, SchedulerView scheduler) {
    if (bestEffort != BestEffort.PAD && realtime(job) && --realtimeUnfinished == 0) {
      for (String queue : suspendedQueues) {
        scheduler.resume(queue);
      }
      suspendedQueues.clear();
      for (JobView held : heldJobs) {
        if (held.state() != JobState.FINISHED) {
          scheduler.resume(held);
        }
      }
      heldJobs.clear();
    }
    if (padding == Padding.DKP) {
      paddingDecided.remove(job.id());
      padIdleSms(scheduler);
    }
  }

  /**
   * With DKP, as REEF's {@code preempt_reset}: holds every launched best-effort job (it places no
   * more blocks) and preempts its resident blocks (the run's strategy: {@code flush} kills them).
   * Jobs are held one by one rather than their queues suspended, so that their queues go on
   * launching kernels (held at once, {@link #onJobDispatched}) whose blocks can be padded.
   */
  private void holdBestEffort(SchedulerView scheduler) {
    for (JobView job : scheduler.dispatchedJobs()) {
      if (!realtime(job) && job.state() != JobState.FINISHED
          && scheduler.suspend(job).accepted()) {
        heldJobs.add(job);
        if (job.residentBlocks() > 0 && job.job().kernel().idempotent()) {
          scheduler.preempt(job);
        }
      }
    }
  }

  /**
   * With DKP, decides the padding of every real-time job that is next to run in its queue and has
   * none decided yet: the first launched, unfinished real-time job of each queue.
   */
  private void padIdleSms(SchedulerView scheduler) {
    if (padding != Padding.DKP || realtimeUnfinished == 0) {
      return;
    }
    java.util.Set<String> queuesSeen = new java.util.HashSet<>();
    for (JobView job : scheduler.dispatchedJobs()) {
      if (realtime(job) && job.state() != JobState.FINISHED
          && queuesSeen.add(job.queue().id()) && paddingDecided.add(job.id())) {
        pad(job, scheduler);
      }
    }
  }

  /**
   * Pads the current kernel of the first best-effort queue that fits beside {@code rt}
   * (REEF's {@code dynamic_kernel_padding}, for one real-time kernel).
   */
  private void pad(JobView rt, SchedulerView scheduler) {
    DeviceSpec device = scheduler.device();
    Kernel rtKernel = rt.job().kernel();
    int sms = device.smCount();
    int layers = ceilDiv(rtKernel.gridBlocks(), sms);
    int rtSms = ceilDiv(rtKernel.gridBlocks(), layers);
    if (rtSms >= sms) {
      return; // no SM left idle
    }
    int required = Math.min(layers, blocksPerSm(rtKernel.threadsPerBlock(),
        rtKernel.registersPerThread(), rtKernel.sharedMemoryPerBlock(), device));
    long rtNs = latencies.profiled(rtKernel.name()) ? latencies.totalNs(rtKernel.name())
        : WorkEstimate.remainingTimeNs(rt, device);
    for (QueueView queue : scheduler.queues()) {
      if (!realtime.isHigherThan(queue.priority())) {
        continue;
      }
      JobView be = currentKernel(queue.id(), scheduler);
      if (be == null || be.pendingBlocks() == 0 || !heldJobs.contains(be)) {
        continue;
      }
      Kernel beKernel = be.job().kernel();
      int merged = blocksPerSm(Math.max(rtKernel.threadsPerBlock(), beKernel.threadsPerBlock()),
          Math.max(rtKernel.registersPerThread(), beKernel.registersPerThread()),
          Math.max(rtKernel.sharedMemoryPerBlock(), beKernel.sharedMemoryPerBlock()), device);
      if (merged < required) {
        continue;
      }
      int occupancy = merged;
      long roundNs = beKernel.program().durationNs();
      if (latencies.profiled(beKernel.name())) {
        occupancy = profiledOccupancy(beKernel.name(), merged, rtNs);
        roundNs = occupancy == 0 ? Long.MAX_VALUE : latencies.roundNs(beKernel.name(), occupancy);
      } else if (latencies.size() > 0) {
        continue; // REEF pads only kernels it profiled
      }
      if (roundNs > rtNs) {
        continue;
      }
      long blocks = Math.min(be.pendingBlocks(),
          (long) (sms - rtSms) * (rtNs / roundNs) * occupancy);
      if (scheduler.pad(be, (int) blocks, SmSet.range(rtSms, sms), occupancy).accepted()) {
        scheduler.restrictSms(rt, SmSet.range(0, rtSms));
        return;
      }
    }
  }

  /**
   * REEF's best-effort occupancy: the largest, up to {@code merged} and the profiled ones, whose
   * round lasts at most {@code rtNs}; 0 if none does.
   */
  private int profiledOccupancy(String kernel, int merged, long rtNs) {
    for (int occupancy = Math.min(merged, latencies.occupancies(kernel)); occupancy >= 1;
        occupancy--) {
      if (latencies.roundNs(kernel, occupancy) <= rtNs) {
        return occupancy;
      }
    }
    return 0;
  }

  /** The first launched, unfinished job of {@code queueId}, or null. */
  private static JobView currentKernel(String queueId, SchedulerView scheduler) {
    for (JobView job : scheduler.dispatchedJobs()) {
      if (job.queue().id().equals(queueId) && job.state() != JobState.FINISHED) {
        return job;
      }
    }
    return null;
  }

  /**
   * How many blocks of {@code threads} threads, {@code registersPerThread} registers and {@code
   * shared} bytes of shared memory one SM of {@code device} holds at once (at least 1).
   */
  static int blocksPerSm(int threads, int registersPerThread, int shared, DeviceSpec device) {
    SmSpec sm = device.sm();
    long perSm = Math.min(sm.maxBlocks(), sm.maxThreads() / threads);
    if (registersPerThread > 0) {
      perSm = Math.min(perSm, sm.registers() / ((long) threads * registersPerThread));
    }
    long bytes = (long) shared + sm.sharedMemoryReservedPerBlock();
    if (bytes > 0) {
      perSm = Math.min(perSm, sm.sharedMemoryBytes() / bytes);
    }
    return (int) Math.max(1, perSm);
  }

  private static int ceilDiv(int a, int b) {
    return (a + b - 1) / b;
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
