package org.preemptlab.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.SmSpec;

class H200ProviderTest {
  private final BundledModelProvider provider = BundledModels.provider("h200");
  private final HardwareModel model = Runs.create(provider);

  /** Bytes of one SM's context: threads x registers/thread x 4 B, plus shared memory. */
  private static long bytes(int threads, int registersPerThread, long sharedMemory) {
    return (long) threads * registersPerThread * 4 + sharedMemory;
  }

  private long saveAndRestoreNs(long bytes, int threads) {
    return model.saveNs(bytes, threads) + model.restoreNs(bytes, threads);
  }

  /**
   * The fitted switch-out (median costs): 2 context switches + 2 signals + save and restore of A +
   * B's one block (dispatch + 0.1 us).
   */
  private long switchOutNs(long bytes, int threads) {
    DeviceCosts costs = model.device().costs();
    return 2 * costs.contextSwitchNs() + 2 * costs.preemptionSignalNs()
        + saveAndRestoreNs(bytes, threads) + costs.blockDispatchNs() + 100;
  }

  @Test
  void bundledFileGivesTheMeasuredDeviceAndTheFittedMedians() {
    DeviceSpec device = model.device();
    assertThat(device.name()).isEqualTo("NVIDIA H200 SXM");
    assertThat(device.smCount()).isEqualTo(132);
    assertThat(device.sm()).isEqualTo(new SmSpec(2048, 32, 65536, 233472, 1024));
    assertThat(device.clockMhz()).isEqualTo(1980.0);
    assertThat(device.instructionLevelPreemption()).isTrue();
    assertThat(device.concurrentContexts()).isFalse();
    assertThat(device.costs()).isEqualTo(new DeviceCosts(9_580, 220, 1_000, 1607.0, 0,
        1607.0, 0, 142_700, 2_050_000, 4.0));
    assertThat(model).isInstanceOf(CostModel.class);
    assertThat(((CostModel) model).savePerThreadNs()).isEqualTo(10.25);
  }

  @Test
  void idleLaunchOfATinyKernelTakesTheMeasuredE0Quantiles() {
    // E0: p10 / p50 / p90 / p99 = 9.2 / 9.9 / 11.2 / 24.5 us from launch to completion of one
    // 32-thread block that does nothing = launch + dispatch (0.22 us) + 0.1 us.
    CostModel m = (CostModel) model;
    long overhead = model.device().costs().blockDispatchNs() + 100;
    assertThat(m.launchIdle().quantileNs(0.10) + overhead).isEqualTo(9_200);
    assertThat(m.launchIdle().quantileNs(0.50) + overhead).isEqualTo(9_900);
    assertThat(m.launchIdle().quantileNs(0.90) + overhead).isEqualTo(11_200);
    assertThat(m.launchIdle().quantileNs(0.99) + overhead).isEqualTo(24_500);
  }

  @Test
  void aLaunchOnABusyDeviceCostsMoreThanOnAnIdleOneAsTheE1FitSays() {
    CostModel m = (CostModel) model;
    SplittableRandom random = new SplittableRandom(7);
    assertThat(m.kernelLaunchNs(true, new SplittableRandom(1))).isGreaterThan(0);
    assertThat(m.launchBusy().medianNs()).isEqualTo(42_400);
    // The fit's mixture: 30% of busy launches cost what idle ones do.
    assertThat(m.launchBusy().quantileNs(0.25)).isLessThan(m.launchIdle().quantileNs(0.99));
    long idle = 0;
    long busy = 0;
    for (int i = 0; i < 1000; i++) {
      idle += m.kernelLaunchNs(false, random);
      busy += m.kernelLaunchNs(true, random);
    }
    assertThat(busy).isGreaterThan(3 * idle);
  }

  @Test
  void costDrawsRepeatForTheSameSeedAndDifferForAnother() {
    HardwareModel same = Runs.create(provider);
    java.util.random.RandomGenerator a = model.newCostStream();
    java.util.random.RandomGenerator b = same.newCostStream();
    for (int i = 0; i < 50; i++) {
      assertThat(model.contextSwitchNs(a)).isEqualTo(same.contextSwitchNs(b));
    }
    CostModel other = (CostModel) provider.create(new org.preemptlab.api.PluginContext(
        org.preemptlab.api.Parameters.of("h200", provider.parameters(), Map.of()), null,
        new SplittableRandom(2)));
    assertThat(other.streamSeed()).isNotEqualTo(((CostModel) model).streamSeed());
  }

  @Test
  void perContextSaveAndRestoreAreOnlyThePerThreadAndPerByteTerms() {
    // light: 2 blocks x 1,024 threads, 24 registers/thread, no shared memory, per SM.
    // save = ceil(2,048 x 10.25 + 196,608 B x 132 / 1607 B/ns) = 37,142 ns; no fixed part, since
    // the measurements constrain only whole switches (charged per switch).
    long bytes = bytes(2048, 24, 0);
    assertThat(bytes).isEqualTo(196_608);
    assertThat(model.saveNs(bytes, 2048)).isEqualTo(37_142);
    assertThat(model.restoreNs(bytes, 2048)).isEqualTo(37_142);
  }

  @Test
  void saveAndRestoreGrowsByTheMeasuredTimePerResidentThread() {
    // Second series: 256 -> 2,048 threads at 24 registers/thread, +65 us (0.036 us/thread).
    long growth = saveAndRestoreNs(bytes(2048, 24, 0), 2048)
        - saveAndRestoreNs(bytes(256, 24, 0), 256);
    assertThat(growth / 1792.0).isCloseTo(36.0, within(0.5));
  }

  @Test
  void fittedSwitchOutIsWithinElevenMicrosecondsOfEveryTimeSlicingRowItWasFittedTo() {
    // In-sample: these are the rows the fit used. {threads, registers/thread, shared bytes, p50}
    long[][] rows = {
        {256, 24, 0, 299_000}, {512, 24, 0, 306_000}, {1024, 24, 0, 323_000},
        {2048, 24, 0, 364_000}, {256, 218, 0, 319_000}, {1024, 24, 232_448, 372_000}};
    for (long[] row : rows) {
      int threads = (int) row[0];
      long predicted = switchOutNs(bytes(threads, (int) row[1], row[2]), threads);
      assertThat(predicted).as("row %s", java.util.Arrays.toString(row))
          .isCloseTo(row[3], within(11_000L));
    }
  }

  @Test
  void timeSliceIsStartToStartMinusTheSwitchOut() {
    // light: 2,419 us start to start - 364 us switched out = 2,055 us; the file reads 2.05 ms.
    assertThat(model.device().costs().timeSliceNs()).isEqualTo(2_050_000)
        .isCloseTo(2_419_000 - 364_000, within(10_000L));
  }

  @Test
  void everyKeyOfTheFileIsAParameterDefaultingToTheFileValue() {
    // every key, the DRAM queueing scale at 0 (no source gives it for the H200; a run may set it)
    assertThat(provider.parameters()).extracting(ParameterSpec::name)
        .containsExactlyElementsOf(ModelKey.ids());
    assertThat(provider.parameters())
        .filteredOn(p -> p.name().equals("dram-queueing-ns"))
        .singleElement()
        .satisfies(p -> assertThat(p.defaultValue()).isEqualTo("0"));
    assertThat(provider.parameters())
        .filteredOn(p -> p.name().equals("time-slice"))
        .singleElement()
        .satisfies(p -> assertThat(p.defaultValue()).isEqualTo("2.05ms"));
  }

  @Test
  void overridingATimeSliceChangesOnlyThatCost() {
    HardwareModel overridden = Runs.create(provider, Map.of("time-slice", "1ms"));
    assertThat(overridden.device().costs().timeSliceNs()).isEqualTo(1_000_000);
    assertThat(overridden.device().costs().contextSwitchNs()).isEqualTo(142_700);
    assertThat(overridden.device().smCount()).isEqualTo(132);
  }

  @Test
  void overridingThePerThreadCostChangesTheSaveTime() {
    HardwareModel overridden = Runs.create(provider, Map.of("save-per-thread-ns", "0"));
    assertThat(overridden.saveNs(196_608, 2048)).isEqualTo(37_142 - 20_992);
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
        .hasMessage("h200.yaml with overrides shared-memory-per-sm=512:"
            + " shared-memory-reserved-per-block (1024 B) exceeds shared-memory-per-sm (512 B),"
            + " so no block could ever be resident");
  }

  @Test
  void eachRunGetsAFreshButEqualModel() {
    HardwareModel again = Runs.create(provider);
    assertThat(again).isNotSameAs(model).isEqualTo(model);
  }
}
