package org.preemptlab.hardware;

import java.util.Objects;
import org.preemptlab.api.hardware.ContextOrder;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;

/**
 * A hardware model with {@link HardwareModel}'s default save and restore times: each SM gets an
 * equal share of the device's bandwidth, plus the fixed cost. Used by {@code gtx480} and by model
 * files without per-thread terms.
 *
 * @param device the device; never null
 * @param contextOrder the order of time-sliced contexts; never null
 * @since 0.1
 */
public record BandwidthShareModel(DeviceSpec device, ContextOrder contextOrder)
    implements HardwareModel {
  /** Checks that nothing is null. */
  public BandwidthShareModel {
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(contextOrder, "contextOrder");
  }

  /** A model serving contexts in runlist order. */
  public BandwidthShareModel(DeviceSpec device) {
    this(device, ContextOrder.RUNLIST);
  }
}
