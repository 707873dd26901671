package org.preemptlab.api.hardware;

import static org.preemptlab.api.Checks.checkArgument;

import org.preemptlab.api.API;

/**
 * The limits of a device's memory system that co-resident blocks share (DESIGN.md §3.5).
 *
 * @param dramBandwidthBytesPerNs the device memory's peak bandwidth in bytes per ns (= GB/s), from
 *     the datasheet; 0 when not declared, which leaves the contention model unusable on the device
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record MemorySpec(double dramBandwidthBytesPerNs) {

  /** No declared limits. */
  public static final MemorySpec UNSPECIFIED = new MemorySpec(0);

  /** Checks that the bandwidth is finite and not negative. */
  public MemorySpec {
    checkArgument(Double.isFinite(dramBandwidthBytesPerNs) && dramBandwidthBytesPerNs >= 0,
        "DRAM bandwidth must be >= 0 GB/s, got %s", dramBandwidthBytesPerNs);
  }

  /** Whether a DRAM bandwidth is declared. */
  public boolean declared() {
    return dramBandwidthBytesPerNs > 0;
  }
}
