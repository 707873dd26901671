package org.preemptlab.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;

class ProgramsTest {

  private static SegmentSpec share(SegmentKind kind, double share) {
    return SegmentSpec.ofShare(kind, share, null, null);
  }

  private static SegmentSpec fixed(SegmentKind kind, long ns) {
    return new SegmentSpec(kind, null, ns, null, null, null);
  }

  private static List<Long> durations(BlockProgram program) {
    return program.segments().stream().map(Segment::durationNs).toList();
  }

  @Test
  void sharesAreNormalisedAndAddUpToTheBlockTimeExactly() {
    ProgramSpec spec = new ProgramSpec(List.of(share(SegmentKind.COMPUTE, 1),
        share(SegmentKind.GLOBAL_MEMORY, 1), share(SegmentKind.COMPUTE, 1)), null, null);

    BlockProgram program = Programs.build(spec, 100, 32, 0, 1.0);

    assertThat(durations(program)).containsExactly(33L, 34L, 33L);
    assertThat(program.durationNs()).isEqualTo(100);
  }

  @Test
  void fixedSegmentsKeepTheirLengthAndSharesSplitTheRest() {
    ProgramSpec spec = new ProgramSpec(List.of(share(SegmentKind.COMPUTE, 0.75),
        fixed(SegmentKind.YIELD_POINT, 200), share(SegmentKind.GLOBAL_MEMORY, 0.25)), null, null);

    assertThat(durations(Programs.build(spec, 1_000, 32, 0, 1.0))).containsExactly(600L, 200L,
        200L);
  }

  @Test
  void iterationRepeatsThePassToFillTheBlockTime() {
    ProgramSpec spec = new ProgramSpec(List.of(share(SegmentKind.COMPUTE, 1),
        fixed(SegmentKind.YIELD_POINT, 500)), null, 100_000L);

    BlockProgram program = Programs.build(spec, 550_000, 32, 0, 1.0);

    assertThat(program.segments()).hasSize(12);
    assertThat(program.durationNs()).isEqualTo(550_000);
    assertThat(program.segments().stream().filter(s -> s.kind() == SegmentKind.YIELD_POINT))
        .hasSize(6);
  }

  @Test
  void aBlockOfMoreThanTenThousandSegmentsIsRefusedBeforeItIsBuilt() { // issue 27 fuzz case
    ProgramSpec spec = new ProgramSpec(List.of(share(SegmentKind.COMPUTE, 1),
        fixed(SegmentKind.YIELD_POINT, 500)), null, 100_000L);

    // 100 s blocks of 100 us passes: a million passes per block before the limit
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Programs.build(spec,
        100_000_000_000L, 32, 0, 1.0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("block time 100s in 1000000 pass(es) of 2 segments makes more than 10000 "
            + "segments per block, the limit of a block program; lengthen 'iteration' or lower "
            + "'iterations'");
    assertThat(Programs.build(spec, 500_000_000L, 32, 0, 1.0).segments()).hasSize(10_000);
  }

  @Test
  void iterationsRepeatThePassAFixedNumberOfTimes() {
    ProgramSpec spec = new ProgramSpec(List.of(share(SegmentKind.COMPUTE, 1)), 3, null);

    assertThat(durations(Programs.build(spec, 10, 32, 0, 1.0))).containsExactly(3L, 3L, 4L);
  }

  @Test
  void programOfFixedSegmentsIgnoresTheBlockTime() {
    ProgramSpec spec = new ProgramSpec(List.of(fixed(SegmentKind.COMPUTE, 700),
        fixed(SegmentKind.BARRIER, 0)), 2, null);

    assertThat(durations(Programs.build(spec, 99, 32, 0, 1.0))).containsExactly(700L, 0L, 700L,
        0L);
  }

  @Test
  void liveStateDefaultsToTheWholeAllocationAndInstructionsToTheRate() {
    ProgramSpec spec = new ProgramSpec(List.of(share(SegmentKind.COMPUTE, 1),
        new SegmentSpec(SegmentKind.GLOBAL_MEMORY, null, 100L, 7L, 8, 16L)), null, null);

    BlockProgram program = Programs.build(spec, 1_100, 64, 4_096, 0.5);

    assertThat(program.segments()).containsExactly(
        new Segment(SegmentKind.COMPUTE, 500, 1_000, 64, 4_096),
        new Segment(SegmentKind.GLOBAL_MEMORY, 7, 100, 8, 16));
  }

  @Test
  void blockTimeTooShortForTheFixedSegmentsIsRejected() {
    ProgramSpec spec = new ProgramSpec(List.of(share(SegmentKind.COMPUTE, 1),
        fixed(SegmentKind.YIELD_POINT, 2_000)), null, null);

    assertThatThrownBy(() -> Programs.build(spec, 1_500, 32, 0, 1.0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("block time 1.5us")
        .hasMessageContaining("2us of fixed-duration segments");
  }

  @Test
  void standardProgramIsATiledKernelWithVaryingLiveness() {
    BlockProgram program = Programs.build(ProgramSpec.standard(64, 16_384), 1_000, 64, 16_384,
        1.0);

    assertThat(program.segments()).extracting(Segment::kind).containsExactly(
        SegmentKind.GLOBAL_MEMORY, SegmentKind.SHARED_MEMORY, SegmentKind.BARRIER,
        SegmentKind.COMPUTE, SegmentKind.GLOBAL_MEMORY);
    assertThat(durations(program)).containsExactly(200L, 100L, 0L, 600L, 100L);
    assertThat(program.segments()).extracting(Segment::liveRegistersPerThread)
        .containsExactly(32, 32, 32, 64, 16);
  }

  @Test
  void compactSyntaxParsesKindsLengthsAndKeys() {
    ProgramSpec spec = ProgramSyntax.parse(
        "compute:40%:regs=64; shared:10%:regs=64:smem=16KiB ;yield:0:regs=8;global_memory:2us"
            + ":insts=12");

    assertThat(spec.segments()).containsExactly(
        new SegmentSpec(SegmentKind.COMPUTE, 0.4, null, null, 64, null),
        new SegmentSpec(SegmentKind.SHARED_MEMORY, 0.1, null, null, 64, 16_384L),
        new SegmentSpec(SegmentKind.YIELD_POINT, null, 0L, null, 8, null),
        new SegmentSpec(SegmentKind.GLOBAL_MEMORY, null, 2_000L, 12L, null, null));
  }

  @Test
  void compactSyntaxRejectsAnUnknownKindWithTheValidKinds() {
    assertThatThrownBy(() -> ProgramSyntax.parse("compute:50%;comptue:50%"))
        .hasMessage("segment 2 'comptue:50%': unknown kind 'comptue'; did you mean 'compute'? "
            + "valid: atomic, barrier, compute, global, shared, yield");
  }

  @Test
  void compactSyntaxRejectsAnUnknownKeyAndAMissingLength() {
    assertThatThrownBy(() -> ProgramSyntax.parse("compute:50%:reg=3"))
        .hasMessage("segment 1 'compute:50%:reg=3': unknown key 'reg'; did you mean 'regs'? "
            + "valid: insts, regs, smem");
    assertThatThrownBy(() -> ProgramSyntax.parse("compute"))
        .hasMessageContaining("expected kind:length[:key=value...]");
  }
}
