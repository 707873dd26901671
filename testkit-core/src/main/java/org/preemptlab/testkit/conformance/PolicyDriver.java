package org.preemptlab.testkit.conformance;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.DrmSchedulingPolicy;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.PreemptScope;
import org.preemptlab.api.policy.QueueView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.testkit.TestJob;
import org.preemptlab.testkit.TestQueueView;
import org.preemptlab.testkit.TestQueues;

/**
 * Drives a scheduling policy through one seeded random workload under the engine's contract, and
 * reports every breach of the policy's side of it. No engine is involved: the driver is the
 * engine's scheduler layer reduced to what a policy sees, so thousands of workloads take a second.
 *
 * <p>A workload has 1 to 5 queues of random priority, weight and context, and up to 30 jobs of 1
 * to 3 credits submitted on a coarse time grid (so that ties happen); the credit limit is 1 to 5 or
 * unlimited; a queue may be killed at a random time (its held job is withdrawn, its later jobs are
 * never handed over), dispatched jobs finish after a random time, and some are reported blocked.
 * As the engine does, the driver hands a queue's next job to the policy once it is submitted and
 * the queue's previous job has been dispatched; after every instant's events it asks {@link
 * SchedulingPolicy#selectNext} and dispatches while the choice fits the free credits; it fires the
 * timers the policy asks for; and in half the workloads its view reports freed jobs (in dispatch
 * order, as the DRM scheduler frees them).
 *
 * <p>The view also offers what the SM engine offers a policy: live queue views ({@link
 * SchedulerView#queues()}: priority, weight, suspension, attained GPU time, launched and waiting
 * jobs; a job's attained GPU time grows by its blocks times the time since its dispatch), suspending
 * and resuming queues (a suspended queue's held job is withdrawn and handed over again on resume),
 * holding back jobs, priority and weight changes, and preemption of chosen SMs or for a waiter.
 *
 * <p>What it checks: {@code selectNext} returns only a job the policy holds (handed over, not yet
 * dispatched or withdrawn); no callback throws; no timer is asked for in the past; time slices are
 * at least 1 ns; a policy that holds jobs offers one when every credit is free and no timer is
 * pending, so every job is eventually dispatched or withdrawn; a queue the policy suspended is
 * resumed before the workload would otherwise end (checked in workloads without killed queues:
 * kills happen only in the DRM scheduler, which has no suspension); preemption requests name jobs
 * of the run; and a placement order ({@link SchedulingPolicy#placementOrder()}) is a consistent
 * order of the launched jobs (antisymmetric, and sorting with it does not fail). Only the view's abstract methods and
 * the policy's methods the engine calls are used, so the driver keeps working when the SPI gains
 * default methods.
 */
public final class PolicyDriver {
  private static final int MAX_STEPS = 100_000;

  private final SchedulingPolicy policy;
  private final SplittableRandom random;
  private final DeviceSpec device;
  private final int creditLimit;
  private final boolean reportsFreed;
  private final List<QueueRun> queues = new ArrayList<>();
  private final Set<JobView> held = Collections.newSetFromMap(new IdentityHashMap<>());
  private final Map<JobView, String> gone = new IdentityHashMap<>();
  private final Map<JobView, Long> finishAt = new IdentityHashMap<>();
  private final Map<JobView, Long> dispatchedAt = new IdentityHashMap<>();
  private final List<JobView> dispatched = new ArrayList<>();
  private final Deque<JobView> unfreed = new ArrayDeque<>();
  private final List<Long> timers = new ArrayList<>();
  private final List<String> trace = new ArrayList<>();
  private final View view = new View();
  private final Set<JobView> ownHolds = Collections.newSetFromMap(new IdentityHashMap<>());
  private Comparator<JobView> placementOrder;
  private boolean anyKilled;
  private long now;
  private long lastFreedFinish;
  private int creditsInUse;
  private int jobs;
  private String violation;

  /**
   * The outcome of one workload.
   *
   * @param seed the workload's seed
   * @param trace what the policy did, in order (dispatches, preemption requests, timers), for
   *     comparing two runs
   * @param violation the first breach of the contract, or null
   * @param jobs jobs in the workload
   * @param dispatched jobs dispatched
   */
  public record Result(long seed, List<String> trace, String violation, int jobs, int dispatched) {
    /** Whether the policy kept the contract. */
    public boolean ok() {
      return violation == null;
    }
  }

  private PolicyDriver(SchedulingPolicy policy, long seed, DeviceSpec device) {
    this.policy = Objects.requireNonNull(policy, "policy");
    this.random = new SplittableRandom(seed);
    this.device = Objects.requireNonNull(device, "device");
    this.creditLimit = random.nextInt(4) == 0 ? 1_000_000 : random.nextInt(1, 6);
    this.reportsFreed = random.nextBoolean();
    generate();
  }

  /**
   * Runs workload {@code seed} against a policy from {@code policies} (called once) on {@code
   * device}.
   */
  public static Result run(Supplier<SchedulingPolicy> policies, long seed, DeviceSpec device) {
    SchedulingPolicy policy;
    try {
      policy = policies.get();
    } catch (RuntimeException e) {
      return new Result(seed, List.of(), "creating the policy threw " + e, 0, 0);
    }
    PolicyDriver driver = new PolicyDriver(policy, seed, device);
    driver.simulate();
    String violation = driver.violation == null ? null
        : "workload " + seed + " at " + driver.now + " ns: " + driver.violation;
    return new Result(seed, List.copyOf(driver.trace), violation, driver.jobs,
        driver.dispatchedAt.size());
  }

  private static final class QueueRun {
    final JobQueue queue;
    final TestQueueView view;
    final List<TestJob> jobs = new ArrayList<>();
    int next;
    boolean nextMayBeReady = true;
    long killAt = Long.MAX_VALUE;
    boolean killed;

    QueueRun(JobQueue queue) {
      this.queue = queue;
      this.view = TestQueueView.of(queue);
    }
  }

  private void generate() {
    int queueCount = random.nextInt(1, 6);
    int contexts = random.nextInt(1, 3);
    Priority[] priorities = Priority.values();
    for (int i = 0; i < queueCount; i++) {
      JobQueue queue = TestQueues.builder("q" + i).context("c" + (i % contexts))
          .priority(priorities[random.nextInt(priorities.length)])
          .weight(random.nextInt(1, 9)).engine(EngineKind.COMPUTE).build();
      QueueRun run = new QueueRun(queue);
      if (random.nextInt(8) == 0) {
        run.killAt = random.nextLong(0, 20_000);
      }
      queues.add(run);
    }
    jobs = random.nextInt(1, 31);
    List<List<Long>> submits = new ArrayList<>();
    for (int i = 0; i < queueCount; i++) {
      submits.add(new ArrayList<>());
    }
    for (int i = 0; i < jobs; i++) {
      submits.get(random.nextInt(queueCount)).add(100 * random.nextLong(0, 100));
    }
    long id = 1;
    for (int q = 0; q < queueCount; q++) {
      List<Long> times = submits.get(q);
      Collections.sort(times);
      for (long submit : times) {
        var builder = TestJob.builder(id++).queue(queues.get(q).queue).submitAt(submit)
            .credits(random.nextInt(1, Math.min(3, creditLimit) + 1))
            .blocks(random.nextInt(1, 9)).state(JobState.SUBMITTED);
        if (random.nextInt(3) == 0) {
          builder.deadline(submit + random.nextLong(1_000, 100_000));
        }
        queues.get(q).jobs.add(builder.build());
      }
    }
  }

  private void simulate() {
    try {
      for (QueueRun queue : queues) {
        long slice = policy.timeSliceNs(new GpuContext(queue.queue.contextId(), false),
            queue.queue.priority(), view);
        if (slice < 1) {
          fail("timeSliceNs answered " + slice + " ns for context '" + queue.queue.contextId()
              + "'; a slice is at least 1 ns");
          return;
        }
        trace.add("slice " + queue.queue.contextId() + " " + slice);
      }
      placementOrder = policy.placementOrder();
      for (int step = 0; step < MAX_STEPS && violation == null; step++) {
        instant();
        if (violation != null) {
          return;
        }
        long next = nextEventTime();
        if (next == Long.MAX_VALUE) {
          if (!held.isEmpty()) {
            fail("holds " + held + " but offers none, with every credit free and no timer "
                + "pending: these jobs would never run");
          }
          for (QueueRun queue : queues) {
            if (!anyKilled && queue.view.suspended() && queue.next < queue.jobs.size()) {
              fail("suspended queue '" + queue.queue.id() + "' and never resumed it: "
                  + (queue.jobs.size() - queue.next) + " of its jobs would never run");
            }
          }
          return;
        }
        now = next;
      }
      if (violation == null) {
        fail("the workload did not end within " + MAX_STEPS + " instants");
      }
    } catch (RuntimeException e) {
      fail("threw " + e);
    }
  }

  private void instant() {
    refreshQueues();
    finishJobs();
    killQueues();
    refreshQueues();
    fireTimers();
    if (violation != null) {
      return;
    }
    blockSomeJob();
    boolean changed = true;
    while (changed && violation == null) {
      changed = handReadyJobs();
      changed |= dispatch();
    }
    checkPlacementOrder();
  }

  /** Brings the live values up to now: attained GPU time, launched and waiting jobs per queue. */
  private void refreshQueues() {
    for (QueueRun queue : queues) {
      int launched = 0;
      int waiting = 0;
      long attained = 0;
      for (TestJob job : queue.jobs) {
        Long dispatchTime = dispatchedAt.get(job);
        if (dispatchTime != null) {
          long end = job.state() == JobState.FINISHED ? job.finishTimeNs() : now;
          job.attained(Math.max(job.attainedGpuNs(),
              (end - dispatchTime) * job.job().kernel().gridBlocks()));
          if (job.state() != JobState.FINISHED) {
            launched++;
          }
        } else if (!queue.killed && job.submitTimeNs() <= now) {
          waiting++;
        }
        attained += job.attainedGpuNs();
      }
      queue.view.launched(launched).waiting(waiting).attained(attained);
    }
  }

  /** A placement order must be a consistent order of the launched jobs. */
  private void checkPlacementOrder() {
    if (placementOrder == null || violation != null || dispatched.size() < 2) {
      return;
    }
    refreshQueues();
    List<JobView> launched = new ArrayList<>(dispatched);
    for (int i = 0; i < launched.size(); i++) {
      for (int j = i + 1; j < launched.size(); j++) {
        JobView a = launched.get(i);
        JobView b = launched.get(j);
        if (Integer.signum(placementOrder.compare(a, b))
            != -Integer.signum(placementOrder.compare(b, a))) {
          fail("placementOrder compares " + a + " and " + b + " inconsistently: "
              + placementOrder.compare(a, b) + " one way, " + placementOrder.compare(b, a)
              + " the other");
          return;
        }
      }
    }
    launched.sort(placementOrder);
    trace.add(now + " placement " + launched);
  }

  private void finishJobs() {
    for (JobView job : List.copyOf(dispatched)) {
      if (finishAt.get(job) == now) {
        dispatched.remove(job);
        creditsInUse -= job.job().credits();
        ((TestJob) job).finish(now);
        ownHolds.remove(job);
        refreshQueues();
        policy.onJobFinished(job, view);
      }
    }
    if (reportsFreed) {
      while (!unfreed.isEmpty() && unfreed.peekFirst().state() == JobState.FINISHED) {
        JobView job = unfreed.pollFirst();
        long scheduled = Math.max(dispatchedAt.get(job), lastFreedFinish);
        long gpuTime = Math.max(0, job.finishTimeNs() - scheduled);
        lastFreedFinish = job.finishTimeNs();
        if (policy instanceof DrmSchedulingPolicy drm) {
          drm.onJobFreed(job, gpuTime, view);
        }
      }
    }
  }

  private void killQueues() {
    for (QueueRun queue : queues) {
      if (!queue.killed && queue.killAt <= now) {
        queue.killed = true;
        anyKilled = true;
        for (TestJob job : queue.jobs) {
          if (held.remove(job)) {
            gone.put(job, "withdrawn at " + now + " ns");
            trace.add(now + " withdraw " + job);
            policy.onJobWithdrawn(job, view);
          }
        }
      }
    }
  }

  private void fireTimers() {
    List<Long> due = timers.stream().filter(t -> t <= now).toList();
    timers.removeIf(t -> t <= now);
    for (int i = 0; i < due.size() && violation == null; i++) {
      trace.add(now + " timer");
      policy.onTimer(view);
    }
  }

  private void blockSomeJob() {
    if (!dispatched.isEmpty() && random.nextInt(4) == 0) {
      JobView job = dispatched.get(random.nextInt(dispatched.size()));
      policy.onJobBlocked(job, view);
    }
  }

  private boolean handReadyJobs() {
    boolean handed = false;
    for (QueueRun queue : queues) {
      if (queue.killed || queue.next >= queue.jobs.size() || !queue.nextMayBeReady
          || queue.view.suspended()) {
        continue;
      }
      TestJob job = queue.jobs.get(queue.next);
      if (job.submitTimeNs() <= now) {
        gone.remove(job);
        queue.next++;
        queue.nextMayBeReady = false;
        job.state(JobState.READY).readyAt(now);
        held.add(job);
        handed = true;
        policy.onJobReady(job, view);
        if (violation != null) {
          return true;
        }
      }
    }
    return handed;
  }

  private boolean dispatch() {
    boolean any = false;
    while (violation == null) {
      JobView next = policy.selectNext(view);
      if (next == null) {
        return any;
      }
      if (!held.contains(next)) {
        String why = gone.get(next);
        fail("selectNext returned " + next + ", which it does not hold: "
            + (why != null ? "it was " + why : "it was never handed to the policy"));
        return any;
      }
      if (next.job().credits() > view.freeCredits()) {
        return any;
      }
      held.remove(next);
      gone.put(next, "dispatched at " + now + " ns");
      creditsInUse += next.job().credits();
      dispatched.add(next);
      unfreed.addLast(next);
      dispatchedAt.put(next, now);
      TestJob job = (TestJob) next;
      job.state(JobState.DISPATCHED);
      trace.add(now + " dispatch " + next);
      refreshQueues();
      policy.onJobDispatched(next, view);
      job.place(job.pendingBlocks(), now);
      finishAt.put(next, now + random.nextLong(1, 5_000));
      for (QueueRun queue : queues) {
        if (queue.queue == job.queue()) {
          queue.nextMayBeReady = true;
        }
      }
      any = true;
    }
    return any;
  }

  private long nextEventTime() {
    long next = Long.MAX_VALUE;
    for (QueueRun queue : queues) {
      if (!queue.killed) {
        if (queue.killAt > now) {
          next = Math.min(next, queue.killAt);
        }
        if (queue.next < queue.jobs.size() && queue.nextMayBeReady && !queue.view.suspended()) {
          next = Math.min(next, Math.max(now + 1, queue.jobs.get(queue.next).submitTimeNs()));
        }
      }
    }
    for (JobView job : dispatched) {
      next = Math.min(next, finishAt.get(job));
    }
    for (long timer : timers) {
      next = Math.min(next, Math.max(timer, now + 1));
    }
    // with no job left, neither a pending kill nor a timer is work
    if (next != Long.MAX_VALUE && dispatched.isEmpty() && held.isEmpty()
        && queues.stream().noneMatch(q -> !q.killed && q.next < q.jobs.size())) {
      return Long.MAX_VALUE;
    }
    return next;
  }

  private void fail(String message) {
    if (violation == null) {
      violation = message;
    }
  }

  /** The scheduler view the policy gets: the driver's state, read-only, and two actions. */
  private final class View implements SchedulerView {
    @Override
    public long nowNs() {
      return now;
    }

    @Override
    public EngineKind engine() {
      return EngineKind.COMPUTE;
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
      return List.copyOf(dispatched);
    }

    @Override
    public ActionOutcome preempt(JobView victim) {
      return preempt(victim, PreemptScope.all());
    }

    @Override
    public ActionOutcome preempt(JobView victim, PreemptScope scope) {
      Objects.requireNonNull(scope, "scope");
      if (!handedOut(victim) || scope instanceof PreemptScope.ForWaiter waiter
          && !handedOut(waiter.waiter())) {
        fail("asked to preempt " + victim + " (" + scope + "), a job view this run did not hand "
            + "out");
        return ActionOutcome.refused("not a job of this run");
      }
      String kind = scope instanceof PreemptScope.AllSms ? "all"
          : scope instanceof PreemptScope.OnSms on ? "on " + on.sms()
          : "for " + ((PreemptScope.ForWaiter) scope).waiter();
      trace.add(now + " preempt " + victim + " " + kind);
      return victim.residentBlocks() > 0 ? ActionOutcome.preempting(victim.residentBlocks())
          : ActionOutcome.refused("job " + victim.id() + " has no resident blocks");
    }

    private boolean handedOut(JobView job) {
      for (QueueRun queue : queues) {
        for (TestJob mine : queue.jobs) {
          if (mine == job) {
            return true;
          }
        }
      }
      return false;
    }

    @Override
    public List<QueueView> queues() {
      refreshQueues();
      List<QueueView> views = new ArrayList<>();
      for (QueueRun queue : queues) {
        views.add(queue.view);
      }
      return views;
    }

    private QueueRun run(String queueId) {
      for (QueueRun queue : queues) {
        if (queue.queue.id().equals(queueId)) {
          return queue;
        }
      }
      return null;
    }

    @Override
    public ActionOutcome suspend(String queueId, SuspendLevel level) {
      Objects.requireNonNull(level, "level");
      QueueRun queue = run(queueId);
      if (queue == null) {
        return ActionOutcome.refused("no queue '" + queueId + "'");
      }
      if (queue.view.suspension().orElse(null) == level) {
        return ActionOutcome.refused("queue '" + queueId + "' is already suspended at " + level);
      }
      trace.add(now + " suspend " + queueId + " " + level);
      boolean wasSuspended = queue.view.suspended();
      queue.view.suspension(level);
      if (!wasSuspended && queue.next > 0) {
        TestJob last = queue.jobs.get(queue.next - 1);
        if (held.remove(last)) {
          // Withdraw its held job; it is handed over again on resume.
          queue.next--;
          queue.nextMayBeReady = true;
          last.state(JobState.SUBMITTED).readyAt(-1);
          gone.put(last, "withdrawn by a suspension at " + now + " ns");
          trace.add(now + " withdraw " + last);
          policy.onJobWithdrawn(last, this);
        }
      }
      return ActionOutcome.done();
    }

    @Override
    public ActionOutcome resume(String queueId) {
      QueueRun queue = run(queueId);
      if (queue == null) {
        return ActionOutcome.refused("no queue '" + queueId + "'");
      }
      if (!queue.view.suspended()) {
        return ActionOutcome.refused("queue '" + queueId + "' is not suspended");
      }
      trace.add(now + " resume " + queueId);
      queue.view.suspension(null);
      return ActionOutcome.done();
    }

    @Override
    public ActionOutcome suspend(JobView job) {
      if (!dispatched.contains(job) || !ownHolds.add(job)) {
        return ActionOutcome.refused(job + " is not launched and unheld");
      }
      trace.add(now + " hold " + job);
      return ActionOutcome.done();
    }

    @Override
    public ActionOutcome resume(JobView job) {
      if (!ownHolds.remove(job)) {
        return ActionOutcome.refused(job + " is not held");
      }
      trace.add(now + " release " + job);
      return ActionOutcome.done();
    }

    @Override
    public ActionOutcome setPriority(String queueId, Priority priority) {
      QueueRun queue = run(queueId);
      if (queue == null) {
        return ActionOutcome.refused("no queue '" + queueId + "'");
      }
      queue.view.priority(Objects.requireNonNull(priority, "priority"));
      trace.add(now + " priority " + queueId + " " + priority);
      return ActionOutcome.done();
    }

    @Override
    public ActionOutcome setWeight(String queueId, int weight) {
      QueueRun queue = run(queueId);
      if (queue == null || weight < 1) {
        return ActionOutcome.refused("no queue '" + queueId + "' or weight " + weight + " < 1");
      }
      queue.view.weight(weight);
      trace.add(now + " weight " + queueId + " " + weight);
      return ActionOutcome.done();
    }

    @Override
    public void wakeAt(long timeNs) {
      if (timeNs < now) {
        fail("asked for a timer at " + timeNs + " ns, in the past");
        throw new IllegalArgumentException("wake-up at " + timeNs + " ns is before now (" + now
            + " ns)");
      }
      trace.add(now + " wake " + timeNs);
      timers.add(timeNs);
    }

    @Override
    public boolean reportsFreedJobs() {
      return reportsFreed;
    }
  }
}
