package org.preemptlab.policies.share;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.math.LongMath;
import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.QueueView;
import org.preemptlab.api.policy.SchedulerView;

/**
 * XSched's utilization partition (UP; Shen et al., "XSched: Preemptive Scheduling for Diverse
 * XPUs", OSDI'25, §7.2 and Fig. 9, a 75/25 partition; XpuOS/xsched {@code
 * sched/src/policy/up.cpp}): queues with work take turns owning the device. The owner runs alone
 * for its budget, {@code window x weight / (sum of the weights of all queues)}, as XSched's {@code
 * GetBudget} divides by the utilizations of every registered queue, while
 * every other queue is suspended at the configured level; then ownership passes round-robin, in
 * the workload's queue order, to the next queue with work. When the owner runs out of work before
 * its budget ends, the next queue takes over at once. When no queue has work every queue is
 * resumed, so new submissions are seen. XSched's default window is 5 ms. Where XSched reads each
 * queue's utilization from a hint, this policy uses the queue's weight ({@link
 * QueueView#weight()}), so 75/25 is weights 3 and 1.
 *
 * <p>A queue has work when it has jobs launched or submitted and not launched ({@link
 * QueueView#launchedJobs()}, {@link QueueView#waitingJobs()}); a suspended queue's submitted jobs
 * are counted even if they still wait for dependencies. Ready jobs of the owner launch in
 * submission order.
 */
public final class UtilizationPartitionPolicy extends FifoPolicyDelegate {

  private final long windowNs;
  private final SuspendLevel level;
  private final QueueTable queues = new QueueTable();
  private final List<String> order = new ArrayList<>();
  private String owner;
  private long budgetEndNs;

  /**
   * Creates an empty policy.
   *
   * @param windowNs the partition window, at least 1
   * @param level how deeply queues other than the owner are suspended
   */
  public UtilizationPartitionPolicy(long windowNs, SuspendLevel level) {
    checkArgument(windowNs >= 1, "window must be >= 1 ns, got %s", windowNs);
    this.windowNs = windowNs;
    this.level = level;
  }

  /** The queue that owns the device now, or {@code null}. */
  String owner() {
    return owner;
  }

  @Override
  void decide(SchedulerView scheduler) {
    queues.capture(scheduler);
    if (order.isEmpty()) {
      for (QueueView queue : queues.all()) {
        order.add(queue.id());
      }
    }
    long now = scheduler.nowNs();
    if (owner != null && now < budgetEndNs && QueueTable.hasWork(queues.get(owner))) {
      return;
    }
    String next = nextWithWork();
    if (next == null) {
      owner = null;
      for (QueueView queue : queues.all()) {
        if (queue.suspended()) {
          scheduler.resume(queue.id());
        }
      }
      return;
    }
    long weights = 0;
    for (QueueView queue : queues.all()) {
      weights += queue.weight();
    }
    owner = next;
    // saturated: a huge window times a huge weight must not wrap to a negative budget
    budgetEndNs = now + Math.max(1,
        LongMath.saturatedMultiply(windowNs, queues.get(next).weight()) / weights);
    for (QueueView queue : queues.all()) {
      if (!queue.id().equals(next) && queue.suspension().orElse(null) != level) {
        scheduler.suspend(queue.id(), level);
      }
    }
    if (queues.get(next).suspended()) {
      scheduler.resume(next);
    }
    scheduler.wakeAt(budgetEndNs);
  }

  /** The next queue with work after the owner, round-robin in workload order, or null. */
  private String nextWithWork() {
    int start = owner == null ? 0 : order.indexOf(owner) + 1;
    for (int i = 0; i < order.size(); i++) {
      String id = order.get((start + i) % order.size());
      if (QueueTable.hasWork(queues.get(id))) {
        return id;
      }
    }
    return null;
  }
}
