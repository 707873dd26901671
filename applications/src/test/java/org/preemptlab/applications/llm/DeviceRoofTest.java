package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;

/** The roofline's device files: the datasheet's peaks and the optional sustained bandwidth. */
class DeviceRoofTest {
  private static final String FILE = "name: Test GPU\nsms: 10\npeak-flops: 100e12\n"
      + "dram-bytes-per-s: 2e12\n";

  @Test
  void aDeviceFileMayDeclareTheBandwidthAStreamingKernelSustains() {
    DeviceRoof d = DeviceRoof.parse(FILE + "achievable-dram-bytes-per-s: 1.5e12\n", "t", "t.device");
    assertThat(d.bandwidth(DeviceRoof.Bandwidth.DATASHEET)).isEqualTo(2e12);
    assertThat(d.bandwidth(DeviceRoof.Bandwidth.ACHIEVABLE)).isEqualTo(1.5e12);
  }

  @Test
  void theAchievableBandwidthIsRefusedWhereTheDeviceDeclaresNone() {
    DeviceRoof d = DeviceRoof.parse(FILE, "t", "t.device");
    assertThat(d.bandwidth(DeviceRoof.Bandwidth.DATASHEET)).isEqualTo(2e12);
    assertThatThrownBy(() -> d.bandwidth(DeviceRoof.Bandwidth.ACHIEVABLE))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("device 't' declares no achievable-dram-bytes-per-s, which the roofline's "
            + "element-wise efficiencies are fractions of; add a measured figure to its device "
            + "file");
  }

  @Test
  void anAchievableBandwidthAboveTheDatasheetsIsRefused() {
    assertThatThrownBy(() -> DeviceRoof.parse(FILE + "achievable-dram-bytes-per-s: 3e12\n", "t",
        "t.device")).hasMessageContaining("achievable-dram-bytes-per-s must be at most "
        + "dram-bytes-per-s");
  }

  @Test
  void aBadAchievableBandwidthIsNamedWithItsLine() {
    assertThatThrownBy(() -> DeviceRoof.parse(FILE + "achievable-dram-bytes-per-s: fast\n", "t",
        "t.device")).isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("t.device:5: key 'achievable-dram-bytes-per-s' must be a number");
  }

  @Test
  void theBundledDevicesOfVidursProfilesDeclareTheirSustainedBandwidth() {
    assertThat(DeviceRoof.bundled("h100-sxm").achievableDramBytesPerSecond()).isEqualTo(2.97e12);
    assertThat(DeviceRoof.bundled("a100-sxm4-80gb").achievableDramBytesPerSecond())
        .isEqualTo(1.70e12);
    assertThat(DeviceRoof.bundled("rtx-pro-6000-server").achievableDramBytesPerSecond())
        .isZero();
  }

  @Test
  void aDeviceFileMayDeclareTheClockItsPeakIsDeclaredAt() {
    assertThat(DeviceRoof.parse(FILE + "boost-clock-hz: 2.52e9\n", "t", "t.device")
        .boostClockHz()).isEqualTo(2.52e9);
    assertThat(DeviceRoof.parse(FILE, "t", "t.device").boostClockHz()).isZero();
  }

  @Test
  void aClockOutsideItsRangeIsNamedWithItsLine() {
    assertThatThrownBy(() -> DeviceRoof.parse(FILE + "boost-clock-hz: 2520\n", "t",
        "t.device")).isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("t.device:5: key 'boost-clock-hz'")
        .hasMessageNotContaining("\n");
  }

  @Test
  void theBundledRtxDevicesPeaksAreTheirSmsTimesTheirClockTimesTheirTensorRate() {
    // dense BF16 FLOPs per SM per cycle with FP32 accumulation: 512 on the GeForce RTX 4090
    // (half rate), 1,024 on the RTX PRO 6000
    DeviceRoof geforce = DeviceRoof.bundled("rtx-4090");
    DeviceRoof professional = DeviceRoof.bundled("rtx-pro-6000-server");
    assertThat(geforce.peakFlops() / geforce.sms() / geforce.boostClockHz())
        .isCloseTo(512, org.assertj.core.data.Offset.offset(0.5));
    assertThat(professional.peakFlops() / professional.sms() / professional.boostClockHz())
        .isCloseTo(1_024, org.assertj.core.data.Offset.offset(0.5));
  }

  @Test
  void anElementwiseKernelWhoseBytesFitTheL2sResidentBytesMovesThemAtTheL2Rate() {
    DeviceRoof d = DeviceRoof.parse("name: T\nsms: 1\npeak-flops: 1e12\ndram-bytes-per-s: 1e12\n"
        + "l2-bytes: 1000\nl2-bytes-per-s: 5e12\nl2-resident-bytes: 700\n", "t", "t.device");
    assertThat(d.elementwiseBandwidth(700, DeviceRoof.Bandwidth.DATASHEET)).isEqualTo(5e12);
    assertThat(d.elementwiseBandwidth(701, DeviceRoof.Bandwidth.DATASHEET)).isEqualTo(1e12);
    // 700 bytes at 0.5 of the L2 rate, plus a 10 ns overhead: 10 + 1e9 * 700 / 2.5e12 = 10.28 ns
    RooflineEfficiency.Factors f = new RooflineEfficiency.Factors(1, 0.5, 10);
    assertThat(f.nanos(0, 700, 1e12, d.elementwiseBandwidth(700, DeviceRoof.Bandwidth.DATASHEET)))
        .isCloseTo(10.28, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void withoutAnL2RateEveryByteMovesAtTheDramRate() {
    DeviceRoof d = DeviceRoof.parse("name: T\nsms: 1\npeak-flops: 1e12\ndram-bytes-per-s: 1e12\n"
        + "l2-bytes: 1000\n", "t", "t.device");
    assertThat(d.l2().bytes()).isEqualTo(1000);
    assertThat(d.l2().measured()).isFalse();
    assertThat(d.elementwiseBandwidth(1, DeviceRoof.Bandwidth.DATASHEET)).isEqualTo(1e12);
  }

  /**
   * The RTX cards' L2 figures are derived, as their files say, from the L40's curve
   * (te42kyfo/gpu-benches gpu-l2-cache/l40.txt: 5,219.15 GB/s up to 91,648 kB of its 96 MB; 142
   * SMs at 2,490 MHz) per SM and per clock, and the same share of each card's L2.
   */
  @Test
  void theRtxCardsL2FiguresAreTheL40sCarriedPerSmAndClock() {
    double perSmAndClock = 5219.15e9 / (142 * 2.49e9);
    double share = 91_648.0 * 1024 / (96L << 20);
    for (String id : List.of("rtx-4090", "rtx-pro-6000-server")) {
      DeviceRoof d = DeviceRoof.bundled(id);
      assertThat(d.l2().bytesPerSecond()).as(id).isCloseTo(perSmAndClock * d.sms()
          * d.boostClockHz(), org.assertj.core.data.Percentage.withPercentage(0.01));
      assertThat(d.l2().residentBytes()).as(id).isEqualTo((long) (share * d.l2().bytes()));
    }
    assertThat(DeviceRoof.bundled("rtx-4090").l2().bytes()).isEqualTo(72L << 20);
    assertThat(DeviceRoof.bundled("rtx-pro-6000-server").l2().bytes()).isEqualTo(128L << 20);
  }

  @Test
  void anL2RateWithoutItsResidentBytesIsRefusedInOneLine() {
    assertThatThrownBy(() -> DeviceRoof.parse("name: T\nsms: 1\npeak-flops: 1e12\n"
        + "dram-bytes-per-s: 1e12\nl2-bytes: 1000\nl2-bytes-per-s: 5e12\n", "t", "t.device"))
        .isInstanceOf(ConfigurationException.class).hasMessage("t.device: keys 'l2-bytes-per-s' "
            + "and 'l2-resident-bytes' come together, from one measurement, with 'l2-bytes' at "
            + "least the resident bytes");
  }

  @Test
  void theDevicesWithAPublishedL2MeasurementDeclareItsPlateau() {
    // te42kyfo/gpu-benches @1c36d50 gpu-l2-cache: h100_pcie.txt, h200.txt, a100_80.txt
    assertThat(DeviceRoof.bundled("h100-sxm").l2()).isEqualTo(new DeviceRoof.L2(50L << 20,
        6.9819e12, 36_864L * 1024));
    assertThat(DeviceRoof.bundled("h200").l2()).isEqualTo(new DeviceRoof.L2(50L << 20,
        9.9167e12, 33_792L * 1024));
    assertThat(DeviceRoof.bundled("a100-sxm4-80gb").l2()).isEqualTo(new DeviceRoof.L2(40L << 20,
        5.4029e12, 28_160L * 1024));
    assertThat(DeviceRoof.bundled("a100-sxm4-40gb").l2().measured()).isFalse();
  }
}
