package org.preemptlab.runner.drm;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.DrmSchedulingPolicy;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.runner.scenario.FenceError;
import org.preemptlab.runner.scenario.SchedulerSpec;

/**
 * One {@code drm_gpu_scheduler}: credits, score, the pending list freed in order, the single
 * restartable TDR timer, and the policy that picks entities. Its mock timeline is its ring.
 */
final class DrmScheduler {
  final SchedulerSpec spec;
  final SchedulingPolicy policy;
  /** The policy's DRM protocol ({@link DrmSchedulingPolicy}), or null when it speaks none. */
  private final DrmSchedulingPolicy drm;
  final DrmRing ring;
  final View view = new View();
  private final DrmLayer sim;
  final ArrayDeque<DrmJob> pending = new ArrayDeque<>();
  final Set<DrmEntity> entityList = new LinkedHashSet<>();
  long creditCount;
  long score;
  boolean ready = true;
  boolean workStopped;
  private boolean runWorkQueued;
  private final boolean tracksQueuedJobs;
  private long timerGeneration;

  DrmScheduler(DrmLayer sim, SchedulerSpec spec, SchedulingPolicy policy) {
    this.sim = sim;
    this.spec = spec;
    this.policy = policy;
    this.ring = sim.newRing();
    this.drm = policy instanceof DrmSchedulingPolicy protocol ? protocol : null;
    this.tracksQueuedJobs = drm != null && overridesOnJobQueued(drm);
  }

  private static boolean overridesOnJobQueued(DrmSchedulingPolicy policy) {
    try {
      return policy.getClass().getMethod("onJobQueued", JobView.class, SchedulerView.class)
          .getDeclaringClass() != DrmSchedulingPolicy.class;
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }

  /** Whether the policy keeps one run queue per priority (kernels up to 7.1). */
  boolean perPriorityRunQueues() {
    return drm != null && drm.perPriorityRunQueues();
  }

  /** Tells the policy a job was pushed to its entity, if it follows queued jobs. */
  void jobQueued(JobView job) {
    if (tracksQueuedJobs) {
      drm.onJobQueued(job, view);
    }
  }

  String name() {
    return spec.name();
  }

  /** {@code drm_sched_rq_add_entity}: on the list once, {@code score++}. */
  void addEntity(DrmEntity entity) {
    if (entityList.add(entity)) {
      score++;
    }
  }

  /**
   * {@code drm_sched_rq_remove_entity}: off the list, {@code score--}, its queued jobs withdrawn
   * from the policy.
   */
  void removeEntity(DrmEntity entity) {
    withdrawQueued(entity);
    if (entityList.remove(entity)) {
      score--;
    }
  }

  /**
   * Withdraws {@code entity}'s held job from the policy, and its other queued jobs too if the
   * policy follows queued jobs (implements {@code onJobQueued}).
   */
  private void withdrawQueued(DrmEntity entity) {
    if (entity.sched != this || entity.withdrawn) {
      return;
    }
    entity.withdrawn = entity.stopped;
    for (DrmJob job : entity.queue) {
      if (job.sched == this && (job == entity.offered || tracksQueuedJobs)) {
        policy.onJobWithdrawn(sim.view(job), view);
      }
    }
    entity.offered = null;
  }

  /** After every instant: free finished jobs in pending order, then dispatch what fits. */
  void service() {
    if (workStopped) {
      return;
    }
    freeFinished();
    dispatch();
  }

  /** {@code drm_sched_free_job_work} / {@code drm_sched_get_finished_job}. */
  private void freeFinished() {
    while (!pending.isEmpty() && pending.peekFirst().finishedSignalled) {
      DrmJob job = pending.removeFirst();
      cancelTimeout();
      DrmJob next = pending.peekFirst();
      if (next != null) {
        next.scheduledStampNs = job.finishedNs;
        startTimeout();
      }
      job.freedNs = sim.now();
      if (job.status == JobStatus.DONE_NOT_FREED) {
        job.status = job.finishedError == FenceError.ECANCELED ? JobStatus.FINISHED_GUILTY
            : JobStatus.FINISHED;
      }
      if (drm != null) {
        drm.onJobFreed(sim.view(job), Math.max(0, job.finishedNs - job.scheduledStampNs), view);
      }
    }
  }

  /**
   * {@code drm_sched_run_job_work}, repeated while the policy's choice fits the credits; with a
   * workqueue latency each run waits that long and dispatches one job, then queues itself again.
   */
  private void dispatch() {
    long latency = spec.workqueueLatencyNs();
    if (latency == 0) {
      while (dispatchOne()) {
        // dispatch while the choice fits
      }
    } else if (!runWorkQueued && fitsNow()) {
      runWorkQueued = true;
      sim.at(sim.now() + latency, () -> {
        runWorkQueued = false;
        if (!workStopped && dispatchOne()) {
          dispatch();
        }
      }, false);
    }
  }

  private boolean fitsNow() {
    JobView choice = policy.selectNext(view);
    return choice instanceof DrmJobView chosen
        && spec.creditLimit() - creditCount >= Math.min(chosen.job.credits, spec.creditLimit());
  }

  /** Dispatches the policy's choice if it fits; returns whether it did. */
  private boolean dispatchOne() {
    JobView choice = policy.selectNext(view);
    if (choice == null) {
      return false;
    }
    if (!(choice instanceof DrmJobView chosen) || chosen.job.entity.offered != chosen.job
        || chosen.job.sched != this) {
      throw new IllegalStateException("policy '" + sim.policyId() + "' of scheduler '"
          + name() + "' selected " + choice + ", which it was not offered");
    }
    DrmJob job = chosen.job;
    if (job.credits > spec.creditLimit()) {
      sim.log("scheduler " + name() + ": job " + job.name + " has " + job.credits
          + " credits: Jobs may not exceed the credit limit, truncate. (to "
          + spec.creditLimit() + ")");
      job.credits = spec.creditLimit();
    }
    if (spec.creditLimit() - creditCount < job.credits) {
      return false;
    }
    sim.dispatch(this, job);
    return true;
  }

  /** {@code credit_count += credits}, pending append and TDR (re)arm: {@code drm_sched_job_begin}. */
  void begin(DrmJob job) {
    creditCount += job.credits;
    pending.addLast(job);
    startTimeout();
  }

  /** {@code drm_sched_job_done}: credits back, {@code score--}. */
  void done(DrmJob job) {
    creditCount -= job.credits;
    score--;
  }

  /** {@code drm_sched_start_timeout}: restarts the countdown from the full timeout. */
  void startTimeout() {
    long timeout = spec.timeoutNs();
    if (timeout < 0 || pending.isEmpty()) {
      return;
    }
    long generation = ++timerGeneration;
    sim.at(sim.now() + timeout, () -> {
      if (generation == timerGeneration) {
        timedOut();
      }
    }, true);
  }

  void cancelTimeout() {
    timerGeneration++;
  }

  /** {@code drm_sched_job_timedout}: blames the head of the pending list. */
  private void timedOut() {
    DrmJob job = pending.pollFirst();
    if (job == null) {
      return;
    }
    sim.log("scheduler " + name() + ": timeout, blaming " + job.name);
    boolean deviceGone = sim.recovery.timedOutJob(this, job);
    if (!deviceGone) {
      startTimeout();
    }
  }

  /** {@code drm_sched_fini}: stop, cancel TDR, cancel pending jobs from tail to head. */
  void fini(boolean markEntitiesStopped) {
    workStopped = true;
    ready = false;
    if (markEntitiesStopped) {
      for (DrmEntity entity : List.copyOf(entityList)) {
        entity.stopped = true;
        withdrawQueued(entity);
      }
    }
    cancelTimeout();
    for (Iterator<DrmJob> it = pending.descendingIterator(); it.hasNext(); ) {
      DrmJob job = it.next();
      it.remove();
      if (!job.hwSignalled) {
        ring.unlink(job);
        job.status = JobStatus.CANCELLED;
        job.hwError = FenceError.ECANCELED;
        sim.hardwareSignalled(job, FenceError.ECANCELED);
      } else if (job.status == JobStatus.DONE_NOT_FREED) {
        job.status = JobStatus.FINISHED;
      }
      job.freedNs = sim.now();
    }
  }

  /** The policy's view of this scheduler. */
  final class View implements SchedulerView {
    @Override
    public long nowNs() {
      return sim.now();
    }

    @Override
    public EngineKind engine() {
      return spec.engine();
    }

    @Override
    public DeviceSpec device() {
      return sim.device();
    }

    @Override
    public int creditLimit() {
      return (int) Math.min(Integer.MAX_VALUE, spec.creditLimit());
    }

    @Override
    public int creditsInUse() {
      return (int) Math.min(Integer.MAX_VALUE, creditCount);
    }

    @Override
    public List<JobView> dispatchedJobs() {
      return pending.stream().map(j -> (JobView) sim.view(j)).toList();
    }

    @Override
    public List<JobView> residentJobs() {
      return List.of();
    }

    @Override
    public ActionOutcome preempt(JobView victim) {
      return ActionOutcome.refused("the DRM scheduler does not preempt running jobs");
    }

    @Override
    public void wakeAt(long timeNs) {
      checkArgument(timeNs >= sim.now(), "wake-up at %s ns is before now (%s ns)", timeNs, sim.now());
      sim.at(timeNs, () -> policy.onTimer(this), false);
    }

    @Override
    public boolean reportsFreedJobs() {
      return true;
    }

    @Override
    public boolean reportsQueuedJobs() {
      return true;
    }

    @Override
    public <T> Optional<T> queueState(String queueId, Class<T> type, Supplier<T> factory) {
      return Optional.of(sim.queueState(queueId, type, factory));
    }
  }

  /** Whether karma counts for this priority ({@code drm_sched_increase_karma} skips KERNEL). */
  static boolean karmaCounts(Priority priority) {
    return priority != Priority.KERNEL;
  }
}
