package org.preemptlab.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.model.Workload;

/** Workloads declare the DRAM traffic of their blocks, for the contention model (§3.5). */
class DramTrafficTest {

  @Test
  void bytesGoToTheGlobalMemorySegmentsInProportionToTheirDurations() {
    BlockProgram program = new BlockProgram(List.of(
        Segment.compute(0, 100, 8, 0),
        new Segment(SegmentKind.GLOBAL_MEMORY, 0, 300, 8, 0),
        Segment.compute(0, 500, 8, 0),
        new Segment(SegmentKind.GLOBAL_MEMORY, 0, 200, 8, 0)));

    BlockProgram traffic = Programs.withDramBytes(program, 1001);

    // 300 / 500 of 1001 = 600.6 -> 600 up to the first; the last takes the rest, 401
    assertThat(traffic.segments()).extracting(Segment::dramBytes).containsExactly(0L, 600L, 0L,
        401L);
    assertThat(traffic.dramBytes()).isEqualTo(1001);
    assertThat(traffic.segments()).extracting(Segment::durationNs)
        .containsExactly(100L, 300L, 500L, 200L);
  }

  @Test
  void aProgramWithoutGlobalMemorySegmentsSpreadsTheBytesOverEverySegment() {
    BlockProgram program = new BlockProgram(List.of(Segment.compute(0, 100, 8, 0),
        new Segment(SegmentKind.BARRIER, 0, 100, 8, 0), Segment.compute(0, 200, 8, 0)));

    assertThat(Programs.withDramBytes(program, 400).segments()).extracting(Segment::dramBytes)
        .containsExactly(100L, 100L, 200L);
  }

  @Test
  void aSyntheticKernelClassDeclaresBytesPerBlock() {
    SyntheticSpec spec = SyntheticSpecs.fromYaml(Specs.twoQueuesWith(
        "shared-memory-per-block: 64KiB", "shared-memory-per-block: 64KiB\n"
            + "        dram-bytes-per-block: 2MiB"), "test.yaml");

    Kernel gemm = spec.queues().get(1).kernels().get(0).draw(new SplittableRandom(1), "gemm");
    Kernel small = spec.queues().get(0).kernels().get(0).draw(new SplittableRandom(1), "small");

    assertThat(gemm.program().dramBytes()).isEqualTo(2L << 20);
    assertThat(small.program().dramBytes()).isZero();
  }

  @Test
  void aNegativeByteCountNamesItsKey() {
    assertThatThrownBy(() -> SyntheticSpecs.fromYaml(Specs.twoQueuesWith(
        "shared-memory-per-block: 64KiB", "shared-memory-per-block: 64KiB\n"
            + "        dram-bytes-per-block: -1"), "test.yaml"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("dram-bytes-per-block");
  }

  private static final String HEADER = "job_id,queue,context,priority,engine,submit,grid_blocks,"
      + "threads_per_block,registers_per_thread,shared_memory_per_block,block_time,"
      + "dram_bytes_per_block\n";

  @Test
  void aCsvTraceDeclaresBytesPerBlockInItsOwnColumnAndAnEmptyCellIsNone() {
    Workload trace = CsvTraceReader.read(HEADER
        + "1,q,c,HIGH,COMPUTE,0,10,128,32,0,20us,64KiB\n"
        + "2,q,c,HIGH,COMPUTE,0,10,128,32,0,20us,\n", "t.csv");

    assertThat(trace.jobs().get(0).kernel().program().dramBytes()).isEqualTo(65_536);
    assertThat(trace.jobs().get(1).kernel().program().dramBytes()).isZero();
  }

  @Test
  void aBadByteCountInACsvTraceIsAOneLineErrorNamingLineAndColumn() {
    assertThatThrownBy(() -> CsvTraceReader.read(HEADER
        + "1,q,c,HIGH,COMPUTE,0,10,128,32,0,20us,lots\n", "t.csv"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("t.csv:2: column 'dram_bytes_per_block': 'lots' is not a size; write bytes or"
            + " a number with a unit: B, KiB, MiB, KB or MB");
  }
}
