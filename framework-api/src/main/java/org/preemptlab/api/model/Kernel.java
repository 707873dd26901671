package org.preemptlab.api.model;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.Objects;
import org.preemptlab.api.API;

/**
 * A GPU kernel: a grid of identical blocks, their resource needs and the program each block runs.
 *
 * @param name a label for reports, e.g. {@code "gemm"}
 * @param gridBlocks blocks in the grid, at least 1
 * @param threadsPerBlock threads per block, at least 1
 * @param registersPerThread 32-bit registers allocated per thread, at least 0
 * @param sharedMemoryPerBlock bytes of shared memory allocated per block, at least 0
 * @param idempotent whether a block may be discarded and re-run from the start (flush)
 * @param program what every block executes
 * @param timing how each block's real duration derives from the program's nominal one
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public record Kernel(
    String name,
    int gridBlocks,
    int threadsPerBlock,
    int registersPerThread,
    int sharedMemoryPerBlock,
    boolean idempotent,
    BlockProgram program,
    BlockTiming timing) {

  /** Validates the shape. */
  public Kernel {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(program, "program");
    Objects.requireNonNull(timing, "timing");
    checkArgument(gridBlocks >= 1, "kernel '%s': grid must have >= 1 block, got %s", name,
        gridBlocks);
    checkArgument(threadsPerBlock >= 1, "kernel '%s': threads per block must be >= 1, got %s", name,
        threadsPerBlock);
    checkArgument(registersPerThread >= 0, "kernel '%s': registers per thread must be >= 0, got %s",
        name, registersPerThread);
    checkArgument(sharedMemoryPerBlock >= 0, "kernel '%s': shared memory per block must be >= 0, "
        + "got %s", name, sharedMemoryPerBlock);
  }

  /** Registers one block occupies: registers per thread times threads per block. */
  public long registersPerBlock() {
    return (long) registersPerThread * threadsPerBlock;
  }

  /** Bytes of one block's whole allocation: its registers (4 bytes each) and shared memory. */
  public long contextBytesPerBlock() {
    return registersPerBlock() * 4 + sharedMemoryPerBlock;
  }
}
