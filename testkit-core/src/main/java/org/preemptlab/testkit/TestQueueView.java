package org.preemptlab.testkit;

import java.util.Objects;
import java.util.Optional;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.QueueView;

/**
 * A {@link QueueView} for tests: a queue's live state (priority, weight, suspension, attained GPU
 * time, launched and waiting jobs), set by the test or by {@link TestScheduler} as a policy acts on
 * it. Like the engine's views it is live and equal only to itself.
 *
 * <pre>{@code
 * TestQueueView video = TestQueueView.of(TestQueues.queue("video", Priority.HIGH)).waiting(2);
 * var scheduler = new TestScheduler().withQueues(video);
 * }</pre>
 */
public final class TestQueueView implements QueueView {
  private final JobQueue spec;
  private Priority priority;
  private int weight;
  private SuspendLevel suspension;
  private long attainedGpuNs;
  private int launchedJobs;
  private int waitingJobs;

  private TestQueueView(JobQueue spec) {
    this.spec = Objects.requireNonNull(spec, "spec");
    this.priority = spec.priority();
    this.weight = spec.weight();
  }

  /** A view of {@code queue} with its declared priority and weight, idle and not suspended. */
  public static TestQueueView of(JobQueue queue) {
    return new TestQueueView(queue);
  }

  @Override
  public JobQueue spec() {
    return spec;
  }

  @Override
  public Priority priority() {
    return priority;
  }

  @Override
  public int weight() {
    return weight;
  }

  @Override
  public Optional<SuspendLevel> suspension() {
    return Optional.ofNullable(suspension);
  }

  @Override
  public long attainedGpuNs() {
    return attainedGpuNs;
  }

  @Override
  public int launchedJobs() {
    return launchedJobs;
  }

  @Override
  public int waitingJobs() {
    return waitingJobs;
  }

  /** Sets its priority now; returns this view. */
  public TestQueueView priority(Priority value) {
    priority = Objects.requireNonNull(value, "priority");
    return this;
  }

  /** Sets its weight now, at least 1; returns this view. */
  public TestQueueView weight(int value) {
    if (value < 1) {
      throw new IllegalArgumentException("weight must be >= 1, got " + value);
    }
    weight = value;
    return this;
  }

  /** Suspends it at {@code level}, or resumes it with {@code null}; returns this view. */
  public TestQueueView suspension(SuspendLevel level) {
    suspension = level;
    return this;
  }

  /** Sets the SM time its jobs have executed, in SM·ns, at least 0; returns this view. */
  public TestQueueView attained(long gpuNs) {
    if (gpuNs < 0) {
      throw new IllegalArgumentException("attained GPU time must be >= 0, got " + gpuNs);
    }
    attainedGpuNs = gpuNs;
    return this;
  }

  /** Sets how many of its jobs are launched and unfinished, at least 0; returns this view. */
  public TestQueueView launched(int jobs) {
    if (jobs < 0) {
      throw new IllegalArgumentException("launched jobs must be >= 0, got " + jobs);
    }
    launchedJobs = jobs;
    return this;
  }

  /** Sets how many of its jobs are submitted and not launched, at least 0; returns this view. */
  public TestQueueView waiting(int jobs) {
    if (jobs < 0) {
      throw new IllegalArgumentException("waiting jobs must be >= 0, got " + jobs);
    }
    waitingJobs = jobs;
    return this;
  }

  /** The queue's id. */
  @Override
  public String toString() {
    return spec.id();
  }
}
