package org.preemptlab.testkit.doubles;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.QueueView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SmSet;

/**
 * The bundled {@code priority} policy's decisions, for tests: strict priority by queue priority
 * (KERNEL, HIGH, NORMAL, LOW), round-robin across the queues of one level (a ring in the order the
 * queues first had a ready job; only a dispatch moves the turn). When preemptive, a job that cannot
 * place its blocks preempts every resident job of strictly lower priority with resident blocks,
 * lowest priority first and otherwise in the view's order, except jobs whose queue's partition
 * shares no SM with the waiting job's.
 */
public final class PriorityDouble implements SchedulingPolicy {
  private static final Comparator<JobView> LOWEST_PRIORITY_FIRST =
      Comparator.comparing(JobView::priority).reversed();

  private final boolean preemptive;
  private final List<Level> levels = new ArrayList<>();

  /**
   * Creates an empty policy for one engine of one run.
   *
   * @param preemptive whether a blocked job preempts lower-priority resident jobs (the bundled
   *     policy's default is {@code true})
   */
  public PriorityDouble(boolean preemptive) {
    this.preemptive = preemptive;
    for (int i = 0; i < Priority.values().length; i++) {
      levels.add(new Level());
    }
  }

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    levels.get(job.priority().ordinal()).add(job);
  }

  /** The round-robin choice of the highest level with a ready job, or {@code null} if none. */
  @Override
  public JobView selectNext(SchedulerView scheduler) {
    for (Level level : levels) {
      JobView next = level.next();
      if (next != null) {
        return next;
      }
    }
    return null;
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException if the job is not the next ready job of its queue
   */
  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    levels.get(job.priority().ordinal()).remove(job);
  }

  /** Preempts every strictly lower-priority resident job, unless preemption is off. */
  @Override
  public void onJobBlocked(JobView job, SchedulerView scheduler) {
    if (!preemptive) {
      return;
    }
    Map<String, SmSet> partitions = new HashMap<>();
    for (QueueView queue : scheduler.queues()) {
      queue.partition().ifPresent(sms -> partitions.put(queue.id(), sms));
    }
    SmSet mine = partitions.get(job.queue().id());
    List<JobView> victims = new ArrayList<>();
    for (JobView candidate : scheduler.residentJobs()) {
      if (job.priority().isHigherThan(candidate.priority()) && candidate.residentBlocks() > 0
          && overlap(mine, partitions.get(candidate.queue().id()))) {
        victims.add(candidate);
      }
    }
    victims.sort(LOWEST_PRIORITY_FIRST); // stable: equal priorities keep the view's order
    victims.forEach(scheduler::preempt);
  }

  /** Whether two partitions (null: every SM) share an SM. */
  private static boolean overlap(SmSet first, SmSet second) {
    return first == null || second == null || first.stream().anyMatch(second::contains);
  }

  /** The ready jobs of one priority level, per queue, and whose turn it is. */
  private static final class Level {
    private final List<String> ring = new ArrayList<>();
    private final Map<String, ArrayDeque<JobView>> ready = new HashMap<>();
    /** Ring position of the queue served last, or -1 before the first dispatch. */
    private int lastServed = -1;

    void add(JobView job) {
      String queue = job.queue().id();
      if (!ready.containsKey(queue)) {
        ring.add(queue);
        ready.put(queue, new ArrayDeque<>());
      }
      ready.get(queue).addLast(job);
    }

    /** The head of the first queue with a ready job after the one served last, wrapping round. */
    JobView next() {
      int n = ring.size();
      for (int step = 1; step <= n; step++) {
        JobView head = ready.get(ring.get(Math.floorMod(lastServed + step, n))).peekFirst();
        if (head != null) {
          return head;
        }
      }
      return null;
    }

    void remove(JobView job) {
      ArrayDeque<JobView> lane = Optional.ofNullable(ready.get(job.queue().id()))
          .orElseGet(ArrayDeque::new);
      if (lane.isEmpty() || lane.peekFirst().id() != job.id()) {
        throw new IllegalStateException("priority double: job " + job.id() + " of queue '"
            + job.queue().id() + "' was dispatched but is not the next ready job of its queue");
      }
      lane.removeFirst();
      lastServed = ring.indexOf(job.queue().id());
    }
  }
}
