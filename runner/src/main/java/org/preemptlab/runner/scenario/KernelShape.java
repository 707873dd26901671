package org.preemptlab.runner.scenario;

import static org.preemptlab.runner.workload.SpecViolation.check;
import static org.preemptlab.runner.workload.SpecViolation.required;

import org.preemptlab.api.Limits;

/**
 * The kernel a job runs on SM hardware (a hardware model that is not a serial timeline): a grid of
 * identical blocks, each running {@code block-time} once placed on an SM. The engine's block
 * scheduler places the blocks as it places any kernel's, so a job's time on the GPU follows from
 * its shape, the device's SMs and what else is resident, not from a fixed duration.
 *
 * @param gridBlocks blocks in the grid, in [1, {@code Limits.MAX_GRID_BLOCKS}]
 * @param threadsPerBlock threads per block, at least 1
 * @param blockTime each block's time on its SM, e.g. {@code 20us}; more than 0
 * @param registersPerThread 32-bit registers per thread (default 32)
 * @param sharedMemoryPerBlock bytes of shared memory per block (default 0)
 */
public record KernelShape(Integer gridBlocks, Integer threadsPerBlock, String blockTime,
    Integer registersPerThread, Integer sharedMemoryPerBlock) {

  /** Fills defaults and checks values. */
  public KernelShape {
    required(gridBlocks, "grid-blocks");
    check(gridBlocks >= 1 && gridBlocks <= Limits.MAX_GRID_BLOCKS, "grid-blocks",
        "must be in [1, " + Limits.MAX_GRID_BLOCKS + "], got " + gridBlocks);
    required(threadsPerBlock, "threads-per-block");
    check(threadsPerBlock >= 1, "threads-per-block", "must be >= 1, got "
        + threadsPerBlock);
    check(Specs.duration(required(blockTime, "block-time"), "block-time", 0) > 0,
        "block-time", "must be > 0, got '" + blockTime + "'");
    registersPerThread = registersPerThread == null ? 32 : registersPerThread;
    check(registersPerThread >= 0, "registers-per-thread", "must be >= 0, got "
        + registersPerThread);
    sharedMemoryPerBlock = sharedMemoryPerBlock == null ? 0 : sharedMemoryPerBlock;
    check(sharedMemoryPerBlock >= 0, "shared-memory-per-block", "must be >= 0, got "
        + sharedMemoryPerBlock);
  }

  /** Each block's time on its SM in ns. */
  public long blockTimeNs() {
    return Specs.duration(blockTime, "block-time", 0);
  }
}
