package org.preemptlab.hardware;

import java.util.Objects;
import org.preemptlab.api.hardware.ContextOrder;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;

/**
 * A hardware model whose save and restore times are linear in the bytes and in the resident
 * threads of one SM: {@code fixed + perThread * threads + bytes / (bandwidth / smCount)}, rounded
 * up to whole ns. The per-thread term captures work that scales with threads rather than bytes
 * (the trap handler each warp runs); the {@code h200} model's terms are fitted to time-slicing
 * measurements (see {@code docs/hardware-models.md}).
 *
 * @param device the device, whose costs give the fixed terms and the bandwidths; never null
 * @param savePerThreadNs extra save time per resident thread, at least 0
 * @param restorePerThreadNs extra restore time per resident thread, at least 0
 * @param contextOrder the order of time-sliced contexts; never null
 * @since 0.1
 */
public record PerThreadSaveModel(
    DeviceSpec device, double savePerThreadNs, double restorePerThreadNs,
    ContextOrder contextOrder)
    implements HardwareModel {

  /** A model serving contexts in runlist order. */
  public PerThreadSaveModel(DeviceSpec device, double savePerThreadNs,
      double restorePerThreadNs) {
    this(device, savePerThreadNs, restorePerThreadNs, ContextOrder.RUNLIST);
  }

  /** Checks that the device is present and the per-thread terms are finite and not negative. */
  public PerThreadSaveModel {
    Objects.requireNonNull(device, "device");
    Objects.requireNonNull(contextOrder, "contextOrder");
    if (!(savePerThreadNs >= 0) || !(restorePerThreadNs >= 0)
        || Double.isInfinite(savePerThreadNs) || Double.isInfinite(restorePerThreadNs)) {
      throw new IllegalArgumentException("per-thread save and restore costs must be finite and"
          + " >= 0 ns, got " + savePerThreadNs + " and " + restorePerThreadNs);
    }
  }

  /** The fixed save cost plus the per-thread and per-byte terms for one SM. */
  @Override
  public long saveNs(long bytes, int threads) {
    return device.costs().saveFixedNs()
        + variableNs(bytes, threads, savePerThreadNs, device.costs().saveBandwidthBytesPerNs());
  }

  /** The fixed restore cost plus the per-thread and per-byte terms for one SM. */
  @Override
  public long restoreNs(long bytes, int threads) {
    return device.costs().restoreFixedNs()
        + variableNs(bytes, threads, restorePerThreadNs,
            device.costs().restoreBandwidthBytesPerNs());
  }

  private long variableNs(long bytes, int threads, double perThreadNs, double deviceBandwidth) {
    double perSmBandwidth = deviceBandwidth / device.smCount();
    return (long) Math.ceil(threads * perThreadNs + bytes / perSmBandwidth);
  }
}
