package org.preemptlab.policies.share;

import java.util.LinkedHashMap;
import java.util.Map;
import org.preemptlab.api.policy.QueueView;
import org.preemptlab.api.policy.SchedulerView;

/**
 * The live queue views of a run, taken from the first callback. Queue views are live (their values
 * follow the simulation), so a placement comparator, which has no scheduler view, can read them.
 */
final class QueueTable {
  private final Map<String, QueueView> queues = new LinkedHashMap<>();

  /** Takes the views once. */
  void capture(SchedulerView scheduler) {
    if (queues.isEmpty()) {
      for (QueueView queue : scheduler.queues()) {
        queues.put(queue.id(), queue);
      }
    }
  }

  /** The view of {@code id}. */
  QueueView get(String id) {
    QueueView queue = queues.get(id);
    if (queue == null) {
      throw new IllegalStateException("no view of queue '" + id + "' (policy not yet called?)");
    }
    return queue;
  }

  /** Every queue, in the workload's order. */
  Iterable<QueueView> all() {
    return queues.values();
  }

  /** Whether a queue has jobs launched or submitted and not yet launched. */
  static boolean hasWork(QueueView queue) {
    return queue.launchedJobs() + queue.waitingJobs() > 0;
  }
}
