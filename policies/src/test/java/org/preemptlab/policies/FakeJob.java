package org.preemptlab.policies;

import java.util.List;
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
 * A fixed {@link JobView} for tests, with a readable label such as {@code "A1"}.
 *
 * @param label how assertions name the job
 * @param job the submitted job
 * @param queue its queue
 * @param residentBlocks blocks it has on SMs
 */
record FakeJob(String label, Job job, JobQueue queue, int residentBlocks) implements JobView {

  private static final Kernel KERNEL = new Kernel("k", 4, 128, 32, 0, true,
      BlockProgram.uniform(1_000, 32, 0), new BlockTiming.Exact());

  /** A queue of the given priority in one shared context. */
  static JobQueue queue(String id, Priority priority) {
    return new JobQueue(id, "ctx", priority, 1, EngineKind.COMPUTE, false);
  }

  /** A NORMAL-priority queue. */
  static JobQueue queue(String id) {
    return queue(id, Priority.NORMAL);
  }

  /** A ready one-credit job with no resident blocks. */
  static FakeJob ready(String label, long id, JobQueue queue, long submitTimeNs) {
    return ready(label, id, queue, submitTimeNs, 1);
  }

  /** A ready job holding {@code credits} credits when dispatched. */
  static FakeJob ready(String label, long id, JobQueue queue, long submitTimeNs, int credits) {
    return new FakeJob(label, new Job(id, queue.id(), submitTimeNs, credits, List.of(),
        Job.NO_DEADLINE, 0, KERNEL), queue, 0);
  }

  /** A running job with {@code residentBlocks} blocks on SMs. */
  static FakeJob resident(String label, long id, JobQueue queue, int residentBlocks) {
    return new FakeJob(label, Job.of(id, queue.id(), 0, KERNEL), queue, residentBlocks);
  }

  @Override
  public JobState state() {
    return residentBlocks > 0 ? JobState.RUNNING : JobState.READY;
  }

  @Override
  public long readyTimeNs() {
    return job.submitTimeNs();
  }

  @Override
  public long firstStartNs() {
    return residentBlocks > 0 ? job.submitTimeNs() : -1;
  }

  @Override
  public long finishTimeNs() {
    return -1;
  }

  @Override
  public int pendingBlocks() {
    return residentBlocks > 0 ? job.kernel().gridBlocks() - residentBlocks : job.kernel()
        .gridBlocks();
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
    return label;
  }
}
