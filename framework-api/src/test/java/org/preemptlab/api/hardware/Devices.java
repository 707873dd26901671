package org.preemptlab.api.hardware;

/** Small valid devices for tests. */
public final class Devices {
  private Devices() {}

  /** A device of {@code sms} SMs at {@code clockMhz} with the given save/restore costs. */
  public static DeviceSpec device(int sms, double clockMhz, double saveBw, long saveFixed,
      double restoreBw, long restoreFixed) {
    DeviceCosts costs = new DeviceCosts(0, 0, 0, saveBw, saveFixed, restoreBw, restoreFixed, 0,
        1_000_000, 0);
    return new DeviceSpec("test", sms, new SmSpec(2048, 32, 65_536, 233_472, 0), clockMhz, costs,
        true, false);
  }

  /** A four-SM device with free costs. */
  public static DeviceSpec small() {
    return new DeviceSpec("small", 4, new SmSpec(2048, 32, 65_536, 233_472, 0), 1_000,
        DeviceCosts.free(), true, false);
  }
}
