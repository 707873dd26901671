package org.preemptlab.testkit.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestPlugins;

/**
 * The scheduling-policy contract, checked over thousands of seeded random workloads by the {@link
 * PolicyDriver}: a policy only returns jobs it holds, forgets dispatched and withdrawn jobs, never
 * throws, asks for no timer in the past, eventually offers every job it holds, and makes the same
 * decisions for the same workload. A policy's test extends it with one line:
 *
 * <pre>{@code
 * class EdfPolicyConformanceTest extends PolicyConformance<EdfPolicyProvider> {}
 * }</pre>
 *
 * @param <P> the provider of the policy under test
 */
public abstract class PolicyConformance<P extends SchedulingPolicyProvider> {
  /** The first workload seed; workload {@code i} uses {@code SEED + i}. */
  protected static final long SEED = 0x5EED_2026L;

  /** The provider under test: by default a new instance of the type argument. */
  protected P provider() {
    return Providers.of(this, PolicyConformance.class);
  }

  /** The parameter values to check, one map per policy configuration; defaults only by default. */
  protected List<Map<String, String>> parameterSets() {
    return List.of(Map.of());
  }

  /** How many random workloads each configuration must survive (2,000 by default). */
  protected int workloads() {
    return 2_000;
  }

  /** The device the policy's view reports ({@link TestDevices#COSTED} by default). */
  protected DeviceSpec device() {
    return TestDevices.COSTED;
  }

  private SchedulingPolicy create(P provider, Map<String, String> parameters) {
    return TestPlugins.create(provider, device(), parameters);
  }

  /**
   * Over {@link #workloads()} random workloads the policy returns only jobs it holds (never one
   * dispatched, withdrawn or never handed over), throws nothing, asks for no timer in the past and
   * leaves no job behind.
   */
  @TestFactory
  Stream<DynamicTest> keepsTheContractOnThousandsOfRandomWorkloads() {
    P provider = provider();
    return Configurations.each("contract", provider, parameterSets(), parameters -> {
      List<String> violations = new ArrayList<>();
      int dispatched = 0;
      for (int i = 0; i < workloads() && violations.size() < 5; i++) {
        PolicyDriver.Result result = PolicyDriver.run(() -> create(provider, parameters),
            SEED + i, device());
        dispatched += result.dispatched();
        if (!result.ok()) {
          violations.add(result.violation());
        }
      }
      assertThat(violations).as("contract violations of %s %s", provider.id(), parameters)
          .isEmpty();
      assertThat(dispatched).as("jobs dispatched over all workloads").isPositive();
    });
  }

  /** Two fresh instances given the same workload make the same decisions at the same times. */
  @TestFactory
  Stream<DynamicTest> decidesTheSameForTheSameWorkload() {
    P provider = provider();
    return Configurations.each("deterministic", provider, parameterSets(), parameters -> {
      for (int i = 0; i < Math.min(100, workloads()); i++) {
        PolicyDriver.Result first = PolicyDriver.run(() -> create(provider, parameters),
            SEED + i, device());
        PolicyDriver.Result second = PolicyDriver.run(() -> create(provider, parameters),
            SEED + i, device());
        assertThat(second.trace()).as("decisions of %s %s on workload %d, second run",
            provider.id(), parameters, SEED + i).isEqualTo(first.trace());
      }
    });
  }

  /** The provider describes itself: a kebab-case id, a description, parameters with defaults. */
  @TestFactory
  Stream<DynamicTest> describesItself() {
    return Stream.of(DynamicTest.dynamicTest("provider", () -> ProviderChecks.check(provider())));
  }
}
