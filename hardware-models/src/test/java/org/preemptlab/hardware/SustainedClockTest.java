package org.preemptlab.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.HardwareModel;

/** The {@code sustained-clock-mhz} key: a model's SM clock under load (issue 28, item 5). */
class SustainedClockTest {

  private static HardwareModel h200(Map<String, String> overrides) {
    return Runs.create(BundledModels.provider("h200"), overrides);
  }

  static java.util.List<String> bundled() {
    return BundledFilesTest.indexed();
  }

  @ParameterizedTest
  @MethodSource("bundled")
  void everyBundledModelDeclaresASustainedClockAtMostItsMaximumClock(String resource) {
    ModelFile file = ModelFile.resource(resource);
    assertThat(file.settings()).containsKey(ModelKey.SUSTAINED_CLOCK_MHZ);
    HardwareModel model = Runs.create(BundledModels.provider(resource.replace(".yaml", "")));
    assertThat(model.sustainedClockMhz()).isPositive()
        .isLessThanOrEqualTo(model.device().clockMhz());
  }

  @Test
  void anOverrideLowersTheSustainedClockAndLeavesTheMaximumClock() {
    HardwareModel model = h200(Map.of("sustained-clock-mhz", "1500"));

    assertThat(model.sustainedClockMhz()).isEqualTo(1500.0);
    assertThat(model.device().clockMhz()).isEqualTo(1980.0);
  }

  @Test
  void aClockOfZeroIsAOneLineErrorNamingTheKey() {
    assertThatThrownBy(() -> h200(Map.of("sustained-clock-mhz", "0")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("parameter 'sustained-clock-mhz' of hardware 'h200': '0' is out of range in"
            + " [1, 100000]");
  }

  @Test
  void aSustainedClockAboveTheMaximumIsRefusedNamingBothKeys() {
    assertThatThrownBy(() -> h200(Map.of("sustained-clock-mhz", "2000")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageEndingWith(": sustained-clock-mhz (2000 MHz) exceeds clock-mhz (1980 MHz); the"
            + " clock under load is at most the maximum clock");
  }

  @Test
  void aModelFileWithoutTheKeyRunsCyclesAtItsMaximumClock() throws IOException {
    Path dir = Files.createTempDirectory("sustained");
    try (var in = ModelFile.class.getResourceAsStream("v100.yaml")) {
      String text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)
          .replaceAll("(?m)^sustained-clock-mhz:.*\n", "");
      Path file = Files.writeString(dir.resolve("mine.yaml"), text);
      HardwareModel model = Runs.create(new FileModelProvider(), Map.of("path", file.toString()));
      assertThat(model.sustainedClockMhz()).isEqualTo(1530.0);
    }
  }

  /**
   * The h200's value: in E1 same_priority the probe waits behind W x D = 150,000 us of clock64
   * spin at every D, so a clock f below the 1,980 MHz the spin was computed at stretches all three
   * rows by the same 0.7 x 150,000 x (1,980 / f - 1) us, while the dispatch term grows with W. A
   * least-squares fit of both (launch 9.58 us, as fit 1) on the means of the samples gives the
   * clock the spins ran at.
   */
  @Test
  void theH200SustainedClockIsTheClockTheE1SpinsRanAt() throws IOException {
    Map<Double, double[]> sums = new TreeMap<>();
    for (String line : Files.readAllLines(Path.of("../docs/data/h200-e1-samples.csv"))) {
      String[] f = line.split(",");
      if (f[1].equals("same_priority")) {
        double[] sum = sums.computeIfAbsent(Double.parseDouble(f[2]), d -> new double[2]);
        sum[0] += Double.parseDouble(f[3]);
        sum[1]++;
      }
    }
    assertThat(sums).hasSize(3);
    // latency + 0.3 W D - 9.58 - 0.1 = k (W D) + dispatch (W + 1); least squares in (k, dispatch)
    double saa = 0;
    double sab = 0;
    double sbb = 0;
    double say = 0;
    double sby = 0;
    for (Map.Entry<Double, double[]> e : sums.entrySet()) {
      double d = e.getKey();
      double w = Math.max(4, 150_000 / d);
      double y = e.getValue()[0] / e.getValue()[1] + 0.3 * w * d - 9.58 - 0.1;
      double a = w * d;
      double b = w + 1;
      saa += a * a;
      sab += a * b;
      sbb += b * b;
      say += a * y;
      sby += b * y;
    }
    double k = (say * sbb - sby * sab) / (saa * sbb - sab * sab);
    double clockMhz = 1980 / k;

    assertThat(clockMhz).isCloseTo(1980.1, within(0.05));
    assertThat(h200(Map.of()).sustainedClockMhz()).isCloseTo(clockMhz, within(1980 * 1e-4));
  }
}
