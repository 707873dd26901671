package org.preemptlab.policies.baseline;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.policy.JobView;

/**
 * The ready jobs of several queues, served round-robin as DRM's {@code
 * drm_sched_rq_select_entity_rr} serves entities. Queues form a ring in the order they first became
 * known; each keeps its ready jobs in arrival order. The next job is the head of the first queue with
 * a ready job after the queue served last, wrapping round to (and including) that queue. Only a
 * dispatch moves the turn, so a job that could not be dispatched for lack of credits is offered
 * again (DRM keeps {@code current_entity} on {@code -ENOSPC}). Queues stay in the ring when idle.
 *
 * <p>Every operation takes O(q / 64) time for q known queues (a bit per queue), without allocating.
 */
final class RoundRobinQueues {
  private final Map<String, Integer> positions = new HashMap<>();
  private final List<ArrayDeque<JobView>> lanes = new ArrayList<>();
  /** Positions of the queues that hold at least one ready job. */
  private final BitSet waiting = new BitSet();
  /** Position of the queue served last, or -1 before the first dispatch. */
  private int lastServed = -1;

  /** Appends a ready job to its queue, adding the queue to the end of the ring if it is new. */
  void add(JobView job) {
    int position = positions.computeIfAbsent(job.queue().id(), id -> {
      lanes.add(new ArrayDeque<>());
      return lanes.size() - 1;
    });
    lanes.get(position).addLast(job);
    waiting.set(position);
  }

  /** The job whose turn it is, without removing it, or {@code null} if no job is ready. */
  JobView peek() {
    if (waiting.isEmpty()) {
      return null;
    }
    int next = waiting.nextSetBit(lastServed + 1);
    return lanes.get(next >= 0 ? next : waiting.nextSetBit(0)).peekFirst();
  }

  /**
   * Removes a dispatched job and passes the turn on from its queue.
   *
   * @throws IllegalStateException if the job is not the head of its queue here
   */
  void remove(JobView job) {
    Integer position = positions.get(job.queue().id());
    ArrayDeque<JobView> lane = position == null ? null : lanes.get(position);
    if (lane == null || lane.isEmpty() || lane.peekFirst().id() != job.id()) {
      throw new IllegalStateException("job " + job.id() + " of queue '" + job.queue().id()
          + "' was dispatched but is not the next ready job of its queue");
    }
    lane.removeFirst();
    if (lane.isEmpty()) {
      waiting.clear(position);
    }
    lastServed = position;
  }

  /** Whether no job is ready. */
  boolean isEmpty() {
    return waiting.isEmpty();
  }
}
