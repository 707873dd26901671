package org.preemptlab.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.SmSpec;

class Gtx480ProviderTest {
  private final BundledModelProvider provider = BundledModels.provider("gtx480");
  private final HardwareModel model = Runs.create(provider);

  @Test
  void bundledFileGivesTheGpgpuSimConfig() {
    DeviceSpec device = model.device();
    assertThat(device.name()).isEqualTo("NVIDIA GeForce GTX 480 (GPGPU-Sim)");
    assertThat(device.smCount()).isEqualTo(15);
    assertThat(device.sm()).isEqualTo(new SmSpec(1536, 8, 32768, 49152, 0));
    assertThat(device.clockMhz()).isEqualTo(700.0);
    assertThat(device.instructionLevelPreemption()).isFalse();
    assertThat(device.concurrentContexts()).isFalse();
    assertThat(device.costs()).isEqualTo(new DeviceCosts(5_000, 571, 1_000, 177.0, 0, 177.0, 0, 0,
        2_090_000, 4.0));
    assertThat(((CostModel) model).savePerThreadNs()).isZero();
  }

  @Test
  void fullSaveOfOneSmTakesAboutFifteenMicroseconds() {
    // 128 KB registers + 48 KB shared memory = 131,072 + 49,152 = 180,224 B per SM. All 15 SMs
    // save at once, so each gets 177 / 15 = 11.8 B/ns: 180,224 / 11.8 = 15,273.2 -> 15,274 ns.
    long fullSm = 32768L * 4 + 49152;
    assertThat(fullSm).isEqualTo(180_224);
    assertThat(model.saveNs(fullSm, 1536)).isEqualTo(15_274);
    assertThat(model.saveNs(fullSm, 1536)).isCloseTo(15_000L, within(500L));
    assertThat(model.restoreNs(fullSm, 1536)).isEqualTo(15_274);
  }

  @Test
  void saveTimeDependsOnBytesNotOnThreads() {
    assertThat(model.saveNs(180_224, 1)).isEqualTo(model.saveNs(180_224, 1536));
    assertThat(model.saveNs(90_112, 1536)).isEqualTo(7_637);
  }

  @Test
  void instructionLevelPreemptionCanBeSwitchedOnForChimeraStyleStudies() {
    HardwareModel chimera =
        Runs.create(provider, Map.of("instruction-level-preemption", "true"));
    assertThat(chimera.device().instructionLevelPreemption()).isTrue();
    assertThat(chimera.device().sm()).isEqualTo(model.device().sm());
  }

  @Test
  void cyclesConvertAtTheCoreClock() {
    assertThat(model.device().cyclesToNs(700)).isEqualTo(1_000);
  }
}
