package org.preemptlab.runner.testing;

import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.api.policy.JobView;

/**
 * A fixed job view that no engine handed out: for feeding listeners callbacks directly, or for
 * checking that an engine refuses views it does not own.
 */
public record StubJob(Job job, JobQueue queue, JobState state) implements JobView {

  /**
   * Dispatched job {@code id} of kernel {@code kernel} (one block of 100 ns) in a NORMAL queue
   * {@code q} of context {@code ctx} on {@code engine}.
   */
  public static StubJob of(long id, String kernel, EngineKind engine) {
    return of(id, kernel, engine, JobState.DISPATCHED);
  }

  /** The same, in the given state. */
  public static StubJob of(long id, String kernel, EngineKind engine, JobState state) {
    Kernel k = new Kernel(kernel, 1, 32, 0, 0, false, BlockProgram.uniform(100, 0, 0),
        new BlockTiming.Exact());
    return new StubJob(Job.of(id, "q", 0, k),
        new JobQueue("q", "ctx", Priority.NORMAL, 1, engine, false), state);
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
