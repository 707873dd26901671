package org.preemptlab.engine;

import org.preemptlab.api.policy.ActionOutcome;

/**
 * How often a run's scheduling policy decided differently from what the hardware does on its own,
 * so that a report can say whether the policy could have changed the outcome at all.
 *
 * <p>The hardware's own order is: launch ready jobs first in, first out (the earliest submit time,
 * then the job offered to the policy first, as the {@code fifo} policy does), serve launched jobs'
 * blocks by MPS client, queue priority and launch order, give every context the device's time
 * slice, and never preempt, suspend or restrict.
 *
 * @param recorded whether the engine counted (false for a run whose jobs a scheduler layer such as
 *     the DRM scheduler dispatches: it decides launches itself)
 * @param launchChoices dispatches made while the engine held two or more ready jobs
 * @param launchesReordered of those, dispatches of a job other than the first in, first out one
 * @param waitingRounds dispatch rounds that ended with a ready job left waiting (credits, a full
 *     launch window or the policy's own choice); without any, every ready job was launched at once
 * @param placementPassesReordered placement passes in which the policy's ranking put the launched
 *     jobs in another order than the hardware's
 * @param preemptionsRequested preemptions the policy asked for and the engine accepted
 * @param suspensions suspensions of queues or jobs the policy asked for and the engine accepted
 * @param smRestrictions SM restrictions of queues or jobs the policy set, and paddings of held
 *     jobs (SchedulerView.pad)
 * @param priorityChanges queue priority and weight changes the policy made
 * @param timeSlicesChanged context time slices the policy set to another length than the device's
 */
public record PolicyDecisions(boolean recorded, long launchChoices, long launchesReordered,
    long waitingRounds, long placementPassesReordered, long preemptionsRequested,
    long suspensions, long smRestrictions, long priorityChanges, long timeSlicesChanged) {

  /** A run whose decisions were not counted. */
  public static final PolicyDecisions NOT_RECORDED =
      new PolicyDecisions(false, 0, 0, 0, 0, 0, 0, 0, 0, 0);

  /**
   * Decisions that can make the run differ from the hardware's own order: reordered launches and
   * placements, preemptions, suspensions, restrictions, priority changes and other time slices.
   */
  public long departures() {
    return launchesReordered + placementPassesReordered + preemptionsRequested + suspensions
        + smRestrictions + priorityChanges + timeSlicesChanged;
  }

  /** The counters the engine's parts increment during a run. */
  static final class Counter {
    long launchChoices;
    long launchesReordered;
    long waitingRounds;
    long placementPassesReordered;
    long preemptionsRequested;
    long suspensions;
    long smRestrictions;
    long priorityChanges;
    long timeSlicesChanged;

    /** Counts an accepted preemption request; returns {@code outcome}. */
    ActionOutcome preemption(ActionOutcome outcome) {
      preemptionsRequested += outcome.accepted() ? 1 : 0;
      return outcome;
    }

    /** Counts an accepted suspension of a queue or job; returns {@code outcome}. */
    ActionOutcome suspension(ActionOutcome outcome) {
      suspensions += outcome.accepted() ? 1 : 0;
      return outcome;
    }

    /** Counts an accepted priority or weight change; returns {@code outcome}. */
    ActionOutcome priorityChange(ActionOutcome outcome) {
      priorityChanges += outcome.accepted() ? 1 : 0;
      return outcome;
    }

    /** Counts an accepted SM restriction; returns {@code outcome}. */
    ActionOutcome restriction(ActionOutcome outcome) {
      smRestrictions += outcome.accepted() ? 1 : 0;
      return outcome;
    }

    PolicyDecisions toRecord(boolean recorded) {
      return recorded ? new PolicyDecisions(true, launchChoices, launchesReordered, waitingRounds,
          placementPassesReordered, preemptionsRequested, suspensions, smRestrictions,
          priorityChanges, timeSlicesChanged) : NOT_RECORDED;
    }
  }
}
