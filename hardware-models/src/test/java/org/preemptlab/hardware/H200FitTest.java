package org.preemptlab.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceCosts;

/**
 * Redoes the fit described in {@code h200.properties} from the raw time-slicing rows of
 * h200-measurements.md and checks that the bundled values are its rounded results.
 */
class H200FitTest {
  /** {threads, bytes per SM, p50 switch-out in us}; bytes = threads x regs x 4 + shared memory. */
  private static final double[][] ROWS = {
      {256, 256 * 24 * 4, 299}, {512, 512 * 24 * 4, 306}, {1024, 1024 * 24 * 4, 323},
      {2048, 2048 * 24 * 4, 364}, {256, 256 * 218 * 4, 319}, {1024, 1024 * 24 * 4 + 232_448, 372}};

  private final PerThreadSaveModel model = (PerThreadSaveModel) Runs.create(new H200ModelProvider());
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
  void fixedCostsAndContextSwitchSplitTheInterceptAsDocumented() {
    double usPerByte = 2 * 132 / costs.saveBandwidthBytesPerNs() / 1000;
    double usPerThread = (model.savePerThreadNs() + model.restorePerThreadNs()) / 1000;
    double intercept = 0;
    for (double[] row : ROWS) {
      intercept += (row[2] - usPerThread * row[0] - usPerByte * row[1]) / ROWS.length;
    }
    assertThat(intercept).isCloseTo(287.75, within(0.01));
    // One save + restore of the light context is half its 364 us switch-out.
    double lightVariableUs = usPerThread * 2048 + usPerByte * 2048 * 24 * 4;
    double fixedEachUs = (364.0 / 2 - lightVariableUs) / 2;
    assertThat(costs.saveFixedNs() / 1000.0).isCloseTo(fixedEachUs, within(0.05));
    assertThat(costs.restoreFixedNs()).isEqualTo(costs.saveFixedNs());
    double contextSwitchUs = (intercept - 2 * costs.saveFixedNs() / 1000.0
        - costs.blockDispatchNs() / 1000.0) / 2;
    assertThat(costs.contextSwitchNs() / 1000.0).isCloseTo(contextSwitchUs, within(0.05));
  }
}
