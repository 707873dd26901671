package org.preemptlab.policies.rank;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.PreemptScope;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;

/**
 * A policy defined by one ranking of jobs, applied twice: to choose which ready job is launched
 * next ({@link #selectNext}) and, as {@link #placementOrder()}, to choose which launched job's
 * blocks take SM slots as they free. The second matters more: with a launch window larger than one
 * job, every ready job is launched at once and the hardware's order (queue priority, then launch
 * order) would otherwise decide who gets the SMs.
 *
 * <p>Ties are broken by submit time, then job id, so runs are deterministic. When preemptive, a
 * launched job that cannot place its blocks preempts, for itself ({@link
 * PreemptScope#forWaiter}), the worst-ranked resident job that ranks strictly behind it; one victim
 * per blocked callback, so no more SMs are freed than the waiter needs.
 */
public abstract class RankedPolicy implements SchedulingPolicy {

  private final List<JobView> ready = new ArrayList<>();
  private final boolean preemptive;
  private Comparator<JobView> order;
  private SchedulerView clock;

  /**
   * Creates an empty policy.
   *
   * @param preemptive whether a blocked job preempts a worse-ranked resident job
   */
  protected RankedPolicy(boolean preemptive) {
    this.preemptive = preemptive;
  }

  /**
   * The ranking: jobs that compare lower are served first. It may read live values (attained GPU
   * time, remaining blocks); the engine re-sorts before every placement pass.
   */
  protected abstract Comparator<JobView> rank();

  /** Whether this instance preempts. */
  public final boolean preemptive() {
    return preemptive;
  }

  /** The full order: {@link #rank()}, then submit time, then job id. */
  protected final Comparator<JobView> order() {
    if (order == null) {
      order = rank().thenComparingLong(JobView::submitTimeNs).thenComparingLong(JobView::id);
    }
    return order;
  }

  /** The jobs held now (ready, not launched), in arrival order. */
  protected final List<JobView> held() {
    return ready;
  }

  /**
   * The simulated time of the last callback's view, or -1 before the first. A placement comparator
   * has no view of its own; it uses this as the key of values it caches for one placement pass
   * (live values such as attained GPU time cost a pass over resident blocks to compute). The
   * engine keeps one view per engine for the whole run, so its clock stays current between
   * callbacks.
   */
  protected final long cacheTimeNs() {
    return clock == null ? -1 : clock.nowNs();
  }

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    clock = scheduler;
    ready.add(job);
  }

  /** The best-ranked held job, or {@code null} if none. */
  @Override
  public JobView selectNext(SchedulerView scheduler) {
    JobView best = null;
    for (JobView job : ready) {
      if (best == null || order().compare(job, best) < 0) {
        best = job;
      }
    }
    return best;
  }

  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    if (!ready.removeIf(held -> held.id() == job.id())) {
      throw new IllegalStateException("job " + job.id() + " was dispatched but is not held");
    }
  }

  @Override
  public Comparator<JobView> placementOrder() {
    return order();
  }

  /** When preemptive, preempts the worst-ranked resident job ranked behind the blocked one. */
  @Override
  public void onJobBlocked(JobView job, SchedulerView scheduler) {
    if (!preemptive) {
      return;
    }
    List<JobView> victims = new ArrayList<>();
    for (JobView resident : scheduler.residentJobs()) {
      if (resident.id() != job.id() && resident.residentBlocks() > 0
          && order().compare(job, resident) < 0) {
        victims.add(resident);
      }
    }
    victims.sort(order().reversed());
    for (JobView victim : victims) {
      if (scheduler.preempt(victim, PreemptScope.forWaiter(job)).accepted()) {
        return;
      }
    }
  }
}
