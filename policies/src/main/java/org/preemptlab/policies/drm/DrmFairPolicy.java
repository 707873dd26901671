package org.preemptlab.policies.drm;

import static com.google.common.base.Preconditions.checkState;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.DrmSchedulingPolicy;

/**
 * The fair DRM scheduler of Linux 7.2 ({@code drm-fair}; torvalds/linux
 * drivers/gpu/drm/scheduler/sched_rq.c @637315cb): one tree per scheduler keyed by each entity's
 * vruntime; the leftmost <em>ready</em> entity is served ({@code drm_sched_select_entity} skips
 * entities that are not {@code drm_sched_entity_is_ready}), and if its head job does not fit the
 * free credits nothing is dispatched ({@code -ENOSPC}).
 *
 * <ul>
 *   <li>A freed job's GPU time is added to its entity's runtime and to the entity's and the
 *       scheduler's average job time ({@code drm_sched_entity_stats_job_add_gpu_time}).
 *   <li>After each dispatch ({@code drm_sched_rq_pop_entity}) an entity that still has a queued
 *       job, ready or not, stays in the tree and advances its vruntime by {@code (runtime -
 *       prev_runtime) << shift[priority]}; an entity that has none leaves the tree without
 *       charging and saves {@code v - min} as its relative vruntime, or 0 when {@code v <= min}
 *       or the minimum is exactly 0 ({@code drm_sched_entity_save_vruntime}: {@code if
 *       (min_vruntime && vruntime > min_vruntime)}), where the minimum is the new leftmost
 *       entity's vruntime (0 for an empty tree).
 *   <li>An entity whose first job is pushed ({@code drm_sched_rq_add_entity}) is placed at the
 *       leftmost vruntime plus its relative vruntime, or, when that is 0 and the tree is not
 *       empty, behind the head by {@code (1 + avg + sched avg) << shift} µs if its priority is
 *       lower than the head's, ahead of it by the priority difference in ns if higher, and 1 ns
 *       ahead (shorter average jobs) or behind if equal ({@code
 *       drm_sched_entity_restore_vruntime}).
 * </ul>
 *
 * <p>So an entity whose next job waits on a dependency keeps its place with its vruntime frozen
 * and, once the fence signals, is far left of entities that ran meanwhile. That needs an engine
 * that reports queued jobs ({@link SchedulerView#reportsQueuedJobs()}, the DRM scheduler layer).
 * Engines that do not report them offer a queue's next job right after dispatching the previous
 * one; "still has a job" then means that the entity's next job becomes ready in that dispatch, and
 * the decision is taken at the next callback, before anything else changes the tree.
 *
 * <p>Entity statistics (runtime, vruntime, saved relative vruntime, average job time) live in
 * {@link EntityStats}, kept by the engine with the queue where it can ({@link
 * SchedulerView#queueState}), so they follow an entity across schedulers as the kernel's
 * refcounted {@code drm_sched_entity_stats} do. In engines that do not report freed jobs, jobs
 * are freed in dispatch order when finished ({@link FreeOrder}).
 */
public final class DrmFairPolicy implements DrmSchedulingPolicy {
  /** One entity as this scheduler's run queue holds it. */
  private static final class Member {
    final EntityStats stats;
    final ArrayDeque<JobView> ready = new ArrayDeque<>();
    /** Queued (pushed, not dispatched) jobs, ready or not; engines that report queued jobs. */
    int queued;
    long key;
    long sequence;
    boolean inTree;

    Member(EntityStats stats) {
      this.stats = stats;
    }
  }

  private static final Comparator<Member> ORDER =
      Comparator.comparingLong((Member m) -> m.key).thenComparingLong(m -> m.sequence);

  private final NavigableSet<Member> tree = new TreeSet<>(ORDER);
  private final Map<String, Member> members = new HashMap<>();
  private final Map<String, EntityStats> ownStats = new HashMap<>();
  private final Ewma schedulerAvgJobUs = new Ewma();
  private final FreeOrder freeOrder = new FreeOrder();
  private Member popped;
  private long nextSequence;

  /** Creates an empty policy for one scheduler. */
  public DrmFairPolicy() {}

  @Override
  public void onJobQueued(JobView job, SchedulerView scheduler) {
    Member member = member(job, scheduler);
    member.stats.priority = job.priority();
    if (member.queued++ == 0) {
      add(member);
    }
  }

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    Member member = member(job, scheduler);
    member.stats.priority = job.priority();
    if (scheduler.reportsQueuedJobs()) {
      checkState(member.inTree, "job %s of entity '%s' became ready without being queued",
          job.id(), job.queue().id());
    } else if (popped == member) {
      popped = null;
      advance(member);
    } else {
      settle();
      if (!member.inTree) {
        add(member);
      }
    }
    member.ready.addLast(job);
  }

  /** The head job of the ready entity with the smallest vruntime, or {@code null}. */
  @Override
  public JobView selectNext(SchedulerView scheduler) {
    settle();
    for (Member member : tree) {
      if (!member.ready.isEmpty()) {
        return member.ready.peekFirst();
      }
    }
    return null;
  }

  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    settle();
    Member member = take(job);
    if (!scheduler.reportsFreedJobs()) {
      freeOrder.dispatched(job, scheduler.nowNs());
    }
    member.stats.priority = job.priority();
    if (scheduler.reportsQueuedJobs()) {
      member.queued--;
      if (member.queued > 0) {
        advance(member);
      } else {
        leave(member);
      }
    } else if (member.ready.isEmpty()) {
      popped = member;
    } else {
      advance(member);
    }
  }

  /**
   * The entity leaves the run queue ({@code drm_sched_rq_remove_entity}: killed, or its scheduler
   * torn down) or, outside the DRM scheduler layer, its queue is suspended. A killed entity never
   * returns; a suspended queue that resumes is placed as a new arrival (relative vruntime 0).
   */
  @Override
  public void onJobWithdrawn(JobView job, SchedulerView scheduler) {
    settle();
    Member member = members.get(job.queue().id());
    checkState(member != null, "job %s of entity '%s' was never offered", job.id(),
        job.queue().id());
    boolean remains;
    if (scheduler.reportsQueuedJobs()) {
      member.ready.removeIf(j -> j.id() == job.id());
      member.queued--;
      remains = member.queued > 0;
    } else {
      take(job);
      remains = !member.ready.isEmpty();
    }
    if (!remains && member.inTree) {
      tree.remove(member);
      member.inTree = false;
      member.stats.vruntime = 0;
    }
  }

  @Override
  public void onJobFinished(JobView job, SchedulerView scheduler) {
    if (!scheduler.reportsFreedJobs()) {
      freeOrder.finished(job, scheduler.nowNs(), this::charge);
    }
  }

  @Override
  public void onJobFreed(JobView job, long gpuTimeNs, SchedulerView scheduler) {
    charge(job, gpuTimeNs);
  }

  /**
   * The vruntime of an entity (queue id) this policy has seen, for tests and reports: absolute
   * while it is in the tree, its saved relative vruntime once it left; 0 if unknown.
   */
  public long vruntime(String entityId) {
    Member member = members.get(entityId);
    return member == null ? 0 : member.stats.vruntime;
  }

  private void charge(JobView job, long gpuTimeNs) {
    EntityStats stats = members.get(job.queue().id()).stats;
    stats.runtimeNs += gpuTimeNs;
    stats.avgJobUs.add(gpuTimeNs / 1000);
    schedulerAvgJobUs.add(gpuTimeNs / 1000);
  }

  private Member member(JobView job, SchedulerView scheduler) {
    String id = job.queue().id();
    Member member = members.get(id);
    if (member == null) {
      EntityStats stats = scheduler.queueState(id, EntityStats.class, EntityStats::new)
          .orElseGet(() -> ownStats.computeIfAbsent(id, k -> new EntityStats()));
      member = new Member(stats);
      members.put(id, member);
    }
    return member;
  }

  private Member take(JobView job) {
    Member member = members.get(job.queue().id());
    checkState(member != null && !member.ready.isEmpty()
        && member.ready.peekFirst().id() == job.id(),
        "job %s of entity '%s' is not the next ready job of its entity", job.id(),
        job.queue().id());
    member.ready.removeFirst();
    return member;
  }

  /** The pop of an entity that still has a job: charge the runtime since the last pop, re-key. */
  private void advance(Member member) {
    EntityStats stats = member.stats;
    tree.remove(member);
    long delta = stats.runtimeNs - stats.prevRuntimeNs;
    stats.vruntime += delta << VruntimeShifts.of(stats.priority);
    stats.prevRuntimeNs = stats.runtimeNs;
    insert(member);
  }

  /** Engines without queued-job reports: completes a pending pop of an entity with no job left. */
  private void settle() {
    if (popped != null) {
      Member member = popped;
      popped = null;
      leave(member);
    }
  }

  /** The pop of an entity with no queued job: it leaves the tree and saves its relative vruntime. */
  private void leave(Member member) {
    tree.remove(member);
    member.inTree = false;
    long min = tree.isEmpty() ? 0 : tree.first().key;
    long v = member.stats.vruntime;
    member.stats.vruntime = min != 0 && v > min ? v - min : 0;
  }

  /** {@code drm_sched_rq_add_entity} with {@code drm_sched_entity_restore_vruntime}. */
  private void add(Member member) {
    if (member.inTree) {
      tree.remove(member);
    }
    EntityStats stats = member.stats;
    long rel = stats.vruntime;
    long min = 0;
    if (!tree.isEmpty()) {
      Member head = tree.first();
      min = head.key;
      if (rel == 0) {
        rel = placement(stats, head.stats.priority);
      }
    }
    stats.vruntime = min + rel;
    insert(member);
  }

  private long placement(EntityStats stats, Priority headPriority) {
    Priority prio = stats.priority;
    if (headPriority.isHigherThan(prio)) {
      long us = (1 + stats.avgJobUs.read() + schedulerAvgJobUs.read()) << VruntimeShifts.of(prio);
      return us * 1000;
    }
    if (prio.isHigherThan(headPriority)) {
      return -(long) (headPriority.ordinal() - prio.ordinal());
    }
    return stats.avgJobUs.read() <= schedulerAvgJobUs.read() ? -1 : 1;
  }

  private void insert(Member member) {
    member.key = member.stats.vruntime;
    member.sequence = nextSequence++;
    member.inTree = true;
    tree.add(member);
  }
}
