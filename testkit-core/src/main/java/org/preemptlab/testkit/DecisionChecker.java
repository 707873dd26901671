package org.preemptlab.testkit;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.preemption.BlockAction;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;

/**
 * Checks the {@link PreemptionPointStrategy} contract on decisions: every stop offset lies within
 * the program; a drain stops at the end; a save stops at a safe point at or after the progress
 * (never inside a shared-memory, atomic or barrier segment); a flush stops at the progress of an
 * idempotent kernel. For {@linkplain RandomBlocks.Sample samples} it also applies the engine's
 * delivery rule: a save's stop must not be passed before the request, delayed by the decision's
 * delivery time, reaches the block; and {@link PreemptionPointStrategy#decideSm} must answer one
 * decision per block.
 */
public final class DecisionChecker {
  private DecisionChecker() {}

  /** What is wrong with {@code decision} for {@code block}; empty if it keeps the contract. */
  public static List<String> violations(BlockSnapshot block, PreemptionDecision decision) {
    List<String> problems = new ArrayList<>();
    long end = block.program().durationNs();
    long stop = decision.stopOffsetNs();
    if (stop < 0 || stop > end) {
      problems.add("stop " + stop + " outside the program [0, " + end + "]");
    }
    switch (decision.action()) {
      case DRAIN -> {
        if (stop != end) {
          problems.add("drain stops at " + stop + ", not the end " + end);
        }
      }
      case SAVE -> {
        if (stop < block.progressNs()) {
          problems.add("save at " + stop + " before the progress " + block.progressNs());
        }
        if (!PreemptionDecision.isSafeStop(block.program(), stop)) {
          problems.add("save at " + stop + ", which is not a safe stop");
        }
      }
      case FLUSH -> {
        if (!block.kernel().idempotent()) {
          problems.add("flush of a non-idempotent kernel");
        }
        if (stop != block.progressNs()) {
          problems.add("flush at " + stop + ", not the progress " + block.progressNs());
        }
      }
    }
    return problems;
  }

  /** The violations of {@code decision} for {@code sample}, the delivery rule included. */
  public static List<String> violations(RandomBlocks.Sample sample, PreemptionDecision decision) {
    List<String> problems = new ArrayList<>(violations(sample.snapshot(), decision));
    if (decision.action() == BlockAction.SAVE) {
      long reached = sample.offsetAfter(decision.deliveryNs());
      if (decision.stopOffsetNs() < reached) {
        problems.add("save at " + decision.stopOffsetNs() + ", which the block passes (at "
            + reached + ") before the request is delivered " + decision.deliveryNs()
            + " ns later");
      }
    }
    return problems;
  }

  /**
   * Every violation of {@code strategy} over {@code blocks}, each naming its block; a strategy that
   * throws or answers null is reported too.
   */
  public static List<String> violations(PreemptionPointStrategy strategy,
      List<BlockSnapshot> blocks) {
    List<String> all = new ArrayList<>();
    for (BlockSnapshot block : blocks) {
      PreemptionDecision decision;
      try {
        decision = strategy.decide(block);
      } catch (RuntimeException e) {
        all.add("threw " + e + " for " + block);
        continue;
      }
      if (decision == null) {
        all.add("answered null for " + block);
        continue;
      }
      for (String problem : violations(block, decision)) {
        all.add(describe(problem, decision, block));
      }
    }
    return all;
  }

  /**
   * Every violation of {@code strategy} over {@code samples}, asked SM by SM through {@link
   * PreemptionPointStrategy#decideSm}: consecutive samples form groups of 1 to {@code maxPerSm}
   * blocks (sizes cycling 1, 2, …). A strategy that throws is reported, with its message.
   */
  public static List<String> smViolations(PreemptionPointStrategy strategy,
      List<RandomBlocks.Sample> samples, int maxPerSm) {
    List<String> all = new ArrayList<>();
    int size = 1;
    for (int from = 0; from < samples.size(); from += size, size = size % maxPerSm + 1) {
      List<RandomBlocks.Sample> group = samples.subList(from, Math.min(samples.size(),
          from + size));
      List<BlockSnapshot> blocks = group.stream().map(RandomBlocks.Sample::snapshot).toList();
      List<PreemptionDecision> decisions;
      try {
        decisions = strategy.decideSm(blocks);
      } catch (RuntimeException e) {
        all.add("threw " + e + " for " + blocks);
        continue;
      }
      if (decisions == null || decisions.size() != blocks.size()) {
        all.add("answered " + (decisions == null ? "null" : decisions.size() + " decisions")
            + " for " + blocks.size() + " blocks");
        continue;
      }
      for (int i = 0; i < group.size(); i++) {
        if (decisions.get(i) == null) {
          all.add("answered null for " + blocks.get(i));
          continue;
        }
        for (String problem : violations(group.get(i), decisions.get(i))) {
          all.add(describe(problem, decisions.get(i), blocks.get(i)));
        }
      }
    }
    return all;
  }

  private static String describe(String problem, PreemptionDecision decision,
      BlockSnapshot block) {
    return problem + " (" + decision + " for progress " + block.progressNs() + " of "
        + block.program() + ")";
  }
}
