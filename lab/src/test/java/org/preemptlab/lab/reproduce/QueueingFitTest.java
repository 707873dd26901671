package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.discovery.PluginType;

/**
 * The {@code v100} model file's {@code dram-queueing-ns} is the SCALE fit of {@link QueueingFit}
 * against the file's achievable bandwidth, rounded; the reproduction's calibration takes every
 * parameter from the SCALE column and runs on them; and the fit recovers a queueing scale it is
 * given.
 */
class QueueingFitTest {

  @Test
  void theV100FilesQueueingScaleIsTheScaleKernelsFitRounded() {
    PluginRegistry registry = PluginRegistry.discover(java.util.Optional.empty());
    HardwareModel file = MemorySystemV100.v100(registry, MemoryStreamRuns.Parameters.MODEL_FILE);
    QueueingFit.Fit fit = QueueingFit.fit(QueueingFit.SCALE,
        file.device().memory().achievableBytesPerNs());

    assertThat(file.device().memory().achievableBytesPerNs()).isEqualTo(829);
    assertThat(fit.rows()).isEqualTo(9);
    assertThat(fit.queueingNs()).isCloseTo(120.8, within(0.05));
    HardwareModel declared = registry.create(PluginType.HARDWARE_MODEL, "v100",
        Map.of("contention", "memory-system"), (HardwareModel) null,
        new java.util.SplittableRandom(1));
    assertThat(declared.contention()).contains(org.preemptlab.api.hardware.ContentionModel
        .memorySystem(316, Math.round(fit.queueingNs())));
  }

  @Test
  void theCalibrationTakesEveryParameterFromTheScaleColumnAndTheReproductionRunsOnIt() {
    QueueingFit.Calibration calibration = QueueingFit.calibrate(QueueingFit.SCALE);
    HardwareModel v100 = MemorySystemV100.v100(
        PluginRegistry.discover(java.util.Optional.empty()));

    // SCALE at full occupancy, 1,280 blocks (README.md @7def895): not the triad's 829.1
    assertThat(calibration.achievableGbps()).isEqualTo(787.8);
    assertThat(calibration.fit()).isEqualTo(QueueingFit.fit(QueueingFit.SCALE, 787.8));
    assertThat(calibration.fit().rows()).isEqualTo(9);
    assertThat(calibration.latencyNs()).isCloseTo(374.3, within(0.05));
    assertThat(calibration.queueingNs()).isCloseTo(102.5, within(0.05));
    assertThat(v100.device().memory().achievableBytesPerNs()).isEqualTo(787.8);
    assertThat(v100.device().memory().dramLatencyNs()).isEqualTo(calibration.latencyNs());
    assertThat(v100.contention()).contains(org.preemptlab.api.hardware.ContentionModel
        .memorySystem(calibration.latencyNs(), calibration.queueingNs()));
  }

  @Test
  void aColumnWithoutAFullOccupancyRowCannotBeCalibrated() {
    assertThatThrownBy(() -> QueueingFit.calibrate(QueueingFit.SUM1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("column sum1 has no row at 1280 blocks (full occupancy)");
  }

  @Test
  void theFitRecoversTheScaleOfLatenciesMadeByItsOwnForm() {
    // bandwidths made from latency = 350 + 100 U / (1 - U): solve per block count for U
    Map<Integer, Double> made = new java.util.TreeMap<>();
    for (int blocks : new int[] {1, 8, 32, 80, 160, 320}) {
      double low = 0;
      double high = 0.999;
      for (int i = 0; i < 100; i++) {
        double u = (low + high) / 2;
        double latency = 350 + 100 * u / (1 - u);
        double gbps = blocks * 128 * 16 / latency;
        if (gbps / 800 > u) {
          low = u;
        } else {
          high = u;
        }
      }
      made.put(blocks, low * 800);
    }
    QueueingFit.Fit fit = QueueingFit.fit(new QueueingFit.Column("made", 16, made), 800);

    assertThat(fit.queueingNs()).isCloseTo(100, within(1e-6));
    assertThat(fit.offsetNs()).isCloseTo(350, within(1e-6));
  }

  @Test
  void aTableKeyedByThreadsPerBlockGivesEachRowItsResidentThreads() {
    // 264 blocks of b threads, 16 bytes each in flight, each access 500 + 80 U / (1 - U) ns
    QueueingFit.Sweep sweep = new QueueingFit.Sweep(false, 264, 1024);
    Map<Integer, Double> made = new java.util.TreeMap<>();
    for (int threads = 32; threads <= 1024; threads += 32) {
      double low = 0;
      double high = 0.999;
      for (int i = 0; i < 100; i++) {
        double u = (low + high) / 2;
        double gbps = 264.0 * threads * 16 / (500 + 80 * u / (1 - u));
        if (gbps / 3000 > u) {
          low = u;
        } else {
          high = u;
        }
      }
      made.put(threads, low * 3000);
    }
    made.put(1024, 3000.0);
    QueueingFit.Calibration calibration = QueueingFit.calibrate(
        new QueueingFit.Column("made", 16, sweep, made));

    assertThat(calibration.achievableGbps()).isEqualTo(3000);
    assertThat(calibration.queueingNs()).isCloseTo(80, within(1e-6));
    assertThat(calibration.latencyNs()).isCloseTo(500, within(1e-6));
    assertThatThrownBy(() -> QueueingFit.calibrate(new QueueingFit.Column("short", 16, sweep,
        Map.of(32, 100.0)))).hasMessage("column short has no row at 1024 threads per block"
            + " (full occupancy)");
  }

  @Test
  void readOnlyKernelsQueueAboutAThirdAsMuchAsTheReadWriteScale() {
    double scale = QueueingFit.fit(QueueingFit.SCALE, 829).queueingNs();
    for (QueueingFit.Column column : java.util.List.of(QueueingFit.SUM1, QueueingFit.SUM2,
        QueueingFit.DOT, QueueingFit.TDOT)) {
      assertThat(QueueingFit.fit(column, 829).queueingNs()).as(column.kernel())
          .isBetween(0.2 * scale, 0.5 * scale);
    }
  }
}
