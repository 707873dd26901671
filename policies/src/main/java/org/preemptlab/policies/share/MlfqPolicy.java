package org.preemptlab.policies.share;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.QueueView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.policies.rank.RankedPolicy;

/**
 * A multi-level feedback queue over queues (Corbató, Merwin-Daggett and Daley, "An Experimental
 * Time-Sharing System", AFIPS 1962; the rules as in Arpaci-Dusseau, "Operating Systems: Three Easy
 * Pieces", ch. 8; XSched's MLFQ, XpuOS/xsched {@code sched/include/xsched/sched/policy/mlfq.h},
 * for the defaults: 4 levels, a 10 ms allotment at the top level doubling per level, 100 ms before
 * recovery). Every queue starts at level 0. Once a queue's blocks have executed its level's
 * allotment of SM time ({@code quantum x 2^level}, read from {@link QueueView#attainedGpuNs()})
 * it moves down a level. Every {@code boost} all queues return to level 0. Launched jobs of the
 * highest level take free SM slots first (then submission order), and ready jobs launch in that
 * order.
 */
public final class MlfqPolicy extends RankedPolicy {

  private final int levels;
  private final long quantumNs;
  private final long boostNs;
  private final QueueTable queues = new QueueTable();
  private final Map<String, long[]> state = new HashMap<>();
  private long nextBoostNs = -1;

  /**
   * Creates an empty policy.
   *
   * @param levels number of levels, at least 1
   * @param quantumNs SM time a queue may use at level 0 before demotion, at least 1
   * @param boostNs period of the priority boost, at least 1
   */
  public MlfqPolicy(int levels, long quantumNs, long boostNs) {
    super(false);
    checkArgument(levels >= 1 && quantumNs >= 1 && boostNs >= 1, "mlfq: levels, quantum and "
        + "boost must be >= 1");
    this.levels = levels;
    this.quantumNs = quantumNs;
    this.boostNs = boostNs;
  }

  /** The current level of a queue (0 is the highest), demoting it as far as its usage says. */
  int level(String queueId) {
    long[] s = state.computeIfAbsent(queueId, id -> new long[] {0, 0, Long.MIN_VALUE});
    long now = cacheTimeNs(); // {level, usage base, time of the last update}
    if (s[2] == now) {
      return (int) s[0];
    }
    s[2] = now;
    QueueView queue = queues.get(queueId);
    long used = queue.attainedGpuNs() - s[1];
    while (s[0] < levels - 1 && used >= quantumNs << s[0]) {
      s[1] += quantumNs << s[0];
      used -= quantumNs << s[0];
      s[0]++;
    }
    return (int) s[0];
  }

  @Override
  protected Comparator<JobView> rank() {
    return Comparator.comparingInt(job -> level(job.queue().id()));
  }

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    queues.capture(scheduler);
    if (nextBoostNs < 0) {
      nextBoostNs = scheduler.nowNs() + boostNs;
      scheduler.wakeAt(nextBoostNs);
    }
    super.onJobReady(job, scheduler);
  }

  /** The boost: every queue returns to level 0 with its usage counted from now. */
  @Override
  public void onTimer(SchedulerView scheduler) {
    if (scheduler.nowNs() < nextBoostNs) {
      return;
    }
    boolean busy = false;
    for (QueueView queue : queues.all()) {
      state.put(queue.id(), new long[] {0, queue.attainedGpuNs(), Long.MIN_VALUE});
      busy |= QueueTable.hasWork(queue);
    }
    if (busy) {
      nextBoostNs = scheduler.nowNs() + boostNs;
      scheduler.wakeAt(nextBoostNs);
    } else {
      nextBoostNs = -1;
    }
  }
}
