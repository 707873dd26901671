package org.preemptlab.testkit;

import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SmSpec;

/** Small devices for tests. Their limits are public figures; their costs are chosen, not fitted. */
public final class TestDevices {
  private TestDevices() {}

  /**
   * A Fermi-like device without instruction-level preemption: GPGPU-Sim's GTX 480 configuration
   * (15 SMs of 1,536 threads, 8 blocks, 32,768 registers and 48 KiB shared memory, 700 MHz), free
   * costs.
   */
  public static final DeviceSpec GTX_480 = new DeviceSpec("GTX 480", 15,
      new SmSpec(1536, 8, 32768, 49152, 0), 700, DeviceCosts.free(), false, false);

  /**
   * A Pascal device with instruction-level preemption: the GTX 1080's 20 SMs of 2,048 threads, 32
   * blocks, 65,536 registers and 96 KiB shared memory at 1,607 MHz (NVIDIA's Pascal tuning guide),
   * free costs.
   */
  public static final DeviceSpec PASCAL = new DeviceSpec("GTX 1080", 20,
      new SmSpec(2048, 32, 65536, 98304, 0), 1607, DeviceCosts.free(), true, false);

  /**
   * A device with every cost that preemption strategies read, in round numbers so that expected
   * values can be worked out by hand: 10 SMs at 1,000 MHz (1 cycle = 1 ns), 4 cycles per
   * compiled-in check, 1 µs preemption signal; saves at 20 B/ns device-wide (2 B/ns per SM) plus
   * 500 ns, restores at 40 B/ns (4 B/ns per SM) plus 300 ns; 1 ms time slice; instruction-level
   * preemption supported.
   */
  public static final DeviceSpec COSTED = new DeviceSpec("costed", 10,
      new SmSpec(2048, 32, 65536, 98304, 0), 1000,
      new DeviceCosts(0, 0, 1000, 20, 500, 40, 300, 0, 1_000_000, 4), true, false);

  /** {@link #COSTED} without instruction-level preemption. */
  public static final DeviceSpec COSTED_NO_IL = new DeviceSpec("costed-no-il", 10,
      COSTED.sm(), 1000, COSTED.costs(), false, false);

  /**
   * One SM of {@link #PASCAL}'s shape with free costs: the smallest device on which the order of
   * blocks is easy to follow.
   */
  public static final DeviceSpec ONE_SM = new DeviceSpec("one-sm", 1, PASCAL.sm(), 1000,
      DeviceCosts.free(), true, false);
}
