package org.preemptlab.applications.llm;

import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SmSpec;

/** The H200's SM limits as the bundled {@code h200} hardware model declares them, free costs. */
final class H200 {
  private H200() {}

  static final DeviceSpec DEVICE = new DeviceSpec("NVIDIA H200 SXM", 132,
      new SmSpec(2048, 32, 65536, 233472, 1024), 1980, DeviceCosts.free(), true, false);
}
