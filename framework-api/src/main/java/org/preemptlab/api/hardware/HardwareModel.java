package org.preemptlab.api.hardware;

import org.preemptlab.api.API;

/**
 * A hardware model: a device and the functions that turn saved and restored bytes into time. Only
 * {@link #device()} is abstract; the defaults give each SM an equal share of the device's save and
 * restore bandwidth, since all SMs save at once when a context is preempted.
 *
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public interface HardwareModel {

  /** The device this model describes. Never null. */
  DeviceSpec device();

  /**
   * Time to save {@code bytes} of state held by {@code threads} resident threads on one SM.
   *
   * @param bytes bytes written, at least 0
   * @param threads the threads whose state it is, at least 0
   */
  default long saveNs(long bytes, int threads) {
    DeviceSpec d = device();
    double perSm = d.costs().saveBandwidthBytesPerNs() / d.smCount();
    return d.costs().saveFixedNs() + (long) Math.ceil(bytes / perSm);
  }

  /**
   * The order in which time-sliced contexts are served. {@link ContextOrder#RUNLIST} by default.
   *
   * @since 0.2
   */
  default ContextOrder contextOrder() {
    return ContextOrder.RUNLIST;
  }

  /** Time to restore {@code bytes} of state of {@code threads} threads on one SM. */
  default long restoreNs(long bytes, int threads) {
    DeviceSpec d = device();
    double perSm = d.costs().restoreBandwidthBytesPerNs() / d.smCount();
    return d.costs().restoreFixedNs() + (long) Math.ceil(bytes / perSm);
  }
}
