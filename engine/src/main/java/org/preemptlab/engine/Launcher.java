package org.preemptlab.engine;

import static com.google.common.base.Preconditions.checkState;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobList;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.QueueAction;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.api.policy.JobView;

/**
 * Launch and dispatch: a job's life from submission to launch and from finish to its dependants.
 * A job is submitted (at its time, or for a closed-loop job after its dependencies and think
 * time), becomes ready when its dependencies are met, the previous job of its queue was
 * dispatched, its queue is not suspended and its queue's launch window has room; its engine's
 * policy then chooses when it is dispatched (credits taken), and after the launch latency its
 * blocks go to the {@link BlockScheduler}. It owns the run's {@link QueueActions} (suspend and
 * resume, holds, priority and weight changes), which it builds with its queues and which reach it
 * as a {@link LaunchGate}.
 */
final class Launcher implements JobLifecycle, LaunchGate, ApplicationSubmissions {
  private final RunServices run;
  /** The SMs, for a kernel's shared-memory need. */
  private final SmArray sms;
  /** Where a finished job's record goes (the run's accounting). */
  private final java.util.function.Consumer<SimJob> recordFinished;
  /** Block placement, which takes launched jobs' blocks ({@link #connect}). */
  private Placement placement;
  /** The time slicer: whether contexts take turns ({@link #connect}). */
  private Slicing slicing;
  /**
   * The workload's jobs, in its order (the index of a job everywhere below); read by column, a
   * {@link Job} record is built only when the job is submitted.
   */
  private final JobList specs;
  /**
   * The engine's state of each job from its submission (for a closed-loop job, from when its
   * submission is scheduled) until it finishes, by index; null before and after, so that memory
   * grows with the jobs in flight, not with all jobs of the run. The workload's jobs come first;
   * the jobs applications submit during the run are appended after them ({@link #size}), so the
   * array grows while the run goes on.
   */
  private SimJob[] jobs;
  /** Jobs known to the run: the workload's, then those the applications have submitted so far. */
  private int size;
  /** The workload's number of jobs: indices from here on are applications' jobs. */
  private final int workloadJobs;
  /** Each job's program as the preemption strategy instrumented it, until it is submitted. */
  private final BlockProgram[] programs;
  /**
   * Each job's unfinished dependencies (declared, and its predecessor in a serial queue); grows
   * with {@link #jobs}.
   */
  private int[] dependenciesLeft;
  /**
   * The jobs that declare a dependency on each job, ascending, or null for none; the array itself
   * is null when no job declares one.
   */
  private int[][] dependents;
  /** The jobs that have finished, by index. */
  private final BitSet finished;
  /** Jobs in {@link #jobs}: submitted (or scheduled to be) and unfinished. */
  private int held;
  private final List<SimQueue> queues = new ArrayList<>();
  private final Map<String, SimQueue> queueById = new LinkedHashMap<>();
  private final Map<EngineKind, PolicyEngine> engines = new EnumMap<>(EngineKind.class);
  /** Suspend, resume, holds, priority and weight changes: the policies' {@link QueueControl}. */
  private final QueueActions queueActions;
  /** The engines in {@link #engines}' order, for the per-instant dispatch loop (no iterator). */
  private PolicyEngine[] engineList;
  /** The open-loop jobs by submission time, then index. */
  private final int[] arrivals;
  private final QueueAction[] actions;
  private int arrivalCursor;
  /** Whether a job was ever held back (own hold or a level 2-3 suspension) in this run. */
  private boolean holdsUsed;
  private long nextDispatchSeq;
  /** The next {@link SimJob#readySeq}. */
  private int nextReadySeq;
  private int unfinished;

  /**
   * The submit time of a job that a layer submits itself ({@link Simulator#submitFromLayer}): it
   * never arrives by time (the DRM scheduler layer's kernels on SM hardware).
   */
  static final long LAYER_SUBMITS = Long.MAX_VALUE;

  /** The applications, in the run's order; empty for a run of its workload alone. */
  private final ApplicationHost[] applications;
  /**
   * Applications' kernels as the preemption strategy instrumented them, by value (an application
   * may build an equal kernel for every iteration): one entry per distinct kernel shape.
   */
  private final Map<Kernel, BlockProgram> applicationPrograms = new HashMap<>();
  /** The id of the next job an application submits: above every id of the workload. */
  private long nextApplicationId;
  /** Told of each job an application submits, or null. */
  private java.util.function.ObjIntConsumer<Job> applicationJobs;

  Launcher(RunServices run, SmArray sms, Workload workload, List<SimContext> contexts,
      List<ApplicationHost> applications, java.util.function.Consumer<SimJob> recordFinished) {
    this.run = run;
    this.sms = sms;
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
    specs = JobList.copyOf(workload.jobs());
    int n = specs.size();
    workloadJobs = n;
    size = n;
    jobs = new SimJob[n];
    programs = new BlockProgram[n];
    dependenciesLeft = new int[n];
    finished = new BitSet(n);
    // PreemptionPointStrategy.instrument is called once per kernel (it may depend on the kernel's
    // shape), so the cache is keyed by kernel, not by program: kernels may share a program.
    IdentityHashMap<Kernel, BlockProgram> instrumented = new IdentityHashMap<>();
    int[] queueOf = new int[n];
    int[] perQueue = new int[queues.size()];
    boolean declared = false;
    int open = 0;
    for (int i = 0; i < n; i++) {
      queueOf[i] = queueIndex.get(specs.queueId(i));
      perQueue[queueOf[i]]++;
      int first = i; // the first job of its kernel: whether it fits depends on the kernel only
      programs[i] = instrumented.computeIfAbsent(specs.kernel(i), k -> {
        checkFits(specs.get(first));
        return instrumented(k);
      });
      declared |= specs.dependencyCount(i) > 0;
      open += arrives(i) ? 1 : 0;
    }
    int[][] orders = new int[queues.size()][];
    for (int q = 0; q < orders.length; q++) {
      orders[q] = new int[perQueue[q]];
      perQueue[q] = 0;
    }
    int[] openJobs = new int[open];
    open = 0;
    for (int i = 0; i < n; i++) {
      orders[queueOf[i]][perQueue[queueOf[i]]++] = i;
      if (arrives(i)) {
        openJobs[open++] = i;
      }
    }
    for (int q = 0; q < orders.length; q++) {
      queues.get(q).setOrder(bySubmission(orders[q]));
    }
    if (declared) {
      linkDeclaredDependencies();
    }
    for (SimQueue queue : queues) {
      if (queue.spec.serial()) {
        for (int p = 1; p < queue.orderSize; p++) {
          if (!followsDeclared(queue.order[p - 1], queue.order[p])) {
            dependenciesLeft[queue.order[p]]++;
          }
        }
      }
    }
    arrivals = bySubmission(openJobs);
    actions = workload.actions().stream()
        .sorted(Comparator.comparingLong(QueueAction::timeNs))
        .toArray(QueueAction[]::new);
    unfinished = n;
    if (!applications.isEmpty()) {
      long maxId = -1;
      for (int i = 0; i < n; i++) {
        maxId = Math.max(maxId, specs.id(i));
      }
      nextApplicationId = maxId + 1;
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
      application.connect(this);
    }
  }

  /** Fails if a block of {@code job}'s kernel cannot fit on an empty SM of the device. */
  private void checkFits(Job job) {
    Kernel k = job.kernel();
    org.preemptlab.api.hardware.SmSpec sm = run.device.sm();
    long shared = (long) k.sharedMemoryPerBlock() + sm.sharedMemoryReservedPerBlock();
    if (k.threadsPerBlock() <= sm.maxThreads() && k.registersPerBlock() <= sm.registers()
        && shared <= sm.sharedMemoryBytes()) {
      return; // the usual case: no message to build
    }
    String where = "job " + job.id() + " (queue '" + job.queueId() + "', kernel '" + k.name()
        + "'): a block needs ";
    String on = " but an SM of '" + run.device.name() + "' holds at most ";
    if (k.threadsPerBlock() > sm.maxThreads()) {
      throw new org.preemptlab.api.ConfigurationException(where + k.threadsPerBlock()
          + " threads" + on + sm.maxThreads());
    }
    if (k.registersPerBlock() > sm.registers()) {
      throw new org.preemptlab.api.ConfigurationException(where + k.registersPerBlock()
          + " registers (" + k.registersPerThread() + " x " + k.threadsPerBlock() + " threads)"
          + on + sm.registers());
    }
    throw new org.preemptlab.api.ConfigurationException(where + shared
        + " bytes of shared memory (including " + sm.sharedMemoryReservedPerBlock()
        + " reserved)" + on + sm.sharedMemoryBytes());
  }

  /** Whether a job is submitted at its time (open loop, not submitted by a layer). */
  private boolean arrives(int i) {
    return !specs.closedLoop(i) && specs.submitTimeNs(i) != LAYER_SUBMITS;
  }

  /** Job indices (ascending) ordered by submission time, then index. */
  private int[] bySubmission(int[] indices) {
    boolean sorted = true;
    for (int p = 1; p < indices.length && sorted; p++) {
      sorted = specs.submitTimeNs(indices[p - 1]) <= specs.submitTimeNs(indices[p]);
    }
    if (sorted) {
      return indices;
    }
    return Arrays.stream(indices).boxed()
        .sorted(Comparator.comparingLong((Integer i) -> specs.submitTimeNs(i))
            .thenComparingInt(i -> i))
        .mapToInt(Integer::intValue).toArray();
  }

  /** Counts every job's declared dependencies and lists each job's dependants. */
  private void linkDeclaredDependencies() {
    int n = specs.size();
    dependents = new int[n][];
    Map<Long, Integer> indexById = new HashMap<>();
    for (int i = 0; i < n; i++) {
      indexById.put(specs.id(i), i);
    }
    int[] count = new int[n];
    for (int j = 0; j < n; j++) {
      for (int k = 0; k < specs.dependencyCount(j); k++) {
        count[indexById.get(specs.dependency(j, k))]++;
      }
    }
    for (int j = 0; j < n; j++) {
      for (int k = 0; k < specs.dependencyCount(j); k++) {
        int d = indexById.get(specs.dependency(j, k));
        if (dependents[d] == null) {
          dependents[d] = new int[count[d]];
          count[d] = 0;
        }
        dependents[d][count[d]++] = j;
        dependenciesLeft[j]++;
      }
    }
  }

  /** Whether job {@code next} declares a dependency on job {@code previous}. */
  private boolean followsDeclared(int previous, int next) {
    if (next >= workloadJobs) {
      return false; // an application's job declares none
    }
    long id = specs.id(previous);
    for (int k = 0; k < specs.dependencyCount(next); k++) {
      if (specs.dependency(next, k) == id) {
        return true;
      }
    }
    return false;
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
  public java.util.Set<String> queueIds() {
    return queueById.keySet();
  }

  /** One policy engine per hardware engine the workload uses. */
  java.util.Collection<PolicyEngine> engines() {
    return engines.values();
  }

  /** Whether a suspension above launch level or a job hold was ever used (placement may skip). */
  @Override
  public boolean holdsUsed() {
    return holdsUsed;
  }

  /** Where jobs an application submits are reported, with their index. */
  void observeApplicationJobs(java.util.function.ObjIntConsumer<Job> observer) {
    applicationJobs = observer;
  }

  /** The job of this index while the launcher holds it (submitted, unfinished), else null. */
  SimJob job(int index) {
    return jobs[index];
  }

  /** Jobs of the run (the workload's and the applications'). */
  int size() {
    return size;
  }

  /** Jobs not finished yet. */
  int unfinished() {
    return unfinished;
  }

  /** Jobs whose state the launcher holds now. */
  int held() {
    return held;
  }

  /**
   * The job to name when a run ends with jobs unfinished: a READY one (its policy never selected
   * it) rather than one that merely waits behind it, else the first unfinished (as it would have
   * been if it was never submitted).
   */
  SimJob stuckJob() {
    int first = finished.nextClearBit(0);
    return java.util.Arrays.stream(jobs).filter(j -> j != null && j.state == JobState.READY)
        .findFirst().orElseGet(() -> jobs[first] != null ? jobs[first] : materialize(first));
  }

  /** Creates the engine's state of job {@code i}, when it is submitted or scheduled to be. */
  SimJob materialize(int i) {
    Job job = specs.get(i);
    SimQueue queue = queueById.get(job.queueId());
    int credits = Math.min(job.credits(), run.options.creditLimit());
    SimJob simJob = new SimJob(job, i, queue, credits,
        sms.sharedNeed(job.kernel().sharedMemoryPerBlock()), run.blocks);
    simJob.program = programs[i];
    simJob.nominalNs = simJob.program.durationNs();
    programs[i] = null;
    jobs[i] = simJob;
    held++;
    return simJob;
  }

  /**
   * Schedules the applications' starts (at time 0, before the workload's first arrival, in the
   * run's order of applications), the first arrival and every timed action.
   */
  void start() {
    engineList = engines.values().toArray(new PolicyEngine[0]);
    for (ApplicationHost application : applications) {
      run.events.push(0, new Events.ApplicationStart(application), 0);
    }
    scheduleNextArrival();
    for (QueueAction action : actions) {
      run.events.push(action.timeNs(), new Events.ActionDue(action), 0);
    }
    for (int i = 0; i < workloadJobs; i++) {
      if (specs.preparationNs(i) > 0 && arrives(i)) {
        announcePreparation(i, 0, specs.submitTimeNs(i));
      }
    }
  }

  /**
   * Queues the hint that job {@code i}'s preparation starts: {@code preparationNs} before its
   * submission at {@code submitNs}, but not before {@code earliestNs}.
   */
  private void announcePreparation(int i, long earliestNs, long submitNs) {
    long startNs = Math.max(earliestNs, submitNs - specs.preparationNs(i));
    run.events.push(startNs, new Events.ActionDue(new QueueAction.Prepare(startNs,
        specs.queueId(i), submitNs - startNs)), 0);
  }

  void arrive() {
    submit(materialize(arrivals[arrivalCursor++]));
    scheduleNextArrival();
  }

  private void scheduleNextArrival() {
    if (arrivalCursor < arrivals.length) {
      run.events.push(Math.max(run.now(), specs.submitTimeNs(arrivals[arrivalCursor])),
          Events.ARRIVAL, 0);
    }
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
    SimJob job = jobs[queue.order[queue.head]];
    if (job == null || !job.submitted || dependenciesLeft[job.index] > 0) {
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
    unfinished--;
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
    jobs[job.index] = null;
    held--;
    finished.set(job.index);
    int[] declared = dependents == null || job.index >= workloadJobs ? null
        : dependents[job.index]; // an application's job has no dependants
    if (declared != null) {
      dependents[job.index] = null;
      for (int d : declared) {
        release(d);
      }
    }
    int next = job.queuePos + 1;
    if (job.queue.spec.serial() && next < job.queue.orderSize
        && !followsDeclared(job.index, job.queue.order[next])) {
      release(job.queue.order[next]);
    }
    tryReady(job.queue); // its launch window has room again
    checkQuiet(job.queue);
    if (job.queue.application != null) {
      job.queue.application.finished(job); // after the engine's own accounting
    }
  }

  /**
   * Appends a job an application submits now: the next id above the workload's, its program
   * instrumented once per distinct kernel (after the fits-on-an-SM check), one credit; in a
   * serial queue it waits for the queue's previous job to finish.
   *
   * @return its id
   * @throws IllegalArgumentException if the kernel's block fits no SM of the device
   */
  @Override
  public long submitFromApplication(SimQueue queue, org.preemptlab.api.application.JobRequest request) {
    Kernel kernel = request.kernel();
    long id = nextApplicationId;
    Job job = new Job(id, queue.spec.id(), run.now(), 1, List.of(), request.deadlineNs(), 0,
        kernel);
    BlockProgram program = applicationPrograms.get(kernel);
    if (program == null) {
      try {
        checkFits(job);
      } catch (org.preemptlab.api.ConfigurationException e) {
        throw new IllegalArgumentException(e.getMessage(), e);
      }
      try {
        program = instrumented(kernel);
      } catch (RuntimeException e) {
        throw new ApplicationHost.EngineSide(e);
      }
      applicationPrograms.put(kernel, program);
    }
    nextApplicationId++;
    int index = size++;
    if (index == jobs.length) {
      int capacity = Math.max(16, jobs.length + (jobs.length >> 1));
      jobs = Arrays.copyOf(jobs, capacity);
      dependenciesLeft = Arrays.copyOf(dependenciesLeft, capacity);
    }
    SimJob simJob = new SimJob(job, index, queue, 1,
        sms.sharedNeed(kernel.sharedMemoryPerBlock()), run.blocks);
    simJob.program = program;
    simJob.nominalNs = program.durationNs();
    jobs[index] = simJob;
    held++;
    unfinished++;
    if (queue.spec.serial() && queue.orderSize > 0
        && !finished.get(queue.order[queue.orderSize - 1])) {
      dependenciesLeft[index] = 1; // released when the previous job of its queue finishes
    }
    queue.append(index);
    try {
      if (applicationJobs != null) {
        applicationJobs.accept(job, index);
      }
      submit(simJob);
    } catch (RuntimeException e) {
      throw new ApplicationHost.EngineSide(e);
    }
    return id;
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

  /** Submits job {@code i}, which waits for a layer ({@link #LAYER_SUBMITS}), now. */
  void submitFromLayer(int i) {
    checkState(specs.submitTimeNs(i) == LAYER_SUBMITS && jobs[i] == null
        && !finished.get(i), "job %s is not a job waiting for its layer to submit it",
        specs.id(i));
    submit(materialize(i));
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

  /** One dependency of job {@code d} finished: submits or offers it if it was the last. */
  private void release(int d) {
    if (--dependenciesLeft[d] == 0) {
      if (jobs[d] != null) {
        jobs[d].releasedNs = run.now(); // submitted and waiting: its launch may already be under way
      }
      if (d >= workloadJobs) {
        tryReady(jobs[d].queue); // an application's job, waiting for its queue's previous one
      } else if (specs.closedLoop(d)) {
        SimJob job = materialize(d);
        long at = Math.max(job.job.submitTimeNs(), run.now() + job.job.thinkTimeNs());
        if (job.job.preparationNs() > 0) {
          announcePreparation(d, run.now(), at);
        }
        run.events.push(at, new Events.Submit(job), 0);
      } else {
        tryReady(queueById.get(specs.queueId(d)));
      }
    }
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

  /** The preemption-point strategy's program for {@code kernel}, never null. */
  private BlockProgram instrumented(Kernel kernel) {
    return PluginReturns.notNull(run.plugins.preemption().instrument(kernel, kernel.program(),
        run.device), org.preemptlab.api.PluginKind.PREEMPTION_STRATEGY, "preemption strategy '"
        + run.plugins.preemptionId() + "'", run.plugins.preemption(), "instrument");
  }

}
