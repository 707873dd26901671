package org.preemptlab.api.hardware;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HardwareModelTest {

  private static HardwareModel model(DeviceSpec device) {
    return () -> device;
  }

  // 4 SMs share 100 B/ns of save bandwidth (25 B/ns each) and 64 B/ns of restore (16 each).
  private final HardwareModel fourSms = model(Devices.device(4, 1000, 100, 50, 64, 7));

  @Test
  void aModelWithoutAClockUnderLoadRunsCyclesAtTheDevicesClock() {
    assertThat(fourSms.sustainedClockMhz()).isEqualTo(fourSms.device().clockMhz());
  }

  @Test
  void saveTimeIsTheFixedCostPlusTheBytesAtThisSmsShareOfTheBandwidth() {
    assertThat(fourSms.saveNs(1_000, 128)).isEqualTo(50 + 40);
    assertThat(fourSms.saveNs(25, 1)).isEqualTo(50 + 1);
  }

  @Test
  void saveTimeRoundsAPartialNanosecondUp() {
    assertThat(fourSms.saveNs(1_001, 128)).isEqualTo(50 + 41);
    assertThat(fourSms.saveNs(1, 1)).isEqualTo(50 + 1);
  }

  @Test
  void savingNothingCostsOnlyTheFixedCost() {
    assertThat(fourSms.saveNs(0, 0)).isEqualTo(50);
    assertThat(fourSms.restoreNs(0, 0)).isEqualTo(7);
  }

  @Test
  void restoreUsesTheRestoreBandwidthAndFixedCost() {
    assertThat(fourSms.restoreNs(160, 64)).isEqualTo(7 + 10);
    assertThat(fourSms.restoreNs(100, 64)).isEqualTo(7 + 7); // 6.25 ns rounds up
  }

  @Test
  void twiceTheSmsHalveEachSmsShareOfTheBandwidth() {
    HardwareModel eightSms = model(Devices.device(8, 1000, 100, 50, 64, 7));

    assertThat(eightSms.saveNs(1_000, 128)).isEqualTo(50 + 80);
    assertThat(eightSms.restoreNs(160, 64)).isEqualTo(7 + 20);
  }
}
