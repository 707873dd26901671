package org.preemptlab.testkit;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.QueueView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SmSet;

/**
 * A {@link SchedulerView} for a policy's unit tests: a settable clock, credits, device and resident
 * jobs; it records the preemptions and timers the policy asks for, and {@link #dispatch} drives the
 * policy as the engine does after an instant's events.
 *
 * <pre>{@code
 * var scheduler = new TestScheduler(2);              // a credit limit of 2
 * policy.onJobReady(TestJob.ready("A", 1, a, 10), scheduler);
 * policy.onJobReady(TestJob.ready("B", 2, b, 5), scheduler);
 * assertThat(scheduler.dispatch(policy)).containsExactly("B", "A");
 * }</pre>
 *
 * <p>Queue views ({@link #queues()}) are the {@link TestQueueView}s given to {@link #withQueues};
 * {@link #suspend(String, SuspendLevel)} and {@link #resume(String)} act on them and are recorded
 * ({@link #queueActions()}).
 *
 * <p>It calls only the policy's methods the engine calls, in the engine's order.
 */
public final class TestScheduler implements SchedulerView {
  private final int creditLimit;
  private int creditsInUse;
  private long now;
  private EngineKind engine = EngineKind.COMPUTE;
  private DeviceSpec device = TestDevices.PASCAL;
  private boolean reportsFreedJobs;
  private boolean reportsQueuedJobs;
  private Map<String, Object> queueStates; // null: no queue-state store, as most engines
  private List<JobView> resident = List.of();
  private final List<JobView> dispatched = new ArrayList<>();
  private final List<JobView> preemptionRequests = new ArrayList<>();
  private final List<Long> timers = new ArrayList<>();
  private final Map<String, TestQueueView> queues = new LinkedHashMap<>();
  private final List<String> queueActions = new ArrayList<>();
  private final List<String> jobActions = new ArrayList<>();

  /** A scheduler with {@code creditLimit} credits, none in use, at time 0. */
  public TestScheduler(int creditLimit) {
    checkArgument(creditLimit >= 1, "credit limit must be >= 1, got %s", creditLimit);
    this.creditLimit = creditLimit;
  }

  /** A scheduler with credits enough for anything (1,000,000). */
  public TestScheduler() {
    this(1_000_000);
  }

  /** Sets the device {@link #device()} returns ({@link TestDevices#PASCAL} by default). */
  public TestScheduler withDevice(DeviceSpec value) {
    device = Objects.requireNonNull(value, "device");
    return this;
  }

  /** Sets the engine {@link #engine()} returns (COMPUTE by default). */
  public TestScheduler withEngine(EngineKind value) {
    engine = Objects.requireNonNull(value, "engine");
    return this;
  }

  /** Sets the jobs {@link #residentJobs()} returns. */
  public TestScheduler withResident(JobView... jobs) {
    resident = List.of(jobs);
    return this;
  }

  /** Adds queue views, in the order {@link #queues()} returns them (the workload's order). */
  public TestScheduler withQueues(TestQueueView... views) {
    for (TestQueueView view : views) {
      checkArgument(queues.putIfAbsent(view.id(), view) == null, "queue '%s' is already there",
          view.id());
    }
    return this;
  }

  /**
   * The queue actions the policy took, in order: {@code "suspend ID LEVEL"} and {@code "resume
   * ID"}, accepted or not.
   */
  public List<String> queueActions() {
    return List.copyOf(queueActions);
  }

  /**
   * The actions the policy took on single jobs, in order: {@code "hold ID"}, {@code "release ID"},
   * {@code "restrict ID SMS"}, {@code "pad ID BLOCKS SMS"} and {@code "pad ID BLOCKS SMS per-sm
   * N"} (job id, {@link SmSet#toString()}), all accepted.
   */
  public List<String> jobActions() {
    return List.copyOf(jobActions);
  }

  /** Makes {@link #reportsFreedJobs()} true, as the DRM scheduler simulator's view is. */
  public TestScheduler reportingFreedJobs() {
    reportsFreedJobs = true;
    return this;
  }

  /** Makes {@link #reportsQueuedJobs()} true, as the DRM scheduler layer's view is. */
  public TestScheduler reportingQueuedJobs() {
    reportsQueuedJobs = true;
    return this;
  }

  /**
   * Keeps {@link #queueState queue state} in {@code store}, as the DRM scheduler layer does; give
   * two schedulers the same map to share an entity's state between them (a migrated entity).
   */
  public TestScheduler withQueueStates(Map<String, Object> store) {
    queueStates = Objects.requireNonNull(store, "store");
    return this;
  }

  /** Moves the clock to {@code timeNs} (not backwards); returns this scheduler. */
  public TestScheduler at(long timeNs) {
    checkArgument(timeNs >= now, "time goes forward: %s < %s", timeNs, now);
    now = timeNs;
    return this;
  }

  /**
   * Drives {@code policy} as the engine does after an instant's events: asks {@link
   * SchedulingPolicy#selectNext} and dispatches its choice until it offers nothing or its choice
   * does not fit the free credits. A dispatched {@link TestJob} moves to DISPATCHED, and its
   * queue's view (if given to {@link #withQueues}) counts one more launched job and one fewer
   * waiting, before {@link SchedulingPolicy#onJobDispatched} is called, as in the engine.
   *
   * @return the dispatched jobs' {@code toString()} (a {@link TestJob}'s label), in order
   */
  public List<String> dispatch(SchedulingPolicy policy) {
    return dispatchJobs(policy).stream().map(Object::toString).toList();
  }

  /** As {@link #dispatch}, returning the views. */
  public List<JobView> dispatchJobs(SchedulingPolicy policy) {
    List<JobView> order = new ArrayList<>();
    for (JobView next = dispatchOne(policy); next != null; next = dispatchOne(policy)) {
      order.add(next);
    }
    return order;
  }

  /**
   * One step of {@link #dispatch}: asks {@link SchedulingPolicy#selectNext} once and dispatches its
   * choice if it fits the free credits.
   *
   * @return the dispatched job, or null if the policy offered none or its choice did not fit
   */
  public JobView dispatchOne(SchedulingPolicy policy) {
    JobView next = policy.selectNext(this);
    if (next == null || next.job().credits() > freeCredits()) {
      return null;
    }
    creditsInUse += next.job().credits();
    dispatched.add(next);
    if (next instanceof TestJob job) {
      job.state(JobState.DISPATCHED);
    }
    TestQueueView queue = queues.get(next.queue().id());
    if (queue != null) {
      // as the engine's queue view: one more launched, one fewer waiting, before the callback
      queue.launched(queue.launchedJobs() + 1).waiting(Math.max(0, queue.waitingJobs() - 1));
    }
    policy.onJobDispatched(next, this);
    return next;
  }

  /**
   * Finishes a dispatched job now: returns its credits and tells the policy, as its last block's
   * completion would. A {@link TestJob} moves to FINISHED and its queue's view (if given) counts
   * one fewer launched job.
   *
   * @throws IllegalArgumentException if the job is not dispatched
   */
  public void finish(SchedulingPolicy policy, JobView job) {
    checkArgument(dispatched.remove(job), "%s is not dispatched", job);
    creditsInUse -= job.job().credits();
    if (job instanceof TestJob testJob) {
      testJob.finish(now);
    }
    TestQueueView queue = queues.get(job.queue().id());
    if (queue != null) {
      queue.launched(Math.max(0, queue.launchedJobs() - 1));
    }
    policy.onJobFinished(job, this);
  }

  /** Tells the policy that a job it holds leaves undispatched (its queue was killed). */
  public void withdraw(SchedulingPolicy policy, JobView job) {
    policy.onJobWithdrawn(job, this);
  }

  /** Calls {@link SchedulingPolicy#onTimer} for each timer asked for at or before now, in order. */
  public int fireTimers(SchedulingPolicy policy) {
    List<Long> due = timers.stream().filter(t -> t <= now).sorted().toList();
    timers.removeIf(t -> t <= now);
    for (int i = 0; i < due.size(); i++) {
      policy.onTimer(this);
    }
    return due.size();
  }

  /** The {@code toString()} of the jobs {@link #preempt} was called for, in call order. */
  public List<String> preempted() {
    return preemptionRequests.stream().map(Object::toString).toList();
  }

  /** The jobs {@link #preempt} was called for, in call order. */
  public List<JobView> preemptionRequests() {
    return List.copyOf(preemptionRequests);
  }

  /** The times asked for with {@link #wakeAt} that have not fired yet, in call order. */
  public List<Long> timers() {
    return List.copyOf(timers);
  }

  @Override
  public long nowNs() {
    return now;
  }

  @Override
  public EngineKind engine() {
    return engine;
  }

  @Override
  public DeviceSpec device() {
    return device;
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
  public List<JobView> dispatchedJobs() {
    return List.copyOf(dispatched);
  }

  @Override
  public List<JobView> residentJobs() {
    return resident;
  }

  /**
   * Records the request (see {@link #preempted()}) and answers as the engine would for a victim
   * with nothing already being preempted: accepted for its resident blocks, refused without any.
   */
  @Override
  public ActionOutcome preempt(JobView victim) {
    preemptionRequests.add(Objects.requireNonNull(victim, "victim"));
    return victim.residentBlocks() > 0 ? ActionOutcome.preempting(victim.residentBlocks())
        : ActionOutcome.refused("job " + victim.id() + " has no resident blocks");
  }

  /**
   * Records the timer; see {@link #timers()} and {@link #fireTimers}.
   *
   * @throws IllegalArgumentException if {@code timeNs} is in the past
   */
  @Override
  public void wakeAt(long timeNs) {
    checkArgument(timeNs >= now, "wake-up at %s ns is before now (%s ns)", timeNs, now);
    timers.add(timeNs);
  }

  /** The views given to {@link #withQueues}, in order. */
  @Override
  public List<QueueView> queues() {
    return List.copyOf(queues.values());
  }

  /**
   * Records the action and suspends the queue's view at {@code level}, as the engine does (it does
   * not withdraw held jobs: a test that wants that calls {@link #withdraw}).
   *
   * @return refused if the queue is unknown or already suspended at that level
   */
  @Override
  public ActionOutcome suspend(String queueId, SuspendLevel level) {
    queueActions.add("suspend " + queueId + " " + level);
    TestQueueView queue = queues.get(queueId);
    if (queue == null) {
      return ActionOutcome.refused("no queue '" + queueId + "'");
    }
    if (queue.suspension().orElse(null) == level) {
      return ActionOutcome.refused("queue '" + queueId + "' is already suspended at " + level);
    }
    queue.suspension(Objects.requireNonNull(level, "level"));
    return ActionOutcome.done();
  }

  /**
   * Records the action and resumes the queue's view.
   *
   * @return refused if the queue is unknown or not suspended
   */
  @Override
  public ActionOutcome resume(String queueId) {
    queueActions.add("resume " + queueId);
    TestQueueView queue = queues.get(queueId);
    if (queue == null) {
      return ActionOutcome.refused("no queue '" + queueId + "'");
    }
    if (!queue.suspended()) {
      return ActionOutcome.refused("queue '" + queueId + "' is not suspended");
    }
    queue.suspension(null);
    return ActionOutcome.done();
  }

  @Override
  public boolean reportsFreedJobs() {
    return reportsFreedJobs;
  }

  @Override
  public boolean reportsQueuedJobs() {
    return reportsQueuedJobs;
  }

  @Override
  public <T> Optional<T> queueState(String queueId, Class<T> type, Supplier<T> factory) {
    if (queueStates == null) {
      return Optional.empty();
    }
    return Optional.of(type.cast(queueStates.computeIfAbsent(queueId + "/" + type.getName(),
        key -> factory.get())));
  }

  /** Records the hold ({@link #jobActions()}) and accepts it. */
  @Override
  public ActionOutcome suspend(JobView job) {
    jobActions.add("hold " + job.id());
    return ActionOutcome.done();
  }

  /** Records the release ({@link #jobActions()}) and accepts it. */
  @Override
  public ActionOutcome resume(JobView job) {
    jobActions.add("release " + job.id());
    return ActionOutcome.done();
  }

  /** Records the restriction ({@link #jobActions()}) and accepts it. */
  @Override
  public ActionOutcome restrictSms(JobView job, SmSet sms) {
    jobActions.add("restrict " + job.id() + " " + sms);
    return ActionOutcome.done();
  }

  /**
   * Records the padding ({@link #jobActions()}) and accepts it; the engine also checks that the
   * job is launched and held back.
   */
  @Override
  public ActionOutcome pad(JobView job, int blocks, SmSet sms) {
    checkArgument(blocks >= 1, "padding needs at least 1 block, got %s", blocks);
    jobActions.add("pad " + job.id() + " " + blocks + " " + sms);
    return ActionOutcome.done();
  }

  /**
   * Records the padding with its cap per SM, as {@code "pad ID BLOCKS SMS per-sm N"} ({@link
   * #jobActions()}), and accepts it.
   */
  @Override
  public ActionOutcome pad(JobView job, int blocks, SmSet sms, int perSm) {
    checkArgument(blocks >= 1, "padding needs at least 1 block, got %s", blocks);
    checkArgument(perSm >= 1, "padding needs at least 1 block per SM, got %s", perSm);
    jobActions.add("pad " + job.id() + " " + blocks + " " + sms + " per-sm " + perSm);
    return ActionOutcome.done();
  }
}
