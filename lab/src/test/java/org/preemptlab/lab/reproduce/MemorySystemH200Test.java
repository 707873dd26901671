package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.api.hardware.ContentionModel;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.lab.reproduce.MemoryStreamRuns.Parameters;
import org.preemptlab.runner.discovery.PluginRegistry;

/**
 * memory-system-h200 reads the bundled copy of te42kyfo/gpu-benches' gpu-stream/h200.txt
 * (@fd7091f), calibrates the {@code h200} model on its SCALE column alone, and its rows' targets
 * are the file's triad and read figures; memory-system-a100 does the same with a100_80.txt
 * (@a7dc559) on the {@code a100} model.
 */
class MemorySystemH200Test {
  private static final GpuStreamTable TABLE = MemorySystemH200.CARD.table();

  @ParameterizedTest
  @ValueSource(strings = {"gpu-stream-h200.csv", "gpu-stream-a100-80.csv"})
  void eachBundledTableIsTheCopyInDocsData(String file) throws Exception {
    String bundled;
    try (InputStream in = GpuStreamTable.class.getResourceAsStream(file)) {
      bundled = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(bundled).isEqualTo(Files.readString(Path.of("..", "docs", "data", file)));
  }

  @Test
  void theA100CalibrationIsItsScaleColumnOnTheA100ModelWithThe80GbPeak() {
    QueueingFit.Calibration calibration = GpuStreamMemorySystem.calibration(
        MemorySystemA100.CARD);
    HardwareModel model = new MemorySystemA100(Optional.empty())
        .runs(PluginRegistry.discover(Optional.empty())).model(Parameters.MODEL_FILE);

    // a100_80.txt: SCALE 1,732 GB/s at 1,024 threads per block; 108 SMs, 216 resident blocks
    assertThat(MemorySystemA100.CARD.table().residentBlocks()).isEqualTo(216);
    assertThat(calibration.achievableGbps()).isEqualTo(1732);
    assertThat(calibration.fit().rows()).isEqualTo(12);
    assertThat(model.device().smCount()).isEqualTo(108);
    assertThat(model.device().memory().achievableBytesPerNs()).isEqualTo(1360);
    assertThat(model.device().memory().dramBandwidthBytesPerNs()).isEqualTo(1935);
  }

  @Test
  void theTableHasEveryBlockSizeOfTheFileAtTwoBlocksPerSm() {
    // h200.txt: 32 rows, 32 to 1,024 threads per block; 132 SMs (its threads column / 32)
    for (String kernel : GpuStreamTable.KERNELS) {
      assertThat(TABLE.gbps().get(kernel)).as(kernel).hasSize(32);
    }
    assertThat(TABLE.residentBlocks()).isEqualTo(264);
    assertThat(TABLE.measured("scale", 32)).isEqualTo(240);
    assertThat(TABLE.measured("triad", 1024)).isEqualTo(3534);
    assertThat(TABLE.measured("read", 1024)).isEqualTo(2756);
    assertThat(TABLE.measured("init", 1024)).isEqualTo(3884);
  }

  @Test
  void aRowWhoseThreadsAreNotTheSmsTimesItsBlockSizeIsRefused() {
    assertThatThrownBy(() -> GpuStreamTable.read("gpu-stream-wrong-threads.csv", 132))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("gpu-stream-wrong-threads.csv line 4: threads 8000 is not 132 SMs x 64"
            + " threads per block");
  }

  @Test
  void theCalibrationIsTheScaleColumnAloneAndTheModelRunsOnIt() {
    QueueingFit.Calibration calibration = GpuStreamMemorySystem.calibration(
        MemorySystemH200.CARD);
    HardwareModel model = new MemorySystemH200(Optional.empty())
        .runs(PluginRegistry.discover(Optional.empty())).model(Parameters.CALIBRATION);

    // SCALE at 1,024 threads per block; its 19 rows below 80% of that (32 to 608 threads)
    assertThat(calibration.kernel()).isEqualTo("scale");
    assertThat(calibration.achievableGbps()).isEqualTo(3165);
    assertThat(calibration.fit().rows()).isEqualTo(19);
    assertThat(calibration.latencyNs()).isCloseTo(641.1, within(0.05));
    assertThat(calibration.queueingNs()).isCloseTo(125.8, within(0.05));
    assertThat(model.device().smCount()).isEqualTo(132);
    assertThat(model.device().memory().achievableBytesPerNs()).isEqualTo(3165);
    assertThat(model.contention()).contains(ContentionModel.memorySystem(
        calibration.latencyNs(), calibration.queueingNs()));
  }

  @Test
  void eachRowsTargetIsTheFilesFigureWithinTwentyPercent() {
    GpuStreamMemorySystem reproduction = new MemorySystemH200(Optional.empty());
    for (String kernel : MemorySystemH200.CARD.kernels().keySet()) {
      for (int threads : MemorySystemH200.CARD.rowThreads()) {
        Target target = reproduction.target(kernel, threads);
        assertThat(target.tolerance().accepts(TABLE.measured(kernel, threads) * 1.19))
            .as("%s-%s", kernel, threads).isTrue();
        assertThat(target.tolerance().accepts(TABLE.measured(kernel, threads) * 0.79))
            .as("%s-%s", kernel, threads).isFalse();
      }
    }
  }
}
