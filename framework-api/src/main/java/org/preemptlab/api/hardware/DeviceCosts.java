package org.preemptlab.api.hardware;

import static org.preemptlab.api.Checks.checkArgument;

import org.preemptlab.api.API;

/**
 * The time cost of each hardware action. Bandwidths are device-wide in bytes per ns (= GB/s); a
 * model divides them among the SMs that save at once.
 *
 * @param kernelLaunchNs from dispatch until the kernel's first block can be placed
 * @param blockDispatchNs from placing a block on an SM until it starts executing
 * @param preemptionSignalNs from a preemption request until the SMs see it
 * @param saveBandwidthBytesPerNs device-wide bandwidth of context saves (GB/s)
 * @param saveFixedNs fixed cost of one save on one SM
 * @param restoreBandwidthBytesPerNs device-wide bandwidth of context restores (GB/s)
 * @param restoreFixedNs fixed cost of one restore on one SM
 * @param contextSwitchNs fixed cost of switching the device between contexts (a channel/TSG
 *     switch), on top of saving and restoring
 * @param timeSliceNs default time slice a context keeps the device while others wait
 * @param preemptionCheckCycles issue cost, in cycles, of one compiled-in preemption check
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public record DeviceCosts(
    long kernelLaunchNs,
    long blockDispatchNs,
    long preemptionSignalNs,
    double saveBandwidthBytesPerNs,
    long saveFixedNs,
    double restoreBandwidthBytesPerNs,
    long restoreFixedNs,
    long contextSwitchNs,
    long timeSliceNs,
    double preemptionCheckCycles) {

  /** Validates that no cost is negative and bandwidths are positive. */
  public DeviceCosts {
    nonNegative("kernel-launch", kernelLaunchNs);
    nonNegative("block-dispatch", blockDispatchNs);
    nonNegative("preemption-signal", preemptionSignalNs);
    nonNegative("save-fixed", saveFixedNs);
    nonNegative("restore-fixed", restoreFixedNs);
    nonNegative("context-switch", contextSwitchNs);
    checkArgument(timeSliceNs >= 1, "time slice must be >= 1 ns, got %s", timeSliceNs);
    checkArgument(saveBandwidthBytesPerNs > 0 && restoreBandwidthBytesPerNs > 0, "save and "
        + "restore bandwidths must be > 0");
    checkArgument(preemptionCheckCycles >= 0, "preemption check cost must be >= 0 cycles");
  }

  private static void nonNegative(String name, long value) {
    checkArgument(value >= 0, "%s cost must be >= 0 ns, got %s", name, value);
  }

  /** Every latency zero, save and restore effectively free: the standard benchmark's device. */
  public static DeviceCosts free() {
    return new DeviceCosts(0, 0, 0, 1e9, 0, 1e9, 0, 0, 1_000_000, 0);
  }
}
