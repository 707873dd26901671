package org.preemptlab.api.hardware;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.Objects;
import org.preemptlab.api.API;

/**
 * A simulated device.
 *
 * @param name a label such as {@code "NVIDIA H200 SXM"}
 * @param smCount streaming multiprocessors, at least 1
 * @param sm the limits of every SM
 * @param clockMhz the SM clock, to turn cycles into ns
 * @param costs the cost of every hardware action
 * @param instructionLevelPreemption whether an SM can stop a block at (almost) any instruction and
 *     save its state (Pascal and later); otherwise only block boundaries are available
 * @param concurrentContexts whether blocks of different contexts may share SMs at once (MPS-like);
 *     otherwise contexts are time-sliced
 * @param memory the device memory's limits, for the contention model ({@link
 *     MemorySpec#UNSPECIFIED} when the model declares none)
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public record DeviceSpec(
    String name,
    int smCount,
    SmSpec sm,
    double clockMhz,
    DeviceCosts costs,
    boolean instructionLevelPreemption,
    boolean concurrentContexts,
    MemorySpec memory) {

  /** Validates the fields. */
  public DeviceSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(memory, "memory");
    Objects.requireNonNull(sm, "sm");
    Objects.requireNonNull(costs, "costs");
    checkArgument(smCount >= 1, "device must have >= 1 SM, got %s", smCount);
    checkArgument(clockMhz > 0, "clock must be > 0 MHz, got %s", clockMhz);
  }

  /**
   * A device whose memory limits are not declared ({@link MemorySpec#UNSPECIFIED}).
   *
   * @since 0.1
   */
  public DeviceSpec(String name, int smCount, SmSpec sm, double clockMhz, DeviceCosts costs,
      boolean instructionLevelPreemption, boolean concurrentContexts) {
    this(name, smCount, sm, clockMhz, costs, instructionLevelPreemption, concurrentContexts,
        MemorySpec.UNSPECIFIED);
  }

  /**
   * The same device with other memory limits.
   *
   * @since 0.2
   */
  public DeviceSpec withMemory(MemorySpec newMemory) {
    return new DeviceSpec(name, smCount, sm, clockMhz, costs, instructionLevelPreemption,
        concurrentContexts, newMemory);
  }

  /** Converts SM cycles to ns at this device's clock, rounding up. */
  public long cyclesToNs(double cycles) {
    return (long) Math.ceil(cycles * 1000.0 / clockMhz);
  }
}
