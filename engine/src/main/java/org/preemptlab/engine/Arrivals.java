package org.preemptlab.engine;

import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import org.preemptlab.api.model.JobList;
import org.preemptlab.api.model.QueueAction;

/**
 * When jobs are submitted, for the launcher ({@link Launcher}): an open-loop job at its submit
 * time, one arrival event at a time in submission order; a closed-loop job once its dependencies
 * finished and its think time passed; a job a layer submits when the layer says ({@link
 * #LAYER_SUBMITS}). It also queues, at the start of the run, the applications' starts, the
 * workload's timed queue actions and the hints that a job's preparation starts.
 */
final class Arrivals {
  /**
   * The submit time of a job that a layer submits itself ({@link Simulator#submitFromLayer}): it
   * never arrives by time (the DRM scheduler layer's kernels on SM hardware).
   */
  static final long LAYER_SUBMITS = Long.MAX_VALUE;

  private final RunServices run;
  private final RunJobs jobs;
  /** The workload's jobs, by column. */
  private final JobList specs;
  /** The launcher's submission of a job now. */
  private final Consumer<SimJob> submit;
  /** The open-loop jobs by submission time, then index. */
  private final int[] arrivals;
  private int arrivalCursor;
  /** The workload's timed queue actions, by time. */
  private final QueueAction[] actions;
  /** The applications, in the run's order. */
  private final ApplicationHost[] applications;

  Arrivals(RunServices run, RunJobs jobs, List<QueueAction> actions,
      ApplicationHost[] applications, Consumer<SimJob> submit) {
    this.run = run;
    this.jobs = jobs;
    this.specs = jobs.specs();
    this.submit = submit;
    this.applications = applications;
    int open = 0;
    for (int i = 0; i < specs.size(); i++) {
      open += arrives(i) ? 1 : 0;
    }
    int[] openJobs = new int[open];
    open = 0;
    for (int i = 0; i < specs.size(); i++) {
      if (arrives(i)) {
        openJobs[open++] = i;
      }
    }
    arrivals = jobs.bySubmission(openJobs);
    this.actions = actions.stream()
        .sorted(Comparator.comparingLong(QueueAction::timeNs))
        .toArray(QueueAction[]::new);
  }

  /** Whether a job is submitted at its time (open loop, not submitted by a layer). */
  private boolean arrives(int i) {
    return !specs.closedLoop(i) && specs.submitTimeNs(i) != LAYER_SUBMITS;
  }

  /**
   * Schedules the applications' starts (at time 0, before the workload's first arrival, in the
   * run's order of applications), the first arrival, every timed action and the preparation hints
   * of open-loop jobs.
   */
  void start() {
    for (ApplicationHost application : applications) {
      run.events.push(0, new Events.ApplicationStart(application), 0);
    }
    scheduleNextArrival();
    for (QueueAction action : actions) {
      run.events.push(action.timeNs(), new Events.ActionDue(action), 0);
    }
    for (int i = 0; i < jobs.workloadJobs(); i++) {
      if (specs.preparationNs(i) > 0 && arrives(i)) {
        announcePreparation(i, 0, specs.submitTimeNs(i));
      }
    }
  }

  /** The next open-loop job's time has come: it is submitted, and the one after it scheduled. */
  void arrive() {
    submit.accept(jobs.materialize(arrivals[arrivalCursor++]));
    scheduleNextArrival();
  }

  private void scheduleNextArrival() {
    if (arrivalCursor < arrivals.length) {
      run.events.push(Math.max(run.now(), specs.submitTimeNs(arrivals[arrivalCursor])),
          Events.ARRIVAL, 0);
    }
  }

  /**
   * Closed-loop job {@code i}'s dependencies finished: it is submitted after its think time (not
   * before its own submit time), with its preparation hint before that.
   */
  void submitAfterThinkTime(int i) {
    SimJob job = jobs.materialize(i);
    long at = Math.max(job.job.submitTimeNs(), run.now() + job.job.thinkTimeNs());
    if (job.job.preparationNs() > 0) {
      announcePreparation(i, run.now(), at);
    }
    run.events.push(at, new Events.Submit(job), 0);
  }

  /**
   * Queues the hint that job {@code i}'s preparation starts: {@code preparationNs} before its
   * submission at {@code submitNs}, but not before {@code earliestNs}.
   */
  private void announcePreparation(int i, long earliestNs, long submitNs) {
    long startNs = Math.max(earliestNs, submitNs - specs.preparationNs(i));
    run.events.push(startNs, new Events.ActionDue(new QueueAction.Prepare(startNs,
        specs.queueId(i), submitNs - startNs)), 0);
  }
}
