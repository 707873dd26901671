package org.preemptlab.plugins.preemption.useryield;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.api.model.SegmentKind.COMPUTE;
import static org.preemptlab.api.model.SegmentKind.YIELD_POINT;
import static org.preemptlab.testkit.TestDevices.COSTED;
import static org.preemptlab.testkit.Blocks.program;
import static org.preemptlab.testkit.Blocks.segment;
import static org.preemptlab.testkit.Blocks.snapshot;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.testkit.Blocks;
import org.preemptlab.testkit.TestPlugins;

/** {@code user-yield}'s delivery: polling at yield points, periodic polling, interrupts. */
class UserYieldDeliveryTest {
  /** COMPUTE 1000, YIELD_POINT 10, COMPUTE 990: 2000 ns before polling. */
  private static final BlockProgram SOURCE = program(segment(COMPUTE, 1000),
      segment(YIELD_POINT, 10), segment(COMPUTE, 990));

  /** Yield points span [100, 110) and [210, 220); the program ends at 300. */
  private static final BlockProgram TWO_YIELDS = program(segment(COMPUTE, 100),
      segment(YIELD_POINT, 10), segment(COMPUTE, 100), segment(YIELD_POINT, 10),
      segment(COMPUTE, 80));

  private static PreemptionPointStrategy create(Map<String, String> parameters) {
    return TestPlugins.create(new UserYieldStrategyProvider(), COSTED, parameters);
  }

  private static List<Long> durations(BlockProgram program) {
    return program.segments().stream().map(Segment::durationNs).toList();
  }

  @Test
  void theDefaultsPollAtYieldPointsForFreeWithA32MicrosecondInterrupt() {
    assertThat(new UserYieldStrategyProvider().parameters())
        .extracting(p -> p.name() + "=" + p.defaultValue())
        .containsExactly("delivery=polling", "poll-interval=0ns", "poll-cost=0ns",
            "interrupt-latency=32us");
    assertThat(create(Map.of()).instrument(Blocks.kernel(SOURCE), SOURCE, COSTED))
        .isSameAs(SOURCE);
  }

  @Test
  void pollingAtYieldPointsAddsThePollCostToEachYieldPoint() {
    BlockProgram executed = create(Map.of("poll-cost", "25ns"))
        .instrument(Blocks.kernel(TWO_YIELDS), TWO_YIELDS, COSTED);

    assertThat(durations(executed)).containsExactly(100L, 35L, 100L, 35L, 80L);
  }

  @Test
  void periodicPollingLengthensEachSegmentByThePollsThatLandInIt() {
    // polls every 300 ns of executed time at 30 ns each land at 300, 600, 900 (first segment,
    // 1000 -> 1090), none in [1090, 1100], 1200, 1500, 1800, 2100 (last, 990 -> 1110): 7 polls
    BlockProgram executed = create(Map.of("poll-interval", "300ns", "poll-cost", "30ns"))
        .instrument(Blocks.kernel(SOURCE), SOURCE, COSTED);

    assertThat(durations(executed)).containsExactly(1090L, 10L, 1110L);
    assertThat(executed.durationNs()).isEqualTo(2000 + 7 * 30);
  }

  @Test
  void aKernelWithoutYieldPointsDoesNotPoll() {
    BlockProgram noYield = program(segment(COMPUTE, 2000));

    assertThat(create(Map.of("poll-interval", "300ns", "poll-cost", "30ns"))
        .instrument(Blocks.kernel(noYield), noYield, COSTED)).isSameAs(noYield);
  }

  @ParameterizedTest(name = "progress {0} stops at {1}")
  @CsvSource({"0, 1100", "850, 1100", "900, 1100"})
  void periodicPollingNoticesAtTheNextPollThenStopsAtTheNextYieldPoint(long progress,
      long stop) {
    PreemptionPointStrategy strategy =
        create(Map.of("poll-interval", "300ns", "poll-cost", "30ns"));
    BlockProgram executed = strategy.instrument(Blocks.kernel(SOURCE), SOURCE, COSTED);

    assertThat(strategy.decide(snapshot(executed, progress, true)))
        .isEqualTo(PreemptionDecision.saveAt(stop, "user-yield"));
  }

  @Test
  void aRequestNoticedAfterTheLastYieldPointDrains() {
    // progress 1095 is inside the yield point [1090, 1100), but the next poll is at 1200
    PreemptionPointStrategy strategy =
        create(Map.of("poll-interval", "300ns", "poll-cost", "30ns"));
    BlockProgram executed = strategy.instrument(Blocks.kernel(SOURCE), SOURCE, COSTED);
    BlockSnapshot block = snapshot(executed, 1095, true);

    assertThat(strategy.decide(block)).isEqualTo(PreemptionDecision.drain(block, "block-end"));
  }

  @ParameterizedTest(name = "progress {0} stops at {1}")
  @CsvSource({"20, 110", "60, 110", "61, 220", "170, 220"})
  void anInterruptArrivesAfterItsLatencyAndIsReturnedAsTheDeliveryDelay(long progress,
      long stop) {
    PreemptionPointStrategy strategy =
        create(Map.of("delivery", "interrupt", "interrupt-latency", "50ns"));

    assertThat(strategy.instrument(Blocks.kernel(TWO_YIELDS), TWO_YIELDS, COSTED))
        .isSameAs(TWO_YIELDS);
    assertThat(strategy.decide(snapshot(TWO_YIELDS, progress, true)))
        .isEqualTo(PreemptionDecision.saveAt(stop, "user-yield").withDelivery(50));
  }

  @Test
  void anInterruptArrivingAfterTheLastYieldPointDrainsWithoutDelay() {
    PreemptionPointStrategy strategy =
        create(Map.of("delivery", "interrupt", "interrupt-latency", "50ns"));
    BlockSnapshot block = snapshot(TWO_YIELDS, 171, true);

    assertThat(strategy.decide(block)).isEqualTo(PreemptionDecision.drain(block, "block-end"));
  }

  @Test
  void anInterruptAllowsForBlocksThatRunFasterThanTheirProgram() {
    // jitter 0.5: a block may run 300 ns of program in 150 ns, so 50 ns of delivery may carry it
    // ceil(50 x 300 / 150) + 1 = 101 ns further: from 10 it may pass 110, so it stops at 220
    Kernel jittered = new Kernel("j", 4, 256, 64, 0, false, TWO_YIELDS,
        new BlockTiming.UniformJitter(0.5, 7));
    PreemptionPointStrategy strategy =
        create(Map.of("delivery", "interrupt", "interrupt-latency", "50ns"));

    assertThat(strategy.decide(snapshot(jittered, 10, true, COSTED)))
        .isEqualTo(PreemptionDecision.saveAt(220, "user-yield").withDelivery(50));
    assertThat(strategy.decide(snapshot(Blocks.kernel(TWO_YIELDS), 10, true, COSTED)))
        .isEqualTo(PreemptionDecision.saveAt(110, "user-yield").withDelivery(50));
  }

  @Test
  void aContextThatDoesNotHandleYieldsIsNotPreemptedWhateverTheDelivery() {
    for (String delivery : List.of("polling", "interrupt")) {
      BlockSnapshot block = snapshot(TWO_YIELDS, 20, false);

      assertThat(create(Map.of("delivery", delivery)).decide(block))
          .isEqualTo(PreemptionDecision.drain(block, "not-yielding"));
    }
  }

  @Test
  void aPollCostNotBelowThePollIntervalIsRefused() {
    assertThatThrownBy(() -> create(Map.of("poll-interval", "1us", "poll-cost", "1us")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("preemption 'user-yield': poll-cost 1us must be below poll-interval 1us;"
            + " lower preemption.poll-cost or raise preemption.poll-interval");
  }
}
