package org.preemptlab.plugins.preemption.useryield;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.api.model.SegmentKind.COMPUTE;
import static org.preemptlab.api.model.SegmentKind.SHARED_MEMORY;
import static org.preemptlab.api.model.SegmentKind.YIELD_POINT;
import static org.preemptlab.testkit.Blocks.program;
import static org.preemptlab.testkit.Blocks.segment;
import static org.preemptlab.testkit.Blocks.snapshot;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.preemption.PreemptionDecision;

class UserYieldStrategyTest {
  /** Yield points span [100, 110) and [210, 220); the program ends at 300. */
  private static final BlockProgram PROGRAM = program(
      segment(COMPUTE, 100), segment(YIELD_POINT, 10), segment(SHARED_MEMORY, 100),
      segment(YIELD_POINT, 10), segment(COMPUTE, 80));

  private final UserYieldStrategy strategy = new UserYieldStrategy();

  @ParameterizedTest(name = "progress {0} stops at {1}")
  @CsvSource({"0, 110", "50, 110", "100, 110", "105, 110", "110, 110", "111, 220", "150, 220",
      "220, 220"})
  void stopsAtTheEndOfTheNextYieldPoint(long progress, long stop) {
    assertThat(strategy.decide(snapshot(PROGRAM, progress, true)))
        .isEqualTo(PreemptionDecision.saveAt(stop, "user-yield"));
  }

  @ParameterizedTest(name = "progress {0}")
  @CsvSource({"221", "250", "300"})
  void drainsToTheBlockEndWhenNoYieldPointRemains(long progress) {
    var block = snapshot(PROGRAM, progress, true);

    assertThat(strategy.decide(block))
        .isEqualTo(PreemptionDecision.drain(block, "block-end"))
        .extracting(PreemptionDecision::stopOffsetNs).isEqualTo(300L);
  }

  @Test
  void drainsWhenTheContextDoesNotHandleYieldRequests() {
    var block = snapshot(PROGRAM, 50, false);

    assertThat(strategy.decide(block)).isEqualTo(PreemptionDecision.drain(block, "not-yielding"));
  }

  @Test
  void drainsWhenTheNextYieldPointEndsTheBlock() {
    BlockProgram program = program(segment(COMPUTE, 100), segment(YIELD_POINT, 10));
    var block = snapshot(program, 20, true);

    assertThat(strategy.decide(block)).isEqualTo(PreemptionDecision.drain(block, "block-end"));
  }

  @Test
  void drainsAProgramWithoutYieldPoints() {
    var block = snapshot(program(segment(COMPUTE, 100)), 0, true);

    assertThat(strategy.decide(block)).isEqualTo(PreemptionDecision.drain(block, "block-end"));
  }
}
