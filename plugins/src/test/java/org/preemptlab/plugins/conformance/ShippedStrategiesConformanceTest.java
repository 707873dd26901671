package org.preemptlab.plugins.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.preemptlab.plugins.preemption.blockboundary.BlockBoundaryStrategyProvider;
import org.preemptlab.plugins.preemption.instructionlevel.CheckPlacement;
import org.preemptlab.plugins.preemption.collaborative.CollaborativeStrategyProvider;
import org.preemptlab.plugins.preemption.flush.FlushStrategyProvider;
import org.preemptlab.plugins.preemption.hybrid.HybridStrategyProvider;
import org.preemptlab.plugins.preemption.instructionlevel.InstructionLevelStrategyProvider;
import org.preemptlab.plugins.preemption.useryield.UserYieldStrategyProvider;
import org.preemptlab.plugins.save.CompressedContextSaveProvider;
import org.preemptlab.plugins.save.FullContextSaveProvider;
import org.preemptlab.plugins.save.LivenessContextSaveProvider;
import org.preemptlab.plugins.save.NoContextSaveProvider;
import org.preemptlab.testkit.conformance.ContextSaveConformance;
import org.preemptlab.testkit.conformance.PreemptionStrategyConformance;

/**
 * Every shipped preemption-point strategy, with every value of each choice parameter and edge
 * values of the numbers, and every shipped context save pass the test kit's suites: the safety
 * rule as a seeded randomized property (formerly this module's own invariant test).
 */
class ShippedStrategiesConformanceTest {

  @Nested
  class BlockBoundary extends PreemptionStrategyConformance<BlockBoundaryStrategyProvider> {}

  @Nested
  class InstructionLevel extends PreemptionStrategyConformance<InstructionLevelStrategyProvider> {
    @Override
    protected List<Map<String, String>> parameterSets() {
      List<Map<String, String>> all = new ArrayList<>();
      for (String checks : CheckPlacement.ids()) {
        for (String interval : List.of("1", "7", "100", "1000")) {
          all.add(Map.of("checks", checks, "interval", interval));
        }
      }
      return all;
    }
  }

  @Nested
  class UserYield extends PreemptionStrategyConformance<UserYieldStrategyProvider> {
    @Override
    protected List<Map<String, String>> parameterSets() {
      List<Map<String, String>> all = new ArrayList<>();
      for (String pollInterval : List.of("0ns", "50ns", "1us")) {
        for (String pollCost : List.of("0ns", "7ns", "49ns")) {
          all.add(Map.of("delivery", "polling", "poll-interval", pollInterval,
              "poll-cost", pollCost));
        }
      }
      for (String latency : List.of("0ns", "30ns", "32us")) {
        all.add(Map.of("delivery", "interrupt", "interrupt-latency", latency));
      }
      return all;
    }
  }

  @Nested
  class Hybrid extends PreemptionStrategyConformance<HybridStrategyProvider> {
    @Override
    protected List<Map<String, String>> parameterSets() {
      List<Map<String, String>> all = new ArrayList<>();
      for (String fallback : List.of("instruction-level", "block-boundary")) {
        for (String grace : List.of("0ns", "100ns", "100us")) {
          all.add(Map.of("grace", grace, "fallback", fallback));
        }
      }
      return all;
    }
  }

  @Nested
  class Flush extends PreemptionStrategyConformance<FlushStrategyProvider> {
    @Override
    protected List<Map<String, String>> parameterSets() {
      return List.of(Map.of("fallback", "none"), Map.of("fallback", "block-boundary"),
          Map.of("fallback", "instruction-level"));
    }
  }

  @Nested
  class Collaborative extends PreemptionStrategyConformance<CollaborativeStrategyProvider> {
    @Override
    protected List<Map<String, String>> parameterSets() {
      return List.of(Map.of("latency-target", "0ns"), Map.of("latency-target", "1us"),
          Map.of("latency-target", "15us"), Map.of("latency-target", "1s"));
    }
  }

  @Nested
  class FullSave extends ContextSaveConformance<FullContextSaveProvider> {}

  @Nested
  class LivenessSave extends ContextSaveConformance<LivenessContextSaveProvider> {}

  @Nested
  class CompressedSave extends ContextSaveConformance<CompressedContextSaveProvider> {
    @Override
    protected List<Map<String, String>> parameterSets() {
      return List.of(Map.of(), Map.of("ratio", "0.01"), Map.of("ratio", "1"));
    }
  }

  @Nested
  class NoSave extends ContextSaveConformance<NoContextSaveProvider> {}
}
