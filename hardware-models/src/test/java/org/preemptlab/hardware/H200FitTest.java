package org.preemptlab.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceCosts;

/**
 * Redoes the fits described in {@code h200.yaml} from the measured rows (time slicing, and the E1
 * samples in docs/data) and checks that the bundled values are their rounded results. These are
 * fits checked on the data they were fitted to (in-sample), not validations.
 */
class H200FitTest {
  /** {threads, bytes per SM, p50 switch-out in us}; bytes = threads x regs x 4 + shared memory. */
  private static final double[][] ROWS = {
      {256, 256 * 24 * 4, 299}, {512, 512 * 24 * 4, 306}, {1024, 1024 * 24 * 4, 323},
      {2048, 2048 * 24 * 4, 364}, {256, 256 * 218 * 4, 319}, {1024, 1024 * 24 * 4 + 232_448, 372}};

  private final CostModel model = (CostModel) Runs.create(BundledModels.provider("h200"));
  private final DeviceCosts costs = model.device().costs();

  /** Step 1: one per-byte rate, least squares through the two byte-only contrasts. */
  private static double saveAndRestoreUsPerByte() {
    double registerBytes = ROWS[4][1] - ROWS[0][1];
    double registerUs = ROWS[4][2] - ROWS[0][2];
    double sharedBytes = ROWS[5][1] - ROWS[2][1];
    double sharedUs = ROWS[5][2] - ROWS[2][2];
    return (registerUs * registerBytes + sharedUs * sharedBytes)
        / (registerBytes * registerBytes + sharedBytes * sharedBytes);
  }

  @Test
  void bandwidthIsTheRoundedPooledPerByteRate() {
    double perSmBytesPerNsEachWay = 1 / (saveAndRestoreUsPerByte() * 1000 / 2);
    assertThat(perSmBytesPerNsEachWay * 132).isCloseTo(1606.6, within(0.05));
    assertThat(costs.saveBandwidthBytesPerNs()).isCloseTo(perSmBytesPerNsEachWay * 132,
        within(0.5));
    assertThat(costs.restoreBandwidthBytesPerNs()).isEqualTo(costs.saveBandwidthBytesPerNs());
  }

  @Test
  void perThreadCostIsTheThreadSeriesGrowthLessItsRegisterBytes() {
    double usPerByte = 2 * 132 / costs.saveBandwidthBytesPerNs() / 1000;
    double perThreadUs = ((ROWS[3][2] - ROWS[0][2]) - (ROWS[3][1] - ROWS[0][1]) * usPerByte)
        / (ROWS[3][0] - ROWS[0][0]);
    assertThat(perThreadUs * 1000).isCloseTo(20.50, within(0.01));
    assertThat(model.savePerThreadNs() + model.restorePerThreadNs())
        .isCloseTo(perThreadUs * 1000, within(0.01));
  }

  @Test
  void theWholeInterceptIsChargedPerSwitchAsDocumented() {
    double usPerByte = 2 * 132 / costs.saveBandwidthBytesPerNs() / 1000;
    double usPerThread = (model.savePerThreadNs() + model.restorePerThreadNs()) / 1000;
    double intercept = 0;
    for (double[] row : ROWS) {
      intercept += (row[2] - usPerThread * row[0] - usPerByte * row[1]) / ROWS.length;
    }
    assertThat(intercept).isCloseTo(287.75, within(0.01));
    assertThat(costs.saveFixedNs()).isZero();
    assertThat(costs.restoreFixedNs()).isZero();
    // intercept = 2 switches + 2 signals + B's block (dispatch + 0.1 us)
    double contextSwitchUs = (intercept - 2 * costs.preemptionSignalNs() / 1000.0
        - costs.blockDispatchNs() / 1000.0 - 0.1) / 2;
    assertThat(costs.contextSwitchNs() / 1000.0).isCloseTo(contextSwitchUs, within(0.05));
  }

  @Test
  void blockDispatchIsTheLeastSquaresFitOfTheSamePriorityE1Rows() throws IOException {
    // latency = launch (9.58 us) + W (D + dispatch) - 0.3 W D + dispatch + 0.1 us, W = 150,000 / D
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
    double num = 0;
    double den = 0;
    for (Map.Entry<Double, double[]> e : sums.entrySet()) {
      double d = e.getKey();
      double w = Math.max(4, 150_000 / d);
      double y = e.getValue()[0] / e.getValue()[1] - 9.58 - 0.7 * w * d - 0.1;
      num += y * (w + 1);
      den += (w + 1) * (w + 1);
    }
    assertThat(num / den * 1000).isCloseTo(221.6, within(0.5));
    assertThat(costs.blockDispatchNs()).isEqualTo(220);
  }
}
