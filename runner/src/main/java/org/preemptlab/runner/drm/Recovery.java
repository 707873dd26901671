package org.preemptlab.runner.drm;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.runner.scenario.FenceError;
import org.preemptlab.runner.scenario.SchedulerSpec;
import org.preemptlab.runner.scenario.Step;

/**
 * What ends jobs other than their completion: the driver's timeout handlers (reset, KARMA with
 * resubmission and guilty contexts, device gone), {@code drm_sched_entity_kill} and {@code
 * drm_sched_fini}. A part of {@link DrmLayer}.
 */
final class Recovery {
  private final DrmLayer layer;

  Recovery(DrmLayer layer) {
    this.layer = layer;
  }

  /**
   * The driver's {@code timedout_job} for the scheduler's handler.
   *
   * @return whether the device is gone (the timer is then not re-armed)
   */
  boolean timedOutJob(DrmScheduler sched, DrmJob job) {
    if (job.dontReset && sched.spec.onTimeout() != SchedulerSpec.TimeoutHandler.DEVICE_GONE) {
      job.flags.add(Step.MockFlag.RESET_SKIPPED);
      sched.pending.addFirst(job);
      layer.log("job " + job.name + ": DONT_RESET, timeout handler returns NO_HANG");
      return false;
    }
    switch (sched.spec.onTimeout()) {
      case DEVICE_GONE -> {
        sched.ring.unlink(job);
        job.status = JobStatus.DEVICE_GONE;
        job.hwError = FenceError.ENODEV;
        layer.log("job " + job.name + ": device gone (ENODEV), timer not re-armed");
        return true;
      }
      case KARMA -> {
        if (DrmScheduler.karmaCounts(job.entity.priority)) {
          job.karma++;
        }
        if (job.karma > sched.spec.hangLimit()) {
          guilty(sched, job);
        } else {
          sched.ring.unlink(job);
          sched.pending.addFirst(job);
          sched.ring.run(job);
          layer.log("job " + job.name + ": reset and resubmitted (karma " + job.karma + ")");
        }
        return false;
      }
      default -> {
        if (!job.hwSignalled) {
          sched.ring.unlink(job);
          job.flags.add(Step.MockFlag.TIMEDOUT);
          job.status = JobStatus.TIMED_OUT;
          job.hwError = FenceError.ETIMEDOUT;
          layer.hardwareSignalled(job, FenceError.ETIMEDOUT);
          layer.log("job " + job.name + ": timed out, reset (RESET)");
        }
        return false;
      }
    }
  }

  private void guilty(DrmScheduler sched, DrmJob job) {
    DrmEntity entity = job.entity;
    entity.guilty = true;
    layer.log("entity " + entity.name + ": job " + job.name + " karma " + job.karma
        + " > hang limit " + sched.spec.hangLimit() + ", context guilty");
    sched.ring.unlink(job);
    job.status = JobStatus.GUILTY_CANCELLED;
    job.hwError = FenceError.ECANCELED;
    job.finishedError = FenceError.ECANCELED;
    layer.hardwareSignalled(job, FenceError.ECANCELED);
    for (DrmJob other : sched.pending) {
      // only fences not yet signalled can take the error (dma_fence_set_error)
      if (other.entity == entity && !other.finishedSignalled) {
        other.finishedError = FenceError.ECANCELED;
      }
    }
  }

  /** {@code drm_sched_entity_kill}: queued jobs end with -ESRCH in order and never run. */
  void kill(DrmEntity entity) {
    entity.stopped = true;
    entity.sched.removeEntity(entity);
    List<DrmJob> queued = new ArrayList<>(entity.queue);
    entity.queue.clear();
    killInOrder(queued, 0, entity.lastScheduled);
  }

  private void killInOrder(List<DrmJob> queued, int index, DrmJob previous) {
    if (index == queued.size()) {
      return;
    }
    DrmJob job = queued.get(index);
    Runnable kill = () -> {
      job.status = JobStatus.KILLED;
      job.signalScheduled(layer.now());
      job.finishedError = FenceError.ESRCH;
      job.signalFinished(layer.now(), FenceError.ESRCH);
      killInOrder(queued, index + 1, job);
    };
    if (previous == null || previous.finishedSignalled) {
      layer.at(layer.now(), kill, false);
    } else {
      previous.onFinished.add(() -> layer.at(layer.now(), kill, false));
    }
  }

  /** {@code drm_sched_fini}. */
  void fini(DrmScheduler sched) {
    if (!sched.pending.isEmpty()) {
      layer.log("scheduler " + sched.name() + ": cancelling " + sched.pending.size()
          + " pending job(s)");
    }
    sched.fini(sched.perPriorityRunQueues());
  }
}
