package org.preemptlab.testkit.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.HardwareModelProvider;
import org.preemptlab.testkit.TestPlugins;

/**
 * The hardware-model contract: the model describes a device, and its save and restore times are
 * non-negative, the same when asked twice, and monotonic (never decreasing) in the bytes moved,
 * for every thread count from one warp to a full SM, from 0 bytes to well past an SM's whole
 * register file and shared memory; its clock under sustained load is at most the device's clock.
 *
 * <pre>{@code
 * class MyDeviceConformanceTest extends HardwareModelConformance<MyDeviceProvider> {}
 * }</pre>
 *
 * @param <P> the provider of the model under test
 */
public abstract class HardwareModelConformance<P extends HardwareModelProvider> {

  /** The provider under test: by default a new instance of the type argument. */
  protected P provider() {
    return Providers.of(this, HardwareModelConformance.class);
  }

  /** The parameter values to check, one map per configuration; defaults only by default. */
  protected List<Map<String, String>> parameterSets() {
    return List.of(Map.of());
  }

  private HardwareModel create(P provider, Map<String, String> parameters) {
    return TestPlugins.create(provider, null, parameters);
  }

  /** Byte counts from 0 past 4 × an SM's whole register file and shared memory, ascending. */
  static List<Long> byteGrid(DeviceSpec device) {
    long full = 4L * device.sm().registers() + device.sm().sharedMemoryBytes();
    List<Long> grid = new ArrayList<>();
    for (long b = 0; b <= 4 * full; b = b < 64 ? b + 1 : b + b / 7 + 1) {
      grid.add(b);
    }
    return grid;
  }

  /** Save and restore times are at least 0 and never fall as bytes grow. */
  @TestFactory
  Stream<DynamicTest> costsAreNonNegativeAndMonotonicInBytes() {
    P provider = provider();
    return Configurations.each("costs", provider, parameterSets(), parameters -> {
      HardwareModel model = create(provider, parameters);
      DeviceSpec device = model.device();
      assertThat(device).as("device of %s", provider.id()).isNotNull();
      List<String> violations = new ArrayList<>();
      for (int threads = 32; threads <= device.sm().maxThreads(); threads *= 2) {
        long lastSave = Long.MIN_VALUE;
        long lastRestore = Long.MIN_VALUE;
        for (long bytes : byteGrid(device)) {
          long save = model.saveNs(bytes, threads);
          long restore = model.restoreNs(bytes, threads);
          if (save < 0 || restore < 0) {
            violations.add(bytes + " B of " + threads + " threads: save " + save
                + " ns, restore " + restore + " ns");
          }
          if (save < lastSave || restore < lastRestore) {
            violations.add("more bytes, less time at " + bytes + " B of " + threads
                + " threads: save " + lastSave + " -> " + save + " ns, restore " + lastRestore
                + " -> " + restore + " ns");
          }
          lastSave = save;
          lastRestore = restore;
        }
      }
      assertThat(violations).as("costs of %s %s", provider.id(), parameters).isEmpty();
    });
  }

  /** Two models from the same parameters describe the same device at the same costs. */
  @TestFactory
  Stream<DynamicTest> givesTheSameCostsForTheSameParameters() {
    P provider = provider();
    return Configurations.each("deterministic", provider, parameterSets(), parameters -> {
      HardwareModel first = create(provider, parameters);
      HardwareModel second = create(provider, parameters);
      assertThat(second.device()).isEqualTo(first.device());
      for (long bytes : byteGrid(first.device())) {
        assertThat(second.saveNs(bytes, 256)).isEqualTo(first.saveNs(bytes, 256));
        assertThat(second.restoreNs(bytes, 256)).isEqualTo(first.restoreNs(bytes, 256));
      }
    });
  }

  /**
   * The clock under sustained load, which turns a workload's block time in cycles into ns, is above
   * 0 and at most the device's clock.
   */
  @TestFactory
  Stream<DynamicTest> clockUnderLoadIsAtMostTheDevicesClock() {
    P provider = provider();
    return Configurations.each("clock", provider, parameterSets(), parameters -> {
      HardwareModel model = create(provider, parameters);
      assertThat(model.sustainedClockMhz()).as("sustained clock of %s %s (MHz)", provider.id(),
          parameters).isPositive().isLessThanOrEqualTo(model.device().clockMhz());
    });
  }

  /** The provider describes itself: a kebab-case id, a description, parameters declared once. */
  @TestFactory
  Stream<DynamicTest> describesItself() {
    return Stream.of(DynamicTest.dynamicTest("provider", () -> ProviderChecks.check(provider())));
  }
}
