package org.preemptlab.benchmarks;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.discovery.PluginType;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestJob;
import org.preemptlab.testkit.TestQueues;
import org.preemptlab.testkit.TestScheduler;

/**
 * One scheduling decision of a shipped policy, created through plugin discovery as a run creates
 * it: with {@code held} jobs ready (from four queues of different priorities), one operation offers
 * a new ready job ({@code onJobReady}), asks for the next job ({@code selectNext}) and dispatches
 * it ({@code onJobDispatched}).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PolicyDecisionBenchmark {
  /** The policy's id. */
  @Param({"fifo", "priority"})
  public String policyId;

  /** Jobs the policy holds ready. */
  @Param({"64"})
  public int held;

  private SchedulingPolicy policy;
  private TestScheduler scheduler;
  /** Jobs not held by the policy, offered in turn; a dispatched job joins the end. */
  private final ArrayDeque<JobView> waiting = new ArrayDeque<>();

  /** Creates the policy and offers it {@code held} jobs. */
  @Setup
  public void setUp() {
    PluginRegistry registry = PluginRegistry.discover(getClass().getClassLoader());
    policy = registry.create(PluginType.SCHEDULING_POLICY, policyId, Map.of(),
        TestDevices.PASCAL, new SplittableRandom(42));
    scheduler = new TestScheduler();
    Priority[] priorities = {Priority.HIGH, Priority.NORMAL, Priority.NORMAL, Priority.LOW};
    JobQueue[] queues = new JobQueue[priorities.length];
    for (int q = 0; q < queues.length; q++) {
      queues[q] = TestQueues.queue("q" + q, priorities[q]);
    }
    // Twice as many jobs as held: a dispatched job is offered again later as a fresh ready job.
    waiting.clear();
    for (int i = 0; i < 2 * held; i++) {
      TestJob job = TestJob.ready("j" + i, i, queues[i % queues.length], 1_000L * i);
      if (i < held) {
        policy.onJobReady(job, scheduler);
      } else {
        waiting.addLast(job);
      }
    }
  }

  /** Offers one job, selects one and dispatches it; returns the selected job. */
  @Benchmark
  public JobView readySelectDispatch() {
    policy.onJobReady(waiting.pollFirst(), scheduler);
    JobView chosen = policy.selectNext(scheduler);
    policy.onJobDispatched(chosen, scheduler);
    waiting.addLast(chosen);
    return chosen;
  }
}
