package org.preemptlab.testkit.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;
import org.preemptlab.testkit.conformance.BrokenPlugins.BulkDiscount;
import org.preemptlab.testkit.conformance.BrokenPlugins.CorrectLoop;
import org.preemptlab.testkit.conformance.BrokenPlugins.SubmitsWithoutEnd;
import org.preemptlab.testkit.conformance.BrokenPlugins.UnseededGrid;
import org.preemptlab.testkit.conformance.BrokenPlugins.WakesInThePast;
import org.preemptlab.testkit.conformance.BrokenPlugins.WrongQueue;
import org.preemptlab.testkit.conformance.BrokenPlugins.Correct;
import org.preemptlab.testkit.conformance.BrokenPlugins.FlushesEverything;
import org.preemptlab.testkit.conformance.BrokenPlugins.IgnoresDelivery;
import org.preemptlab.testkit.conformance.BrokenPlugins.IgnoresWithdrawals;
import org.preemptlab.testkit.conformance.BrokenPlugins.KeepsDispatchedJobs;
import org.preemptlab.testkit.conformance.BrokenPlugins.NegativeForSmallContexts;
import org.preemptlab.testkit.conformance.BrokenPlugins.NegativeRestore;
import org.preemptlab.testkit.conformance.BrokenPlugins.NeverResumes;
import org.preemptlab.testkit.conformance.BrokenPlugins.Overclocked;
import org.preemptlab.testkit.conformance.BrokenPlugins.PreemptsAStranger;
import org.preemptlab.testkit.conformance.BrokenPlugins.SelfishPlacement;
import org.preemptlab.testkit.conformance.BrokenPlugins.SkipsABlockPerSm;
import org.preemptlab.testkit.conformance.BrokenPlugins.StarvesLowPriority;
import org.preemptlab.testkit.conformance.BrokenPlugins.StopsAnywhere;
import org.preemptlab.testkit.conformance.BrokenPlugins.ThrowsOnNoDeadline;
import org.preemptlab.testkit.conformance.BrokenPlugins.UncappedLiveness;
import org.preemptlab.testkit.conformance.BrokenPlugins.UnseededTieBreak;

/**
 * Each suite, run through the JUnit Platform as a plugin project runs it, fails a deliberately
 * broken plugin of its kind with a message naming the fault, and passes a correct one. (The
 * suites under test are nested classes, which Surefire does not run on its own.)
 */
@Tag("slow")
class BrokenPluginsFailConformanceTest {

  static class KeepsDispatched extends PolicyConformance<KeepsDispatchedJobs> {
    @Override
    protected int workloads() {
      return 50;
    }
  }

  static class IgnoresWithdrawn extends PolicyConformance<IgnoresWithdrawals> {}

  static class Unseeded extends PolicyConformance<UnseededTieBreak> {
    @Override
    protected int workloads() {
      return 200;
    }
  }

  static class NoDeadline extends PolicyConformance<ThrowsOnNoDeadline> {
    @Override
    protected int workloads() {
      return 50;
    }
  }

  static class Starves extends PolicyConformance<StarvesLowPriority> {}

  static class Suspends extends PolicyConformance<NeverResumes> {}

  static class Selfish extends PolicyConformance<SelfishPlacement> {}

  static class Stranger extends PolicyConformance<PreemptsAStranger> {}

  static class Anywhere extends PreemptionStrategyConformance<StopsAnywhere> {}

  static class LateDelivery extends PreemptionStrategyConformance<IgnoresDelivery> {}

  static class FlushAll extends PreemptionStrategyConformance<FlushesEverything> {}

  static class SkipsOne extends PreemptionStrategyConformance<SkipsABlockPerSm> {}

  static class Uncapped extends ContextSaveConformance<UncappedLiveness> {}

  static class Negative extends ContextSaveConformance<NegativeForSmallContexts> {}

  static class CorrectSave extends ContextSaveConformance<Correct> {}

  static class Discount extends HardwareModelConformance<BulkDiscount> {}

  static class NegativeCost extends HardwareModelConformance<NegativeRestore> {}

  static class Overclock extends HardwareModelConformance<Overclocked> {}

  static class Loop extends ApplicationConformance<CorrectLoop> {}

  static class Misrouted extends ApplicationConformance<WrongQueue> {}

  static class PastWakeUp extends ApplicationConformance<WakesInThePast> {}

  static class OwnRandom extends ApplicationConformance<UnseededGrid> {}

  static class Flood extends ApplicationConformance<SubmitsWithoutEnd> {}

  /** Runs {@code suite} on the Jupiter engine and returns its test events. */
  private static Events run(Class<?> suite) {
    return EngineTestKit.engine("junit-jupiter").selectors(selectClass(suite)).execute()
        .testEvents();
  }

  /** The failure messages of the failed tests, by display name. */
  private static List<String> failures(Class<?> suite) {
    return run(suite).failed().stream()
        .map(e -> e.getTestDescriptor().getDisplayName() + ": " + message(e))
        .toList();
  }

  private static String message(Event event) {
    Optional<Throwable> thrown = event.getPayload(org.junit.platform.engine.TestExecutionResult
        .class).flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable);
    return thrown.map(Throwable::getMessage).orElse("");
  }

  @Test
  void aPolicyThatKeepsDispatchedJobsFailsTheContract() {
    assertThat(failures(KeepsDispatched.class)).singleElement().asString()
        .startsWith("contract broken").contains("which it does not hold: it was dispatched at");
  }

  @Test
  void aPolicyThatIgnoresWithdrawalsFailsTheContract() {
    assertThat(failures(IgnoresWithdrawn.class)).singleElement().asString()
        .contains("which it does not hold: it was withdrawn at");
  }

  @Test
  void aPolicyWithAnUnseededTieBreakFailsDeterminism() {
    assertThat(failures(Unseeded.class)).singleElement().asString()
        .startsWith("deterministic broken").contains("second run");
  }

  @Test
  void aPolicyThatThrowsFailsTheContractNamingTheException() {
    assertThat(failures(NoDeadline.class)).singleElement().asString()
        .contains("threw java.lang.ArithmeticException");
  }

  @Test
  void aPolicyThatStarvesAQueueFailsTheContract() {
    assertThat(failures(Starves.class)).singleElement().asString()
        .contains("but offers none, with every credit free");
  }

  @Test
  void aPolicyThatSuspendsAQueueAndNeverResumesItFailsTheContract() {
    assertThat(failures(Suspends.class)).singleElement().asString()
        .contains("and never resumed it");
  }

  @Test
  void aPolicyWithAnInconsistentPlacementOrderFailsTheContract() {
    assertThat(failures(Selfish.class)).singleElement().asString()
        .contains("placementOrder compares").contains("inconsistently");
  }

  @Test
  void aPolicyThatPreemptsAJobOfAnotherRunFailsTheContract() {
    assertThat(failures(Stranger.class)).singleElement().asString()
        .contains("a job view this run did not hand out");
  }

  @Test
  void aStrategyThatStopsInsideUnsafeSegmentsFails() {
    assertThat(failures(Anywhere.class)).singleElement().asString()
        .startsWith("stop rules broken").contains("not a safe stop");
  }

  @Test
  void aStrategyThatStopsBeforeTheRequestIsDeliveredFails() {
    assertThat(failures(LateDelivery.class)).singleElement().asString()
        .contains("before the request is delivered");
  }

  @Test
  void aStrategyThatFlushesNonIdempotentKernelsFails() {
    assertThat(failures(FlushAll.class)).singleElement().asString()
        .contains("flush of a non-idempotent kernel");
  }

  @Test
  void aStrategyThatAnswersTooFewDecisionsPerSmFails() {
    assertThat(failures(SkipsOne.class)).singleElement().asString()
        .contains("answered").contains("decisions for");
  }

  @Test
  void aSaveLargerThanTheAllocationFails() {
    assertThat(failures(Uncapped.class)).singleElement().asString()
        .startsWith("bytes broken").contains("outside [0, ");
  }

  @Test
  void aNegativeSaveFails() {
    assertThat(failures(Negative.class)).singleElement().asString()
        .contains("saves -");
  }

  @Test
  void aCorrectPluginPassesEveryCheckOfItsSuite() {
    Events events = run(CorrectSave.class);

    assertThat(events.failed().count()).isZero();
    assertThat(events.succeeded().count()).isEqualTo(3);
  }

  @Test
  void aHardwareModelWhoseCostFallsWithMoreBytesFails() {
    assertThat(failures(Discount.class)).singleElement().asString()
        .startsWith("costs broken").contains("more bytes, less time");
  }

  @Test
  void aHardwareModelWhoseClockUnderLoadExceedsItsClockFails() {
    assertThat(failures(Overclock.class)).singleElement().asString()
        .startsWith("clock broken").contains("sustained clock of broken");
  }

  @Test
  void aHardwareModelWithNegativeCostsFails() {
    assertThat(failures(NegativeCost.class)).singleElement().asString()
        .contains("restore -");
  }

  @Test
  void anApplicationThatSubmitsToAQueueItDidNotDeclareFails() {
    assertThat(failures(Misrouted.class)).hasSize(2).allSatisfy(f -> assertThat(f)
        .contains("broke a rule of the engine: queue 'loop-context' is not one of the "
            + "application's"));
  }

  @Test
  void anApplicationThatAsksForAWakeUpInThePastFails() {
    assertThat(failures(PastWakeUp.class)).hasSize(2).allSatisfy(f -> assertThat(f)
        .contains("is before now"));
  }

  @Test
  void anApplicationThatDrawsFromItsOwnGeneratorFailsDeterminism() {
    assertThat(failures(OwnRandom.class)).singleElement().asString()
        .startsWith("deterministic broken-loop").contains("second run");
  }

  @Test
  void anApplicationThatSubmitsWithoutWaitingForTheGpuFails() {
    assertThat(failures(Flood.class)).hasSize(2).allSatisfy(f -> assertThat(f)
        .contains("a loop that never waits for the GPU"));
  }

  @Test
  void aCorrectApplicationPassesEveryCheckOfItsSuite() {
    Events events = run(Loop.class);

    assertThat(events.failed().count()).isZero();
    assertThat(events.succeeded().count()).isEqualTo(3);
  }
}
