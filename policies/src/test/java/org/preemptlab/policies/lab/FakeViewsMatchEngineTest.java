package org.preemptlab.policies.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.PluginProvider;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.PreemptScope;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.baseline.FifoPolicyProvider;
import org.preemptlab.policies.baseline.PriorityPolicyProvider;
import org.preemptlab.policies.baseline.RoundRobinPolicyProvider;
import org.preemptlab.policies.deadline.EdfPolicyProvider;
import org.preemptlab.policies.latency.HpfPolicyProvider;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.TestJob;
import org.preemptlab.testkit.TestQueueView;
import org.preemptlab.testkit.TestQueues;
import org.preemptlab.testkit.TestScheduler;
import org.preemptlab.testkit.engine.PluginTestKit;
import org.preemptlab.testkit.engine.RunOutcome;
import org.preemptlab.testkit.engine.TestWorkload;

/**
 * The test kit's fake views answer a policy as the real engine does: the same seeded scenarios
 * run through {@link TestScheduler} (with {@link TestJob}s and {@link TestQueueView}s, driven by a
 * small loop in this test that follows the engine's launch rules) and through {@link PluginTestKit}
 * (the real engine) give, for each built-in policy, the same dispatches, and at every dispatch the
 * same view answers (time, credits, dispatched jobs, every queue's priority, weight, suspension,
 * launched and waiting jobs, the chosen job's state, submit, ready and deadline times), and the
 * same {@link ActionOutcome}s (accepted and blocks) for every action the policy takes.
 *
 * <p>A scenario is one SM with every cost zero, exact block times, 1 to 4 queues of random
 * priority and weight, 3 to 14 jobs of 1 to 3 blocks submitted on a coarse grid (so ties happen),
 * some with deadlines, credits 1 up to the credit limit (1 to 3). So the order the policy chooses
 * is the only thing that decides a run.
 *
 * <p>What the fakes do not model, and the test therefore takes from the engine or leaves out:
 * <ul>
 *   <li>Blocks and time: the fakes have no SMs, so the loop finishes each job at the time the
 *       engine finished it (a job the fake has not dispatched by then is a mismatch). Resident,
 *       pending and finished blocks, attained GPU time and preemption outcomes are not compared;
 *       {@code priority} runs with {@code preempt=false} for that reason.
 *   <li>Launching: {@link TestScheduler} only dispatches; handing a queue's next job to the
 *       policy (after the previous one is dispatched, or the queue resumed) and withdrawing a
 *       suspended queue's held job are this test's loop, as in {@code PolicyDriver}, and happen
 *       after the policy's callback returns rather than inside it, so only the views at dispatch
 *       are compared, not the order of every callback.
 *   <li>Refusal reasons: only whether an action was accepted and its blocks are compared; the
 *       engine's messages name more (the known queues).
 * </ul>
 *
 * <p>Found by this test and fixed in the fake: {@link TestScheduler} left its queue views' launched
 * and waiting counts as the test had set them when it dispatched or finished a job, where the
 * engine's views count the job before calling the policy back. Not covered: {@code PolicyDriver}'s
 * own view, which generates its workloads and finish times at random inside and cannot replay a
 * given scenario.
 */
class FakeViewsMatchEngineTest {
  private static final int SCENARIOS = 60;
  private static final DeviceSpec DEVICE = TestDevices.ONE_SM;

  private record Policy(String name, PluginProvider<SchedulingPolicy> provider,
      Map<String, String> parameters) {
    SchedulingPolicy create() {
      PluginContext context = new PluginContext(Parameters.of(provider.id(), provider.parameters(),
          parameters), DEVICE, new SplittableRandom(1), () -> DEVICE);
      return provider.create(context);
    }
  }

  private static final List<Policy> POLICIES = List.of(
      new Policy("fifo", new FifoPolicyProvider(), Map.of()),
      new Policy("priority", new PriorityPolicyProvider(), Map.of("preempt", "false")),
      new Policy("edf", new EdfPolicyProvider(), Map.of()),
      new Policy("round-robin", new RoundRobinPolicyProvider(), Map.of()),
      new Policy("hpf level 1", new HpfPolicyProvider(), Map.of("level", "1")));

  /** One seeded scenario: queues, jobs in submit order (ids 1, 2, ...), the credit limit. */
  private record Scenario(long seed, int creditLimit, List<JobQueue> queues, List<Job> jobs) {
    static Scenario of(long seed) {
      SplittableRandom random = new SplittableRandom(seed);
      int creditLimit = random.nextInt(1, 4);
      List<JobQueue> queues = new ArrayList<>();
      Priority[] priorities = Priority.values();
      int queueCount = random.nextInt(1, 5);
      for (int i = 0; i < queueCount; i++) {
        queues.add(TestQueues.builder("q" + i).context("c" + i)
            .priority(priorities[random.nextInt(priorities.length)])
            .weight(random.nextInt(1, 5)).build());
      }
      int jobCount = random.nextInt(3, 15);
      List<long[]> drafts = new ArrayList<>(); // submit, queue, blocks, blockNs, credits, deadline
      for (int i = 0; i < jobCount; i++) {
        long submit = 1_000L * random.nextInt(0, 12);
        drafts.add(new long[] {submit, random.nextInt(queueCount), random.nextInt(1, 4),
            100L * random.nextInt(5, 40), random.nextInt(1, creditLimit + 1),
            random.nextBoolean() ? submit + 1_000L * random.nextInt(1, 30) : Job.NO_DEADLINE});
      }
      drafts.sort(Comparator.comparingLong(d -> d[0]));
      List<Job> jobs = new ArrayList<>();
      for (long[] d : drafts) {
        Kernel kernel = TestWorkload.kernel((int) d[2], 1024, d[3]);
        jobs.add(new Job(jobs.size() + 1, queues.get((int) d[1]).id(), d[0], (int) d[4],
            List.of(), d[5], 0, kernel, false));
      }
      return new Scenario(seed, creditLimit, queues, jobs);
    }

    TestWorkload workload() {
      TestWorkload workload = TestWorkload.create();
      queues.forEach(workload::queue);
      jobs.forEach(workload::job);
      return workload;
    }
  }

  @Test
  void everyBuiltInPolicyDispatchesTheSameWayAndSeesTheSameViewsThroughTheFakesAsInTheEngine() {
    int dispatches = 0;
    int actions = 0;
    for (Policy policy : POLICIES) {
      for (long seed = 1; seed <= SCENARIOS; seed++) {
        Scenario scenario = Scenario.of(seed);
        List<String> engine = new ArrayList<>();
        RunOutcome outcome = PluginTestKit.policy(() -> recording(policy.create(), engine))
            .on(scenario.workload()).device(DEVICE).creditLimit(scenario.creditLimit()).run();
        List<String> fake = new FakeRun(scenario, outcome, policy.create()).run();
        assertThat(fake).as("%s, scenario %s (credit limit %s): the fakes' log against the "
            + "engine's", policy.name(), seed, scenario.creditLimit()).isEqualTo(engine);
        dispatches += (int) engine.stream().filter(line -> line.contains(" dispatch ")).count();
        actions += (int) engine.stream().filter(line -> line.contains(" action ")).count();
      }
    }
    // the comparison covers something: every job of every run, and the queue actions of hpf
    assertThat(dispatches).isGreaterThan(POLICIES.size() * SCENARIOS * 3 - 1);
    assertThat(actions).isPositive();
  }

  /**
   * Runs a scenario through the fakes: a loop that does what the engine's launcher does at each
   * instant (finishes, arrivals, timers, then dispatches while the policy's choice fits), with the
   * engine's finish times.
   */
  private static final class FakeRun {
    private final Scenario scenario;
    private final Map<Long, Long> finishAt = new HashMap<>();
    private final SchedulingPolicy policy;
    private final TestScheduler scheduler;
    private final Map<String, TestQueueView> views = new LinkedHashMap<>();
    private final Map<String, List<TestJob>> queueJobs = new LinkedHashMap<>();
    private final Map<String, Integer> handed = new HashMap<>();
    private final Map<String, TestJob> held = new HashMap<>();
    private final Map<String, Integer> submitted = new HashMap<>();
    private final Map<String, Integer> launchedEver = new HashMap<>();
    private final List<TestJob> dispatched = new ArrayList<>();
    private final List<String> log = new ArrayList<>();

    FakeRun(Scenario scenario, RunOutcome engine, SchedulingPolicy policy) {
      this.scenario = scenario;
      for (JobRecord record : engine.result().jobs()) {
        finishAt.put(record.jobId(), record.finishNs());
      }
      this.policy = recording(policy, log);
      this.scheduler = new TestScheduler(scenario.creditLimit()).withDevice(DEVICE);
      for (JobQueue queue : scenario.queues()) {
        TestQueueView view = TestQueueView.of(queue);
        views.put(queue.id(), view);
        scheduler.withQueues(view);
        queueJobs.put(queue.id(), new ArrayList<>());
        handed.put(queue.id(), 0);
        submitted.put(queue.id(), 0);
        launchedEver.put(queue.id(), 0);
      }
      for (Job job : scenario.jobs()) {
        queueJobs.get(job.queueId()).add(TestJob.builder(job.id()).label("job " + job.id())
            .queue(views.get(job.queueId()).spec()).submitAt(job.submitTimeNs())
            .credits(job.credits()).deadline(job.deadlineNs()).kernel(job.kernel())
            .state(JobState.SUBMITTED).build());
      }
    }

    List<String> run() {
      TreeSet<Long> instants = new TreeSet<>();
      scenario.jobs().forEach(job -> instants.add(job.submitTimeNs()));
      instants.addAll(finishAt.values());
      while (!instants.isEmpty()) {
        long now = instants.pollFirst();
        scheduler.at(now);
        for (TestJob job : List.copyOf(dispatched)) {
          if (finishAt.get(job.id()) == now) {
            updateViews();
            dispatched.remove(job);
            scheduler.finish(policy, job); // which counts one fewer launched in its queue's view
          }
        }
        for (Job job : scenario.jobs()) { // arrivals in the workload's order, as the engine's
          if (job.submitTimeNs() == now) {
            submitted.merge(job.queueId(), 1, Integer::sum);
            updateViews();
            settle();
          }
        }
        settle();
        scheduler.fireTimers(policy);
        settle();
        while (true) {
          JobView next = scheduler.dispatchOne(policy);
          if (next == null) {
            break;
          }
          held.remove(next.queue().id());
          dispatched.add((TestJob) next);
          settle();
        }
        scheduler.timers().stream().filter(t -> t > now).forEach(instants::add);
        for (TestJob job : dispatched) {
          if (finishAt.get(job.id()) < now) {
            log.add("the fake has job " + job.id() + " unfinished after the engine finished it");
            return log;
          }
        }
      }
      return log;
    }

    /** Withdraws suspended queues' held jobs and hands each free queue its next submitted job. */
    private void settle() {
      boolean changed = true;
      while (changed) {
        changed = false;
        for (Map.Entry<String, List<TestJob>> entry : queueJobs.entrySet()) {
          String queue = entry.getKey();
          TestQueueView view = views.get(queue);
          TestJob heldJob = held.get(queue);
          if (heldJob != null && view.suspended()) {
            held.remove(queue);
            handed.merge(queue, -1, Integer::sum);
            heldJob.state(JobState.SUBMITTED).readyAt(-1);
            updateViews();
            scheduler.withdraw(policy, heldJob);
            changed = true;
          }
          int next = handed.get(queue);
          if (held.get(queue) == null && !view.suspended() && next < submitted.get(queue)) {
            TestJob job = entry.getValue().get(next);
            handed.put(queue, next + 1);
            held.put(queue, job);
            job.state(JobState.READY).readyAt(scheduler.nowNs());
            updateViews();
            policy.onJobReady(job, scheduler);
            changed = true;
          }
        }
      }
    }

    /** Launched and waiting jobs per queue, as the engine counts them. */
    private void updateViews() {
      for (Map.Entry<String, TestQueueView> entry : views.entrySet()) {
        String queue = entry.getKey();
        int ever = (int) queueJobs.get(queue).stream()
            .filter(job -> job.state() != JobState.SUBMITTED && job.state() != JobState.READY)
            .count();
        launchedEver.put(queue, ever);
        int launched = (int) dispatched.stream().filter(job -> job.queue().id().equals(queue))
            .count();
        entry.getValue().launched(launched).waiting(submitted.get(queue) - ever);
      }
    }
  }

  /**
   * A policy that passes every call to {@code policy}, with the view wrapped by {@link #recording};
   * before {@code onJobDispatched} it logs what the view answers at that dispatch. A proxy, so that
   * a method the SPI gains is passed on too rather than left at its default.
   */
  private static SchedulingPolicy recording(SchedulingPolicy policy, List<String> log) {
    return (SchedulingPolicy) Proxy.newProxyInstance(SchedulingPolicy.class.getClassLoader(),
        new Class<?>[] {SchedulingPolicy.class}, (proxy, method, args) -> {
          Object[] wrapped = args == null ? null : args.clone();
          for (int i = 0; wrapped != null && i < wrapped.length; i++) {
            if (wrapped[i] instanceof SchedulerView view) {
              if (method.getName().equals("onJobDispatched")) {
                log.add(view.nowNs() + " dispatch " + describe((JobView) args[0]) + " | "
                    + describe(view));
              }
              wrapped[i] = recording(view, log);
            }
          }
          return invoke(method, policy, wrapped);
        });
  }

  /**
   * A view that passes every call to {@code view} and logs each action the policy takes (every
   * method answering an {@link ActionOutcome}) with its outcome, and every timer asked for.
   */
  private static SchedulerView recording(SchedulerView view, List<String> log) {
    return (SchedulerView) Proxy.newProxyInstance(SchedulerView.class.getClassLoader(),
        new Class<?>[] {SchedulerView.class}, (proxy, method, args) -> {
          Object result = invoke(method, view, args);
          if (result instanceof ActionOutcome outcome) {
            log.add(view.nowNs() + " action " + method.getName() + " " + describe(args) + ": "
                + (outcome.accepted() ? "accepted" : "refused") + " blocks " + outcome.blocks());
          } else if (method.getName().equals("wakeAt")) {
            log.add(view.nowNs() + " wake at " + args[0]);
          }
          return result;
        });
  }

  private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private static String describe(JobView job) {
    return "job " + job.id() + " " + job.state() + " submit " + job.submitTimeNs() + " ready "
        + job.readyTimeNs() + " deadline " + job.deadlineNs() + " credits " + job.job().credits();
  }

  /** An action's arguments, jobs by id (the engine's and the fakes' job views print otherwise). */
  private static String describe(Object[] args) {
    List<String> parts = new ArrayList<>();
    for (Object arg : args) {
      parts.add(arg instanceof JobView job ? "job " + job.id()
          : arg instanceof PreemptScope.ForWaiter waiter ? "for job " + waiter.waiter().id()
          : String.valueOf(arg));
    }
    return String.join(" ", parts);
  }

  private static String describe(SchedulerView view) {
    return "credits " + view.creditsInUse() + "/" + view.creditLimit() + " free "
        + view.freeCredits() + " dispatched " + view.dispatchedJobs().stream()
            .map(JobView::id).toList() + " engine " + view.engine() + " queues "
        + view.queues().stream().map(q -> q.id() + " " + q.priority() + " w" + q.weight() + " "
            + q.suspension().map(SuspendLevel::name).orElse("-") + " launched "
            + q.launchedJobs() + " waiting " + q.waitingJobs())
            .collect(Collectors.joining(", "));
  }
}
