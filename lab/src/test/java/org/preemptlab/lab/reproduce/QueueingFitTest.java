package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.discovery.PluginType;

/**
 * The {@code v100} model file's {@code dram-queueing-ns} is the SCALE fit of {@link QueueingFit},
 * rounded, and the fit recovers a queueing scale it is given.
 */
class QueueingFitTest {

  @Test
  void theV100FilesQueueingScaleIsTheScaleKernelsFitRounded() {
    PluginRegistry registry = PluginRegistry.discover(java.util.Optional.empty());
    HardwareModel v100 = MemorySystemV100.v100(registry);
    QueueingFit.Fit fit = QueueingFit.fit(QueueingFit.SCALE,
        v100.device().memory().achievableBytesPerNs());

    assertThat(fit.rows()).isEqualTo(9);
    assertThat(fit.queueingNs()).isCloseTo(120.8, within(0.05));
    HardwareModel declared = registry.create(PluginType.HARDWARE_MODEL, "v100",
        Map.of("contention", "memory-system"), (HardwareModel) null,
        new java.util.SplittableRandom(1));
    assertThat(declared.contention()).contains(org.preemptlab.api.hardware.ContentionModel
        .memorySystem(316, Math.round(fit.queueingNs())));
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
  void readOnlyKernelsQueueAboutAThirdAsMuchAsTheReadWriteScale() {
    double scale = QueueingFit.fit(QueueingFit.SCALE, 829).queueingNs();
    for (QueueingFit.Column column : java.util.List.of(QueueingFit.SUM1, QueueingFit.SUM2,
        QueueingFit.DOT, QueueingFit.TDOT)) {
      assertThat(QueueingFit.fit(column, 829).queueingNs()).as(column.kernel())
          .isBetween(0.2 * scale, 0.5 * scale);
    }
  }
}
