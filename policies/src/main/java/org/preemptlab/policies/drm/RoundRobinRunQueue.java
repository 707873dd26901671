package org.preemptlab.policies.drm;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.policy.JobView;

/**
 * DRM's round-robin run queue ({@code drm_sched_rq_select_entity_rr}): entities form a list in
 * order of first addition; the walk starts after {@code current_entity}, goes to the end, then
 * wraps from the head up to and including it, and takes the first ready entity. Only a dispatch
 * moves {@code current_entity}, so an entity short of credits keeps its turn ({@code -ENOSPC}).
 * Idle entities stay in the list; a withdrawn (killed) entity leaves it, and if it was current the
 * walk restarts from the head ({@code drm_sched_rq_remove_entity}). O(n) per choice for n
 * entities, as the kernel's list walk.
 */
final class RoundRobinRunQueue implements RunQueue {
  private final List<String> order = new ArrayList<>();
  private final Map<String, ArrayDeque<JobView>> jobs = new HashMap<>();
  private String current;
  private int readyEntities;

  @Override
  public void add(JobView job) {
    String entity = job.queue().id();
    ArrayDeque<JobView> lane = jobs.computeIfAbsent(entity, id -> {
      order.add(id);
      return new ArrayDeque<>();
    });
    if (lane.isEmpty()) {
      readyEntities++;
    }
    lane.addLast(job);
  }

  @Override
  public JobView peek() {
    if (readyEntities == 0) {
      return null;
    }
    int start = current == null ? 0 : order.indexOf(current) + 1;
    for (int i = 0; i < order.size(); i++) {
      ArrayDeque<JobView> lane = jobs.get(order.get((start + i) % order.size()));
      if (!lane.isEmpty()) {
        return lane.peekFirst();
      }
    }
    throw new IllegalStateException("round-robin run queue lost track of its ready entities");
  }

  @Override
  public void remove(JobView job) {
    String entity = job.queue().id();
    take(job, entity);
    current = entity;
  }

  @Override
  public void withdraw(JobView job) {
    String entity = job.queue().id();
    take(job, entity);
    if (jobs.get(entity).isEmpty()) {
      jobs.remove(entity);
      order.remove(entity);
      if (entity.equals(current)) {
        current = null;
      }
    }
  }

  private void take(JobView job, String entity) {
    ArrayDeque<JobView> lane = jobs.get(entity);
    if (lane == null || lane.isEmpty() || lane.peekFirst().id() != job.id()) {
      throw new IllegalStateException("job " + job.id() + " of entity '" + entity
          + "' is not the next ready job of its entity");
    }
    lane.removeFirst();
    if (lane.isEmpty()) {
      readyEntities--;
    }
  }

  @Override
  public boolean isEmpty() {
    return readyEntities == 0;
  }
}
