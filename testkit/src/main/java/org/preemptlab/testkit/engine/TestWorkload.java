package org.preemptlab.testkit.engine;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Workload;

/**
 * Builds a small {@link Workload} for the harness: queues (their contexts are added as they are
 * named), then jobs numbered 1, 2, … in the order they are added.
 */
public final class TestWorkload {
  private final Map<String, GpuContext> contexts = new LinkedHashMap<>();
  private final Map<String, JobQueue> queues = new LinkedHashMap<>();
  private final List<Job> jobs = new ArrayList<>();

  private TestWorkload() {}

  /** An empty workload. */
  public static TestWorkload create() {
    return new TestWorkload();
  }

  /**
   * A kernel of {@code blocks} blocks of {@code threadsPerBlock} threads, no registers or shared
   * memory, each block running {@code blockNs} of compute, exact timing, not idempotent.
   */
  public static Kernel kernel(int blocks, int threadsPerBlock, long blockNs) {
    return new Kernel("k" + blocks + "x" + threadsPerBlock + "x" + blockNs, blocks,
        threadsPerBlock, 0, 0, false, BlockProgram.uniform(blockNs, 0, 0),
        new BlockTiming.Exact());
  }

  /** Declares context {@code id}; {@code handlesYield} says whether it answers yield requests. */
  public TestWorkload context(String id, boolean handlesYield) {
    contexts.put(id, new GpuContext(id, handlesYield));
    return this;
  }

  /** Adds a queue (see {@link org.preemptlab.testkit.TestQueues}); its context is added if new. */
  public TestWorkload queue(JobQueue queue) {
    checkArgument(queues.putIfAbsent(queue.id(), queue) == null, "queue '%s' added twice",
        queue.id());
    contexts.putIfAbsent(queue.contextId(), new GpuContext(queue.contextId(), false));
    return this;
  }

  /** Adds a one-credit job of {@code kernel} to queue {@code queueId}, submitted at {@code ns}. */
  public TestWorkload job(String queueId, long submitNs, Kernel kernel) {
    return job(Job.of(jobs.size() + 1, queueId, submitNs, kernel));
  }

  /**
   * Adds a one-credit job of {@code kernel} to queue {@code queueId}, submitted at {@code
   * submitNs}, with the absolute deadline {@code deadlineNs} (simulated time from the run's start,
   * not from the submission).
   */
  public TestWorkload job(String queueId, long submitNs, Kernel kernel, long deadlineNs) {
    return job(new Job(jobs.size() + 1, queueId, submitNs, 1, List.of(), deadlineNs, 0, kernel));
  }

  /** Adds {@code job} as it is (its id must be unique). */
  public TestWorkload job(Job job) {
    checkArgument(queues.containsKey(job.queueId()), "job %s: no queue '%s'; add it first, "
        + "queues are %s", job.id(), job.queueId(), queues.keySet());
    jobs.add(job);
    return this;
  }

  /** The id the next {@link #job(String, long, Kernel)} gets. */
  public long nextJobId() {
    return jobs.size() + 1;
  }

  /** The workload. */
  public Workload build() {
    return new Workload(List.copyOf(contexts.values()), List.copyOf(queues.values()), jobs);
  }
}
