package org.preemptlab.runner.report.trace;

import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.api.policy.JobView;

/** A fixed job view, for feeding a writer callbacks directly. */
record StubJob(Job job, JobQueue queue) implements JobView {

  /** Job {@code id} of kernel {@code kernel} (one block) in a NORMAL queue on {@code engine}. */
  static StubJob of(long id, String kernel, EngineKind engine) {
    Kernel k = new Kernel(kernel, 1, 32, 0, 0, false, BlockProgram.uniform(100, 0, 0),
        new BlockTiming.Exact());
    return new StubJob(Job.of(id, "q", 0, k),
        new JobQueue("q", "ctx", Priority.NORMAL, 1, engine, false));
  }

  @Override
  public JobState state() {
    return JobState.DISPATCHED;
  }

  @Override
  public long readyTimeNs() {
    return 0;
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
}
