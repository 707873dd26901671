package org.preemptlab.runner.workload.trace;

import static com.google.common.base.Preconditions.checkArgument;

import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SmSpec;

/**
 * The rule that turns a traced kernel's duration into the duration of one of its blocks, and the
 * rule that carries a block duration to another GPU ({@code docs/traces.md}, "Block durations").
 *
 * <p>A profiler sees a kernel's start and end, not its blocks. On the traced GPU, with {@code S}
 * SMs each holding {@code r} blocks of the kernel at once (its occupancy, limited by threads,
 * registers, shared memory and resident blocks per SM, the same limits the engine places blocks
 * under), a grid of {@code G} blocks runs in {@code W = ceil(G / (S * r))} waves. Assuming the
 * blocks of a kernel take equally long, each wave lasts {@code duration / W}; the engine adds its
 * block-dispatch cost {@code d} before every block, so a block's program lasts
 * {@code b = max(1 ns, round(duration / W) - d)}, and a replay on the traced GPU reproduces the
 * kernel's duration up to rounding.
 *
 * <p>On another GPU the grid and the block's resources stay as traced, so the engine finds the
 * waves on that GPU itself; with the {@code clock} rule a block keeps its cycles: {@code b' = b *
 * f_traced / f_target}. This assumes that the work per block is bound by the SM's issue rate
 * (compute-bound), the same on both GPUs per cycle; memory-bound kernels scale with memory
 * bandwidth instead, which the rule does not model.
 */
public final class BlockDurations {
  private BlockDurations() {}

  /** How block durations change on a GPU other than the traced one. */
  public enum Scaling {
    /** A block keeps its cycles: its duration scales with the ratio of the SM clocks. */
    CLOCK,
    /** A block keeps its traced duration. */
    NONE
  }

  /**
   * Blocks of this shape that one SM holds at once: the smallest of the limits on resident blocks,
   * threads, registers and shared memory (own plus the per-block reservation); 0 if one block does
   * not fit.
   */
  public static int residentBlocksPerSm(SmSpec sm, int threadsPerBlock, int registersPerThread,
      int sharedMemoryPerBlock) {
    long blocks = sm.maxBlocks();
    blocks = Math.min(blocks, sm.maxThreads() / threadsPerBlock);
    long registers = (long) registersPerThread * threadsPerBlock;
    if (registers > 0) {
      blocks = Math.min(blocks, sm.registers() / registers);
    }
    long shared = (long) sharedMemoryPerBlock + sm.sharedMemoryReservedPerBlock();
    if (shared > 0) {
      blocks = Math.min(blocks, sm.sharedMemoryBytes() / shared);
    }
    return (int) Math.max(0, blocks);
  }

  /** The waves a grid of {@code gridBlocks} runs in: {@code ceil(G / (S * r))}. */
  public static long waves(long gridBlocks, int smCount, int residentPerSm) {
    checkArgument(residentPerSm >= 1, "a block must fit an SM");
    long perWave = (long) smCount * residentPerSm;
    return (gridBlocks + perWave - 1) / perWave;
  }

  /**
   * The duration of one block on the traced GPU: {@code max(1, round(duration / W) - d)}.
   *
   * @param kernelNs the kernel's traced duration
   * @param waves its waves on the traced GPU, at least 1
   * @param blockDispatchNs the block-dispatch cost the engine adds before each block
   */
  public static long tracedBlockNs(long kernelNs, long waves, long blockDispatchNs) {
    long perWave = Math.round((double) kernelNs / waves);
    return Math.max(1, perWave - blockDispatchNs);
  }

  /** The block duration on {@code target} of a block that lasted {@code blockNs} on {@code traced}. */
  public static long scale(long blockNs, DeviceSpec traced, DeviceSpec target, Scaling scaling) {
    if (scaling == Scaling.NONE) {
      return blockNs;
    }
    return Math.max(1, Math.round(blockNs * traced.clockMhz() / target.clockMhz()));
  }

  /**
   * The duration of one block of a traced kernel when replayed on {@code target}.
   *
   * @throws IllegalArgumentException if a block does not fit an SM of {@code traced}
   */
  public static long blockNs(TraceOp kernel, DeviceSpec traced, DeviceSpec target,
      Scaling scaling) {
    int resident = residentBlocksPerSm(traced.sm(), kernel.threadsPerBlock(),
        kernel.registersPerThread(), kernel.sharedMemoryBytes());
    checkArgument(resident >= 1, "a block of %s threads, %s registers per thread and %s B of "
        + "shared memory does not fit an SM of '%s'", kernel.threadsPerBlock(),
        kernel.registersPerThread(), kernel.sharedMemoryBytes(), traced.name());
    long waves = waves(kernel.gridBlocks(), traced.smCount(), resident);
    long traced1 = tracedBlockNs(kernel.durationNs(), waves, traced.costs().blockDispatchNs());
    return scale(traced1, traced, target, scaling);
  }
}
