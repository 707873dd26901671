package org.preemptlab.api.hardware;

import static org.preemptlab.api.Checks.checkArgument;

import org.preemptlab.api.API;

/**
 * The limits of a device's memory system that co-resident blocks share (DESIGN.md §3.5).
 *
 * <p>Two bandwidths: the datasheet peak, which the {@link ContentionModel#maxMinFair()} rule
 * shares, and the achievable (sustained) bandwidth that a streaming benchmark reaches on the
 * device, which the {@link ContentionModel#memorySystem()} rule shares. The DRAM latency is what a
 * block's memory-level parallelism is measured against: a block that keeps {@code b} bytes in
 * flight moves at most {@code b / latency} bytes per ns alone (Little's law; {@link
 * #blockBytesPerNs}).
 *
 * @param dramBandwidthBytesPerNs the device memory's peak bandwidth in bytes per ns (= GB/s), from
 *     the datasheet; 0 when not declared, which leaves the contention model unusable on the device
 * @param achievableBytesPerNs the bandwidth a streaming benchmark sustains on the device, bytes
 *     read and written, in bytes per ns; 0 when not declared; at most the peak
 * @param dramLatencyNs the latency of one DRAM access as a pointer-chasing benchmark measures it,
 *     in ns; 0 when not declared
 * @param capacityBytes the device memory's capacity in bytes, from the datasheet; 0 when not
 *     declared, and then no application's memory is checked against it
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record MemorySpec(double dramBandwidthBytesPerNs, double achievableBytesPerNs,
    double dramLatencyNs, long capacityBytes) {

  /** No declared limits. */
  public static final MemorySpec UNSPECIFIED = new MemorySpec(0);

  /** Checks that the figures are finite and not negative, and the achievable at most the peak. */
  public MemorySpec {
    checkArgument(Double.isFinite(dramBandwidthBytesPerNs) && dramBandwidthBytesPerNs >= 0,
        "DRAM bandwidth must be >= 0 GB/s, got %s", dramBandwidthBytesPerNs);
    checkArgument(Double.isFinite(achievableBytesPerNs) && achievableBytesPerNs >= 0,
        "achievable DRAM bandwidth must be >= 0 GB/s, got %s", achievableBytesPerNs);
    checkArgument(achievableBytesPerNs <= dramBandwidthBytesPerNs,
        "achievable DRAM bandwidth (%s GB/s) must not exceed the peak (%s GB/s)",
        achievableBytesPerNs, dramBandwidthBytesPerNs);
    checkArgument(Double.isFinite(dramLatencyNs) && dramLatencyNs >= 0,
        "DRAM latency must be >= 0 ns, got %s", dramLatencyNs);
    checkArgument(capacityBytes >= 0, "memory capacity must be >= 0 B, got %s", capacityBytes);
  }

  /** A device whose memory capacity is not declared. */
  public MemorySpec(double dramBandwidthBytesPerNs, double achievableBytesPerNs,
      double dramLatencyNs) {
    this(dramBandwidthBytesPerNs, achievableBytesPerNs, dramLatencyNs, 0);
  }

  /** A device with only its peak bandwidth declared. */
  public MemorySpec(double dramBandwidthBytesPerNs) {
    this(dramBandwidthBytesPerNs, 0, 0);
  }

  /** Whether a DRAM bandwidth is declared. */
  public boolean declared() {
    return dramBandwidthBytesPerNs > 0;
  }

  /** Whether a memory capacity is declared. */
  public boolean capacityDeclared() {
    return capacityBytes > 0;
  }

  /** Whether an achievable bandwidth is declared. */
  public boolean achievableDeclared() {
    return achievableBytesPerNs > 0;
  }

  /**
   * What one block moves at most, alone, from the bytes its threads keep in flight: {@code
   * threads x bytesInFlightPerThread / latency} (Little's law). A block program's duration under
   * {@link ContentionModel#memorySystem()} is its time when its DRAM traffic flows at this rate or
   * less, so a source that knows a block's bytes sets its duration to at least {@code bytes /
   * blockBytesPerNs(...)}.
   *
   * @param threads the block's threads, >= 1
   * @param bytesInFlightPerThread bytes each thread has requested and not yet received, > 0 (a
   *     STREAM triad over doubles: two loads and one store of 8 bytes, 24)
   * @throws IllegalArgumentException if no DRAM latency is declared
   */
  public double blockBytesPerNs(int threads, double bytesInFlightPerThread) {
    checkArgument(dramLatencyNs > 0, "the device declares no DRAM latency");
    checkArgument(threads >= 1, "a block has >= 1 thread, got %s", threads);
    checkArgument(bytesInFlightPerThread > 0 && Double.isFinite(bytesInFlightPerThread),
        "bytes in flight per thread must be > 0, got %s", bytesInFlightPerThread);
    return threads * bytesInFlightPerThread / dramLatencyNs;
  }
}
