package org.preemptlab.testkit.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.PreemptionStrategyProvider;
import org.preemptlab.testkit.DecisionChecker;
import org.preemptlab.testkit.RandomBlocks;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestPlugins;

/**
 * The preemption-point strategy contract as a seeded randomized property: over thousands of random
 * block programs (instrumented by the strategy; exact, jittered and benchmark-timed blocks; every
 * segment kind, zero-length segments included), asked SM by SM, no decision stops a block inside a
 * shared-memory, atomic or barrier segment, before its progress, before the request is delivered
 * ({@link org.preemptlab.api.preemption.StopRules#noticeOffset}), or past its end; no
 * non-idempotent kernel is flushed; every block of an SM gets one decision; and the same block gets
 * the same decision twice. A {@link ConfigurationException} is a strategy's refusal of a block it
 * cannot serve (a flush without fallback of a non-idempotent kernel), which the runner reports as a
 * configuration error; it is not a violation, but a strategy must serve most blocks.
 *
 * <pre>{@code
 * class MyStrategyConformanceTest extends PreemptionStrategyConformance<MyStrategyProvider> {}
 * }</pre>
 *
 * @param <P> the provider of the strategy under test
 */
public abstract class PreemptionStrategyConformance<P extends PreemptionStrategyProvider> {
  /** The seed of the random blocks. */
  protected static final long SEED = 0x5EED_2025L;

  /** The provider under test: by default a new instance of the type argument. */
  protected P provider() {
    return Providers.of(this, PreemptionStrategyConformance.class);
  }

  /** The parameter values to check, one map per configuration; defaults only by default. */
  protected List<Map<String, String>> parameterSets() {
    return List.of(Map.of());
  }

  /** How many random blocks each configuration decides (4,000 by default). */
  protected int blocks() {
    return 4_000;
  }

  /** The device ({@link TestDevices#COSTED}: every cost a strategy reads is non-zero). */
  protected DeviceSpec device() {
    return TestDevices.COSTED;
  }

  /** Every decision keeps the stop rules, asked per SM in groups of 1 to 8 blocks. */
  @TestFactory
  Stream<DynamicTest> neverStopsWhereTheRulesForbid() {
    P provider = provider();
    return Configurations.each("stop rules", provider, parameterSets(), parameters -> {
      PreemptionPointStrategy strategy = TestPlugins.create(provider, device(), parameters);
      List<RandomBlocks.Sample> samples = RandomBlocks.samples(SEED, blocks(), strategy, device());
      List<RandomBlocks.Sample> served = new ArrayList<>();
      for (RandomBlocks.Sample sample : samples) {
        try {
          strategy.decide(sample.snapshot());
          served.add(sample);
        } catch (ConfigurationException refused) {
          // a refusal the runner reports as a configuration error
        }
      }
      assertThat(served.size()).as("blocks served (not refused) of %d", samples.size())
          .isGreaterThan(samples.size() / 4);
      assertThat(DecisionChecker.smViolations(strategy, served, 8))
          .as("violations of %s %s", provider.id(), parameters).isEmpty();
    });
  }

  /** The same block, asked twice of two fresh instances, gets the same decision. */
  @TestFactory
  Stream<DynamicTest> decidesTheSameForTheSameBlock() {
    P provider = provider();
    return Configurations.each("deterministic", provider, parameterSets(), parameters -> {
      PreemptionPointStrategy first = TestPlugins.create(provider, device(), parameters);
      PreemptionPointStrategy second = TestPlugins.create(provider, device(), parameters);
      List<RandomBlocks.Sample> samples = RandomBlocks.samples(SEED, 500, first, device());
      for (RandomBlocks.Sample sample : samples) {
        BlockSnapshot block = sample.snapshot();
        PreemptionDecision a = decideOrNull(first, block);
        assertThat(decideOrNull(first, block)).as("asked again: %s", block).isEqualTo(a);
        assertThat(decideOrNull(second, block)).as("a second instance: %s", block).isEqualTo(a);
      }
    });
  }

  /** The provider describes itself: a kebab-case id, a description, parameters declared once. */
  @TestFactory
  Stream<DynamicTest> describesItself() {
    return Stream.of(DynamicTest.dynamicTest("provider", () -> ProviderChecks.check(provider())));
  }

  private static PreemptionDecision decideOrNull(PreemptionPointStrategy strategy,
      BlockSnapshot block) {
    try {
      return strategy.decide(block);
    } catch (ConfigurationException refused) {
      return null;
    }
  }
}
