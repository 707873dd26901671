package org.preemptlab.policies.conformance;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.preemptlab.policies.FifoPolicyProvider;
import org.preemptlab.policies.PriorityPolicyProvider;
import org.preemptlab.policies.RoundRobinPolicyProvider;
import org.preemptlab.policies.TimeSlicePolicyProvider;
import org.preemptlab.policies.drm.DrmFairPolicyProvider;
import org.preemptlab.policies.drm.DrmFifoPolicyProvider;
import org.preemptlab.policies.drm.DrmRoundRobinPolicyProvider;
import org.preemptlab.testkit.conformance.PolicyConformance;

/** Every shipped scheduling policy passes the test kit's policy conformance suite. */
class ShippedPoliciesConformanceTest {

  @Nested
  class Fifo extends PolicyConformance<FifoPolicyProvider> {}

  @Nested
  class RoundRobin extends PolicyConformance<RoundRobinPolicyProvider> {}

  @Nested
  class Priority extends PolicyConformance<PriorityPolicyProvider> {
    @Override
    protected List<Map<String, String>> parameterSets() {
      return List.of(Map.of("preempt", "true"), Map.of("preempt", "false"));
    }
  }

  @Nested
  class TimeSlice extends PolicyConformance<TimeSlicePolicyProvider> {}

  @Nested
  class DrmFifo extends PolicyConformance<DrmFifoPolicyProvider> {}

  @Nested
  class DrmRoundRobin extends PolicyConformance<DrmRoundRobinPolicyProvider> {}

  @Nested
  class DrmFair extends PolicyConformance<DrmFairPolicyProvider> {}
}
