package org.preemptlab.policies.drm;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;

/**
 * The fair DRM scheduler of Linux 7.2 ({@code drm-fair}; torvalds/linux sched_rq.c @637315cb): one
 * tree per scheduler keyed by each runnable entity's vruntime; the leftmost entity is served, and
 * if its head job does not fit the free credits nothing is dispatched ({@code -ENOSPC}).
 *
 * <ul>
 *   <li>A freed job's GPU time is added to its entity's runtime and to the entity's and the
 *       scheduler's average job time ({@code drm_sched_entity_stats_job_add_gpu_time}).
 *   <li>After each dispatch ({@code drm_sched_rq_pop_entity}) an entity that still has a job
 *       advances its vruntime by {@code (runtime - prev_runtime) << shift[priority]}; an entity
 *       that has none leaves the tree and saves {@code v - min} (or 0) as its relative vruntime.
 *   <li>An entity that becomes runnable ({@code drm_sched_rq_add_entity}) is placed at the
 *       leftmost vruntime plus its relative vruntime, or, when that is 0 and the tree is not
 *       empty, behind the head by {@code (1 + avg + sched avg) << shift} µs if its priority is
 *       lower than the head's, ahead of it by the priority difference in ns if higher, and 1 ns
 *       ahead (shorter average jobs) or behind if equal.
 * </ul>
 *
 * <p>"Still has a job" means that the entity's next job becomes ready in the same dispatch (both
 * engines offer a queue's next job right after dispatching the previous one); the decision is
 * taken at the next callback, before anything else changes the tree. In engines that do not
 * report freed jobs, jobs are freed in dispatch order when finished ({@link FreeOrder}).
 */
public final class DrmFairPolicy implements SchedulingPolicy {
  private static final Comparator<EntityStats> ORDER = Comparator
      .comparingLong((EntityStats e) -> e.vruntime).thenComparingLong(e -> e.treeSequence);

  private final NavigableSet<EntityStats> tree = new TreeSet<>(ORDER);
  private final Map<String, EntityStats> entities = new HashMap<>();
  private final Ewma schedulerAvgJobUs = new Ewma();
  private final FreeOrder freeOrder = new FreeOrder();
  private EntityStats popped;
  private long nextSequence;

  /** Creates an empty policy for one scheduler. */
  public DrmFairPolicy() {}

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    EntityStats entity = entity(job);
    entity.priority = job.priority();
    if (popped == entity) {
      popped = null;
      advance(entity);
    } else {
      settle();
      if (!entity.inTree) {
        place(entity);
      }
    }
    entity.ready.addLast(job);
  }

  /** The head job of the entity with the smallest vruntime, or {@code null}. */
  @Override
  public JobView selectNext(SchedulerView scheduler) {
    settle();
    return tree.isEmpty() ? null : tree.first().ready.peekFirst();
  }

  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    settle();
    EntityStats entity = take(job);
    if (!scheduler.reportsFreedJobs()) {
      freeOrder.dispatched(job, scheduler.nowNs());
    }
    entity.priority = job.priority();
    if (entity.ready.isEmpty()) {
      popped = entity;
    } else {
      advance(entity);
    }
  }

  @Override
  public void onJobWithdrawn(JobView job, SchedulerView scheduler) {
    settle();
    EntityStats entity = take(job);
    if (entity.ready.isEmpty()) {
      tree.remove(entity);
      entity.inTree = false;
      entity.relVruntime = 0;
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

  /** The vruntime of an entity (queue id), for tests and reports; 0 if unknown. */
  public long vruntime(String entityId) {
    EntityStats entity = entities.get(entityId);
    return entity == null ? 0 : entity.vruntime;
  }

  private void charge(JobView job, long gpuTimeNs) {
    EntityStats entity = entity(job);
    entity.runtimeNs += gpuTimeNs;
    entity.avgJobUs.add(gpuTimeNs / 1000);
    schedulerAvgJobUs.add(gpuTimeNs / 1000);
  }

  private EntityStats entity(JobView job) {
    return entities.computeIfAbsent(job.queue().id(), EntityStats::new);
  }

  private EntityStats take(JobView job) {
    EntityStats entity = entities.get(job.queue().id());
    if (entity == null || entity.ready.isEmpty() || entity.ready.peekFirst().id() != job.id()) {
      throw new IllegalStateException("job " + job.id() + " of entity '" + job.queue().id()
          + "' is not the next ready job of its entity");
    }
    entity.ready.removeFirst();
    return entity;
  }

  /** The pop of an entity that still has a job: charge the runtime since the last pop, re-key. */
  private void advance(EntityStats entity) {
    tree.remove(entity);
    long delta = entity.runtimeNs - entity.prevRuntimeNs;
    entity.vruntime += delta << VruntimeShifts.of(entity.priority);
    entity.prevRuntimeNs = entity.runtimeNs;
    insert(entity);
  }

  /** Completes a pending pop of an entity that has no job left: it leaves the tree. */
  private void settle() {
    if (popped == null) {
      return;
    }
    EntityStats entity = popped;
    popped = null;
    tree.remove(entity);
    entity.inTree = false;
    Long min = tree.isEmpty() ? null : tree.first().vruntime;
    entity.relVruntime = min != null && entity.vruntime > min ? entity.vruntime - min : 0;
  }

  /** {@code drm_sched_rq_add_entity}: an entity becomes runnable. */
  private void place(EntityStats entity) {
    long rel = entity.relVruntime;
    long min = 0;
    if (!tree.isEmpty()) {
      EntityStats head = tree.first();
      min = head.vruntime;
      if (rel == 0) {
        rel = placement(entity, head.priority);
      }
    }
    entity.relVruntime = 0;
    entity.vruntime = min + rel;
    insert(entity);
  }

  private long placement(EntityStats entity, Priority headPriority) {
    Priority prio = entity.priority;
    if (headPriority.isHigherThan(prio)) {
      long us = (1 + entity.avgJobUs.read() + schedulerAvgJobUs.read()) << VruntimeShifts.of(prio);
      return us * 1000;
    }
    if (prio.isHigherThan(headPriority)) {
      return -(long) (headPriority.ordinal() - prio.ordinal());
    }
    return entity.avgJobUs.read() <= schedulerAvgJobUs.read() ? -1 : 1;
  }

  private void insert(EntityStats entity) {
    entity.treeSequence = nextSequence++;
    entity.inTree = true;
    tree.add(entity);
  }
}
