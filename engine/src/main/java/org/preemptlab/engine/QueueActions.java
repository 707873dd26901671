package org.preemptlab.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.QueueAction;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.PreemptScope;

/**
 * Queue actions, from policies or the workload's timed actions: suspend and resume (XSched's
 * three levels), a job's own hold, priority and weight changes, and the records of suspensions
 * (when each was requested, went quiet and was resumed). Owned by the {@link Launcher}, which
 * builds it with the run's queues; it reaches the launcher only as a {@link LaunchGate}.
 */
final class QueueActions implements QueueControl {
  private final RunServices run;
  /** The launcher's queues, in workload order, and by id (read only here). */
  private final List<SimQueue> queues;
  private final Map<String, SimQueue> queueById;
  /** The launcher, for a suspended queue's ready job and a resumed queue's next one. */
  private final LaunchGate launcher;
  /** Block placement, which re-ranks a queue whose priority changes ({@link #connect}). */
  private Placement placement;
  /** The preemptor, for a level-3 suspension's interrupt ({@link #connect}). */
  private PreemptionRequests preemptions;
  /** Suspensions resumed so far, in order of resumption. */
  private final List<SuspensionRecord> suspensions = new ArrayList<>();

  QueueActions(RunServices run, List<SimQueue> queues, Map<String, SimQueue> queueById,
      LaunchGate launcher) {
    this.run = run;
    this.queues = queues;
    this.queueById = queueById;
    this.launcher = launcher;
  }

  /** Connects the parts that carry out suspensions and priority changes (once, before the run). */
  void connect(Placement placement, PreemptionRequests preemptions) {
    this.placement = placement;
    this.preemptions = preemptions;
  }

  /** The queue with this id, or null. */
  @Override
  public SimQueue queue(String id) {
    return queueById.get(id);
  }

  /** Every queue, in workload order. */
  @Override
  public List<SimQueue> queues() {
    return queues;
  }

  /** The queue ids, in workload order. */
  @Override
  public Set<String> queueIds() {
    return queueById.keySet();
  }

  /** Applies a workload's timed action. */
  void apply(QueueAction action) {
    SimQueue queue = queueById.get(action.queueId());
    if (action instanceof QueueAction.Suspend suspend) {
      suspend(queue, suspend.level());
    } else if (action instanceof QueueAction.Resume) {
      resume(queue);
    } else if (action instanceof QueueAction.SetPriority change) {
      setPriority(queue, change.priority());
    } else if (action instanceof QueueAction.SetWeight change) {
      queue.weight = change.weight();
    } else if (action instanceof QueueAction.Prepare hint) {
      queue.engine.policy().onPreparation(hint.queueId(), run.now() + hint.preparationNs(),
          queue.engine);
    }
  }

  @Override
  public ActionOutcome suspend(SimQueue queue, SuspendLevel level) {
    if (queue.suspension == level) {
      return ActionOutcome.refused(queue + " is already suspended at level " + level);
    }
    if (queue.suspension == null) {
      queue.openSuspension = new SimQueue.Suspension(level, run.now());
      launcher.withdrawReady(queue);
    }
    queue.suspension = level;
    if (level != SuspendLevel.LAUNCH) {
      launcher.holdUsed();
    }
    if (level == SuspendLevel.INTERRUPT) {
      // One interrupt of the queue: its jobs' saves share each SM's save (one fixed cost per SM).
      Object interrupt = new Object();
      for (SimJob job : queue.engine.inFlight()) {
        if (job.queue == queue && !job.resident.isEmpty()) {
          preemptions.preempt(job, PreemptScope.all(), null, interrupt);
        }
      }
    }
    checkQuiet(queue);
    return ActionOutcome.done();
  }

  @Override
  public ActionOutcome resume(SimQueue queue) {
    if (queue.suspension == null) {
      return ActionOutcome.refused(queue + " is not suspended");
    }
    SimQueue.Suspension open = queue.openSuspension;
    suspensions.add(new SuspensionRecord(queue.spec.id(), open.level.number(), open.requestNs,
        open.quietNs, run.now()));
    queue.suspension = null;
    queue.openSuspension = null;
    launcher.offerNext(queue);
    return ActionOutcome.done();
  }

  /**
   * Records when a suspended queue went quiet: at level 1 when its launched jobs have finished, at
   * levels 2 and 3 when none of its blocks is on an SM.
   */
  void checkQuiet(SimQueue queue) {
    SimQueue.Suspension open = queue.openSuspension;
    if (open == null || open.quietNs >= 0) {
      return;
    }
    boolean quiet = open.level == SuspendLevel.LAUNCH ? queue.launched == 0
        : queue.residentBlocks == 0;
    if (quiet) {
      open.quietNs = run.now();
    }
  }

  @Override
  public ActionOutcome holdJob(SimJob job, boolean hold) {
    if (!job.inFlight()) {
      return ActionOutcome.refused(job + " is " + job.state + ", not launched and unfinished");
    }
    if (job.ownHold == hold) {
      return ActionOutcome.refused(job + (hold ? " is already held" : " is not held"));
    }
    job.ownHold = hold;
    if (hold) {
      launcher.holdUsed();
    }
    return ActionOutcome.done();
  }

  @Override
  public ActionOutcome setPriority(SimQueue queue, Priority priority) {
    if (queue.priority != priority) {
      placement.reorder(queue, () -> queue.priority = priority);
    }
    return ActionOutcome.done();
  }

  /** Suspensions that were resumed, then those still open at the end (resume time -1). */
  List<SuspensionRecord> suspensions() {
    List<SuspensionRecord> all = new ArrayList<>(suspensions);
    for (SimQueue queue : queues) {
      SimQueue.Suspension open = queue.openSuspension;
      if (open != null) {
        all.add(new SuspensionRecord(queue.spec.id(), open.level.number(), open.requestNs,
            open.quietNs, -1));
      }
    }
    return all;
  }
}
