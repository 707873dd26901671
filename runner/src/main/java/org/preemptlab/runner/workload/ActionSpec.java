package org.preemptlab.runner.workload;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.QueueAction;
import org.preemptlab.api.model.SuspendLevel;

/**
 * A timed action of a synthetic workload on one of its queues, as the application would take it
 * through XSched's {@code XQueueSuspend} / {@code XQueueResume} or a priority hint. Exactly one of
 * {@code suspend}, {@code resume}, {@code priority}, {@code weight} and {@code prepare} says what; either {@code at}
 * says when (once), or {@code every} (a {@code poisson} or {@code periodic} process) repeats a
 * suspension, each lasting {@code hold}, so XSched's suspend experiments are a configuration.
 *
 * @param queue the queue acted on
 * @param at when, once; a duration
 * @param every a process of suspension times: the next is drawn after the previous one's resume
 * @param suspend XSched's level: 1 (stop launching), 2 (also deactivate launched jobs), 3 (also
 *     interrupt running blocks)
 * @param resume true to resume the queue
 * @param priority the queue's new priority
 * @param weight the queue's new weight, at least 1
 * @param hold with {@code every}: how long each suspension lasts before the queue is resumed
 * @param prepare the application starts preparing a submission to the queue that it makes this
 *     long after {@code at}: a hint to the policy (GPreempt's pre-preemption), a duration
 */
public record ActionSpec(
    String queue,
    @JsonDeserialize(using = SpecDeserializers.DurationNs.class) Long at,
    ArrivalSpec every,
    Integer suspend,
    Boolean resume,
    Priority priority,
    Integer weight,
    @JsonDeserialize(using = SpecDeserializers.Durations.class) Distribution hold,
    @JsonDeserialize(using = SpecDeserializers.DurationNs.class) Long prepare) {

  /** Validates that the action says exactly what and when. */
  public ActionSpec {
    SpecViolation.required(queue, "queue");
    int what = (suspend != null ? 1 : 0) + (resume != null ? 1 : 0) + (priority != null ? 1 : 0)
        + (weight != null ? 1 : 0) + (prepare != null ? 1 : 0);
    SpecViolation.check(what == 1, "suspend",
        "an action needs exactly one of suspend (1, 2 or 3), resume, priority, weight or"
            + " prepare, got " + what);
    SpecViolation.check(prepare == null || prepare >= 0, "prepare", "must be >= 0 ns");
    SpecViolation.check((at == null) != (every == null), "at",
        "an action needs exactly one of at (a time) or every (a process)");
    SpecViolation.check(at == null || at >= 0, "at", "must be >= 0 ns");
    SpecViolation.check(suspend == null || (suspend >= 1 && suspend <= 3), "suspend",
        "must be 1, 2 or 3 (XSched's levels), got " + suspend);
    SpecViolation.check(resume == null || resume, "resume", "must be true when given");
    SpecViolation.check(weight == null || weight >= 1, "weight", "must be >= 1, got " + weight);
    if (every != null) {
      SpecViolation.check(suspend != null, "every", "repeats suspensions only: give suspend");
      SpecViolation.check(!(every instanceof ArrivalSpec.ClosedLoop), "every",
          "must be a poisson or periodic process");
      SpecViolation.required(hold, "hold");
    }
    SpecViolation.check(hold == null || every != null, "hold", "is only for repeated (every) "
        + "suspensions; resume a single suspension with its own action");
    SpecViolation.check(hold == null || hold.min() >= 1, "hold", "must be >= 1 ns");
  }

  /**
   * The queue actions this spec stands for, before {@code horizonNs}.
   *
   * @param random the stream repeated actions draw their times and holds from
   */
  List<QueueAction> expand(long horizonNs, RandomGenerator random) {
    if (at != null) {
      return at < horizonNs || horizonNs == Long.MAX_VALUE ? List.of(single(at)) : List.of();
    }
    List<QueueAction> actions = new ArrayList<>();
    SuspendLevel level = SuspendLevel.ofNumber(suspend);
    long t = every.startNs();
    for (long k = 0; ; k++) {
      if (every instanceof ArrivalSpec.Poisson poisson) {
        t = QueueGenerator.saturatedAdd(t, Math.round(-poisson.meanInterval()
            * Math.log(1 - random.nextDouble())));
      } else {
        ArrivalSpec.Periodic periodic = (ArrivalSpec.Periodic) every;
        long base = QueueGenerator.saturatedAdd(periodic.start(),
            QueueGenerator.saturatedMultiply(k, periodic.period()));
        t = Math.max(t, QueueGenerator.saturatedAdd(base,
            (long) Math.floor(periodic.jitter() * periodic.period() * random.nextDouble())));
      }
      if (t >= horizonNs) {
        return actions;
      }
      long resumeAt = QueueGenerator.saturatedAdd(t, hold.sample(random));
      actions.add(new QueueAction.Suspend(t, queue, level));
      actions.add(new QueueAction.Resume(resumeAt, queue));
      t = resumeAt;
    }
  }

  private QueueAction single(long time) {
    if (suspend != null) {
      return new QueueAction.Suspend(time, queue, SuspendLevel.ofNumber(suspend));
    }
    if (resume != null) {
      return new QueueAction.Resume(time, queue);
    }
    if (priority != null) {
      return new QueueAction.SetPriority(time, queue, priority);
    }
    if (prepare != null) {
      return new QueueAction.Prepare(time, queue, prepare);
    }
    return new QueueAction.SetWeight(time, queue, weight);
  }
}
