package org.preemptlab.testkit;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.api.policy.JobView;

/**
 * A {@link JobView} for tests, named by a label that assertions and {@link #toString()} print.
 * Like the engine's views it is live: a test (or {@link TestScheduler}) moves it through its states
 * with the setters, and it is equal only to itself.
 *
 * <pre>{@code
 * JobQueue video = TestQueues.queue("video", Priority.HIGH);
 * TestJob frame = TestJob.ready("frame", 1, video, 30);             // ready, submitted at 30 ns
 * TestJob big = TestJob.builder(2).queue(video).credits(3).build(); // labelled "video#2"
 * }</pre>
 */
public final class TestJob implements JobView {
  /**
   * The kernel of jobs that name none: 4 idempotent blocks of 128 threads × 32 registers, no shared
   * memory, each running 1 µs of compute.
   */
  public static final Kernel KERNEL = new Kernel("k", 4, 128, 32, 0, true,
      BlockProgram.uniform(1_000, 32, 0), new BlockTiming.Exact());

  private final String label;
  private final Job job;
  private final JobQueue queue;
  private JobState state;
  private long readyTimeNs;
  private long firstStartNs;
  private long finishTimeNs = -1;
  private int pendingBlocks;
  private int residentBlocks;
  private int finishedBlocks;
  private int preemptions;
  private long attainedGpuNs;

  private TestJob(Builder b) {
    this.job = new Job(b.id, b.queue.id(), b.submitNs, b.credits, b.dependencies, b.deadlineNs, 0,
        b.kernel);
    this.queue = b.queue;
    this.label = b.label != null ? b.label : b.queue.id() + "#" + b.id;
    this.residentBlocks = b.residentBlocks;
    this.pendingBlocks = b.kernel.gridBlocks() - b.residentBlocks;
    this.state = b.state != null ? b.state
        : b.residentBlocks > 0 ? JobState.RUNNING : JobState.READY;
    this.readyTimeNs = state == JobState.SUBMITTED ? -1 : b.submitNs;
    this.firstStartNs = b.residentBlocks > 0 ? b.submitNs : -1;
  }

  /** A builder for job {@code id} (one credit, submitted at 0, {@link #KERNEL}, queue "q"). */
  public static Builder builder(long id) {
    return new Builder(id);
  }

  /** A ready one-credit job of {@code queue} submitted at {@code submitTimeNs}. */
  public static TestJob ready(String label, long id, JobQueue queue, long submitTimeNs) {
    return builder(id).label(label).queue(queue).submitAt(submitTimeNs).build();
  }

  /** A ready job holding {@code credits} credits once dispatched. */
  public static TestJob ready(String label, long id, JobQueue queue, long submitTimeNs,
      int credits) {
    return builder(id).label(label).queue(queue).submitAt(submitTimeNs).credits(credits).build();
  }

  /**
   * A running job submitted at 0 with {@code residentBlocks} blocks on SMs (and {@link #KERNEL}'s
   * grid, or a larger one if more blocks are resident).
   */
  public static TestJob resident(String label, long id, JobQueue queue, int residentBlocks) {
    return builder(id).label(label).queue(queue)
        .blocks(Math.max(KERNEL.gridBlocks(), residentBlocks)).resident(residentBlocks).build();
  }

  /** How assertions name the job. */
  public String label() {
    return label;
  }

  @Override
  public Job job() {
    return job;
  }

  @Override
  public JobQueue queue() {
    return queue;
  }

  @Override
  public JobState state() {
    return state;
  }

  @Override
  public long readyTimeNs() {
    return readyTimeNs;
  }

  @Override
  public long firstStartNs() {
    return firstStartNs;
  }

  @Override
  public long finishTimeNs() {
    return finishTimeNs;
  }

  @Override
  public int pendingBlocks() {
    return pendingBlocks;
  }

  @Override
  public int residentBlocks() {
    return residentBlocks;
  }

  @Override
  public int finishedBlocks() {
    return finishedBlocks;
  }

  @Override
  public int preemptions() {
    return preemptions;
  }

  /** SM time its blocks have executed so far, in SM·ns (0 until set with {@link #attained}). */
  @Override
  public long attainedGpuNs() {
    return attainedGpuNs;
  }

  /**
   * Sets the SM time its blocks have executed, in SM·ns: never less than before (attained time
   * only grows). Returns this job.
   */
  public TestJob attained(long gpuNs) {
    if (gpuNs < attainedGpuNs) {
      throw new IllegalArgumentException(label + ": attained GPU time only grows, " + gpuNs
          + " < " + attainedGpuNs);
    }
    attainedGpuNs = gpuNs;
    return this;
  }

  /** Moves the job to {@code value}; returns this job. */
  public TestJob state(JobState value) {
    state = Objects.requireNonNull(value, "state");
    return this;
  }

  /** Sets when it became ready; returns this job. */
  public TestJob readyAt(long timeNs) {
    readyTimeNs = timeNs;
    return this;
  }

  /**
   * Puts {@code blocks} of its pending blocks on SMs at {@code timeNs} (the first start, if it is
   * the first); the job is then RUNNING. Returns this job.
   */
  public TestJob place(int blocks, long timeNs) {
    if (blocks < 0 || blocks > pendingBlocks) {
      throw new IllegalArgumentException(label + ": cannot place " + blocks + " of "
          + pendingBlocks + " pending blocks");
    }
    pendingBlocks -= blocks;
    residentBlocks += blocks;
    if (firstStartNs < 0 && blocks > 0) {
      firstStartNs = timeNs;
    }
    if (residentBlocks > 0) {
      state = JobState.RUNNING;
    }
    return this;
  }

  /** Evicts every resident block back to pending and counts a preemption; returns this job. */
  public TestJob preempted() {
    pendingBlocks += residentBlocks;
    residentBlocks = 0;
    preemptions++;
    return this;
  }

  /** Completes every block at {@code timeNs}; the job is then FINISHED. Returns this job. */
  public TestJob finish(long timeNs) {
    finishedBlocks += pendingBlocks + residentBlocks;
    pendingBlocks = 0;
    residentBlocks = 0;
    finishTimeNs = timeNs;
    if (firstStartNs < 0) {
      firstStartNs = timeNs;
    }
    state = JobState.FINISHED;
    return this;
  }

  /** The label. */
  @Override
  public String toString() {
    return label;
  }

  /** Builds a {@link TestJob}; every setter returns the builder. */
  public static final class Builder {
    private final long id;
    private String label;
    private JobQueue queue = TestQueues.queue("q");
    private long submitNs;
    private int credits = 1;
    private final List<Long> dependencies = new ArrayList<>();
    private long deadlineNs = Job.NO_DEADLINE;
    private Kernel kernel = KERNEL;
    private int residentBlocks;
    private JobState state;

    private Builder(long id) {
      this.id = id;
    }

    /** How assertions name the job; {@code queue#id} by default. */
    public Builder label(String value) {
      label = value;
      return this;
    }

    /** Its queue. */
    public Builder queue(JobQueue value) {
      queue = Objects.requireNonNull(value, "queue");
      return this;
    }

    /** When it was submitted. */
    public Builder submitAt(long timeNs) {
      submitNs = timeNs;
      return this;
    }

    /** Credits it holds while dispatched, at least 1. */
    public Builder credits(int value) {
      credits = value;
      return this;
    }

    /** Its absolute deadline. */
    public Builder deadline(long timeNs) {
      deadlineNs = timeNs;
      return this;
    }

    /** Jobs it depends on. */
    public Builder dependsOn(long... ids) {
      for (long dependency : ids) {
        dependencies.add(dependency);
      }
      return this;
    }

    /** Its kernel. */
    public Builder kernel(Kernel value) {
      kernel = Objects.requireNonNull(value, "kernel");
      return this;
    }

    /** {@link #KERNEL} with {@code blocks} blocks. */
    public Builder blocks(int blocks) {
      kernel = new Kernel(KERNEL.name(), blocks, KERNEL.threadsPerBlock(),
          KERNEL.registersPerThread(), KERNEL.sharedMemoryPerBlock(), KERNEL.idempotent(),
          KERNEL.program(), KERNEL.timing());
      return this;
    }

    /** Blocks on SMs now (the job is RUNNING unless a state is given). */
    public Builder resident(int blocks) {
      residentBlocks = blocks;
      return this;
    }

    /** Its state; by default RUNNING with resident blocks, READY otherwise. */
    public Builder state(JobState value) {
      state = value;
      return this;
    }

    /** The job. */
    public TestJob build() {
      if (residentBlocks < 0 || residentBlocks > kernel.gridBlocks()) {
        throw new IllegalArgumentException("resident blocks must be in [0, "
            + kernel.gridBlocks() + "], got " + residentBlocks);
      }
      return new TestJob(this);
    }
  }
}
