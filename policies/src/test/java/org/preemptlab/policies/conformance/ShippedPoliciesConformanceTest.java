package org.preemptlab.policies.conformance;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.preemptlab.policies.baseline.FifoPolicyProvider;
import org.preemptlab.policies.baseline.PriorityPolicyProvider;
import org.preemptlab.policies.baseline.RoundRobinPolicyProvider;
import org.preemptlab.policies.baseline.TimeSlicePolicyProvider;
import org.preemptlab.policies.deadline.EdfPolicyProvider;
import org.preemptlab.policies.deadline.KEdfPolicyProvider;
import org.preemptlab.policies.deadline.LaxityPolicyProvider;
import org.preemptlab.policies.drm.DrmFairPolicyProvider;
import org.preemptlab.policies.drm.DrmFifoPolicyProvider;
import org.preemptlab.policies.drm.DrmRoundRobinPolicyProvider;
import org.preemptlab.policies.latency.BoundedLatencyPolicyProvider;
import org.preemptlab.policies.latency.HpfPolicyProvider;
import org.preemptlab.policies.mechanism.ResetRealtimePolicyProvider;
import org.preemptlab.policies.interference.OrionPolicyProvider;
import org.preemptlab.policies.rate.TgsPolicyProvider;
import org.preemptlab.policies.spatial.LithosPolicyProvider;
import org.preemptlab.policies.mechanism.TimesliceYieldPolicyProvider;
import org.preemptlab.policies.share.FairSharePolicyProvider;
import org.preemptlab.policies.share.MlfqPolicyProvider;
import org.preemptlab.policies.share.UtilizationPartitionPolicyProvider;
import org.preemptlab.policies.size.LasPolicyProvider;
import org.preemptlab.policies.size.SrptPolicyProvider;
import org.preemptlab.testkit.conformance.PolicyConformance;

/**
 * Every shipped scheduling policy passes the test kit's policy conformance suite, whose driver
 * offers what the SM engine offers (attained GPU time, queue views, suspension, placement order,
 * partial preemption); those with parameters that change what they do are checked in each mode.
 */
@Tag("slow")
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

  @Nested
  class Edf extends PolicyConformance<EdfPolicyProvider> {}

  @Nested
  class KEdf extends PolicyConformance<KEdfPolicyProvider> {}

  @Nested
  class Laxity extends PolicyConformance<LaxityPolicyProvider> {}

  @Nested
  class Srpt extends PolicyConformance<SrptPolicyProvider> {}

  @Nested
  class BoundedLatency extends PolicyConformance<BoundedLatencyPolicyProvider> {}

  @Nested
  class Orion extends PolicyConformance<OrionPolicyProvider> {}

  @Nested
  class Tgs extends PolicyConformance<TgsPolicyProvider> {}

  @Nested
  class Lithos extends PolicyConformance<LithosPolicyProvider> {}

  @Nested
  class Las extends PolicyConformance<LasPolicyProvider> {}

  @Nested
  class FairShare extends PolicyConformance<FairSharePolicyProvider> {}

  @Nested
  class Mlfq extends PolicyConformance<MlfqPolicyProvider> {
    @Override
    protected List<Map<String, String>> parameterSets() {
      return List.of(Map.of(), Map.of("quantum", "1us", "boost", "20us"));
    }
  }

  @Nested
  class UtilizationPartition extends PolicyConformance<UtilizationPartitionPolicyProvider> {
    @Override
    protected List<Map<String, String>> parameterSets() {
      return List.of(Map.of("window", "100us", "level", "1"), Map.of("level", "2"),
          Map.of("window", "100us", "level", "3"),
          Map.of("window", "100us", "level", "1", "mode", "process"),
          Map.of("mode", "process", "level", "2"),
          Map.of("window", "100us", "level", "3", "mode", "process"));
    }
  }

  @Nested
  class Hpf extends PolicyConformance<HpfPolicyProvider> {
    @Override
    protected List<Map<String, String>> parameterSets() {
      return List.of(Map.of("level", "1"), Map.of("level", "2"), Map.of("level", "3"));
    }
  }

  @Nested
  class ResetRealtime extends PolicyConformance<ResetRealtimePolicyProvider> {}

  @Nested
  class TimesliceYield extends PolicyConformance<TimesliceYieldPolicyProvider> {
    @Override
    protected List<Map<String, String>> parameterSets() {
      return List.of(Map.of(), Map.of("pre-preemption", "true"));
    }
  }
}
