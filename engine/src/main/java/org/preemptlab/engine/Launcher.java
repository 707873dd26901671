package org.preemptlab.engine;

import static com.google.common.base.Preconditions.checkState;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.ObjIntConsumer;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobList;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.api.policy.JobView;

/**
 * Launch and dispatch: a job's life from submission to launch and from finish to its dependants.
 * A job is submitted ({@link Arrivals}: at its time, or for a closed-loop job after its
 * dependencies and think time; or by an application, {@link ApplicationJobs}), becomes ready when
 * its dependencies are met ({@link JobDependencies}), the previous job of its queue was
 * dispatched, its queue is not suspended and its queue's launch window has room; its engine's
 * policy then chooses when it is dispatched (credits taken), and after the launch latency its
 * blocks go to the {@link BlockScheduler}. The jobs' state lives in {@link RunJobs}. It owns the
 * run's {@link QueueActions} (suspend and resume, holds, priority and weight changes), which it
 * builds with its queues and which reach it as a {@link LaunchGate}.
 */
final class Launcher implements JobLifecycle, LaunchGate {
  private final RunServices run;
  /** Where a finished job's record goes (the run's accounting). */
  private final Consumer<SimJob> recordFinished;
  /** Block placement, which takes launched jobs' blocks ({@link #connect}). */
  private Placement placement;
  /** The time slicer: whether contexts take turns ({@link #connect}). */
  private Slicing slicing;
  /** The run's jobs and the engine's state of those in flight. */
  private final RunJobs jobs;
  /** What each job waits for before it may become ready. */
  private final JobDependencies dependencies;
  /** When the workload's jobs are submitted. */
  private final Arrivals arrivals;
  /** The jobs applications submit, or null for a run of its workload alone. */
  private final ApplicationJobs applicationJobs;
  private final List<SimQueue> queues = new ArrayList<>();
  private final Map<String, SimQueue> queueById = new LinkedHashMap<>();
  private final Map<EngineKind, PolicyEngine> engines = new EnumMap<>(EngineKind.class);
  /** Suspend, resume, holds, priority and weight changes: the policies' {@link QueueControl}. */
  private final QueueActions queueActions;
  /** The engines in {@link #engines}' order, for the per-instant dispatch loop (no iterator). */
  private PolicyEngine[] engineList;
  /** Whether a job was ever held back (own hold or a level 2-3 suspension) in this run. */
  private boolean holdsUsed;
  private long nextDispatchSeq;
  /** The next {@link SimJob#readySeq}. */
  private int nextReadySeq;

  /** The applications, in the run's order; empty for a run of its workload alone. */
  private final ApplicationHost[] applications;

  Launcher(RunServices run, SmArray sms, Workload workload, List<SimContext> contexts,
      List<ApplicationHost> applications, Consumer<SimJob> recordFinished) {
    this.run = run;
    this.recordFinished = recordFinished;
    Map<String, SimContext> contextById = new HashMap<>();
    for (SimContext context : contexts) {
      contextById.put(context.spec.id(), context);
    }
    queueActions = new QueueActions(run, queues, queueById, this);
    Map<String, Integer> queueIndex = new HashMap<>();
    for (JobQueue spec : workload.queues()) {
      PolicyEngine engine = engines.computeIfAbsent(spec.engine(), kind ->
          new PolicyEngine(kind, run.plugins.policies().apply(kind), run.options.creditLimit(),
              run, queueActions));
      SimContext context = contextById.get(spec.contextId());
      SimQueue queue = new SimQueue(spec, context, engine, run);
      queueIndex.put(spec.id(), queues.size());
      queues.add(queue);
      queueById.put(spec.id(), queue);
      if (context.topQueue == null || spec.priority().isHigherThan(context.topQueue.spec.priority())) {
        context.topQueue = queue;
      }
    }

    this.applications = applications.toArray(new ApplicationHost[0]);
    for (ApplicationHost application : applications) {
      for (JobQueue queue : application.app().resources().queues()) {
        application.own(queueById.get(queue.id()));
      }
    }
    jobs = new RunJobs(run, sms, workload.jobs(), queueById);
    orderQueues(queueIndex);
    dependencies = new JobDependencies(jobs.specs(), queues, this::dependenciesMet);
    arrivals = new Arrivals(run, jobs, workload.actions(), this.applications, this::submit);
    applicationJobs = applications.isEmpty() ? null
        : new ApplicationJobs(run, jobs, dependencies, this::submit);
  }

  /** Gives each queue its workload jobs, in submission order (then workload order). */
  private void orderQueues(Map<String, Integer> queueIndex) {
    JobList specs = jobs.specs();
    int n = specs.size();
    int[] queueOf = new int[n];
    int[] perQueue = new int[queues.size()];
    for (int i = 0; i < n; i++) {
      queueOf[i] = queueIndex.get(specs.queueId(i));
      perQueue[queueOf[i]]++;
    }
    int[][] orders = new int[queues.size()][];
    for (int q = 0; q < orders.length; q++) {
      orders[q] = new int[perQueue[q]];
      perQueue[q] = 0;
    }
    for (int i = 0; i < n; i++) {
      orders[queueOf[i]][perQueue[queueOf[i]]++] = i;
    }
    for (int q = 0; q < orders.length; q++) {
      queues.get(q).setOrder(jobs.bySubmission(orders[q]));
    }
  }

  /**
   * Connects the parts it hands work to, and its policy engines to theirs; call once, before the
   * run.
   */
  void connect(Placement placement, PreemptionRequests preemptions, Slicing slicing) {
    this.placement = placement;
    this.slicing = slicing;
    queueActions.connect(placement, preemptions);
    for (PolicyEngine engine : engines.values()) {
      engine.connect(placement, preemptions);
    }
    for (SimQueue queue : queues) {
      queue.placement = placement;
    }
    for (ApplicationHost application : applications) {
      application.connect(applicationJobs);
    }
  }

  /** The queue with this id, or null. */
  public SimQueue queue(String id) {
    return queueById.get(id);
  }

  /** Every queue, in workload order. */
  public List<SimQueue> queues() {
    return queues;
  }

  /** The queue ids, in workload order. */
  public Set<String> queueIds() {
    return queueById.keySet();
  }

  /** One policy engine per hardware engine the workload uses. */
  Collection<PolicyEngine> engines() {
    return engines.values();
  }

  /** Whether a suspension above launch level or a job hold was ever used (placement may skip). */
  @Override
  public boolean holdsUsed() {
    return holdsUsed;
  }

  /** Where jobs an application submits are reported, with their index. */
  void observeApplicationJobs(ObjIntConsumer<Job> observer) {
    if (applicationJobs != null) {
      applicationJobs.observe(observer);
    }
  }

  /** The job of this index while the launcher holds it (submitted, unfinished), else null. */
  SimJob job(int index) {
    return jobs.job(index);
  }

  /** Jobs of the run (the workload's and the applications'). */
  int size() {
    return jobs.size();
  }

  /** Jobs not finished yet. */
  int unfinished() {
    return jobs.unfinished();
  }

  /** Jobs whose state the launcher holds now. */
  int held() {
    return jobs.held();
  }

  /** The job to name when a run ends with jobs unfinished ({@link RunJobs#stuckJob}). */
  SimJob stuckJob() {
    return jobs.stuckJob();
  }

  /**
   * Schedules the applications' starts, the first arrival and every timed action ({@link
   * Arrivals#start}).
   */
  void start() {
    engineList = engines.values().toArray(new PolicyEngine[0]);
    arrivals.start();
  }

  /** The next open-loop job's submit time has come. */
  void arrive() {
    arrivals.arrive();
  }

  void submit(SimJob job) {
    job.submitted = true;
    job.submitNs = run.now();
    job.queue.submitted++;
    if (run.listener() != null) {
      run.listener().jobSubmitted(run.now(), job);
    }
    tryReady(job.queue);
  }

  /** Offers the queue's next job to its policy if nothing holds it back. */
  private void tryReady(SimQueue queue) {
    if (queue.readyJob != null || queue.head >= queue.orderSize || queue.suspension != null
        || queue.windowTaken() >= queue.launchWindow) { // the queue's own window, if set
      return;
    }
    SimJob job = jobs.job(queue.order[queue.head]);
    if (job == null || !job.submitted || dependencies.waits(job.index)) {
      return;
    }
    job.queuePos = queue.head;
    queue.head++;
    queue.readyJob = job;
    job.state = JobState.READY;
    job.readyNs = run.now();
    job.readySeq = nextReadySeq++;
    queue.engine.readyAdded();
    reportLoad(queue.engine);
    queue.engine.policy().onJobReady(job, queue.engine);
  }

  /**
   * Asks every engine's policy for jobs to dispatch until it has none or credits run out. Called at
   * every instant, where the policy usually has nothing to launch; a dispatch is a method of its
   * own, so that this stays small enough for the JIT to inline into the run loop (a JVM-specific
   * trick: {@code preemptlab bench --jvm-tricks} checks that it still pays, docs/performance.md).
   */
  void dispatchAll() {
    for (PolicyEngine engine : engineList) {
      JobView choice;
      do {
        choice = engine.policy().selectNext(engine);
      } while (choice != null && dispatchChoice(choice, engine));
      if (engine.readyCount() > 0) {
        run.decisions.waitingRounds++;
      }
    }
  }

  /**
   * Dispatches the job a policy selected, if its credits fit.
   *
   * @return false when they do not: the engine launches nothing more at this instant
   */
  private boolean dispatchChoice(JobView choice, PolicyEngine engine) {
    SimJob job = run.own(choice, "selected");
    if (job.state != JobState.READY || job.queue.engine != engine) {
      throw new InvariantViolationException("policy '" + run.plugins.policyId() + "' selected "
          + job + " on engine " + engine.engine() + ", but it is " + job.state
          + (job.queue.engine != engine ? " on engine " + job.queue.engine.engine() : ""));
    }
    if (job.credits > engine.freeCredits()) {
      return false;
    }
    if (engine.readyCount() >= 2) {
      countChoice(job, engine);
    }
    dispatch(job, engine);
    return true;
  }

  /** Counts a launch among several ready jobs, and whether it departs from first in, first out. */
  private void countChoice(SimJob chosen, PolicyEngine engine) {
    run.decisions.launchChoices++;
    SimJob first = null;
    for (SimQueue queue : queues) {
      SimJob held = queue.readyJob;
      if (held != null && queue.engine == engine && (first == null || readyBefore(held, first))) {
        first = held;
      }
    }
    if (first != chosen) {
      run.decisions.launchesReordered++;
    }
  }

  /**
   * The hardware's launch order, first in first out: the job submitted first (as policies see its
   * submit time), then the one offered to the policy first.
   */
  private static boolean readyBefore(SimJob a, SimJob b) {
    long aSubmit = a.submitTimeNs();
    long bSubmit = b.submitTimeNs();
    return aSubmit != bSubmit ? aSubmit < bSubmit : a.readySeq < b.readySeq;
  }

  private void dispatch(SimJob job, PolicyEngine engine) {
    job.state = JobState.DISPATCHED;
    job.dispatchNs = run.now();
    job.dispatchSeq = nextDispatchSeq++;
    engine.dispatched(job);
    job.launchOrdinal = job.queue.launchedEver;
    job.queue.launched++;
    job.queue.launchedEver++;
    if (run.listener() != null) {
      run.listener().jobDispatched(run.now(), job);
      reportLoad(engine);
    }
    engine.policy().onJobDispatched(job, engine);
    job.queue.readyJob = null;
    tryReady(job.queue);
    long launchEnd = launchStart(job)
        + PluginReturns.hardwareTime(run.hardware.kernelLaunchNs(
            launchFindsBusy(job.queue.context), run.costs), run.hardware, "kernelLaunchNs");
    job.queue.lastLaunchEndNs = Math.max(job.queue.lastLaunchEndNs, launchEnd);
    if (launchEnd <= run.now()) {
      launched(job);
    } else {
      run.events.push(launchEnd, new Events.Launched(job), 0);
    }
  }

  /**
   * Whether a launch into {@code context} finds the hardware busy (the hardware model's busy
   * launch cost, {@code kernel-launch-busy}). Under time slicing each context has its own channel,
   * so its own work decides: resident blocks, or launched blocks waiting for placement (saved
   * ones included); a context that is switched out with nothing of its own pending launches as on
   * an idle device, whatever the running context does. Otherwise (one context, or contexts that
   * share SMs, as MPS clients share one hardware context) any work on the device does. The busy
   * cost is a fit to a launch that found its own context's grid on every SM (h200 E1: one process,
   * two streams), so it applies to what that experiment measured (issue 28, item 2). A context in
   * a MIG instance has the instance's own front end and SMs (NVIDIA MIG user guide: each GPU
   * instance has its own engines and compute paths), so only the work of its instance's contexts
   * counts.
   */
  private boolean launchFindsBusy(SimContext context) {
    if (slicing.slicing()) {
      return placement.contextBusy(context);
    }
    if (context.launchPeers == null) {
      return placement.deviceBusy();
    }
    for (SimContext peer : context.launchPeers) {
      if (placement.contextBusy(peer)) {
        return true;
      }
    }
    return false;
  }

  /**
   * When a job's launch began. A job submitted while its dependencies (its stream predecessor,
   * declared waits) were unfinished, and made ready and dispatched the instant the last of them
   * finished, was launched by its CPU when it was submitted: the GPU processed that launch while
   * the predecessor ran, as a CUDA stream's next kernel is queued behind a running one, in order
   * after its queue's previous launch. Any other job is launched when it is dispatched: a policy,
   * a launch window, credits or a suspension that held it also held its launch.
   */
  private long launchStart(SimJob job) {
    if (job.releasedNs != run.now() || job.readyNs != run.now() || job.submitNs >= run.now()) {
      return run.now();
    }
    long start = Math.max(job.submitNs, job.queue.lastLaunchEndNs);
    return Math.min(start, run.now());
  }

  void launched(SimJob job) {
    job.launched = true;
    placement.enter(job);
  }

  /** The job's last block completed: return its credits and release its dependants. */
  @Override
  public void finish(SimJob job) {
    job.state = JobState.FINISHED;
    job.finishNs = run.now();
    jobs.finishing();
    PolicyEngine engine = job.queue.engine;
    engine.finished(job);
    job.queue.launched--;
    job.queue.retire(job);
    if (run.listener() != null) {
      run.listener().jobFinished(run.now(), job);
      reportLoad(engine);
    }
    engine.policy().onJobFinished(job, engine);
    // Its record goes into the result now and the engine lets go of its state.
    recordFinished.accept(job);
    jobs.letGo(job);
    dependencies.finished(job);
    tryReady(job.queue); // its launch window has room again
    checkQuiet(job.queue);
    if (job.queue.application != null) {
      job.queue.application.finished(job); // after the engine's own accounting
    }
  }

  /**
   * Job {@code d}'s last dependency finished: a submitted job may be offered to its policy (its
   * launch may already be under way), a closed-loop job is submitted after its think time.
   */
  private void dependenciesMet(int d) {
    SimJob waiting = jobs.job(d);
    if (waiting != null) {
      waiting.releasedNs = run.now(); // submitted and waiting: its launch may already be under way
    }
    if (d >= jobs.workloadJobs()) {
      tryReady(waiting.queue); // an application's job, waiting for its queue's previous one
    } else if (jobs.specs().closedLoop(d)) {
      arrivals.submitAfterThinkTime(d);
    } else {
      tryReady(queueById.get(jobs.specs().queueId(d)));
    }
  }

  /** {@inheritDoc} An application that observes starts is told at {@code startNs}. */
  @Override
  public void started(SimJob job, long startNs) {
    if (job.state == JobState.DISPATCHED) {
      job.state = JobState.RUNNING;
    }
    if (job.queue.application != null && job.queue.application.observesStarts()) {
      run.events.push(startNs, new Events.ApplicationJobStarted(job), 0);
    }
  }

  /** Submits job {@code i}, which waits for a layer ({@link Arrivals#LAYER_SUBMITS}), now. */
  void submitFromLayer(int i) {
    checkState(jobs.specs().submitTimeNs(i) == Arrivals.LAYER_SUBMITS && jobs.job(i) == null
        && !jobs.isFinished(i), "job %s is not a job waiting for its layer to submit it",
        jobs.specs().id(i));
    submit(jobs.materialize(i));
  }

  /**
   * A reset of a launched job: its resident blocks leave their SMs without re-running (resources
   * freed), its blocks not yet placed are forgotten, and it finishes now, so its credits return and
   * its policy is told; its finish time is the reset's.
   */
  void abort(SimJob job) {
    placement.drop(job);
    finish(job);
  }

  private void reportLoad(PolicyEngine engine) {
    if (run.listener() != null) {
      run.listener().engineLoad(run.now(), engine.engine(), engine.readyCount(),
          engine.inFlight().size());
    }
  }

  // ---- what the queue actions ask of the launcher ----

  /** Withdraws a suspended queue's ready job: it is offered again on resume. */
  @Override
  public void withdrawReady(SimQueue queue) {
    SimJob ready = queue.readyJob;
    if (ready != null) {
      queue.readyJob = null;
      queue.head--;
      ready.state = JobState.SUBMITTED;
      ready.readyNs = -1;
      queue.engine.readyWithdrawn();
      reportLoad(queue.engine);
      queue.engine.policy().onJobWithdrawn(ready, queue.engine);
    }
  }

  @Override
  public void offerNext(SimQueue queue) {
    tryReady(queue);
  }

  @Override
  public void holdUsed() {
    holdsUsed = true;
  }

  /** {@inheritDoc} The queue actions record it. */
  @Override
  public void checkQuiet(SimQueue queue) {
    queueActions.checkQuiet(queue);
  }

  /** The queue actions (suspend, resume, hold, priority and weight) and their records. */
  QueueActions queueActions() {
    return queueActions;
  }
}
