package org.preemptlab.runner.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.PreemptScope;
import org.preemptlab.api.policy.QueueView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SmSet;

/**
 * One hardware engine (compute, copy, ...): its policy instance, credits and dispatched jobs, and
 * the policy's {@link SchedulerView} of the run. Every action is handed to the part of the engine
 * that owns it and answered with an {@link ActionOutcome}.
 */
final class PolicyEngine implements SchedulerView {
  private final EngineKind kind;
  private final SchedulingPolicy policy;
  private final int creditLimit;
  private final LinkedHashSet<SimJob> dispatched = new LinkedHashSet<>();
  private final Simulator sim;
  private int creditsInUse;
  private int ready;

  PolicyEngine(EngineKind kind, SchedulingPolicy policy, int creditLimit, Simulator sim) {
    this.kind = kind;
    this.policy = policy;
    this.creditLimit = creditLimit;
    this.sim = sim;
  }

  /** The policy instance of this hardware engine. */
  SchedulingPolicy policy() {
    return policy;
  }

  /** How many of its jobs the policy holds ready (handed over, not dispatched or withdrawn). */
  int readyCount() {
    return ready;
  }

  /** Its dispatched, unfinished jobs, in dispatch order (live, not a copy). */
  Set<SimJob> inFlight() {
    return dispatched;
  }

  /** A job was handed to the policy as ready. */
  void readyAdded() {
    ready++;
  }

  /** A ready job was withdrawn from the policy. */
  void readyWithdrawn() {
    ready--;
  }

  /** A ready job was dispatched: it holds its credits until it finishes. */
  void dispatched(SimJob job) {
    creditsInUse += job.credits;
    dispatched.add(job);
    ready--;
  }

  /** A dispatched job finished and gave its credits back. */
  void finished(SimJob job) {
    creditsInUse -= job.credits;
    dispatched.remove(job);
  }

  @Override
  public long nowNs() {
    return sim.now;
  }

  @Override
  public EngineKind engine() {
    return kind;
  }

  @Override
  public DeviceSpec device() {
    return sim.device;
  }

  @Override
  public int creditLimit() {
    return creditLimit;
  }

  @Override
  public int creditsInUse() {
    return creditsInUse;
  }

  @Override
  public int launchWindow() {
    return sim.options.launchWindow();
  }

  @Override
  public List<JobView> dispatchedJobs() {
    return List.copyOf(dispatched);
  }

  @Override
  public List<JobView> residentJobs() {
    List<SimJob> list = new ArrayList<>(sim.blocks.residentJobs());
    list.sort(Comparator.comparingLong(j -> j.dispatchSeq));
    return List.copyOf(list);
  }

  @Override
  public List<QueueView> queues() {
    return List.copyOf(sim.launcher.queues());
  }

  @Override
  public ActionOutcome preempt(JobView victim) {
    return preempt(victim, PreemptScope.all());
  }

  @Override
  public ActionOutcome preempt(JobView victim, PreemptScope scope) {
    SimJob job = sim.own(victim, "preempted");
    SimJob waiter = scope instanceof PreemptScope.ForWaiter w ? sim.own(w.waiter(), "named as waiter")
        : null;
    return sim.decisions.preemption(sim.preemptor.preempt(job, scope, waiter));
  }

  @Override
  public void wakeAt(long timeNs) {
    if (timeNs < sim.now) {
      throw new InvariantViolationException("policy '" + sim.plugins.policyId() + "' asked for a "
          + "wake-up at " + timeNs + " ns, which is before now (" + sim.now + " ns)");
    }
    sim.events.push(timeNs, new Events.Timer(this), 0);
  }

  @Override
  public ActionOutcome suspend(String queueId, SuspendLevel level) {
    SimQueue queue = sim.launcher.queue(queueId);
    return queue == null ? unknownQueue(queueId)
        : sim.decisions.suspension(sim.launcher.suspend(queue, level));
  }

  @Override
  public ActionOutcome resume(String queueId) {
    SimQueue queue = sim.launcher.queue(queueId);
    return queue == null ? unknownQueue(queueId) : sim.launcher.resume(queue);
  }

  @Override
  public ActionOutcome keepContextRunnable(String queueId, boolean keep) {
    SimQueue queue = sim.launcher.queue(queueId);
    if (queue == null) {
      return unknownQueue(queueId);
    }
    SimContext context = queue.context;
    if (context.keptRunnable == keep) {
      return ActionOutcome.refused("context '" + context.spec.id() + "' is already "
          + (keep ? "kept" : "not kept") + " runnable");
    }
    context.keptRunnable = keep;
    if (keep) {
      context.runnableSinceNs = sim.now;
    }
    return ActionOutcome.done();
  }

  @Override
  public ActionOutcome suspend(JobView job) {
    return sim.decisions.suspension(sim.launcher.holdJob(sim.own(job, "suspended"), true));
  }

  @Override
  public ActionOutcome resume(JobView job) {
    return sim.launcher.holdJob(sim.own(job, "resumed"), false);
  }

  @Override
  public ActionOutcome setPriority(String queueId, Priority priority) {
    SimQueue queue = sim.launcher.queue(queueId);
    return queue == null ? unknownQueue(queueId)
        : sim.decisions.priorityChange(sim.launcher.setPriority(queue, priority));
  }

  @Override
  public ActionOutcome setWeight(String queueId, int weight) {
    SimQueue queue = sim.launcher.queue(queueId);
    if (queue == null) {
      return unknownQueue(queueId);
    }
    if (weight < 1) {
      return ActionOutcome.refused("weight must be >= 1, got " + weight);
    }
    queue.weight = weight;
    return sim.decisions.priorityChange(ActionOutcome.done());
  }

  @Override
  public ActionOutcome restrictSms(String queueId, SmSet sms) {
    SimQueue queue = sim.launcher.queue(queueId);
    if (queue == null) {
      return unknownQueue(queueId);
    }
    ActionOutcome invalid = checkRestriction(sms, queue);
    if (invalid != null) {
      return invalid;
    }
    queue.restriction = sms;
    return sim.decisions.restriction(ActionOutcome.done());
  }

  @Override
  public ActionOutcome restrictSms(JobView view, SmSet sms) {
    SimJob job = sim.own(view, "restricted");
    if (job.state == org.preemptlab.api.policy.JobState.FINISHED) {
      return ActionOutcome.refused(job + " is finished");
    }
    ActionOutcome invalid = checkRestriction(sms, job.queue);
    if (invalid != null) {
      return invalid;
    }
    job.restriction = sms;
    return sim.decisions.restriction(ActionOutcome.done());
  }

  /**
   * Null if {@code sms} is a usable restriction for {@code queue}'s jobs, else the refusal: it must
   * hold an SM of the device and stay within the queue's partition (spatial sharing).
   */
  private ActionOutcome checkRestriction(SmSet sms, SimQueue queue) {
    ActionOutcome invalid = sim.blocks.checkSmSet(sms);
    if (invalid != null || sms == null || queue.partition == null) {
      return invalid;
    }
    int outside = sms.stream().filter(sm -> !queue.partition.contains(sm)).findFirst().orElse(-1);
    return outside < 0 ? null : ActionOutcome.refused(sms + " reaches SM " + outside
        + ", outside " + queue + "'s partition (" + queue.partition + "); a policy may restrict"
        + " only within it");
  }

  private ActionOutcome unknownQueue(String queueId) {
    return ActionOutcome.refused("no queue '" + queueId + "'; known: "
        + sim.launcher.queueIds());
  }

  @Override
  public String toString() {
    return "engine " + kind;
  }
}
