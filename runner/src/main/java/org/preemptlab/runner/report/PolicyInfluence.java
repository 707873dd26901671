package org.preemptlab.runner.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.PolicyDecisions;
import org.preemptlab.engine.PreemptionRecord;
import org.preemptlab.runner.experiment.RunOutcome;

/**
 * Says whether a run's scheduling policy could have changed its outcome: how many of its decisions
 * departed from the hardware's own order ({@link PolicyDecisions}) and, when none did or when its
 * preemptions took no SM back, why, with what to change. A first experiment that shows no
 * difference between policies then says so instead of leaving the reader to guess.
 */
public final class PolicyInfluence {
  private PolicyInfluence() {}

  /** One line: the policy's departures from the hardware's own order, or empty if not counted. */
  public static Optional<String> describe(RunOutcome outcome) {
    PolicyDecisions d = outcome.result().policyDecisions();
    if (!d.recorded()) {
      return Optional.empty();
    }
    List<String> parts = new ArrayList<>();
    parts.add(d.launchesReordered() + " of " + d.launchChoices() + " launch choices out of"
        + " submission order");
    parts.add(d.placementPassesReordered() + " placement passes reordered");
    parts.add(d.preemptionsRequested() + " preemptions");
    add(parts, d.suspensions(), "suspensions");
    add(parts, d.smRestrictions(), "SM restrictions");
    add(parts, d.priorityChanges(), "priority or weight changes");
    add(parts, d.timeSlicesChanged(), "time slices of its own");
    return Optional.of("policy '" + outcome.config().policy().id() + "' decisions: "
        + String.join(", ", parts));
  }

  private static void add(List<String> parts, long count, String what) {
    if (count > 0) {
      parts.add(count + " " + what);
    }
  }

  /**
   * A warning when the policy cannot have changed the run (no decision departed from the hardware's
   * own order), or when all its preemptions drained; empty otherwise and when not counted.
   */
  public static Optional<String> warning(RunOutcome outcome) {
    PolicyDecisions d = outcome.result().policyDecisions();
    if (!d.recorded()) {
      return Optional.empty();
    }
    String policy = "policy '" + outcome.config().policy().id() + "'";
    if (d.departures() == 0) {
      return Optional.of(policy + " made no decision that departs from the hardware's own "
          + "order (first in, first out launches, placement by priority, no preemption), so this "
          + "run is what the hardware does alone: " + noDepartureReason(
              d, outcome.config().engine().toOptions()));
    }
    List<PreemptionRecord> preemptions = outcome.result().preemptions();
    boolean allDrained = !preemptions.isEmpty()
        && preemptions.stream().allMatch(p -> p.saved() == 0 && p.flushed() == 0);
    if (allDrained && d.departures() == d.preemptionsRequested()) {
      return Optional.of(policy + "'s " + preemptions.size() + " preemptions all drained: with "
          + "preemption '" + outcome.config().preemption().id() + "' every victim block ran to "
          + "its end, which the hardware's priority order also gives; choose a strategy that "
          + "stops blocks (instruction-level, user-yield, flush) for preemption to take SMs back");
    }
    return Optional.empty();
  }

  private static String noDepartureReason(PolicyDecisions d, EngineOptions engine) {
    String limit = engine.creditLimit() == Integer.MAX_VALUE ? "unlimited"
        : String.valueOf(engine.creditLimit());
    if (d.launchChoices() == 0) {
      return "no two jobs were ever ready at once on one engine, so there was no launch to choose";
    }
    if (d.waitingRounds() == 0) {
      return "every ready job was launched at once (launch window " + engine.launchWindow()
          + ", credits " + limit + "), so the launch order only breaks ties in placement; rank "
          + "placement (placementOrder), or set engine.launch-window or engine.credit-limit so "
          + "that jobs wait for a launch";
    }
    return "all " + d.launchChoices() + " launch choices took the job submitted first";
  }

  /** The counts and the warning, for {@code summary.json}; empty if not counted. */
  static Map<String, Object> toJson(RunOutcome outcome) {
    PolicyDecisions d = outcome.result().policyDecisions();
    Map<String, Object> json = new LinkedHashMap<>();
    if (!d.recorded()) {
      return json;
    }
    json.put("departures", d.departures());
    json.put("launch-choices", d.launchChoices());
    json.put("launches-reordered", d.launchesReordered());
    json.put("waiting-rounds", d.waitingRounds());
    json.put("placement-passes-reordered", d.placementPassesReordered());
    json.put("preemptions-requested", d.preemptionsRequested());
    json.put("suspensions", d.suspensions());
    json.put("sm-restrictions", d.smRestrictions());
    json.put("priority-changes", d.priorityChanges());
    json.put("time-slices-changed", d.timeSlicesChanged());
    json.put("warning", warning(outcome).orElse(null));
    return json;
  }
}
