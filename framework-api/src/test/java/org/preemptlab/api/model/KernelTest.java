package org.preemptlab.api.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class KernelTest {
  private static final BlockProgram PROGRAM = BlockProgram.uniform(1_000, 32, 0);
  private static final BlockTiming EXACT = new BlockTiming.Exact();

  @Test
  void registersAndContextBytesPerBlockFollowFromTheShape() {
    Kernel k = new Kernel("gemm", 10, 256, 64, 16_384, false, PROGRAM, EXACT);

    assertThat(k.registersPerBlock()).isEqualTo(256 * 64);
    assertThat(k.contextBytesPerBlock()).isEqualTo(256L * 64 * 4 + 16_384);
  }

  @Test
  void registersPerBlockDoNotOverflowAnInt() {
    Kernel k = new Kernel("huge", 1, 1 << 20, 1 << 12, 0, false, PROGRAM, EXACT);

    assertThat(k.registersPerBlock()).isEqualTo(1L << 32);
    assertThat(k.contextBytesPerBlock()).isEqualTo(1L << 34);
  }

  @Test
  void zeroRegistersAndSharedMemoryAreValid() {
    assertThat(new Kernel("k", 1, 1, 0, 0, true, PROGRAM, EXACT).contextBytesPerBlock()).isZero();
  }

  @Test
  void eachInvalidDimensionIsRejectedNamingTheKernel() {
    assertThatThrownBy(() -> new Kernel("k", 0, 1, 0, 0, true, PROGRAM, EXACT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("kernel 'k': grid must have >= 1 block, got 0");
    assertThatThrownBy(() -> new Kernel("k", 1, 0, 0, 0, true, PROGRAM, EXACT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("kernel 'k': threads per block must be >= 1, got 0");
    assertThatThrownBy(() -> new Kernel("k", 1, 1, -1, 0, true, PROGRAM, EXACT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("kernel 'k': registers per thread must be >= 0, got -1");
    assertThatThrownBy(() -> new Kernel("k", 1, 1, 0, -1, true, PROGRAM, EXACT))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("kernel 'k': shared memory per block must be >= 0, got -1");
  }

  @Test
  void nameProgramAndTimingAreRequired() {
    assertThatThrownBy(() -> new Kernel(null, 1, 1, 0, 0, true, PROGRAM, EXACT))
        .isInstanceOf(NullPointerException.class).hasMessage("name");
    assertThatThrownBy(() -> new Kernel("k", 1, 1, 0, 0, true, null, EXACT))
        .isInstanceOf(NullPointerException.class).hasMessage("program");
    assertThatThrownBy(() -> new Kernel("k", 1, 1, 0, 0, true, PROGRAM, null))
        .isInstanceOf(NullPointerException.class).hasMessage("timing");
  }
}
