package org.preemptlab.policies.drm;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;

/** Fixed job views and a scheduler view that drives a policy as an engine does. */
final class DrmFakes {
  private static final Kernel KERNEL = new Kernel("k", 1, 1, 0, 0, true,
      BlockProgram.uniform(1_000, 0, 0), new BlockTiming.Exact());

  private DrmFakes() {}

  /** An entity (queue) of the given priority. */
  static JobQueue entity(String id, Priority priority) {
    return new JobQueue(id, "ctx", priority, 1, EngineKind.GRAPHICS, false);
  }

  /** A job view named by its id. */
  record FakeJob(Job job, JobQueue queue) implements JobView {
    @Override
    public JobState state() {
      return JobState.READY;
    }

    @Override
    public long readyTimeNs() {
      return job.submitTimeNs();
    }

    @Override
    public long firstStartNs() {
      return -1;
    }

    @Override
    public long finishTimeNs() {
      return -1;
    }

    @Override
    public int pendingBlocks() {
      return 1;
    }

    @Override
    public int residentBlocks() {
      return 0;
    }

    @Override
    public int finishedBlocks() {
      return 0;
    }

    @Override
    public int preemptions() {
      return 0;
    }

    @Override
    public String toString() {
      return queue.id() + "#" + job.id();
    }
  }

  /** A job of {@code entity} submitted at {@code submitNs} holding {@code credits}. */
  static FakeJob job(long id, JobQueue entity, long submitNs, int credits) {
    return new FakeJob(new Job(id, entity.id(), submitNs, credits, List.of(), Job.NO_DEADLINE, 0,
        KERNEL), entity);
  }

  /** A scheduler with a credit limit and a settable clock. */
  static final class Scheduler implements SchedulerView {
    final int limit;
    int inUse;
    long now;
    final List<JobView> dispatched = new ArrayList<>();

    Scheduler(int limit) {
      this.limit = limit;
    }

    /** Dispatches while the policy's choice fits; returns the entity ids in dispatch order. */
    List<String> dispatch(SchedulingPolicy policy) {
      List<String> order = new ArrayList<>();
      for (JobView next = policy.selectNext(this); next != null; next = policy.selectNext(this)) {
        if (next.job().credits() > freeCredits()) {
          break;
        }
        inUse += next.job().credits();
        dispatched.add(next);
        order.add(next.toString());
        policy.onJobDispatched(next, this);
      }
      return order;
    }

    /** Finishes a dispatched job now. */
    void finish(SchedulingPolicy policy, JobView job) {
      dispatched.remove(job);
      inUse -= job.job().credits();
      policy.onJobFinished(job, this);
    }

    @Override
    public long nowNs() {
      return now;
    }

    @Override
    public EngineKind engine() {
      return EngineKind.GRAPHICS;
    }

    @Override
    public DeviceSpec device() {
      return null;
    }

    @Override
    public int creditLimit() {
      return limit;
    }

    @Override
    public int creditsInUse() {
      return inUse;
    }

    @Override
    public List<JobView> dispatchedJobs() {
      return List.copyOf(dispatched);
    }

    @Override
    public List<JobView> residentJobs() {
      return List.of();
    }

    @Override
    public ActionOutcome preempt(JobView victim) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void wakeAt(long timeNs) {
      throw new UnsupportedOperationException();
    }
  }
}
