package org.preemptlab.api.model;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.Objects;
import org.preemptlab.api.API;

/**
 * Something a workload does to one of its queues at a given time, as the application would through
 * XSched's {@code XQueueSuspend} / {@code XQueueResume} or a priority hint: the timed actions that
 * make suspend experiments a configuration. The engine applies an action before the dispatch and
 * placement of its instant.
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public sealed interface QueueAction
    permits QueueAction.Suspend, QueueAction.Resume, QueueAction.SetPriority,
        QueueAction.SetWeight, QueueAction.Prepare {

  /** When the action happens, in ns, at least 0. */
  long timeNs();

  /** The queue it acts on. */
  String queueId();

  /**
   * Suspends the queue at {@code level}.
   *
   * @param timeNs when, at least 0
   * @param queueId the queue
   * @param level how deeply it is held back
   */
  record Suspend(long timeNs, String queueId, SuspendLevel level) implements QueueAction {
    /** Validates the fields. */
    public Suspend {
      check(timeNs, queueId);
      Objects.requireNonNull(level, "level");
    }
  }

  /**
   * Resumes a suspended queue.
   *
   * @param timeNs when, at least 0
   * @param queueId the queue
   */
  record Resume(long timeNs, String queueId) implements QueueAction {
    /** Validates the fields. */
    public Resume {
      check(timeNs, queueId);
    }
  }

  /**
   * Gives the queue another priority from now on.
   *
   * @param timeNs when, at least 0
   * @param queueId the queue
   * @param priority its new priority
   */
  record SetPriority(long timeNs, String queueId, Priority priority) implements QueueAction {
    /** Validates the fields. */
    public SetPriority {
      check(timeNs, queueId);
      Objects.requireNonNull(priority, "priority");
    }
  }

  /**
   * Gives the queue another weight from now on.
   *
   * @param timeNs when, at least 0
   * @param queueId the queue
   * @param weight its new weight, at least 1
   */
  record SetWeight(long timeNs, String queueId, int weight) implements QueueAction {
    /** Validates the fields. */
    public SetWeight {
      check(timeNs, queueId);
      checkArgument(weight >= 1, "queue '%s': weight must be >= 1, got %s", queueId, weight);
    }
  }

  /**
   * The application starts preparing the queue's next submission (copying or preprocessing its
   * input), which it submits {@code preparationNs} later: a hint the engine passes to the policy
   * ({@link org.preemptlab.api.policy.SchedulingPolicy#onPreparation}) as GPreempt's hint-based
   * pre-preemption receives it (Fan et al., USENIX ATC 2025). The engine does nothing else
   * with it: the submission itself is the job's, at its own time.
   *
   * @param timeNs when preparation starts, at least 0
   * @param queueId the queue whose submission is being prepared
   * @param preparationNs how long the preparation lasts, at least 0
   * @since 0.1
   */
  record Prepare(long timeNs, String queueId, long preparationNs) implements QueueAction {
    /** Validates the fields. */
    public Prepare {
      check(timeNs, queueId);
      checkArgument(preparationNs >= 0, "queue '%s': preparation must be >= 0 ns, got %s",
          queueId, preparationNs);
    }
  }

  private static void check(long timeNs, String queueId) {
    Objects.requireNonNull(queueId, "queueId");
    checkArgument(timeNs >= 0, "action on queue '%s': time must be >= 0 ns, got %s", queueId,
        timeNs);
  }
}
