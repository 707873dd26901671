package org.preemptlab.applications.training;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.Kernel;

/**
 * The bundled training profile examples/traces/training-step.csv: its DRAM bytes are the
 * derivation its header documents, recomputed here from the kernels' shapes, and its shapes are
 * the phase shapes of examples/configs/training-loop.yaml.
 */
class TrainingStepProfileTest {
  private static final Path PROFILE = Path.of("..", "examples", "traces", "training-step.csv");
  /** NVIDIA H200 datasheet: dense BF16 tensor FLOPS, per s. */
  private static final double PEAK_FLOPS = 989.5e12;
  /** The llm-serving roofline's GEMM compute efficiency (roofline-fit.txt, in-sample on H100). */
  private static final double GEMM_EFFICIENCY = 0.71;
  /** h200 dram-achievable-gbps, in B/ns. */
  private static final double ACHIEVABLE = 4300;

  private final List<Kernel> kernels = IterationProfile.read(PROFILE);

  /** Compulsory BF16 traffic of a GEMM whose K follows from its time at the fitted efficiency. */
  private static long gemmBytesPerBlock(int tilesM, int tileM, int tilesN, int tileN, long ns) {
    long m = (long) tilesM * tileM;
    long n = (long) tilesN * tileN;
    long k = Math.round(GEMM_EFFICIENCY * PEAK_FLOPS * ns * 1e-9 / (2.0 * m * n));
    return 2 * (m * k + k * n + m * n) / ((long) tilesM * tilesN);
  }

  @Test
  void anIterationIsFourForwardEightBackwardAndOneOptimizerKernel() {
    assertThat(kernels).extracting(Kernel::name).containsExactly("forward", "forward", "forward",
        "forward", "backward", "backward", "backward", "backward", "backward", "backward",
        "backward", "backward", "optimizer");
    assertThat(kernels.get(0)).extracting(Kernel::gridBlocks, Kernel::threadsPerBlock,
        Kernel::registersPerThread, Kernel::sharedMemoryPerBlock, k -> k.program().durationNs())
        .containsExactly(264, 384, 168, 204800, 85_000L);
    assertThat(kernels.get(4)).extracting(Kernel::gridBlocks, Kernel::sharedMemoryPerBlock,
        k -> k.program().durationNs()).containsExactly(272, 163840, 83_000L);
    assertThat(kernels.get(12)).extracting(Kernel::gridBlocks, Kernel::threadsPerBlock,
        Kernel::registersPerThread, k -> k.program().durationNs())
        .containsExactly(320, 512, 64, 89_000L);
  }

  @Test
  void gemmBytesAreTheCompulsoryTrafficOfTheirTilesAtTheFittedEfficiency() {
    // forward: 8 x 33 tiles of 128x256, 2 waves of 85 us; backward: 16 x 17 of 128x128, 3 of 83
    long forward = gemmBytesPerBlock(8, 128, 33, 256, 2 * 85_000L);
    long backward = gemmBytesPerBlock(16, 128, 17, 128, 3 * 83_000L);
    assertThat(forward).isEqualTo(560_878);
    assertThat(backward).isEqualTo(642_359);
    assertThat(kernels.get(0).program().dramBytes()).isEqualTo(forward);
    assertThat(kernels.get(4).program().dramBytes()).isEqualTo(backward);
    // a full wave of 132 blocks alone, well below the achievable bandwidth: 871 and 1,022 GB/s
    assertThat(132 * kernels.get(0).program().dramBytesPerNs()).isBetween(870.0, 872.0);
    assertThat(132 * kernels.get(4).program().dramBytesPerNs()).isBetween(1021.0, 1022.0);
  }

  @Test
  void theOptimizersFirstWaveMovesTheAchievableBandwidthAndItsParallelismDoesNotBind() {
    int resident = 132 * 2; // 65,536 registers per SM over 512 threads x 64 registers
    long bytes = kernels.get(12).program().dramBytes();
    assertThat(bytes).isEqualTo((long) (ACHIEVABLE * 89_000 / resident));
    assertThat(resident * kernels.get(12).program().dramBytesPerNs()).isBetween(4299.0, 4300.0);
    double capPerBlock = 512 * 64 / 375.0; // threads x bytes in flight / h200 dram-latency-ns
    assertThat(kernels.get(12).program().dramBytesPerNs()).isLessThan(capPerBlock / 5);
  }
}
