package org.preemptlab.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiConsumer;
import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;

/**
 * A first-come-first-served policy for engine tests whose other decisions are scripted: a
 * placement order, and what to do when a job is blocked or becomes ready. It records the outcome
 * of every action it takes.
 */
class ScriptedPolicy implements SchedulingPolicy {
  private final ArrayDeque<JobView> ready = new ArrayDeque<>();
  private Comparator<JobView> placementOrder;
  private BiConsumer<JobView, SchedulerView> onBlocked = (job, scheduler) -> { };
  private BiConsumer<JobView, SchedulerView> onReady = (job, scheduler) -> { };
  final List<ActionOutcome> outcomes = new ArrayList<>();
  final List<JobView> withdrawn = new ArrayList<>();

  ScriptedPolicy ranking(Comparator<JobView> order) {
    this.placementOrder = order;
    return this;
  }

  ScriptedPolicy whenBlocked(BiConsumer<JobView, SchedulerView> action) {
    this.onBlocked = action;
    return this;
  }

  ScriptedPolicy whenReady(BiConsumer<JobView, SchedulerView> action) {
    this.onReady = action;
    return this;
  }

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    ready.addLast(job);
    onReady.accept(job, scheduler);
  }

  @Override
  public JobView selectNext(SchedulerView scheduler) {
    return ready.peekFirst();
  }

  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    ready.remove(job);
  }

  @Override
  public void onJobWithdrawn(JobView job, SchedulerView scheduler) {
    withdrawn.add(job);
    ready.remove(job);
  }

  @Override
  public void onJobBlocked(JobView job, SchedulerView scheduler) {
    onBlocked.accept(job, scheduler);
  }

  @Override
  public Comparator<JobView> placementOrder() {
    return placementOrder;
  }
}
