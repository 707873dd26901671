package org.preemptlab.engine;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;

/**
 * Runs one workload on one device with one set of plugins: the discrete-event model of DESIGN.md §3.
 *
 * <p>The engine is in parts, each owning one mechanism: the {@link Launcher} (a job's life from
 * submission to launch and finish, launch windows, credits and queue actions), the {@link
 * BlockScheduler} (placement of launched jobs' blocks on SMs), the {@link Preemptor} (preemption
 * requests, stop points, saves and flushes), the {@link TimeSlicer} (contexts that take turns on
 * the device) and the accounting in {@link #result(JobTable)}. Events are typed ({@link Event}); each knows
 * the part that handles it. At each instant every event is applied first, then the engines'
 * policies dispatch, then blocks are placed; this repeats while events remain at the instant.
 *
 * <p>A simulator runs once; create a new one per run.
 */
public final class Simulator {
  /** The clock, event queue, signals, options and costs every part shares. */
  private final RunServices run;
  private final DeviceSpec device;
  private final RunPlugins plugins;
  private final EventQueue events;
  private final SmArray sms;
  private final Launcher launcher;
  private final BlockScheduler blocks;
  private final Preemptor preemptor;
  private final TimeSlicer slicer;
  /** Contention for memory bandwidth and SM issue slots, or null when the model has neither. */
  private final Contention contention;
  /** A scheduler layer above the launcher (the DRM scheduler), or null: one check per instant. */
  private EngineLayer layer;
  private boolean ran;
  /**
   * The finished jobs' records, by workload index, filled as they finish; null when they go to
   * {@link #sink} instead.
   */
  private JobTable.Builder records;
  /** Where finished jobs' records go instead of {@link #records}, or null. */
  private JobRecordSink sink;
  /** The workload's number of jobs (applications append theirs during the run). */
  private final int jobCount;
  /** When the last job so far finished. */
  private long makespan;
  /** The workload's contexts, in its order. */
  private final List<SimContext> contexts;
  /** The hosts of the run's applications, in order. */
  private final List<ApplicationHost> hosts;
  /** The heap the applications' job limits assume: the JVM's, unless a test sets one. */
  private long heapBytes = ApplicationHost.jvmHeapBytes();
  /** How many contexts have queues (time slicing needs two). */
  private final long contextsWithQueues;

  /**
   * Prepares a run and checks the workload against the device before anything is simulated.
   *
   * @throws ConfigurationException if a kernel's block cannot fit on an empty SM
   */
  public Simulator(Workload workload, HardwareModel hardware, RunPlugins plugins,
      EngineOptions options) {
    this(workload, List.of(), hardware, plugins, options);
  }

  /**
   * Prepares a run of a workload and applications that submit jobs while it goes on (DESIGN.md
   * §3.6). Each application's contexts and queues must be among the workload's (the run's
   * configuration adds them: {@code experiment.ApplicationSetup}); its jobs are appended after the
   * workload's, with ids above every workload id, in the order they are submitted.
   *
   * @throws ConfigurationException if a kernel's block cannot fit on an empty SM
   * @throws IllegalArgumentException if an application's queue is not in the workload, or two
   *     applications declare one queue
   * @throws ApplicationFailure if an application's {@code observesStarts()} throws
   */
  public Simulator(Workload workload, List<RunApplication> applications, HardwareModel hardware,
      RunPlugins plugins, EngineOptions options) {
    this.run = new RunServices(hardware, plugins, options);
    this.device = run.device;
    this.plugins = plugins;
    this.events = run.events;
    this.sms = new SmArray(device);
    this.contention = hardware.contention().isEmpty() && hardware.issueSharing().isEmpty() ? null
        : new Contention(hardware.contention(), hardware.issueSharing(), device, events);
    this.contexts = new ArrayList<>();
    for (GpuContext context : workload.contexts()) {
      contexts.add(new SimContext(context, contexts.size()));
    }
    java.util.Set<String> workloadQueues = new java.util.HashSet<>();
    workload.queues().forEach(q -> workloadQueues.add(q.id()));
    java.util.Set<String> claimed = new java.util.HashSet<>();
    this.hosts = new ArrayList<>();
    for (RunApplication application : applications) {
      for (JobQueue queue : application.resources().queues()) {
        checkArgument(workloadQueues.contains(queue.id()), "%s: its queue '%s' is not in the "
            + "run's workload", application.name(), queue.id());
        checkArgument(claimed.add(queue.id()), "%s: queue '%s' belongs to another application",
            application.name(), queue.id());
      }
      hosts.add(new ApplicationHost(application, run));
    }
    // The parts, each given the shared services and the narrow interfaces of the parts it works
    // with; the launcher and placement tell each other of jobs, so they are connected once built.
    this.launcher = new Launcher(run, sms, workload, contexts, hosts, this::record);
    this.jobCount = workload.jobs().size();
    SchedulingPolicy first = launcher.engines().stream().findFirst()
        .map(engine -> engine.policy()).orElse(null);
    boolean blockedListeners = launcher.engines().stream()
        .anyMatch(engine -> overridesOnJobBlocked(engine.policy()));
    EventRuns runs = new EventRuns(run, options.aggregateBlocks() && contention == null);
    this.blocks = new BlockScheduler(run, sms, contention,
        first == null ? null : first.placementOrder(), blockedListeners, runs);
    this.preemptor = new Preemptor(run, sms, contention, blocks, runs);
    this.contextsWithQueues = workload.queues().stream().map(JobQueue::contextId).distinct()
        .count();
    this.slicer = new TimeSlicer(run, blocks, contexts,
        !device.concurrentContexts() && contextsWithQueues > 1, hardware.contextOrder());
    blocks.connect(launcher, preemptor);
    launcher.connect(blocks, preemptor, slicer);
  }

  private static boolean overridesOnJobBlocked(SchedulingPolicy policy) {
    try {
      return policy.getClass().getMethod("onJobBlocked", JobView.class, SchedulerView.class)
          .getDeclaringClass() != SchedulingPolicy.class;
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * Subscribes a listener to the run's signals (a timeline writer, a metric's collector); call
   * before {@link #run}. Every subscriber gets every signal, in the order they subscribed. Without
   * one the engine skips all observation work.
   */
  public Simulator listen(EngineListener listener) {
    run.subscribe(java.util.Objects.requireNonNull(listener, "listener"));
    if (EngineSignals.observesBlocks(listener)) {
      sms.trackSlots(); // slots reach only the per-block signals
    }
    return this;
  }

  /**
   * Limits the applications' jobs as if the JVM's heap were {@code bytes} (tests of the limit).
   */
  Simulator assumeHeap(long bytes) {
    this.heapBytes = bytes;
    return this;
  }

  /**
   * Hands each finished job's record to {@code sink} as the job finishes, instead of keeping it:
   * the result's {@link SimulationResult#jobs()} is then empty, and the engine keeps nothing of a
   * finished job (memory per job). Call before {@link #run}.
   */
  public Simulator streamJobs(JobRecordSink sink) {
    this.sink = java.util.Objects.requireNonNull(sink, "sink");
    return this;
  }

  /**
   * Tells {@code observer} of each job an application submits, with its index (after the
   * workload's), before the job is submitted: the isolated runs that measure an application job
   * alone (slowdown) learn its kernel so. Call before {@link #run}.
   */
  public Simulator observeApplicationJobs(java.util.function.ObjIntConsumer<Job> observer) {
    launcher.observeApplicationJobs(java.util.Objects.requireNonNull(observer, "observer"));
    return this;
  }

  /**
   * Adds a scheduler layer above the launcher (the DRM scheduler layer of {@code engine.drm}); call
   * before {@link #run}. The layer's events run on this engine's event queue and the layer gets its
   * per-instant step ({@link EngineLayer}). The layer decides which of its jobs reach the hardware
   * and reports them itself: the run's result then has no job rows.
   */
  public Simulator withLayer(EngineLayer layer) {
    this.layer = layer;
    return this;
  }

  /**
   * Shares the device in space as {@code sharing} says (MPS, MIG, green contexts; DESIGN.md §3.5):
   * each queue is confined to its partition (its own, else its context's), contexts share SMs
   * instead of taking turns when the sharing says so, and below-normal MPS clients are served after
   * normal ones. Call before {@link #run}.
   *
   * @throws IllegalArgumentException if the sharing names a context or queue the workload does not
   *     have, or a partition holds no SM of the device
   */
  public Simulator withSharing(SpatialSharing sharing) {
    checkState(!ran, "withSharing must be called before run");
    java.util.Set<String> contextIds = new java.util.HashSet<>();
    for (SimContext context : contexts) {
      contextIds.add(context.spec.id());
      context.clientRank = sharing.belowNormalContexts().contains(context.spec.id()) ? 1 : 0;
    }
    for (String id : sharing.contextPartitions().keySet()) {
      checkArgument(contextIds.contains(id), "sharing names context '%s', which the workload "
          + "does not have", id);
    }
    for (String id : sharing.belowNormalContexts()) {
      checkArgument(contextIds.contains(id), "sharing names context '%s', which the workload "
          + "does not have", id);
    }
    for (String id : sharing.queuePartitions().keySet()) {
      checkArgument(launcher.queue(id) != null, "sharing names queue '%s', which the "
          + "workload does not have", id);
    }
    for (SimQueue queue : launcher.queues()) {
      org.preemptlab.api.policy.SmSet partition = sharing.queuePartitions().get(queue.spec.id());
      if (partition == null) {
        partition = sharing.contextPartitions().get(queue.spec.contextId());
      }
      checkArgument(partition == null || blocks.checkSmSet(partition) == null,
          "queue '%s': its partition %s holds no SM of '%s'", queue.spec.id(), partition,
          device.name());
      queue.partition = partition;
    }
    for (String id : sharing.isolationGroups().keySet()) {
      checkArgument(contextIds.contains(id), "sharing names context '%s', which the workload "
          + "does not have", id);
    }
    for (SimContext context : contexts) {
      String group = sharing.isolationGroups().get(context.spec.id());
      context.launchPeers = group == null ? null : contexts.stream()
          .filter(c -> group.equals(sharing.isolationGroups().get(c.spec.id())))
          .toArray(SimContext[]::new);
    }
    if (sharing.neutralClientOrder()) {
      blocks.orderClientsNeutrally();
    }
    if (sharing.contextsShareSms() != null) {
      slicer.setSlicing(!sharing.contextsShareSms() && contextsWithQueues > 1);
    }
    return this;
  }

  /**
   * Shares device-memory bandwidth by {@code domains} (for example one domain per MIG instance)
   * instead of the whole device as one ({@link MemoryDomains#wholeDevice}, the default); call
   * before {@link #run}. Without a contention model in the hardware model it changes nothing.
   */
  public Simulator withMemoryDomains(MemoryDomains domains) {
    java.util.Objects.requireNonNull(domains, "domains");
    checkState(!ran, "memory domains are set before the run");
    if (contention != null) {
      contention.useDomains(domains);
    }
    return this;
  }

  /** The current simulated time in ns, for a layer. */
  public long now() {
    return run.now();
  }

  /**
   * Queues a layer's event at {@code timeNs}, after every event already queued for that instant.
   *
   * @throws IllegalArgumentException if {@code timeNs} is before now
   */
  public void schedule(long timeNs, Event event) {
    checkArgument(timeNs >= run.now(), "event at %s ns is before now (%s ns)", timeNs,
        run.now());
    events.push(timeNs, event, 0);
  }

  /**
   * Submits a job that waits for a layer (its submit time is {@link Long#MAX_VALUE}, so it never
   * arrives by time): the DRM scheduler layer's {@code run_job} on SM hardware.
   *
   * @param index the job's position in the workload's job list
   * @throws IllegalStateException if the job does not wait for a layer or was submitted before
   */
  public void submitFromLayer(int index) {
    launcher.submitFromLayer(index);
  }

  /**
   * Resets a launched job (a DRM timeout's reset): its resident blocks leave their SMs without
   * re-running and free their resources, its other blocks are never placed, and it finishes now.
   * Under time slicing, blocks that a context switch is saving leave at once as well, and blocks a
   * switch has saved are never restored.
   *
   * @param index the job's position in the workload's job list
   * @throws IllegalStateException if the job is not dispatched and unfinished, or a preemption of
   *     one of its blocks is under way
   */
  public void abortJob(int index) {
    SimJob job = launcher.job(index);
    checkState(job != null && job.inFlight(), "job index %s is %s, not launched and unfinished",
        index, job == null ? "not submitted or finished" : job.state);
    for (int i = 0; i < job.resident.size(); i++) {
      checkState(job.resident.get(i).preemption == null, "%s is being preempted", job);
    }
    launcher.abort(job);
  }

  /**
   * Runs the simulation to the end.
   *
   * @throws InvariantViolationException if a plugin breaks a rule of the model
   * @throws CancellationException if the running thread is interrupted (a sweep's run timeout);
   *     checked every 65,536 events
   * @throws IllegalStateException if called twice
   */
  public SimulationResult run() {
    if (ran) {
      throw new IllegalStateException("a Simulator runs once; create a new one");
    }
    ran = true;
    if (sink == null) {
      records = JobTable.Builder.ofRows(jobCount);
    }
    // Each application may submit as many jobs as the heap holds at what a job keeps to the end.
    int bytesPerJob = Limits.APPLICATION_JOB_BYTES + (sink == null ? Limits.KEPT_RECORD_BYTES : 0);
    for (ApplicationHost host : hosts) {
      host.limitJobs(heapBytes, bytesPerJob);
    }
    launcher.start();
    if (layer != null) {
      layer.start(this);
    }
    while (true) {
      long next = events.isEmpty() ? Long.MAX_VALUE : events.peekTime();
      if (layer != null) {
        next = layer.nextInstant(next);
      }
      if (next == Long.MAX_VALUE) {
        break;
      }
      runInstant(next);
    }
    if (layer == null) {
      checkAllFinished();
    }
    // A layer decides which of its jobs ever reach the hardware, and reports its jobs itself.
    return result(layer == null && sink == null ? records.build() : JobTable.empty());
  }

  /**
   * Applies every event of the instant, then lets a layer take its step, dispatches and places,
   * until no event is left at that instant; a layer's own work of the instant then runs and
   * the instant settles again. A method of its own, called once per instant, so that the JIT compiles it as a
   * whole from a full profile even in a single long run (instead of only on-stack replacing the
   * run loop half-way through its first call).
   */
  private void runInstant(long time) {
    run.startInstant(time);
    do {
      do {
        while (!events.isEmpty() && events.peekTime() == time) {
          Event event = events.peekEvent();
          int gen = events.peekGen();
          events.pop();
          run.countEvent();
          event.fire(this, gen);
        }
        if (layer != null) {
          layer.afterEvents(); // may submit jobs, which the launcher then dispatches
        }
        launcher.dispatchAll();
        placeBlocks();
      } while (!events.isEmpty() && events.peekTime() == time);
    } while (layer != null && layer.resume());
    if (contention != null) {
      contention.settle(time); // the instant's residency is final: new rates, moved completions
    }
  }

  /**
   * Places blocks: while contexts take turns, the time slicer first starts a slice or a switch,
   * and only the active context's jobs are placed (none during a switch).
   */
  private void placeBlocks() {
    if (!slicer.slicing()) {
      blocks.placeAll(null);
      return;
    }
    slicer.manage();
    if (!slicer.switching()) {
      blocks.placeAll(slicer.active());
    }
  }

  private void checkAllFinished() {
    if (launcher.unfinished() == 0) {
      return;
    }
    SimJob stuck = launcher.stuckJob();
    String why = stuck.state == JobState.READY
        ? ", but policy '" + plugins.policyId() + "' never selected it"
        : stuck.queue.suspension != null ? ", and its queue was never resumed"
        : stuck.heldBack() ? ", held back and never resumed" : "";
    throw new InvariantViolationException("the run ended with " + launcher.unfinished() + " of "
        + launcher.size() + " jobs unfinished; e.g. " + stuck + " is " + stuck.state + why);
  }

  // ---- accounting ----

  /** A job finished: its record goes into the result's columns or to the sink (memory per job). */
  void record(SimJob job) {
    makespan = Math.max(makespan, job.finishNs);
    JobQueue queue = job.queue.spec;
    JobRecord record = new JobRecord(job.job.id(), queue.id(), queue.contextId(),
        queue.priority(), queue.engine(), job.kernel.name(), job.kernel.gridBlocks(), job.submitNs,
        job.readyNs, job.dispatchNs, job.firstStartNs, job.finishNs, job.preemptions,
        job.bytesSaved, job.bytesRestored, job.lostWorkNs, job.job.deadlineNs());
    if (sink == null) {
      if (job.index >= records.rows()) {
        records.growRows(job.index + 1); // an application's job, appended during the run
      }
      records.set(job.index, record);
    } else {
      sink.finished(job.index, record);
    }
  }

  private SimulationResult result(JobTable jobRows) {
    List<PreemptionRecord> preemptionRecords = new ArrayList<>(preemptor.preemptions().size());
    for (Preemption preemption : preemptor.preemptions()) {
      preemptionRecords.add(preemption.toRecord());
    }
    preemptionRecords.sort(Comparator.comparingLong(PreemptionRecord::requestNs)
        .thenComparingLong(PreemptionRecord::victimJobId));
    double busy = makespan == 0 ? 0
        : (double) sms.busyArea(makespan) / ((double) makespan * sms.count());
    return new SimulationResult(jobRows, preemptionRecords, makespan, busy,
        slicer.contextSwitches(), run.eventCount(), blocks.blocksExecuted(),
        launcher.queueActions().suspensions(),
        run.decisions.toRecord(layer == null));
  }

  /**
   * Jobs finished so far, for a progress display on another thread: a plain read,
   * monotone and possibly a little stale; never part of the results.
   */
  public int finishedJobs() {
    return launcher.size() - launcher.unfinished();
  }

  /**
   * Jobs whose engine state this simulator holds: those submitted (or scheduled to be) and not
   * finished; 0 after a run. A measure of memory, for {@code bench --memory} and tests; never part
   * of the results.
   */
  public int heldJobs() {
    return launcher.held();
  }

  /**
   * Block completions the contention model has moved so far (each a change of a class's rate
   * re-queueing one running block); 0 without contention. A measure of the model's cost, for
   * {@code bench --contention}; never part of the results.
   */
  public long movedCompletions() {
    return contention == null ? 0 : contention.blocksMoved();
  }

  /**
   * Blocks that completed as members of a group, without an event of their own, and members
   * that a split gave their own event ({@link EngineOptions#aggregateBlocks()}): how much the
   * aggregation saved and undid. A measure of the engine's work for {@code bench} and tests;
   * never part of the results.
   */
  public Aggregation aggregation() {
    return new Aggregation(blocks.groupedCompletions(), blocks.splitMembers(),
        blocks.resumedMembers(), preemptor.runs().blockMembers(), preemptor.runs().saveMembers());
  }

  /**
   * What block aggregation did in a run.
   *
   * @param groupedBlocks blocks that completed as members of a group, without an event of their
   *     own
   * @param splitBlocks members that a split gave their own event
   * @param resumedMembers blocks that joined a group as they resumed where a preemption stopped
   *     them (with progress from an earlier residency)
   * @param blockEventsInRuns block events (preempted blocks' stop points and flushes, split
   *     groups' members' completions) settled as a later member of a run of such events at one
   *     instant, without a queued entry of their own
   * @param savesInRuns preempted blocks' saves written settled as a later member of a run at one
   *     instant, without a queued entry of their own
   */
  public record Aggregation(long groupedBlocks, long splitBlocks, long resumedMembers,
      long blockEventsInRuns, long savesInRuns) {}

  // ---- routing: each event is handled by the part that owns its mechanism ----

  Launcher launcher() {
    return launcher;
  }

  BlockScheduler blocks() {
    return blocks;
  }

  Preemptor preemptor() {
    return preemptor;
  }

  TimeSlicer slicer() {
    return slicer;
  }
}
