package org.preemptlab.engine;

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
  private final RunServices run;
  /** The launcher: the queues and the actions on them. */
  private final QueueControl queues;
  /** Block placement: what is resident, and which SMs exist ({@link #connect}). */
  private Placement placement;
  /** The preemptor ({@link #connect}). */
  private PreemptionRequests preemptions;
  private int creditsInUse;
  private int ready;

  PolicyEngine(EngineKind kind, SchedulingPolicy policy, int creditLimit, RunServices run,
      QueueControl queues) {
    this.kind = kind;
    this.policy = policy;
    this.creditLimit = creditLimit;
    this.run = run;
    this.queues = queues;
  }

  /** Connects the parts its view reads and acts through; call once, before the run. */
  void connect(Placement placement, PreemptionRequests preemptions) {
    this.placement = placement;
    this.preemptions = preemptions;
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
    return run.now();
  }

  @Override
  public EngineKind engine() {
    return kind;
  }

  @Override
  public DeviceSpec device() {
    return run.device;
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
    return run.options.launchWindow();
  }

  @Override
  public List<JobView> dispatchedJobs() {
    return List.copyOf(dispatched);
  }

  @Override
  public List<JobView> residentJobs() {
    List<SimJob> list = new ArrayList<>(placement.residentJobs());
    list.sort(Comparator.comparingLong(j -> j.dispatchSeq));
    return List.copyOf(list);
  }

  @Override
  public List<QueueView> queues() {
    return List.copyOf(queues.queues());
  }

  @Override
  public ActionOutcome preempt(JobView victim) {
    return preempt(victim, PreemptScope.all());
  }

  @Override
  public ActionOutcome preempt(JobView victim, PreemptScope scope) {
    SimJob job = run.own(victim, "preempted");
    SimJob waiter = scope instanceof PreemptScope.ForWaiter w ? run.own(w.waiter(), "named as waiter")
        : null;
    return run.decisions.preemption(preemptions.preempt(job, scope, waiter, null));
  }

  @Override
  public void wakeAt(long timeNs) {
    if (timeNs < run.now()) {
      throw new InvariantViolationException("policy '" + run.plugins.policyId() + "' asked for a "
          + "wake-up at " + timeNs + " ns, which is before now (" + run.now() + " ns)");
    }
    run.events.push(timeNs, new Events.Timer(this), 0);
  }

  @Override
  public ActionOutcome suspend(String queueId, SuspendLevel level) {
    SimQueue queue = queues.queue(queueId);
    return queue == null ? unknownQueue(queueId)
        : run.decisions.suspension(queues.suspend(queue, level));
  }

  @Override
  public ActionOutcome resume(String queueId) {
    SimQueue queue = queues.queue(queueId);
    return queue == null ? unknownQueue(queueId) : queues.resume(queue);
  }

  @Override
  public ActionOutcome keepContextRunnable(String queueId, boolean keep) {
    SimQueue queue = queues.queue(queueId);
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
      context.runnableSinceNs = run.now();
    }
    return ActionOutcome.done();
  }

  @Override
  public ActionOutcome suspend(JobView job) {
    return run.decisions.suspension(queues.holdJob(run.own(job, "suspended"), true));
  }

  @Override
  public ActionOutcome resume(JobView job) {
    return queues.holdJob(run.own(job, "resumed"), false);
  }

  @Override
  public ActionOutcome setPriority(String queueId, Priority priority) {
    SimQueue queue = queues.queue(queueId);
    return queue == null ? unknownQueue(queueId)
        : run.decisions.priorityChange(queues.setPriority(queue, priority));
  }

  @Override
  public ActionOutcome setWeight(String queueId, int weight) {
    SimQueue queue = queues.queue(queueId);
    if (queue == null) {
      return unknownQueue(queueId);
    }
    if (weight < 1) {
      return ActionOutcome.refused("weight must be >= 1, got " + weight);
    }
    queue.weight = weight;
    return run.decisions.priorityChange(ActionOutcome.done());
  }

  @Override
  public ActionOutcome restrictSms(String queueId, SmSet sms) {
    SimQueue queue = queues.queue(queueId);
    if (queue == null) {
      return unknownQueue(queueId);
    }
    ActionOutcome invalid = checkRestriction(sms, queue);
    if (invalid != null) {
      return invalid;
    }
    queue.restriction = sms;
    return run.decisions.restriction(ActionOutcome.done());
  }

  @Override
  public ActionOutcome restrictSms(JobView view, SmSet sms) {
    SimJob job = run.own(view, "restricted");
    if (job.state == org.preemptlab.api.policy.JobState.FINISHED) {
      return ActionOutcome.refused(job + " is finished");
    }
    ActionOutcome invalid = checkRestriction(sms, job.queue);
    if (invalid != null) {
      return invalid;
    }
    job.restriction = sms;
    return run.decisions.restriction(ActionOutcome.done());
  }

  @Override
  public ActionOutcome pad(JobView view, int blocks, SmSet sms) {
    return pad(view, blocks, sms, Integer.MAX_VALUE);
  }

  @Override
  public ActionOutcome pad(JobView view, int blocks, SmSet sms, int perSm) {
    SimJob job = run.own(view, "padded");
    if (!job.inFlight()) {
      return ActionOutcome.refused(job + " is " + job.state + ", not launched and unfinished");
    }
    if (!job.heldBack()) {
      return ActionOutcome.refused(job + " is not held back: its blocks are placed as usual");
    }
    if (blocks < 1) {
      return ActionOutcome.refused("padding needs at least 1 block, got " + blocks);
    }
    if (sms == null) {
      return ActionOutcome.refused("padding needs a set of SMs, got none");
    }
    if (perSm < 1) {
      return ActionOutcome.refused("padding needs at least 1 block per SM, got " + perSm);
    }
    ActionOutcome invalid = checkRestriction(sms, job.queue);
    if (invalid != null) {
      return invalid;
    }
    job.padBlocks = blocks;
    job.padSms = sms;
    job.padPerSm = perSm;
    return run.decisions.restriction(ActionOutcome.done());
  }

  /**
   * Null if {@code sms} is a usable restriction for {@code queue}'s jobs, else the refusal: it must
   * hold an SM of the device and stay within the queue's partition (spatial sharing).
   */
  private ActionOutcome checkRestriction(SmSet sms, SimQueue queue) {
    ActionOutcome invalid = placement.checkSmSet(sms);
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
        + queues.queueIds());
  }

  @Override
  public String toString() {
    return "engine " + kind;
  }
}
