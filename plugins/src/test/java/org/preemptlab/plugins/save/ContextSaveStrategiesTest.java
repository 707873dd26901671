package org.preemptlab.plugins.save;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.api.model.SegmentKind.COMPUTE;
import static org.preemptlab.api.model.SegmentKind.SHARED_MEMORY;
import static org.preemptlab.testkit.Blocks.kernel;
import static org.preemptlab.testkit.Blocks.program;
import static org.preemptlab.testkit.Blocks.segment;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.preemption.StopPoint;
import org.preemptlab.testkit.RandomBlocks;
import org.preemptlab.testkit.TestPlugins;

class ContextSaveStrategiesTest {
  /**
   * 256 threads × 64 registers and 16 KiB shared memory. Live at segment ends: 20 registers and
   * 4 KiB at 100; 48 registers and 32 KiB (more than allocated) at 300; 8 registers at 400.
   */
  private static final BlockProgram PROGRAM = program(
      segment(COMPUTE, 100, 20, 4096),
      segment(SHARED_MEMORY, 200, 48, 32 * 1024),
      segment(COMPUTE, 100, 8, 0));
  private static final Kernel KERNEL = kernel(256, 64, 16 * 1024, PROGRAM);

  private final FullContextSave full = new FullContextSave();
  private final LivenessContextSave liveness = new LivenessContextSave();

  @ParameterizedTest(name = "offset {0}")
  @CsvSource({"0", "50", "300", "400"})
  void fullSavesTheWholeAllocationWhereverTheBlockStops(long offset) {
    var point = new StopPoint(KERNEL, PROGRAM, offset);

    assertThat(full.bytesToSave(point)).isEqualTo(256 * 64 * 4 + 16 * 1024).isEqualTo(81920);
    assertThat(full.bytesToRestore(point)).isEqualTo(81920);
  }

  @ParameterizedTest(name = "offset {0} saves {1} B")
  @CsvSource({
      "50, 24576",   // 20 regs × 4 B × 256 + 4096
      "100, 24576",  // the boundary belongs to the segment that ends there
      "101, 65536",  // 48 regs × 4 B × 256 + 16384: shared memory capped at the allocation
      "350, 8192"})  // 8 regs × 4 B × 256 + 0
  void livenessSavesOnlyTheStateLiveAtTheStopPoint(long offset, long bytes) {
    var point = new StopPoint(KERNEL, PROGRAM, offset);

    assertThat(liveness.bytesToSave(point)).isEqualTo(bytes);
    assertThat(liveness.bytesToRestore(point)).isEqualTo(bytes);
  }

  @Test
  void livenessCapsLiveRegistersAtTheAllocation() {
    BlockProgram program = program(segment(COMPUTE, 100, 96, 0));
    var point = new StopPoint(kernel(128, 32, 0, program), program, 50);

    assertThat(liveness.bytesToSave(point)).isEqualTo(128 * 32 * 4);
  }

  @Test
  void livenessNeverSavesMoreThanFull() {
    var random = new SplittableRandom(0xC0FFEEL);
    for (int i = 0; i < 3000; i++) {
      Kernel kernel = RandomBlocks.kernel(random);
      var point = new StopPoint(kernel, kernel.program(),
          RandomBlocks.progress(random, kernel.program()));

      assertThat(liveness.bytesToSave(point))
          .as("%s", point)
          .isBetween(0L, full.bytesToSave(point));
    }
  }

  @ParameterizedTest(name = "ratio {0} at offset {1} saves {2} B")
  @CsvSource({
      "0.085, 50, 2089",   // ceil(24576 x 0.085 = 2088.96)
      "0.5, 101, 32768",   // 65536 / 2
      "1.0, 350, 8192"})   // no compression: the live bytes
  void compressedSavesAndRestoresTheLiveBytesTimesTheRatioRoundedUp(double ratio, long offset,
      long bytes) {
    var point = new StopPoint(KERNEL, PROGRAM, offset);
    var compressed = new CompressedContextSave(ratio);

    assertThat(compressed.bytesToSave(point)).isEqualTo(bytes);
    assertThat(compressed.bytesToRestore(point)).isEqualTo(bytes);
  }

  @Test
  void compressedDefaultsToAHalfAndRefusesAZeroRatio() {
    var provider = new CompressedContextSaveProvider();
    var point = new StopPoint(KERNEL, PROGRAM, 101);

    assertThat(TestPlugins.create(provider, null, java.util.Map.of()).bytesToSave(point))
        .isEqualTo(32768);
    assertThatThrownBy(() -> TestPlugins.create(provider, null, java.util.Map.of("ratio", "0")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("parameter 'ratio' of context-save 'compressed' must be in (0, 1], got 0.0;"
            + " 1 means no compression");
    assertThatThrownBy(() -> TestPlugins.create(provider, null, java.util.Map.of("ratio", "1.5")))
        .isInstanceOf(ConfigurationException.class).hasMessageContaining("out of range");
  }

  @Test
  void compressedNeverSavesMoreThanLiveness() {
    var random = new SplittableRandom(0xC0FFEEL);
    var compressed = new CompressedContextSave(0.3);
    for (int i = 0; i < 3000; i++) {
      Kernel kernel = RandomBlocks.kernel(random);
      var point = new StopPoint(kernel, kernel.program(),
          RandomBlocks.progress(random, kernel.program()));

      assertThat(compressed.bytesToSave(point)).isBetween(0L, liveness.bytesToSave(point));
    }
  }

  @ParameterizedTest(name = "offset {0}")
  @CsvSource({"0", "101", "400"})
  void noneSavesAndRestoresNothing(long offset) {
    var point = new StopPoint(KERNEL, PROGRAM, offset);
    var none = TestPlugins.create(new NoContextSaveProvider(), null, java.util.Map.of());

    assertThat(none.bytesToSave(point)).isZero();
    assertThat(none.bytesToRestore(point)).isZero();
  }
}
