package org.preemptlab.plugins.preemption.instructionlevel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.api.model.SegmentKind.COMPUTE;
import static org.preemptlab.api.model.SegmentKind.GLOBAL_MEMORY;
import static org.preemptlab.api.model.SegmentKind.SHARED_MEMORY;
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
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.testkit.Blocks;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestPlugins;

/** The compiler-inserted check placements of {@code instruction-level}: overhead and latency. */
class SoftwareChecksTest {
  /**
   * Before instrumentation: COMPUTE 100 instr in 100 ns, GLOBAL_MEMORY 50 instr in 200 ns,
   * SHARED_MEMORY 300 instr in 300 ns, COMPUTE 0 instr in 40 ns.
   */
  private static final BlockProgram SOURCE = program(segment(COMPUTE, 100, 100),
      segment(GLOBAL_MEMORY, 50, 200), segment(SHARED_MEMORY, 300, 300),
      segment(COMPUTE, 0, 40));

  /**
   * An executed program: COMPUTE [0, 100) 100 instr; SHARED_MEMORY [100, 300) instr 101-300;
   * GLOBAL_MEMORY [300, 400) instr 301-350, one every 2 ns; COMPUTE [400, 500) without instr.
   */
  private static final BlockProgram EXECUTED = program(segment(COMPUTE, 100, 100),
      segment(SHARED_MEMORY, 200, 200), segment(GLOBAL_MEMORY, 50, 100),
      segment(COMPUTE, 0, 100));

  private static List<Long> durations(BlockProgram program) {
    return program.segments().stream().map(Segment::durationNs).toList();
  }

  private static InstructionLevelStrategy strategy(String checks, long interval) {
    return (InstructionLevelStrategy) TestPlugins.create(new InstructionLevelStrategyProvider(), COSTED,
        Map.of("checks", checks, "interval", Long.toString(interval)));
  }

  @Test
  void everyInstructionAddsFourCyclesPerInstructionToEachSegment() {
    // 4 cycles at 1,000 MHz = 4 ns per check: +400, +200, +1200, +0
    BlockProgram executed = strategy("every-instruction", 1000)
        .instrument(Blocks.kernel(SOURCE), SOURCE, COSTED);

    assertThat(durations(executed)).containsExactly(500L, 400L, 1500L, 40L);
    assertThat(executed.instructions()).isEqualTo(SOURCE.instructions());
  }

  @Test
  void afterGlobalMemoryAddsOneCheckPerGlobalMemoryInstructionOnly() {
    BlockProgram executed = strategy("after-global-memory", 1000)
        .instrument(Blocks.kernel(SOURCE), SOURCE, COSTED);

    assertThat(durations(executed)).containsExactly(100L, 400L, 300L, 40L);
  }

  @Test
  void everyNAddsOneCheckPerNInstructionsCountedAcrossTheProgram() {
    // N = 120: instructions 1-100, 101-150, 151-450 hold checks 0, 1 (120), 2 (240, 360)
    BlockProgram executed = strategy("every-n", 120)
        .instrument(Blocks.kernel(SOURCE), SOURCE, COSTED);

    assertThat(durations(executed)).containsExactly(100L, 204L, 308L, 40L);
  }

  @Test
  void checkCyclesAreRoundedUpToNanosecondsPerSegmentAtTheDeviceClock() {
    // 100 checks x 4 cycles at 1,980 MHz = 202.02 ns -> 203 ns
    DeviceSpec h200Clock = new DeviceSpec("h200-clock", 1, COSTED.sm(), 1980, COSTED.costs(),
        true, false);
    BlockProgram one = program(segment(COMPUTE, 100, 100));

    assertThat(strategy("every-instruction", 1).instrument(Blocks.kernel(one), one, h200Clock)
        .durationNs()).isEqualTo(303);
  }

  @Test
  void hardwareChecksAddNothing() {
    assertThat(strategy("hardware", 1000).instrument(Blocks.kernel(SOURCE), SOURCE, COSTED))
        .isSameAs(SOURCE);
  }

  @ParameterizedTest(name = "progress {0} stops at {1}")
  @CsvSource({
      "0, 50", "50, 50", "51, 100",
      // 150, 200 and 250 fall inside SHARED_MEMORY and are skipped; 300 is its last instruction
      "101, 300", "300, 300",
      // GLOBAL_MEMORY instruction 350 is its 50th, at 300 + 50 x 2 = 400
      "301, 400", "400, 400"})
  void everyNStopsAtTheNextSafeMultipleOfNInstructions(long progress, long stop) {
    assertThat(strategy("every-n", 50).decide(snapshot(EXECUTED, progress, false)))
        .isEqualTo(PreemptionDecision.saveAt(stop, "check-every-n"));
  }

  @Test
  void everyNSkipsAMultipleInsideAnUnsafeSegmentUnlessItIsTheSegmentsEnd() {
    // N = 40: 120 ... 280 inside SHARED_MEMORY, 300 is no multiple; next is instruction 320,
    // the 20th of GLOBAL_MEMORY, at 300 + 20 x 2 = 340
    assertThat(strategy("every-n", 40).decide(snapshot(EXECUTED, 81, false)))
        .isEqualTo(PreemptionDecision.saveAt(340, "check-every-n"));
  }

  @ParameterizedTest(name = "progress {0}")
  @CsvSource({"401", "450", "500"})
  void everyNDrainsWhenNoCheckRemains(long progress) {
    var block = snapshot(EXECUTED, progress, false);

    assertThat(strategy("every-n", 50).decide(block))
        .isEqualTo(PreemptionDecision.drain(block, "block-end"));
  }

  @ParameterizedTest(name = "progress {0} stops at {1}")
  @CsvSource({"0, 1", "50, 50", "100, 100", "150, 300", "301, 302", "303, 304", "399, 400"})
  void everyInstructionStopsAfterTheInstructionRunningAtTheProgress(long progress, long stop) {
    assertThat(strategy("every-instruction", 1).decide(snapshot(EXECUTED, progress, false)))
        .isEqualTo(PreemptionDecision.saveAt(stop, "check-every-instruction"));
  }

  @ParameterizedTest(name = "progress {0} stops at {1}")
  @CsvSource({"0, 302", "300, 302", "350, 350", "399, 400"})
  void afterGlobalMemoryStopsAfterTheNextGlobalMemoryInstruction(long progress, long stop) {
    assertThat(strategy("after-global-memory", 1).decide(snapshot(EXECUTED, progress, false)))
        .isEqualTo(PreemptionDecision.saveAt(stop, "check-after-global-memory"));
  }

  @Test
  void aCheckOnTheLastNanosecondOfAnUnsafeSegmentStopsAtItsEnd() {
    // SHARED_MEMORY with 4 instructions in 2 ns: instructions 3 and 4 both end at offset 2;
    // every-n with N = 3 checks after instruction 3, which lands on the segment's end
    BlockProgram program = program(segment(SHARED_MEMORY, 4, 2), segment(COMPUTE, 10, 10));

    assertThat(strategy("every-n", 3).decide(snapshot(program, 0, false)))
        .isEqualTo(PreemptionDecision.saveAt(2, "check-every-n"));
  }

  @Test
  void aProgramWithoutInstructionsPaysNothingAndDrains() {
    BlockProgram program = program(segment(COMPUTE, 0, 100), segment(GLOBAL_MEMORY, 0, 50));
    var strategy = strategy("every-instruction", 1);
    var block = snapshot(program, 10, false);

    assertThat(strategy.instrument(Blocks.kernel(program), program, COSTED)).isSameAs(program);
    assertThat(strategy.decide(block)).isEqualTo(PreemptionDecision.drain(block, "block-end"));
  }

  @Test
  void softwareChecksWorkOnADeviceWithoutInstructionLevelPreemption() {
    for (String checks : List.of("every-instruction", "after-global-memory", "every-n")) {
      assertThat(TestPlugins.create(new InstructionLevelStrategyProvider(), TestDevices.GTX_480,
          Map.of("checks", checks))).isInstanceOf(InstructionLevelStrategy.class);
    }
    assertThatThrownBy(() -> TestPlugins.create(new InstructionLevelStrategyProvider(), TestDevices.GTX_480,
        Map.of("checks", "hardware"))).isInstanceOf(ConfigurationException.class);
  }

  @Test
  void theProviderDefaultsToHardwareChecksAndAnIntervalOf1000() {
    var strategy = (InstructionLevelStrategy) TestPlugins.create(new InstructionLevelStrategyProvider(),
        COSTED, Map.of());

    assertThat(strategy.placement()).isEqualTo(CheckPlacement.HARDWARE);
    assertThat(new InstructionLevelStrategyProvider().parameters())
        .extracting(p -> p.name() + "=" + p.defaultValue())
        .containsExactly("checks=hardware", "interval=1000");
  }

  @Test
  void anUnknownCheckPlacementOrAZeroIntervalIsRefusedWithTheValidValues() {
    assertThatThrownBy(() -> TestPlugins.create(new InstructionLevelStrategyProvider(), COSTED,
        Map.of("checks", "every-m")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("did you mean 'every-n'?")
        .hasMessageContaining("after-global-memory, every-instruction, every-n, hardware");
    assertThatThrownBy(() -> TestPlugins.create(new InstructionLevelStrategyProvider(), COSTED,
        Map.of("checks", "every-n", "interval", "0")))
        .isInstanceOf(ConfigurationException.class).hasMessageContaining("interval");
  }
}
