package org.preemptlab.api.policy;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.preemptlab.api.API;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SuspendLevel;

/**
 * What a policy may see of its engine and the device, and the actions it may take. Handed to every
 * callback; valid only during that callback.
 *
 * <p>Every action is answered: an {@link ActionOutcome} says whether the engine took it and, if
 * not, why. Engines that do not offer an action (the DRM scheduler simulator has no SMs to
 * restrict) refuse it with a reason; the defaults below do so.
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface SchedulerView {

  /** The current simulated time in ns. */
  long nowNs();

  /** The engine this policy instance schedules. */
  EngineKind engine();

  /** The device. */
  DeviceSpec device();

  /** The engine's credit limit: the most credits its dispatched, unfinished jobs may hold. */
  int creditLimit();

  /** Credits held now by this engine's dispatched, unfinished jobs. */
  int creditsInUse();

  /** Jobs dispatched by this engine and not yet finished, in dispatch order. */
  List<JobView> dispatchedJobs();

  /** Jobs of every engine that have blocks resident on SMs now, in dispatch order. */
  List<JobView> residentJobs();

  /**
   * Asks the device to preempt every block of {@code victim} that is resident now and not already
   * being preempted. The run's preemption-point strategy decides how each block gives up its SM;
   * evicted blocks return to the victim's pending blocks and run again later. When called from
   * {@link SchedulingPolicy#onJobBlocked}, the preemption is recorded as requested for that
   * blocked job (its waiter).
   *
   * @return accepted with the number of blocks covered, or refused: the victim has no resident
   *     blocks, or every one of them is already being preempted
   */
  ActionOutcome preempt(JobView victim);

  /**
   * Asks the device to preempt the blocks of {@code victim} that {@code scope} selects (all, those
   * on chosen SMs, or just enough SMs for a waiter). By default only {@link PreemptScope#all()} is
   * supported.
   *
   * @return accepted with the number of blocks covered, or refused with the reason (for example no
   *     resident block of the victim on the chosen SMs)
   * @since 0.1
   */
  default ActionOutcome preempt(JobView victim, PreemptScope scope) {
    if (scope instanceof PreemptScope.AllSms) {
      return preempt(victim);
    }
    return ActionOutcome.refused("this engine preempts whole jobs only");
  }

  /**
   * Asks for a call to {@link SchedulingPolicy#onTimer} at {@code timeNs}.
   *
   * @throws IllegalArgumentException if {@code timeNs} is before {@link #nowNs()}
   */
  void wakeAt(long timeNs);

  /**
   * Whether this engine reports freed jobs through {@link DrmSchedulingPolicy#onJobFreed}. False by
   * default: the SM-level engine frees a job when it finishes.
   *
   * @since 0.1
   */
  default boolean reportsFreedJobs() {
    return false;
  }

  /**
   * Whether this engine reports every job pushed to its queue through {@link
   * DrmSchedulingPolicy#onJobQueued}, before the job is ready, and withdraws through {@link
   * SchedulingPolicy#onJobWithdrawn} every queued job that leaves without being dispatched. False
   * by default; true in the DRM scheduler layer, where an entity joins its run queue when its first
   * job is pushed, whether or not that job's dependencies are met ({@code
   * drm_sched_entity_push_job}, {@code drm_sched_rq_add_entity}).
   *
   * @since 0.1
   */
  default boolean reportsQueuedJobs() {
    return false;
  }

  /**
   * State a policy attaches to a queue for the whole run, shared by every policy instance of the
   * run that asks for the same {@code type}: the first call for a queue and type creates it with
   * {@code factory}, later calls (from any engine's policy) return the same object. The DRM
   * scheduler layer keeps one, as the kernel keeps an entity's statistics in a refcounted object
   * that follows the entity to whichever scheduler {@code drm_sched_entity_select_rq} moves it to.
   * Engines without such a store return an empty optional (the default), and a policy keeps the
   * state itself.
   *
   * @param queueId the queue
   * @param type the state's type, which also keys it
   * @param factory creates the state on first use
   * @since 0.1
   */
  default <T> Optional<T> queueState(String queueId, Class<T> type, Supplier<T> factory) {
    return Optional.empty();
  }

  /** Free credits. */
  default int freeCredits() {
    return creditLimit() - creditsInUse();
  }

  /**
   * The most jobs of one queue that may be launched and unfinished at once (the queue's in-flight
   * window: XSched's progressive-launching threshold, a CUDA hardware queue's depth). A ready job
   * whose queue's window is full is not offered to the policy until one of the queue's jobs
   * finishes. Unbounded by default. This is the engine's window; a queue that sets its own
   * ({@link org.preemptlab.api.model.JobQueue#launchWindow()} above 0) uses that instead.
   *
   * @since 0.1
   */
  default int launchWindow() {
    return Integer.MAX_VALUE;
  }

  /**
   * Every queue of the workload (of every engine), in the workload's order.
   *
   * @throws UnsupportedOperationException if the engine has no queue views
   * @since 0.1
   */
  default List<QueueView> queues() {
    throw new UnsupportedOperationException("this engine has no queue views");
  }

  /**
   * The queue with id {@code queueId}.
   *
   * @throws IllegalArgumentException if there is none
   * @throws UnsupportedOperationException if the engine has no queue views
   * @since 0.1
   */
  default QueueView queue(String queueId) {
    for (QueueView queue : queues()) {
      if (queue.id().equals(queueId)) {
        return queue;
      }
    }
    throw new IllegalArgumentException("no queue '" + queueId + "'");
  }

  /**
   * Suspends a queue of any engine at {@code level} (XSched's {@code XQueueSuspend}): from now on
   * nothing more of it is launched (its ready job is withdrawn from its policy with {@link
   * SchedulingPolicy#onJobWithdrawn}); at {@link SuspendLevel#DEACTIVATE} its launched jobs also
   * place no new blocks; at {@link SuspendLevel#INTERRUPT} its resident blocks are also preempted.
   * Suspending a suspended queue again changes its level.
   *
   * @return refused if the queue is unknown or already suspended at that level
   * @since 0.1
   */
  default ActionOutcome suspend(String queueId, SuspendLevel level) {
    return ActionOutcome.refused("this engine cannot suspend queues");
  }

  /**
   * Resumes a suspended queue: its held blocks may be placed again and its next ready job is
   * offered to its policy again with {@link SchedulingPolicy#onJobReady}.
   *
   * @return refused if the queue is unknown or not suspended
   * @since 0.1
   */
  default ActionOutcome resume(String queueId) {
    return ActionOutcome.refused("this engine cannot suspend queues");
  }

  /**
   * Keeps a queue's context runnable while it has no work ({@code keep} true) or stops doing so,
   * as kernels that wait on the device keep their context scheduled: GPreempt's hint-based
   * pre-preemption launches two one-thread kernels that spin in the latency-critical stream from
   * the hint until the inference is submitted (thustorage/GPreempt: {@code
   * src/cuda-clients/gpreemptclient.cpp}, {@code gpu_block}). While kept, a time-sliced device
   * switches to the context as to one with work (at once if the active context is idle, else at
   * its slice's end) and does not switch it out for being idle. The waiting kernels' own threads
   * are not modelled. Nothing changes on a device whose contexts share SMs.
   *
   * @return refused if the queue is unknown or its context is already in that state
   * @since 0.2
   */
  default ActionOutcome keepContextRunnable(String queueId, boolean keep) {
    return ActionOutcome.refused("this engine cannot keep contexts runnable");
  }

  /**
   * Holds back a launched job: it places no new blocks until {@link #resume(JobView)} (XSched's
   * Lv2 deactivation of one command). Its resident blocks run on.
   *
   * @return refused if the job is not launched and unfinished, or already held
   * @since 0.1
   */
  default ActionOutcome suspend(JobView job) {
    return ActionOutcome.refused("this engine cannot suspend jobs");
  }

  /**
   * Lets a job held with {@link #suspend(JobView)} place blocks again.
   *
   * @return refused if the job is not held by its own suspension
   * @since 0.1
   */
  default ActionOutcome resume(JobView job) {
    return ActionOutcome.refused("this engine cannot suspend jobs");
  }

  /**
   * Changes a queue's priority from now on. The hardware block scheduler serves launched jobs by
   * their queue's current priority.
   *
   * @since 0.1
   */
  default ActionOutcome setPriority(String queueId, Priority priority) {
    return ActionOutcome.refused("this engine cannot change priorities");
  }

  /**
   * Changes a queue's weight from now on (for weighted policies, which read it from {@link
   * QueueView#weight()}).
   *
   * @since 0.1
   */
  default ActionOutcome setWeight(String queueId, int weight) {
    return ActionOutcome.refused("this engine cannot change weights");
  }

  /**
   * Restricts a queue's jobs, launched and future, to {@code sms} (a CU/TPC mask, an MPS-like
   * share); {@code null} lifts the restriction. A job's own restriction ({@link
   * #restrictSms(JobView, SmSet)}) takes precedence. Blocks already resident stay where they are.
   *
   * @return refused if the queue is unknown, the set holds no SM of the device, or it holds an SM
   *     outside the queue's {@link QueueView#partition() partition}
   * @since 0.1
   */
  default ActionOutcome restrictSms(String queueId, SmSet sms) {
    return ActionOutcome.refused("this engine cannot restrict SMs");
  }

  /**
   * Restricts one job's blocks not yet placed to {@code sms}; {@code null} returns it to its
   * queue's restriction.
   *
   * @return refused if the job is finished, the set holds no SM of the device, or it holds an SM
   *     outside the {@link QueueView#partition() partition} of the job's queue
   * @since 0.1
   */
  default ActionOutcome restrictSms(JobView job, SmSet sms) {
    return ActionOutcome.refused("this engine cannot restrict SMs");
  }

  /**
   * Lets a launched job that is held back (by its own suspension or its queue's, {@link
   * JobView#heldBack()}) place up to {@code blocks} more of its blocks, only on {@code sms}, while
   * it stays held: the dynamic kernel padding of REEF (Han et al., OSDI'22, §5), which runs a
   * chunk of a best-effort kernel on the compute units a real-time kernel leaves idle. The blocks
   * are placed as any other (in placement order, as occupancy allows, its queue's in-order rule
   * kept); those not placed by the time the job is no longer held are forgotten. A new call
   * replaces the job's earlier allowance.
   *
   * @return refused if the job is not launched or finished, not held back, {@code blocks} is
   *     below 1, or {@code sms} holds no SM of the device or one outside the partition of the
   *     job's queue
   * @since 0.3
   */
  @API(status = API.Status.EXPERIMENTAL, since = "0.3")
  default ActionOutcome pad(JobView job, int blocks, SmSet sms) {
    return ActionOutcome.refused("this engine cannot pad held jobs");
  }

  /**
   * As {@link #pad(JobView, int, SmSet)}, with at most {@code perSm} of the job's blocks resident
   * on any one SM of {@code sms} at a time: the chunk runs in rounds of {@code perSm} blocks per
   * SM, a new block taking the place of one that ends, as REEF's padded kernel does (its proxy
   * kernel runs {@code be_occupancy} persistent work-groups per compute unit, each taking the
   * chunk's tasks one after another: SJTU-IPADS/reef @58dabe0, {@code
   * src/reef/server/scheduler.cpp}, {@code dynamic_kernel_padding}, and {@code
   * script/transform_kernel.py}, the generated kernel's {@code layers} and {@code
   * num_iteration}). Blocks of the job already resident count toward the cap.
   *
   * @return refused as {@link #pad(JobView, int, SmSet)}, and if {@code perSm} is below 1
   * @since 0.4
   */
  @API(status = API.Status.EXPERIMENTAL, since = "0.4")
  default ActionOutcome pad(JobView job, int blocks, SmSet sms, int perSm) {
    return ActionOutcome.refused("this engine cannot cap padded blocks per SM");
  }
}
