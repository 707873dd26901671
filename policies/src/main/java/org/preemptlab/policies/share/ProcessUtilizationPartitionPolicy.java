package org.preemptlab.policies.share;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.QueueView;
import org.preemptlab.api.policy.SchedulerView;

/**
 * XSched's process utilization partition (PUP; Shen et al., "XSched: Preemptive Scheduling for
 * Diverse XPUs", OSDI'25, §7.2, Fig. 9, whose benchmark starts the XSched server with this policy:
 * XpuOS/xsched-artifacts {@code cuda/fig7/scripts/up_xsched.sh}; the logic follows XpuOS/xsched
 * {@code sched/src/policy/pup.cpp}): contexts (processes) take turns owning the device, in a run
 * queue. The owner's turn is its budget, {@code window x n x weight / total weight} where n is
 * the number of contexts in the run queue and the weights are those of the contexts (the sum of
 * their queues' weights), so 75/25 with the 5 ms window gives turns of 7.5 ms and 2.5 ms; every
 * queue of the other contexts is suspended at the configured level. The turn ends when the budget
 * is spent or when the owner has no work; an owner that stops early keeps the rest of its turn
 * and adds it to its next budget, and a context passed over because it has no work banks its
 * budget the same way, beyond one budget decayed by 10% per turn, as XSched's budget decay
 * against hoarding. Then the next context with work in the run queue takes over. When no
 * context has work every queue is resumed, so new submissions are seen.
 *
 * <p>A queue has work when it has jobs launched or submitted and not launched ({@link
 * QueueView#launchedJobs()}, {@link QueueView#waitingJobs()}). Ready jobs of the owner launch in
 * submission order.
 */
public final class ProcessUtilizationPartitionPolicy extends FifoPolicyDelegate {
  /** XSched's decay of a budget above one turn ({@code pup.cpp}: 0.9). */
  static final double DECAY = 0.9;

  private final long windowNs;
  private final SuspendLevel level;
  private final QueueTable queues = new QueueTable();
  /** The queues of each context, contexts in the workload's order of their first queue. */
  private final Map<String, List<QueueView>> contexts = new LinkedHashMap<>();
  private final Deque<Entry> runQueue = new ArrayDeque<>();
  private long turnEndNs = Long.MIN_VALUE;

  /** A context in the run queue; {@code running} only for the head. */
  private static final class Entry {
    final String context;
    boolean running;
    long budgetNs;

    Entry(String context) {
      this.context = context;
    }
  }

  /**
   * Creates an empty policy.
   *
   * @param windowNs XSched's average time slice, at least 1
   * @param level how deeply queues of contexts other than the owner are suspended
   */
  public ProcessUtilizationPartitionPolicy(long windowNs, SuspendLevel level) {
    checkArgument(windowNs >= 1, "window must be >= 1 ns, got %s", windowNs);
    this.windowNs = windowNs;
    this.level = level;
  }

  /** The context that owns the device now, or {@code null}. */
  String owner() {
    Entry head = runQueue.peekFirst();
    return head != null && head.running ? head.context : null;
  }

  @Override
  void decide(SchedulerView scheduler) {
    if (contexts.isEmpty()) {
      queues.capture(scheduler);
      for (QueueView queue : queues.all()) {
        contexts.computeIfAbsent(queue.spec().contextId(), c -> new ArrayList<>()).add(queue);
      }
      for (String context : contexts.keySet()) {
        runQueue.addLast(new Entry(context));
      }
    }
    long now = scheduler.nowNs();
    boolean anyReady = false;
    for (Entry entry : runQueue) {
      anyReady |= hasWork(entry.context);
    }
    if (!anyReady) {
      for (QueueView queue : queues.all()) {
        if (queue.suspended()) {
          scheduler.resume(queue.id());
        }
      }
      return;
    }
    Entry head = runQueue.peekFirst();
    if (head.running) {
      boolean turnLeft = turnEndNs > now;
      if (turnLeft && hasWork(head.context)) {
        enforce(head.context, scheduler);
        return;
      }
      runQueue.pollFirst();
      head.running = false;
      head.budgetNs = turnLeft ? turnEndNs - now : 0; // the rest of its turn, kept
      runQueue.addLast(head);
    }
    while (!hasWork(runQueue.peekFirst().context)) {
      Entry skipped = runQueue.pollFirst();
      skipped.budgetNs = nextBudget(skipped);
      runQueue.addLast(skipped);
    }
    Entry next = runQueue.peekFirst();
    long turn = Math.max(1, nextBudget(next));
    next.budgetNs = 0;
    next.running = true;
    turnEndNs = now + turn;
    scheduler.wakeAt(turnEndNs);
    enforce(next.context, scheduler);
  }

  /** Its banked budget, decayed above one budget, plus a new budget ({@code pup.cpp}). */
  private long nextBudget(Entry entry) {
    long fresh = budget(entry.context);
    long banked = entry.budgetNs;
    if (banked > fresh) {
      banked = fresh + (long) ((banked - fresh) * DECAY);
    }
    return banked + fresh;
  }

  /** {@code window x contexts x weight / total weight} ({@code GetBudgetUs}). */
  private long budget(String context) {
    long weight = 0;
    long total = 0;
    for (QueueView queue : queues.all()) {
      total += queue.weight();
      if (queue.spec().contextId().equals(context)) {
        weight += queue.weight();
      }
    }
    // In double: window (up to 10 s) x contexts x a weight could overflow a long.
    return (long) ((double) windowNs * runQueue.size() * weight / total);
  }

  private boolean hasWork(String context) {
    for (QueueView queue : contexts.get(context)) {
      if (QueueTable.hasWork(queue)) {
        return true;
      }
    }
    return false;
  }

  /** Suspends every queue of the other contexts and resumes the owner's. */
  private void enforce(String owner, SchedulerView scheduler) {
    for (Map.Entry<String, List<QueueView>> context : contexts.entrySet()) {
      boolean owns = context.getKey().equals(owner);
      for (QueueView queue : context.getValue()) {
        if (!owns && queue.suspension().orElse(null) != level) {
          scheduler.suspend(queue.id(), level);
        } else if (owns && queue.suspended()) {
          scheduler.resume(queue.id());
        }
      }
    }
  }
}
