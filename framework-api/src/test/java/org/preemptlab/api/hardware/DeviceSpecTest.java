package org.preemptlab.api.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DeviceSpecTest {

  @ParameterizedTest(name = "{0} cycles at {1} MHz take {2} ns")
  @CsvSource({
      "0, 1000, 0",
      "1000, 1000, 1000",
      "1980, 1980, 1000",
      "3, 1500, 2",
      "1, 1500, 1",    // 0.67 ns rounds up
      "1, 3000, 1",    // 0.33 ns rounds up
      "1.5, 1000, 2",  // fractional cycles round up too
      "4001, 2000, 2001"  // 2000.5 ns rounds up
  })
  void cyclesToNsConvertsAtTheClockRoundingUp(double cycles, double mhz, long expectedNs) {
    assertThat(Devices.device(1, mhz, 1, 0, 1, 0).cyclesToNs(cycles)).isEqualTo(expectedNs);
  }

  @Test
  void invalidSmCountOrClockIsRejected() {
    DeviceSpec ok = Devices.small();
    assertThatThrownBy(() -> new DeviceSpec("d", 0, ok.sm(), 1000, ok.costs(), true, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("device must have >= 1 SM, got 0");
    assertThatThrownBy(() -> new DeviceSpec("d", 1, ok.sm(), 0, ok.costs(), true, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("clock must be > 0 MHz, got 0.0");
    assertThatThrownBy(() -> new DeviceSpec("d", 1, ok.sm(), Double.NaN, ok.costs(), true, true))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("clock must be > 0 MHz, got NaN");
  }

  @Test
  void smLimitsMustBePositive() {
    assertThatThrownBy(() -> new SmSpec(0, 32, 65_536, 0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("SM max-threads must be >= 1, got 0");
    assertThatThrownBy(() -> new SmSpec(2048, 0, 65_536, 0, 0))
        .hasMessage("SM max-blocks must be >= 1, got 0");
    assertThatThrownBy(() -> new SmSpec(2048, 32, 0, 0, 0))
        .hasMessage("SM registers must be >= 1, got 0");
    assertThatThrownBy(() -> new SmSpec(2048, 32, 1, -1, 0))
        .hasMessage("shared memory sizes must be >= 0");
    assertThatThrownBy(() -> new SmSpec(2048, 32, 1, 0, -1))
        .hasMessage("shared memory sizes must be >= 0");
  }

  @Test
  void costsRejectNegativeLatenciesNonPositiveBandwidthAndAnEmptyTimeSlice() {
    assertThatThrownBy(() -> new DeviceCosts(-1, 0, 0, 1, 0, 1, 0, 0, 1, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("kernel-launch cost must be >= 0 ns, got -1");
    assertThatThrownBy(() -> new DeviceCosts(0, 0, 0, 1, 0, 1, 0, -3, 1, 0))
        .hasMessage("context-switch cost must be >= 0 ns, got -3");
    assertThatThrownBy(() -> new DeviceCosts(0, 0, 0, 0, 0, 1, 0, 0, 1, 0))
        .hasMessage("save and restore bandwidths must be > 0");
    assertThatThrownBy(() -> new DeviceCosts(0, 0, 0, 1, 0, Double.NaN, 0, 0, 1, 0))
        .hasMessage("save and restore bandwidths must be > 0");
    assertThatThrownBy(() -> new DeviceCosts(0, 0, 0, 1, 0, 1, 0, 0, 0, 0))
        .hasMessage("time slice must be >= 1 ns, got 0");
    assertThatThrownBy(() -> new DeviceCosts(0, 0, 0, 1, 0, 1, 0, 0, 1, -0.5))
        .hasMessage("preemption check cost must be >= 0 cycles");
  }

  @Test
  void freeCostsHaveNoLatencyAndAOneMillisecondSlice() {
    DeviceCosts free = DeviceCosts.free();

    assertThat(free.kernelLaunchNs()).isZero();
    assertThat(free.blockDispatchNs()).isZero();
    assertThat(free.saveFixedNs()).isZero();
    assertThat(free.contextSwitchNs()).isZero();
    assertThat(free.timeSliceNs()).isEqualTo(1_000_000);
  }
}
