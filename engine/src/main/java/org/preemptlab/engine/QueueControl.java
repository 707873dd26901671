package org.preemptlab.engine;

import java.util.List;
import java.util.Set;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.ActionOutcome;

/**
 * What the policies' view ({@link PolicyEngine}) asks of the queue actions ({@link
 * QueueActions}): the queues, and the queue and job actions a policy may take.
 */
interface QueueControl {
  /** The queue with this id, or null. */
  SimQueue queue(String id);

  /** Every queue, in workload order. */
  List<SimQueue> queues();

  /** The queue ids, in workload order. */
  Set<String> queueIds();

  ActionOutcome suspend(SimQueue queue, SuspendLevel level);

  ActionOutcome resume(SimQueue queue);

  ActionOutcome setPriority(SimQueue queue, Priority priority);

  /** Holds a launched job back from placement, or lets it go again. */
  ActionOutcome holdJob(SimJob job, boolean hold);
}
