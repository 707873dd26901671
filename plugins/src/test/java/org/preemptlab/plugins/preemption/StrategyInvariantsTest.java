package org.preemptlab.plugins.preemption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.PluginProvider;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.preemption.BlockAction;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.StopRules;
import org.preemptlab.plugins.preemption.collaborative.CollaborativeStrategy;
import org.preemptlab.plugins.preemption.flush.FlushStrategy;
import org.preemptlab.plugins.preemption.instructionlevel.CheckPlacement;
import org.preemptlab.plugins.preemption.instructionlevel.InstructionLevelStrategy;
import org.preemptlab.plugins.preemption.shared.KernelFallback;
import org.preemptlab.plugins.preemption.useryield.UserYieldStrategy;
import org.preemptlab.testkit.DecisionChecker;
import org.preemptlab.testkit.RandomBlocks;
import org.preemptlab.testkit.TestDevices;

/**
 * Strategy-specific properties over seeded random blocks. The safety rule itself, for every
 * strategy and parameter combination, is the test kit's conformance suite
 * ({@code ShippedStrategiesConformanceTest}); these check what each strategy adds: where exactly
 * it stops, and that the random programs reach every case the checker distinguishes.
 */
class StrategyInvariantsTest {
  private static final long SEED = 0x5EED_2025L;
  private static final int SAMPLES = 4000;
  private static final List<BlockSnapshot> BLOCKS = RandomBlocks.snapshots(SEED, 5000);

  @Test
  void theRandomProgramsCoverEveryCombinationTheCheckerDistinguishes() {
    List<PreemptionPointStrategy> strategies = List.of(
        new InstructionLevelStrategy(CheckPlacement.EVERY_N, 100),
        new UserYieldStrategy(UserYieldStrategy.Delivery.INTERRUPT, 0, 0, 30),
        new CollaborativeStrategy(500, null),
        new CollaborativeStrategy(2_500, null),
        new CollaborativeStrategy(15_000, null));
    var levels = new java.util.TreeSet<String>();
    for (PreemptionPointStrategy strategy : strategies) {
      for (RandomBlocks.Sample sample :
          RandomBlocks.samples(SEED, SAMPLES, strategy, TestDevices.COSTED)) {
        PreemptionDecision decision = strategy.decide(sample.snapshot());
        levels.add(decision.level() + "/" + decision.action());
      }
    }

    assertThat(levels).contains("check-every-n/SAVE", "block-end/DRAIN", "user-yield/SAVE",
        "not-yielding/DRAIN", "save/SAVE", "flush/FLUSH", "drain/DRAIN");
  }

  @Test
  void flushWithoutFallbackRefusesEveryNonIdempotentBlockAndNoOther() {
    PreemptionPointStrategy strategy = new FlushStrategy(KernelFallback.NONE);
    for (RandomBlocks.Sample sample :
        RandomBlocks.samples(SEED, 500, strategy, TestDevices.COSTED)) {
      BlockSnapshot block = sample.snapshot();
      if (block.kernel().idempotent()) {
        assertThat(DecisionChecker.violations(sample, strategy.decide(block))).isEmpty();
      } else {
        assertThatThrownBy(() -> strategy.decide(block))
            .isInstanceOf(ConfigurationException.class);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("softwarePlacements")
  void softwareChecksStopAtTheFirstSafeCheckFoundByBruteForce(CheckPlacement placement,
      long interval) {
    var strategy = new InstructionLevelStrategy(placement, interval);
    for (RandomBlocks.Sample sample :
        RandomBlocks.samples(SEED, 2000, strategy, TestDevices.COSTED)) {
      BlockSnapshot block = sample.snapshot();
      long expected = bruteForceStop(block, placement, interval);
      PreemptionDecision decision = strategy.decide(block);

      assertThat(decision.stopOffsetNs()).as("%s", block).isEqualTo(expected);
      assertThat(decision.action()).isEqualTo(expected == block.program().durationNs()
          ? BlockAction.DRAIN : BlockAction.SAVE);
    }
  }

  static List<Arguments> softwarePlacements() {
    return List.of(Arguments.of(CheckPlacement.EVERY_INSTRUCTION, 1),
        Arguments.of(CheckPlacement.AFTER_GLOBAL_MEMORY, 1),
        Arguments.of(CheckPlacement.EVERY_N, 1), Arguments.of(CheckPlacement.EVERY_N, 13),
        Arguments.of(CheckPlacement.EVERY_N, 1000));
  }

  /** Every check position, enumerated one instruction at a time; the first safe one or the end. */
  private static long bruteForceStop(BlockSnapshot block, CheckPlacement placement,
      long interval) {
    long start = 0;
    long before = 0;
    for (var segment : block.program().segments()) {
      long n = segment.instructions();
      for (long j = 1; j <= n; j++) {
        long at = start + (j * segment.durationNs() + n - 1) / n;
        boolean checked = switch (placement) {
          case EVERY_INSTRUCTION -> true;
          case AFTER_GLOBAL_MEMORY -> segment.kind() == SegmentKind.GLOBAL_MEMORY;
          case EVERY_N -> (before + j) % interval == 0;
          case HARDWARE -> throw new AssertionError();
        };
        if (checked && at >= block.progressNs()
            && PreemptionDecision.isSafeStop(block.program(), at)) {
          return at;
        }
      }
      start += segment.durationNs();
      before += n;
    }
    return block.program().durationNs();
  }

  @Test
  void instructionLevelStopsAtTheEarliestSafePoint() {
    var strategy = new InstructionLevelStrategy();
    for (BlockSnapshot block : BLOCKS) {
      long stop = strategy.decide(block).stopOffsetNs();
      assertThat(LongStream.range(block.progressNs(), stop)
          .filter(t -> PreemptionDecision.isSafeStop(block.program(), t)))
          .as("safe points before %d in %s", stop, block)
          .isEmpty();
    }
  }

  @Test
  void userYieldSavesOnlyAtTheEndOfAYieldPoint() {
    var strategy = new UserYieldStrategy();
    for (BlockSnapshot block : BLOCKS) {
      PreemptionDecision decision = strategy.decide(block);
      if (decision.action() == BlockAction.SAVE) {
        var program = block.program();
        int index = StopRules.nextSegmentOfKind(program, block.progressNs(),
            SegmentKind.YIELD_POINT).orElseThrow();
        assertThat(decision.stopOffsetNs()).isEqualTo(StopRules.endOf(program, index));
        assertThat(block.yieldHandled()).isTrue();
      }
    }
  }

  @Test
  void theCheckerCatchesAStrategyThatStopsInsideUnsafeSegments() {
    PreemptionPointStrategy stopsAnywhere =
        block -> PreemptionDecision.saveAt(block.progressNs(), "broken");

    assertThat(DecisionChecker.violations(stopsAnywhere, BLOCKS))
        .isNotEmpty()
        .allSatisfy(v -> assertThat(v).contains("not a safe stop"));
    assertThat(DecisionChecker.smViolations(stopsAnywhere,
        RandomBlocks.samples(SEED, SAMPLES, stopsAnywhere, TestDevices.COSTED), 8))
        .isNotEmpty()
        .allSatisfy(v -> assertThat(v).contains("not a safe stop"));
  }

  @Test
  void theCheckerCatchesEveryNChecksThatForgetTheSafetyRule() {
    // stops at the first 7th-instruction check at or after the progress, in any kind of segment
    PreemptionPointStrategy careless = block -> {
      long start = 0;
      long before = 0;
      for (var segment : block.program().segments()) {
        long n = segment.instructions();
        for (long j = 1; j <= n; j++) {
          long at = start + (j * segment.durationNs() + n - 1) / n;
          if ((before + j) % 7 == 0 && at >= block.progressNs()) {
            return PreemptionDecision.saveAt(at, "broken");
          }
        }
        start += segment.durationNs();
        before += n;
      }
      return PreemptionDecision.drain(block, "broken");
    };

    assertThat(DecisionChecker.smViolations(careless,
        RandomBlocks.samples(SEED, SAMPLES, careless, TestDevices.COSTED), 8))
        .isNotEmpty()
        .allSatisfy(v -> assertThat(v).contains("not a safe stop"));
  }

  @Test
  void theCheckerCatchesAStopThatTheBlockPassesBeforeTheRequestIsDelivered() {
    PreemptionPointStrategy late = block -> PreemptionDecision.saveAt(
        StopRules.nextSafeStop(block.program(), block.progressNs()), "broken")
        .withDelivery(50);

    assertThat(DecisionChecker.smViolations(late,
        RandomBlocks.samples(SEED, SAMPLES, late, TestDevices.COSTED), 8))
        .isNotEmpty()
        .anySatisfy(v -> assertThat(v).contains("before the request is delivered"));
  }

  @Test
  void theCheckerCatchesAStrategyThatStopsBeforeTheProgressOrPastTheEnd() {
    PreemptionPointStrategy stopsAtZero = block -> PreemptionDecision.saveAt(0, "broken");
    PreemptionPointStrategy stopsPastTheEnd = block -> new PreemptionDecision(
        BlockAction.DRAIN, block.program().durationNs() + 1, 0, "broken");

    assertThat(DecisionChecker.violations(stopsAtZero, BLOCKS))
        .anySatisfy(v -> assertThat(v).contains("before the progress"));
    assertThat(DecisionChecker.violations(stopsPastTheEnd, BLOCKS))
        .anySatisfy(v -> assertThat(v).contains("outside the program"));
  }

  @Test
  void theCheckerCatchesAFlushOfANonIdempotentKernel() {
    PreemptionPointStrategy flushesAll = block -> PreemptionDecision.flush(block, "broken");

    assertThat(DecisionChecker.violations(flushesAll, BLOCKS))
        .isNotEmpty()
        .allSatisfy(v -> assertThat(v).contains("non-idempotent"));
  }

  @Test
  void theCheckerCatchesPerSmAnswersOfTheWrongSize() {
    PreemptionPointStrategy forgetsOne = new PreemptionPointStrategy() {
      @Override
      public PreemptionDecision decide(BlockSnapshot block) {
        return PreemptionDecision.drain(block, "broken");
      }

      @Override
      public List<PreemptionDecision> decideSm(List<BlockSnapshot> blocks) {
        return blocks.stream().skip(1).map(this::decide).toList();
      }
    };

    assertThat(DecisionChecker.smViolations(forgetsOne,
        RandomBlocks.samples(SEED, 100, forgetsOne, TestDevices.COSTED), 8))
        .isNotEmpty()
        .allSatisfy(v -> assertThat(v).startsWith("answered "));
  }
}
