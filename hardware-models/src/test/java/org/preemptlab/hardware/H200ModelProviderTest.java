package org.preemptlab.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.SmSpec;

class H200ModelProviderTest {
  private final H200ModelProvider provider = new H200ModelProvider();
  private final HardwareModel model = Runs.create(provider);

  /** Bytes of one SM's context: threads x registers/thread x 4 B, plus shared memory. */
  private static long bytes(int threads, int registersPerThread, long sharedMemory) {
    return (long) threads * registersPerThread * 4 + sharedMemory;
  }

  private long saveAndRestoreNs(long bytes, int threads) {
    return model.saveNs(bytes, threads) + model.restoreNs(bytes, threads);
  }

  /** The fitted switch-out: 2 context switches + save and restore of A + B's one block. */
  private long switchOutNs(long bytes, int threads) {
    DeviceCosts costs = model.device().costs();
    return 2 * costs.contextSwitchNs() + saveAndRestoreNs(bytes, threads)
        + costs.blockDispatchNs();
  }

  @Test
  void bundledFileGivesTheMeasuredDevice() {
    DeviceSpec device = model.device();
    assertThat(device.name()).isEqualTo("NVIDIA H200 SXM");
    assertThat(device.smCount()).isEqualTo(132);
    assertThat(device.sm()).isEqualTo(new SmSpec(2048, 32, 65536, 233472, 1024));
    assertThat(device.clockMhz()).isEqualTo(1980.0);
    assertThat(device.instructionLevelPreemption()).isTrue();
    assertThat(device.concurrentContexts()).isFalse();
    assertThat(device.costs()).isEqualTo(new DeviceCosts(9_700, 200, 1_000, 1607.0, 53_900,
        1607.0, 53_900, 89_900, 2_050_000, 4.0));
    assertThat(model).isEqualTo(new PerThreadSaveModel(device, 10.25, 10.25));
  }

  @Test
  void launchOfATinyKernelTakesTheMeasuredE0Median() {
    // E0 p50: 9.9 us from launch to completion of one 32-thread block that does nothing.
    DeviceCosts costs = model.device().costs();
    assertThat(costs.kernelLaunchNs() + costs.blockDispatchNs()).isEqualTo(9_900);
  }

  @Test
  void saveAndRestoreOfTheLightContextLiesInTheMeasuredBand() {
    // light: 2 blocks x 1,024 threads, 24 registers/thread, no shared memory, per SM.
    // save = 53,900 + ceil(2,048 x 10.25 + 196,608 B x 132 / 1607 B/ns) = 53,900 + 37,142 ns.
    long bytes = bytes(2048, 24, 0);
    assertThat(bytes).isEqualTo(196_608);
    assertThat(model.saveNs(bytes, 2048)).isEqualTo(91_042);
    assertThat(model.restoreNs(bytes, 2048)).isEqualTo(91_042);
    assertThat(saveAndRestoreNs(bytes, 2048)).isBetween(150_000L, 185_000L);
  }

  @Test
  void saveAndRestoreGrowsByTheMeasuredTimePerResidentThread() {
    // Second series: 256 -> 2,048 threads at 24 registers/thread, +65 us (0.036 us/thread).
    long growth = saveAndRestoreNs(bytes(2048, 24, 0), 2048)
        - saveAndRestoreNs(bytes(256, 24, 0), 256);
    assertThat(growth).isEqualTo(182_084 - 117_086);
    assertThat(growth / 1792.0).isCloseTo(36.0, within(0.5));
  }

  @Test
  void saveAndRestoreGrowsWithRegistersAndSharedMemoryAtThePooledRate() {
    // One rate for all bytes: 2 x 132 / 1607 = 0.1643 ns/B. The file reads +20 us for the
    // register-heavy variant and +49 us for 227 KiB of shared memory; the pooled fit predicts
    // 32.6 and 38.2 us.
    long registers = saveAndRestoreNs(bytes(256, 218, 0), 256)
        - saveAndRestoreNs(bytes(256, 24, 0), 256);
    long shared = saveAndRestoreNs(bytes(1024, 24, 232_448), 1024)
        - saveAndRestoreNs(bytes(1024, 24, 0), 1024);
    assertThat(registers).isCloseTo(32_636L, within(2L));
    assertThat(shared).isCloseTo(38_188L, within(2L));
  }

  @Test
  void predictedSwitchOutMatchesEveryTimeSlicingRowWithinElevenMicroseconds() {
    // {threads, registers/thread, shared bytes, p50 switch-out in ns}
    long[][] rows = {
        {256, 24, 0, 299_000}, {512, 24, 0, 306_000}, {1024, 24, 0, 323_000},
        {2048, 24, 0, 364_000}, {256, 218, 0, 319_000}, {1024, 24, 232_448, 372_000}};
    for (long[] row : rows) {
      int threads = (int) row[0];
      long predicted = switchOutNs(bytes(threads, (int) row[1], row[2]), threads);
      assertThat(predicted).as("row %s", java.util.Arrays.toString(row))
          .isCloseTo(row[3], within(11_000L));
    }
    assertThat(switchOutNs(bytes(2048, 24, 0), 2048)).isEqualTo(362_084);
  }

  @Test
  void timeSliceIsStartToStartMinusTheSwitchOut() {
    // light: 2,419 us start to start - 364 us switched out = 2,055 us; the file reads 2.05 ms.
    assertThat(model.device().costs().timeSliceNs()).isEqualTo(2_050_000)
        .isCloseTo(2_419_000 - 364_000, within(10_000L));
  }

  @Test
  void everyKeyOfTheFileIsAParameterDefaultingToTheFileValue() {
    assertThat(provider.parameters()).extracting(ParameterSpec::name)
        .containsExactlyElementsOf(ModelKey.ids());
    assertThat(provider.parameters())
        .filteredOn(p -> p.name().equals("time-slice"))
        .singleElement()
        .satisfies(p -> assertThat(p.defaultValue()).isEqualTo("2.05ms"));
  }

  @Test
  void overridingATimeSliceChangesOnlyThatCost() {
    HardwareModel overridden = Runs.create(provider, Map.of("time-slice", "1ms"));
    assertThat(overridden.device().costs().timeSliceNs()).isEqualTo(1_000_000);
    assertThat(overridden.device().costs().contextSwitchNs()).isEqualTo(89_900);
    assertThat(overridden.device().smCount()).isEqualTo(132);
  }

  @Test
  void overridingThePerThreadCostChangesTheSaveTime() {
    HardwareModel overridden = Runs.create(provider, Map.of("save-per-thread-ns", "0"));
    assertThat(overridden.saveNs(196_608, 2048)).isEqualTo(91_042 - 20_992);
  }

  @Test
  void overrideOutOfRangeIsRejectedWithTheParameterName() {
    assertThatThrownBy(() -> Runs.create(provider, Map.of("sm-count", "0")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("'sm-count'")
        .hasMessageContaining("'0' is out of range");
  }

  @Test
  void overrideMakingAnInvalidDeviceNamesTheFileAndTheOverride() {
    assertThatThrownBy(() -> Runs.create(provider, Map.of("shared-memory-per-sm", "512")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("h200.properties with overrides shared-memory-per-sm=512:"
            + " shared-memory-reserved-per-block (1024 B) exceeds shared-memory-per-sm (512 B),"
            + " so no block could ever be resident");
  }

  @Test
  void eachRunGetsAFreshButEqualModel() {
    HardwareModel again = Runs.create(provider);
    assertThat(again).isNotSameAs(model).isEqualTo(model);
  }
}
