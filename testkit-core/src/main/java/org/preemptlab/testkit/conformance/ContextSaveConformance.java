package org.preemptlab.testkit.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.ContextSaveStrategyProvider;
import org.preemptlab.api.preemption.StopPoint;
import org.preemptlab.api.preemption.StopRules;
import org.preemptlab.testkit.RandomBlocks;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestPlugins;

/**
 * The context-save contract over thousands of random kernels stopped at random safe points: a save
 * writes at least 0 bytes and at most the block's whole allocation ({@link
 * Kernel#contextBytesPerBlock()}: registers × 4 B × threads plus shared memory, what a full save
 * writes), a restore reads at least 0 bytes and at most that, and the same stop gives the same
 * bytes. Live state in the random programs may exceed the allocation, to catch missing caps.
 *
 * <pre>{@code
 * class MySaveConformanceTest extends ContextSaveConformance<MySaveProvider> {}
 * }</pre>
 *
 * @param <P> the provider of the strategy under test
 */
public abstract class ContextSaveConformance<P extends ContextSaveStrategyProvider> {
  /** The seed of the random kernels. */
  protected static final long SEED = 0x5A7E_2026L;

  /** The provider under test: by default a new instance of the type argument. */
  protected P provider() {
    return Providers.of(this, ContextSaveConformance.class);
  }

  /** The parameter values to check, one map per configuration; defaults only by default. */
  protected List<Map<String, String>> parameterSets() {
    return List.of(Map.of());
  }

  /** The device ({@link TestDevices#COSTED} by default). */
  protected DeviceSpec device() {
    return TestDevices.COSTED;
  }

  /**
   * The most bytes a save of {@code point} may write: the block's whole allocation by default.
   * Override for a strategy that deliberately writes more (and say why in its javadoc).
   */
  protected long maxBytes(StopPoint point) {
    return point.kernel().contextBytesPerBlock();
  }

  /** 3,000 random stops at safe points, segment boundaries and ends included. */
  static List<StopPoint> randomStops() {
    var random = new SplittableRandom(SEED);
    List<StopPoint> stops = new ArrayList<>();
    for (int i = 0; i < 3_000; i++) {
      Kernel kernel = RandomBlocks.kernel(random);
      long at = StopRules.nextSafeStop(kernel.program(),
          RandomBlocks.progress(random, kernel.program()));
      stops.add(new StopPoint(kernel, kernel.program(), at));
    }
    return stops;
  }

  /** Bytes saved and restored lie between 0 and the whole allocation. */
  @TestFactory
  Stream<DynamicTest> savesBetweenNothingAndTheWholeAllocation() {
    P provider = provider();
    return Configurations.each("bytes", provider, parameterSets(), parameters -> {
      ContextSaveStrategy strategy = TestPlugins.create(provider, device(), parameters);
      List<String> violations = new ArrayList<>();
      for (StopPoint stop : randomStops()) {
        long saved = strategy.bytesToSave(stop);
        long restored = strategy.bytesToRestore(stop);
        long max = maxBytes(stop);
        if (saved < 0 || saved > max || restored < 0 || restored > max) {
          violations.add("saves " + saved + " B and restores " + restored + " B, outside [0, "
              + max + "], at " + stop.offsetNs() + " ns of " + stop.program());
        }
      }
      assertThat(violations).as("byte counts of %s %s", provider.id(), parameters).isEmpty();
    });
  }

  /** The same stop, asked twice of two fresh instances, gives the same bytes. */
  @TestFactory
  Stream<DynamicTest> savesTheSameForTheSameStop() {
    P provider = provider();
    return Configurations.each("deterministic", provider, parameterSets(), parameters -> {
      ContextSaveStrategy first = TestPlugins.create(provider, device(), parameters);
      ContextSaveStrategy second = TestPlugins.create(provider, device(), parameters);
      for (StopPoint stop : randomStops().subList(0, 500)) {
        assertThat(second.bytesToSave(stop)).isEqualTo(first.bytesToSave(stop))
            .isEqualTo(first.bytesToSave(stop));
        assertThat(second.bytesToRestore(stop)).isEqualTo(first.bytesToRestore(stop));
      }
    });
  }

  /** The provider describes itself: a kebab-case id, a description, parameters declared once. */
  @TestFactory
  Stream<DynamicTest> describesItself() {
    return Stream.of(DynamicTest.dynamicTest("provider", () -> ProviderChecks.check(provider())));
  }
}
