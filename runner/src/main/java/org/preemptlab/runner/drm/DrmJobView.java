package org.preemptlab.runner.drm;

import java.util.List;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.api.policy.JobView;

/** A policy's live view of a {@link DrmJob}; the mock runs no blocks, so a job is one block. */
final class DrmJobView implements JobView {
  private static final Kernel MOCK_KERNEL = new Kernel("drm-mock-job", 1, 1, 0, 0, false,
      BlockProgram.uniform(1, 0, 0), new BlockTiming.Exact());

  final DrmJob job;
  private final Job spec;

  DrmJobView(DrmJob job) {
    this.job = job;
    this.spec = new Job(job.id, job.entity.name, Math.max(0, job.submitNs),
        (int) Math.max(1, Math.min(Integer.MAX_VALUE, job.credits)), List.of(), Job.NO_DEADLINE,
        0, MOCK_KERNEL);
  }

  @Override
  public Job job() {
    return spec;
  }

  @Override
  public JobQueue queue() {
    return job.entity.asQueue(!job.entity.sched.perPriorityRunQueues());
  }

  @Override
  public JobState state() {
    return switch (job.status) {
      case NOT_SUBMITTED, REJECTED, PUSHED_TO_KILLED_ENTITY -> JobState.SUBMITTED;
      case QUEUED -> job.entity.offered == job ? JobState.READY : JobState.SUBMITTED;
      case RUNNING -> JobState.RUNNING;
      default -> JobState.FINISHED;
    };
  }

  @Override
  public long readyTimeNs() {
    return job.submitNs;
  }

  @Override
  public long firstStartNs() {
    return job.scheduledNs;
  }

  @Override
  public long finishTimeNs() {
    return job.finishedNs;
  }

  @Override
  public int pendingBlocks() {
    return job.scheduledNs < 0 ? 1 : 0;
  }

  @Override
  public int residentBlocks() {
    return job.status == JobStatus.RUNNING ? 1 : 0;
  }

  @Override
  public int finishedBlocks() {
    return job.hwSignalled ? 1 : 0;
  }

  @Override
  public int preemptions() {
    return 0;
  }

  @Override
  public String toString() {
    return job.name;
  }
}
