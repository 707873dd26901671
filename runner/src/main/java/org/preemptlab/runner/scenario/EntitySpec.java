package org.preemptlab.runner.scenario;

import static org.preemptlab.runner.workload.SpecViolation.check;
import static org.preemptlab.runner.workload.SpecViolation.required;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.model.Priority;

/**
 * One entity ({@code drm_sched_entity}) or a group of {@code count} entities named {@code name0},
 * {@code name1}, ...
 *
 * @param name the entity's name, or the group's prefix
 * @param count how many entities the entry makes; absent for one entity named {@code name}
 * @param priority NORMAL by default
 * @param schedulers the schedulers it may run on ({@code sched_list}), at least one
 * @param oneSchedulerEach with {@code count}: entity i gets only {@code schedulers[i % n]}
 */
public record EntitySpec(String name, Integer count, Priority priority, List<String> schedulers,
    Boolean oneSchedulerEach) {

  /** Fills defaults and checks values. */
  public EntitySpec {
    required(name, "name");
    check(count == null || count >= 1, "count", "must be >= 1, got " + count);
    priority = priority == null ? Priority.NORMAL : priority;
    schedulers = List.copyOf(required(schedulers, "schedulers"));
    check(!schedulers.isEmpty(), "schedulers", "needs at least one scheduler");
    oneSchedulerEach = oneSchedulerEach != null && oneSchedulerEach;
  }

  /** One concrete entity: its name and scheduler list. */
  public record Instance(String name, Priority priority, List<String> schedulers) {}

  /** The entities this entry makes. */
  public List<Instance> instances() {
    if (count == null) {
      return List.of(new Instance(name, priority, schedulers));
    }
    List<Instance> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(new Instance(name + i, priority, oneSchedulerEach
          ? List.of(schedulers.get(i % schedulers.size())) : schedulers));
    }
    return out;
  }
}
