package org.preemptlab.testkit.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.PluginProviderBase;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.testkit.TestQueues;
import org.preemptlab.testkit.doubles.FifoDouble;
import org.preemptlab.testkit.doubles.InstructionLevelDouble;
import org.preemptlab.testkit.doubles.PriorityDouble;

/**
 * The harness runs plugins in the real engine: on {@code TestDevices.ONE_SM} (one SM of 2,048
 * threads, every cost zero) a block of 2,048 threads fills the SM, so who runs when can be worked
 * out by hand.
 */
class PluginTestKitTest {
  /**
   * The bundled {@code priority} policy's provider, for the kit's provider path: its double with
   * the same {@code preempt} parameter (default true).
   */
  private static final class PriorityDoubleProvider extends PluginProviderBase<SchedulingPolicy> {
    PriorityDoubleProvider() {
      super("priority", "the priority policy's double", List.of(ParameterSpec.bool("preempt", true,
          "Whether a blocked job preempts lower-priority resident jobs.")));
    }

    @Override
    public SchedulingPolicy create(PluginContext context) {
      return new PriorityDouble(context.parameters().getBoolean("preempt"));
    }
  }

  /** A LOW job of one full-SM block of 10 µs at 0, a HIGH job of one 100 ns block at 1 µs. */
  private static final Workload PROBE = TestWorkload.create()
      .queue(TestQueues.queue("train", Priority.LOW))
      .queue(TestQueues.queue("video", Priority.HIGH))
      .job("train", 0, TestWorkload.kernel(1, 2048, 10_000))
      .job("video", 1_000, TestWorkload.kernel(1, 2048, 100))
      .build();

  @Test
  void aFifoPolicyWithOneCreditDispatchesInSubmitOrderAndRunsJobsBackToBack() {
    RunOutcome outcome = PluginTestKit.policy(FifoDouble::new)
        .on(TestWorkload.create().queue(TestQueues.queue("a")).queue(TestQueues.queue("b"))
            .job("b", 20, TestWorkload.kernel(1, 2048, 1_000))
            .job("a", 10, TestWorkload.kernel(1, 2048, 1_000))
            .job("a", 30, TestWorkload.kernel(1, 2048, 1_000)))
        .creditLimit(1)
        .run();

    outcome.assertThat().allJobsFinished().dispatchedInOrder(2, 1, 3).hasNoPreemptions()
        .finishedBefore(2, 1).makespanAtMost(3_010);
    outcome.assertThat().job(2).startedAt(10).finishedBy(1_010).waitedAtMost(0);
    outcome.assertThat().job(3).startedAt(2_010).turnaroundAtMost(2_980);
  }

  @Test
  void underBlockBoundaryPreemptionTheWaiterStartsWhenTheVictimsBlockEnds() {
    RunOutcome outcome = PluginTestKit.policy(new PriorityDoubleProvider(), Map.of())
        .on(PROBE).run();

    outcome.assertThat().allJobsFinished().preempted(1).everyPreemptionLatencyAtMost(9_000)
        .everyWaiterLatencyAtMost(9_000);
    outcome.assertThat().job(2).startedAt(10_000);
    outcome.assertThat().job(1).wasPreempted(1);
  }

  @Test
  void underInstructionLevelPreemptionTheWaiterStartsAtOnce() {
    RunOutcome outcome = PluginTestKit.policy(new PriorityDoubleProvider(), Map.of())
        .preemption(new InstructionLevelDouble())
        .on(PROBE).run();

    outcome.assertThat().preempted(1).everyWaiterLatencyAtMost(0);
    outcome.assertThat().job(2).startedAt(1_000).finishedBy(1_100);
    outcome.assertThat().queue("video").maxWaitingAtMost(0).preemptedTimes(0);
    outcome.assertThat().queue("train").preemptedTimes(1).maxTurnaroundAtMost(10_100);
  }

  @Test
  void withoutPreemptionTheHighPriorityJobWaitsForTheLowOne() {
    RunOutcome outcome = PluginTestKit.policy(new PriorityDoubleProvider(),
        Map.of("preempt", "false")).on(PROBE).run();

    outcome.assertThat().hasNoPreemptions().job(2).startedAt(10_000);
    assertThat(outcome.preemptionRequests()).isEmpty();
  }

  @Test
  void aFailedAssertionSaysWhatWasExpectedAndWhatHappened() {
    RunOutcome outcome = PluginTestKit.policy(FifoDouble::new).on(PROBE).run();

    assertThatThrownBy(() -> outcome.assertThat().dispatchedInOrder(2, 1))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("Expected dispatch order [2, 1] but was [1, 2]");
    assertThatThrownBy(() -> outcome.assertThat().job(2).startedAt(1_000))
        .hasMessageContaining("Expected job 2 to start at 1000 ns but it started at 10000 ns");
    assertThatThrownBy(() -> outcome.assertThat().queue("audio"))
        .hasMessageContaining("no queue 'audio'; queues are [train, video]");
  }

  @Test
  void aLaunchWindowOfOneHoldsAQueuesSecondJobUntilItsFirstFinishes() {
    var run = PluginTestKit.policy(FifoDouble::new)
        .on(TestWorkload.create().queue(TestQueues.queue("a"))
            .job("a", 0, TestWorkload.kernel(1, 32, 1_000))
            .job("a", 0, TestWorkload.kernel(1, 32, 1_000)));

    run.run().assertThat().job(2).startedAt(0);
    RunOutcome windowOfOne = run.launchWindow(1).run();
    windowOfOne.assertThat().dispatchedInOrder(1, 2);
    windowOfOne.assertThat().job(2).startedAt(1_000);
  }

  @Test
  void aRunWithoutAWorkloadIsRefused() {
    assertThatThrownBy(() -> PluginTestKit.policy(FifoDouble::new).run())
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("on(...)");
  }

  @Test
  void theSameRunTwiceGivesTheSameOutcome() {
    var run = PluginTestKit.policy(new PriorityDoubleProvider(), Map.of()).on(PROBE);

    assertThat(run.run()).isEqualTo(run.run());
  }
}
