package org.preemptlab.policies.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SmSet;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.RunPlugins;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.engine.Simulator;
import org.preemptlab.engine.SpatialSharing;
import org.preemptlab.policies.baseline.FifoPolicy;
import org.preemptlab.policies.baseline.PriorityPolicy;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestQueues;
import org.preemptlab.testkit.doubles.BlockBoundaryDouble;
import org.preemptlab.testkit.doubles.FifoDouble;
import org.preemptlab.testkit.doubles.FullSaveDouble;
import org.preemptlab.testkit.doubles.InstructionLevelDouble;
import org.preemptlab.testkit.doubles.PriorityDouble;
import org.preemptlab.testkit.engine.PluginTestKit;
import org.preemptlab.testkit.engine.RunOutcome;
import org.preemptlab.testkit.engine.TestWorkload;

/**
 * The test kit's doubles of the {@code fifo} and {@code priority} policies, which the engine's
 * tests and the kit's defaults use, decide exactly as the bundled policies: over seeded random
 * scenarios (one SM or ten with preemption costs, 1 to 4 queues of random priority, 3 to 24 jobs
 * of 1 to 40 blocks on a coarse submit grid so that ties happen, random credit limits,
 * block-boundary or instruction-level preemption) each runs on the real engine with the same
 * dispatch order, preemption requests and result, job by job; and {@code priority} also with each
 * queue confined to some of the ten SMs (green contexts), where it spares victims whose SMs the
 * waiting job cannot use.
 */
class DoublesMatchBundledPoliciesTest {
  private static final int SCENARIOS = 150;

  @Test
  void theFifoDoubleRunsEveryScenarioAsTheFifoPolicy() {
    for (long seed = 0; seed < SCENARIOS; seed++) {
      assertThat(run(seed, FifoDouble::new)).as("seed %s", seed)
          .isEqualTo(run(seed, FifoPolicy::new));
    }
  }

  @ParameterizedTest(name = "preemptive {0}")
  @ValueSource(booleans = {true, false})
  void thePriorityDoubleRunsEveryScenarioAsThePriorityPolicy(boolean preemptive) {
    long preemptions = 0;
    for (long seed = 0; seed < SCENARIOS; seed++) {
      RunOutcome bundled = run(seed, () -> new PriorityPolicy(preemptive));
      assertThat(run(seed, () -> new PriorityDouble(preemptive))).as("seed %s", seed)
          .isEqualTo(bundled);
      preemptions += bundled.preemptionRequests().size();
    }
    if (preemptive) {
      assertThat(preemptions).as("preemption requests over every scenario").isGreaterThan(50);
    } else {
      assertThat(preemptions).isZero();
    }
  }

  @Test
  void thePriorityDoubleSparesTheVictimsThePriorityPolicySparesUnderPartitions() {
    long preemptions = 0;
    for (long seed = 0; seed < SCENARIOS; seed++) {
      SimulationResult bundled = runPartitioned(seed, () -> new PriorityPolicy(true));
      assertThat(runPartitioned(seed, () -> new PriorityDouble(true))).as("seed %s", seed)
          .isEqualTo(bundled);
      preemptions += bundled.preemptions().size();
    }
    assertThat(preemptions).as("preemptions over every scenario").isGreaterThan(20);
  }

  /** Runs scenario {@code seed} under the policies {@code policy} creates. */
  private static RunOutcome run(long seed, Supplier<SchedulingPolicy> policy) {
    SplittableRandom random = new SplittableRandom(seed);
    DeviceSpec device = random.nextBoolean() ? TestDevices.ONE_SM : TestDevices.COSTED;
    PreemptionPointStrategy preemption = random.nextBoolean() ? new BlockBoundaryDouble()
        : new InstructionLevelDouble();
    int[] credits = {1, 2, Integer.MAX_VALUE};
    int creditLimit = credits[random.nextInt(credits.length)];
    return PluginTestKit.policy(policy).device(device).preemption(preemption)
        .creditLimit(creditLimit).on(workload(random)).run();
  }

  /**
   * Runs scenario {@code seed} on {@link TestDevices#COSTED} (ten SMs) with instruction-level
   * preemption and each queue confined to SMs 0-4, 5-9, 3-7 or all ten.
   */
  private static SimulationResult runPartitioned(long seed, Supplier<SchedulingPolicy> policy) {
    SplittableRandom random = new SplittableRandom(seed);
    Workload workload = workload(random);
    SmSet[] partitions = {SmSet.range(0, 5), SmSet.range(5, 10), SmSet.range(3, 8), null};
    Map<String, SmSet> queuePartitions = new HashMap<>();
    for (JobQueue queue : workload.queues()) {
      SmSet sms = partitions[random.nextInt(partitions.length)];
      if (sms != null) {
        queuePartitions.put(queue.id(), sms);
      }
    }
    DeviceSpec device = TestDevices.COSTED;
    RunPlugins plugins = new RunPlugins("priority", engine -> policy.get(), "instruction-level",
        new InstructionLevelDouble(), "full", new FullSaveDouble());
    return new Simulator(workload, () -> device, plugins, EngineOptions.defaults())
        .withSharing(new SpatialSharing(null, Map.of(), queuePartitions, Set.of()))
        .run();
  }

  /** 1 to 4 queues of random priority, 3 to 24 jobs of 1 to 40 blocks on a 1 us submit grid. */
  private static Workload workload(SplittableRandom random) {
    TestWorkload workload = TestWorkload.create();
    Priority[] priorities = Priority.values();
    int queues = random.nextInt(1, 5);
    for (int q = 0; q < queues; q++) {
      workload.queue(TestQueues.builder("q" + q)
          .priority(priorities[random.nextInt(priorities.length)]).build());
    }
    int jobs = random.nextInt(3, 25);
    for (int j = 0; j < jobs; j++) {
      workload.job("q" + random.nextInt(queues), 1_000L * random.nextInt(0, 20),
          TestWorkload.kernel(random.nextInt(1, 41), 32 << random.nextInt(0, 6),
              100L * random.nextInt(1, 60)));
    }
    return workload.build();
  }
}
