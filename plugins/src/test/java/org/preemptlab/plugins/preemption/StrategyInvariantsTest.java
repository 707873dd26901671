package org.preemptlab.plugins.preemption;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.preemption.BlockAction;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.plugins.testing.DecisionChecker;
import org.preemptlab.plugins.testing.RandomBlocks;

/** Randomized checks of the strategy contract over seeded random block programs. */
class StrategyInvariantsTest {
  private static final List<BlockSnapshot> BLOCKS = RandomBlocks.snapshots(0x5EED_2025L, 5000);

  static List<Arguments> strategies() {
    return List.of(
        Arguments.of("block-boundary", new BlockBoundaryStrategy()),
        Arguments.of("instruction-level", new InstructionLevelStrategy()),
        Arguments.of("user-yield", new UserYieldStrategy()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("strategies")
  void everyDecisionIsASafeStopAtOrAfterTheProgressWithinTheProgram(String id,
      PreemptionPointStrategy strategy) {
    assertThat(DecisionChecker.violations(strategy, BLOCKS)).isEmpty();
  }

  @Test
  void theRandomBlocksExerciseEveryKindOfDecision() {
    var instruction = new InstructionLevelStrategy();
    var yield = new UserYieldStrategy();

    assertThat(BLOCKS).anySatisfy(b -> assertThat(instruction.decide(b).stopOffsetNs())
        .isGreaterThan(b.progressNs()).isLessThan(b.program().durationNs()));
    assertThat(BLOCKS).anySatisfy(b -> assertThat(yield.decide(b).action())
        .isEqualTo(BlockAction.SAVE));
    assertThat(BLOCKS).anySatisfy(b -> assertThat(yield.decide(b).level())
        .isEqualTo("block-end"));
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
        int index = ProgramPoints.nextSegmentOfKind(program, block.progressNs(),
            SegmentKind.YIELD_POINT).orElseThrow();
        assertThat(decision.stopOffsetNs()).isEqualTo(ProgramPoints.endOf(program, index));
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
}
