package org.preemptlab.api.hardware;

import static org.preemptlab.api.Checks.checkArgument;

import org.preemptlab.api.API;

/**
 * The occupancy limits of one streaming multiprocessor.
 *
 * @param maxThreads resident threads, at least 1
 * @param maxBlocks resident blocks, at least 1
 * @param registers 32-bit registers, at least 1
 * @param sharedMemoryBytes shared memory, at least 0
 * @param sharedMemoryReservedPerBlock shared memory the system reserves for each resident block
 *     (1 KiB on Hopper), at least 0
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public record SmSpec(
    int maxThreads,
    int maxBlocks,
    int registers,
    int sharedMemoryBytes,
    int sharedMemoryReservedPerBlock) {

  /** Validates the limits. */
  public SmSpec {
    positive("max-threads", maxThreads);
    positive("max-blocks", maxBlocks);
    positive("registers", registers);
    checkArgument(sharedMemoryBytes >= 0 && sharedMemoryReservedPerBlock >= 0, "shared memory "
        + "sizes must be >= 0");
  }

  private static void positive(String name, int value) {
    checkArgument(value >= 1, "SM %s must be >= 1, got %s", name, value);
  }
}
