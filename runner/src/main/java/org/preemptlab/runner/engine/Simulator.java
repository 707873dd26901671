package org.preemptlab.runner.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.random.RandomGenerator;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.SaveKind;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.preemption.BlockAction;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.StopPoint;

/**
 * Runs one workload on one device with one set of plugins: the discrete-event model of DESIGN.md §3.
 *
 * <p>A job moves submitted → ready (dependencies met, previous job of its queue dispatched) → held
 * by its engine's policy → dispatched (credits taken, launch latency) → running (blocks placed on
 * SMs as occupancy allows) → finished (credits returned, dependants released). The hardware block
 * scheduler serves dispatched kernels in order of queue priority, then dispatch order; it places
 * each block on the SM that can hold it with the most free thread slots (lowest index on ties), and
 * stops at the first block that fits nowhere. At each instant every event is applied first, then
 * the engines dispatch, then blocks are placed.
 *
 * <p>A simulator runs once; create a new one per run.
 */
public final class Simulator {
  private static final int ARRIVAL = 0;
  private static final int SUBMIT = 1;
  private static final int LAUNCHED = 2;
  private static final int BLOCK_EVENT = 3;
  private static final int SAVE_DONE = 4;
  private static final int TIMER = 5;
  private static final int SLICE_END = 6;
  private static final int SWITCH_DONE = 7;
  /** More events than this at one instant means the simulation no longer advances. */
  static final long MAX_EVENTS_PER_INSTANT = 10_000_000;

  private final HardwareModel hardware;
  private final DeviceSpec device;
  /** The hardware model's cost stream for this simulation (issue 11). */
  private final RandomGenerator costs;
  private final RunPlugins plugins;
  private final EngineOptions options;
  private final SimJob[] jobs;
  private final SimJob[] arrivals;
  private final List<ContextState> contexts = new ArrayList<>();
  private final Map<EngineKind, EngineState> engines = new EnumMap<>(EngineKind.class);
  private final EventQueue events = new EventQueue();
  private final SmArray sms;
  private final TreeSet<SimJob> placementOrder = new TreeSet<>(
      Comparator.<SimJob>comparingInt(j -> j.queue.spec.priority().ordinal())
          .thenComparingLong(j -> j.dispatchSeq));
  private final LinkedHashSet<SimJob> residentJobs = new LinkedHashSet<>();
  private final List<SimJob> newlyBlocked = new ArrayList<>();
  private final List<Preemption> preemptions = new ArrayList<>();
  private final boolean slicing;

  private long now;
  private int arrivalCursor;
  private long nextDispatchSeq;
  private int unfinished;
  private long eventCount;
  private long blocksExecuted;
  private boolean ran;

  private EngineListener listener;
  private SimJob blockedJobInCallback;
  private ContextState active;
  private boolean switching;
  private boolean sliceArmed;
  private int sliceGen;
  private long activeSinceNs;
  private int contextSwitches;

  /**
   * Prepares a run and checks the workload against the device before anything is simulated.
   *
   * @throws ConfigurationException if a kernel's block cannot fit on an empty SM
   */
  public Simulator(Workload workload, HardwareModel hardware, RunPlugins plugins,
      EngineOptions options) {
    this.hardware = hardware;
    this.device = hardware.device();
    this.costs = hardware.newCostStream();
    this.plugins = plugins;
    this.options = options;
    this.sms = new SmArray(device);

    Map<String, ContextState> contextById = new HashMap<>();
    for (GpuContext context : workload.contexts()) {
      ContextState state = new ContextState(context, contexts.size());
      contexts.add(state);
      contextById.put(context.id(), state);
    }
    Map<String, QueueState> queueById = new LinkedHashMap<>();
    for (JobQueue queue : workload.queues()) {
      EngineState engine = engines.computeIfAbsent(queue.engine(), this::newEngine);
      ContextState context = contextById.get(queue.contextId());
      QueueState state = new QueueState(queue, context, engine);
      queueById.put(queue.id(), state);
      if (context.topQueue == null
          || queue.priority().isHigherThan(context.topQueue.spec.priority())) {
        context.topQueue = state;
      }
    }

    List<Job> specs = workload.jobs();
    jobs = new SimJob[specs.size()];
    Map<Long, Integer> indexById = new HashMap<>();
    // PreemptionPointStrategy.instrument is called once per kernel (it may depend on the kernel's
    // shape), so the cache is keyed by kernel, not by program: kernels may share a program.
    IdentityHashMap<Kernel, BlockProgram> instrumented = new IdentityHashMap<>();
    for (int i = 0; i < jobs.length; i++) {
      Job job = specs.get(i);
      QueueState queue = queueById.get(job.queueId());
      checkFits(job);
      int credits = Math.min(job.credits(), options.creditLimit());
      SimJob sim = new SimJob(job, i, queue, credits,
          sms.sharedNeed(job.kernel().sharedMemoryPerBlock()));
      BlockProgram program = instrumented.computeIfAbsent(job.kernel(),
          k -> plugins.preemption().instrument(k, k.program(), device));
      sim.program = program;
      sim.nominalNs = program.durationNs();
      jobs[i] = sim;
      indexById.put(job.id(), i);
      queue.jobs.add(sim);
    }
    for (QueueState queue : queueById.values()) {
      queue.jobs.sort(Comparator.comparingLong((SimJob j) -> j.job.submitTimeNs())
          .thenComparingInt(j -> j.index));
    }
    linkDependencies(queueById.values(), indexById);

    List<SimJob> open = new ArrayList<>();
    for (SimJob job : jobs) {
      if (!isClosedLoop(job)) {
        open.add(job);
      }
    }
    open.sort(Comparator.comparingLong((SimJob j) -> j.job.submitTimeNs())
        .thenComparingInt(j -> j.index));
    arrivals = open.toArray(new SimJob[0]);
    unfinished = jobs.length;

    long contextsWithQueues = queueById.values().stream().map(q -> q.context).distinct().count();
    slicing = !device.concurrentContexts() && contextsWithQueues > 1;
  }

  private EngineState newEngine(EngineKind kind) {
    return new EngineState(kind, options.creditLimit());
  }

  private static boolean isClosedLoop(SimJob job) {
    return job.job.thinkTimeNs() > 0 && !job.job.dependencies().isEmpty();
  }

  private void checkFits(Job job) {
    Kernel k = job.kernel();
    SmSpec sm = device.sm();
    String where = "job " + job.id() + " (queue '" + job.queueId() + "', kernel '" + k.name()
        + "'): a block needs ";
    String on = " but an SM of '" + device.name() + "' holds at most ";
    if (k.threadsPerBlock() > sm.maxThreads()) {
      throw new ConfigurationException(where + k.threadsPerBlock() + " threads" + on
          + sm.maxThreads());
    }
    if (k.registersPerBlock() > sm.registers()) {
      throw new ConfigurationException(where + k.registersPerBlock() + " registers ("
          + k.registersPerThread() + " x " + k.threadsPerBlock() + " threads)" + on
          + sm.registers());
    }
    long shared = (long) k.sharedMemoryPerBlock() + sm.sharedMemoryReservedPerBlock();
    if (shared > sm.sharedMemoryBytes()) {
      throw new ConfigurationException(where + shared + " bytes of shared memory (including "
          + sm.sharedMemoryReservedPerBlock() + " reserved)" + on + sm.sharedMemoryBytes());
    }
  }

  private void linkDependencies(Iterable<QueueState> queues, Map<Long, Integer> indexById) {
    List<List<Integer>> dependents = new ArrayList<>();
    for (int i = 0; i < jobs.length; i++) {
      dependents.add(new ArrayList<>());
    }
    for (SimJob job : jobs) {
      for (long dependency : job.job.dependencies()) {
        dependents.get(indexById.get(dependency)).add(job.index);
        job.dependenciesLeft++;
      }
    }
    for (QueueState queue : queues) {
      if (!queue.spec.serial()) {
        continue;
      }
      for (int i = 1; i < queue.jobs.size(); i++) {
        SimJob previous = queue.jobs.get(i - 1);
        SimJob job = queue.jobs.get(i);
        if (!job.job.dependencies().contains(previous.job.id())) {
          dependents.get(previous.index).add(job.index);
          job.dependenciesLeft++;
        }
      }
    }
    for (int i = 0; i < jobs.length; i++) {
      jobs[i].dependents = dependents.get(i).stream().mapToInt(Integer::intValue).toArray();
    }
  }

  /**
   * Registers a listener that observes the run (for example a timeline writer); call before {@link
   * #run}. Without one the engine skips all observation work.
   */
  public Simulator listen(EngineListener listener) {
    this.listener = listener;
    sms.trackSlots();
    return this;
  }

  /**
   * Runs the simulation to the end.
   *
   * @throws InvariantViolationException if a plugin breaks a rule of the model
   * @throws java.util.concurrent.CancellationException if the running thread is interrupted (a
   *     sweep's run timeout); checked every 65,536 events
   * @throws IllegalStateException if called twice
   */
  public SimulationResult run() {
    if (ran) {
      throw new IllegalStateException("a Simulator runs once; create a new one");
    }
    ran = true;
    scheduleNextArrival();
    while (!events.isEmpty()) {
      now = events.peekTime();
      long instantEnd = eventCount + MAX_EVENTS_PER_INSTANT;
      do {
        while (!events.isEmpty() && events.peekTime() == now) {
          processHead();
          if (eventCount > instantEnd) {
            throw new InvariantViolationException("more than " + MAX_EVENTS_PER_INSTANT
                + " events at simulated time " + now + " ns: the run makes no progress (does "
                + "policy '" + plugins.policyId() + "' keep asking for a timer at the same "
                + "instant?)");
          }
        }
        dispatchAll();
        placeBlocks();
      } while (!events.isEmpty() && events.peekTime() == now);
    }
    if (unfinished > 0) {
      // A READY job left over means its policy never selected it: name that job (and the policy)
      // rather than a job that merely waits behind it.
      SimJob stuck = Arrays.stream(jobs).filter(j -> j.state == JobState.READY).findFirst()
          .orElseGet(() -> Arrays.stream(jobs).filter(j -> j.state != JobState.FINISHED)
              .findFirst().orElseThrow());
      throw new InvariantViolationException("the run ended with " + unfinished + " of "
          + jobs.length + " jobs unfinished; e.g. " + stuck + " is " + stuck.state
          + (stuck.state == JobState.READY ? ", but policy '" + plugins.policyId()
              + "' never selected it" : ""));
    }
    return result();
  }

  private void processHead() {
    int kind = events.peekKind();
    Object payload = events.peekPayload();
    int gen = events.peekGen();
    events.pop();
    eventCount++;
    if ((eventCount & 0xFFFF) == 0 && Thread.currentThread().isInterrupted()) {
      throw new java.util.concurrent.CancellationException("run interrupted at simulated time "
          + now + " ns after " + eventCount + " events");
    }
    switch (kind) {
      case ARRIVAL -> {
        submit(arrivals[arrivalCursor++]);
        scheduleNextArrival();
      }
      case SUBMIT -> submit((SimJob) payload);
      case LAUNCHED -> launched((SimJob) payload);
      case BLOCK_EVENT -> {
        ResidentBlock block = (ResidentBlock) payload;
        if (EventQueue.sameGen(block.gen, gen)) {
          blockEvent(block);
        }
      }
      case SAVE_DONE -> saveDone((ResidentBlock) payload);
      case TIMER -> {
        EngineState engine = (EngineState) payload;
        engine.policy.onTimer(engine);
      }
      case SLICE_END -> {
        if (EventQueue.sameGen(sliceGen, gen)) {
          sliceArmed = false;
          ContextState next = nextContextWithWork();
          if (next != null && !switching) {
            startSwitch(next);
          }
        }
      }
      case SWITCH_DONE -> finishSwitch((SwitchPlan) payload);
      default -> throw new AssertionError(kind);
    }
  }

  private void scheduleNextArrival() {
    if (arrivalCursor < arrivals.length) {
      events.push(Math.max(now, arrivals[arrivalCursor].job.submitTimeNs()), ARRIVAL, null, 0);
    }
  }

  // ---- job life cycle ----

  private void submit(SimJob job) {
    job.submitted = true;
    job.submitNs = now;
    if (listener != null) {
      listener.jobSubmitted(now, job);
    }
    tryReady(job.queue);
  }

  private void tryReady(QueueState queue) {
    if (queue.readyJob != null || queue.head >= queue.jobs.size()) {
      return;
    }
    SimJob job = queue.jobs.get(queue.head);
    if (!job.submitted || job.dependenciesLeft > 0) {
      return;
    }
    queue.head++;
    queue.readyJob = job;
    job.state = JobState.READY;
    job.readyNs = now;
    queue.engine.ready++;
    reportLoad(queue.engine);
    queue.engine.policy.onJobReady(job, queue.engine);
  }

  private void dispatchAll() {
    for (EngineState engine : engines.values()) {
      while (true) {
        JobView choice = engine.policy.selectNext(engine);
        if (choice == null) {
          break;
        }
        SimJob job = own(choice, "selected");
        if (job.state != JobState.READY || job.queue.engine != engine) {
          throw new InvariantViolationException("policy '" + plugins.policyId() + "' selected "
              + job + " on engine " + engine.kind + ", but it is " + job.state
              + (job.queue.engine != engine ? " on engine " + job.queue.engine.kind : ""));
        }
        if (job.credits > engine.freeCredits()) {
          break;
        }
        dispatch(job, engine);
      }
    }
  }

  private void dispatch(SimJob job, EngineState engine) {
    job.state = JobState.DISPATCHED;
    job.dispatchNs = now;
    job.dispatchSeq = nextDispatchSeq++;
    engine.creditsInUse += job.credits;
    engine.dispatched.add(job);
    engine.ready--;
    if (listener != null) {
      listener.jobDispatched(now, job);
      reportLoad(engine);
    }
    engine.policy.onJobDispatched(job, engine);
    job.queue.readyJob = null;
    tryReady(job.queue);
    long launch = hardware.kernelLaunchNs(!residentJobs.isEmpty() || !placementOrder.isEmpty(),
        costs);
    if (launch == 0) {
      launched(job);
    } else {
      events.push(now + launch, LAUNCHED, job, 0);
    }
  }

  private void launched(SimJob job) {
    job.launched = true;
    enterPlacement(job);
  }

  private void enterPlacement(SimJob job) {
    if (job.launched && !job.inPlacementOrder && job.pendingBlocks() > 0) {
      job.inPlacementOrder = true;
      placementOrder.add(job);
      job.queue.context.pendingJobs++;
    }
  }

  private void finishJob(SimJob job) {
    job.state = JobState.FINISHED;
    job.finishNs = now;
    unfinished--;
    EngineState engine = job.queue.engine;
    engine.creditsInUse -= job.credits;
    engine.dispatched.remove(job);
    if (listener != null) {
      listener.jobFinished(now, job);
      reportLoad(engine);
    }
    engine.policy.onJobFinished(job, engine);
    for (int d : job.dependents) {
      SimJob dependant = jobs[d];
      if (--dependant.dependenciesLeft == 0) {
        if (isClosedLoop(dependant)) {
          long at = Math.max(dependant.job.submitTimeNs(), now + dependant.job.thinkTimeNs());
          events.push(at, SUBMIT, dependant, 0);
        } else {
          tryReady(dependant.queue);
        }
      }
    }
  }

  private void reportLoad(EngineState engine) {
    if (listener != null) {
      listener.engineLoad(now, engine.kind, engine.ready, engine.dispatched.size());
    }
  }

  // ---- block placement (the hardware block scheduler) ----

  private void placeBlocks() {
    if (slicing) {
      manageSlices();
      if (switching) {
        return;
      }
    }
    Iterator<SimJob> it = placementOrder.iterator();
    outer:
    while (it.hasNext()) {
      SimJob job = it.next();
      if (slicing && job.queue.context != active) {
        continue;
      }
      while (job.pendingBlocks() > 0) {
        int sm = sms.findBest(job.threads, job.registers, job.shared);
        if (sm < 0) {
          if (!job.blockedNotified) {
            job.blockedNotified = true;
            newlyBlocked.add(job);
          }
          break outer;
        }
        placeBlock(job, sm);
        job.blockedNotified = false;
      }
      it.remove();
      job.inPlacementOrder = false;
      job.queue.context.pendingJobs--;
    }
    if (!newlyBlocked.isEmpty()) {
      for (SimJob job : newlyBlocked) {
        EngineState engine = job.queue.engine;
        blockedJobInCallback = job; // preemptions requested now are on its behalf
        engine.policy.onJobBlocked(job, engine);
      }
      blockedJobInCallback = null;
      newlyBlocked.clear();
    }
  }

  private void placeBlock(SimJob job, int sm) {
    if (!job.awaitedPreemptions.isEmpty()) {
      for (Preemption preemption : job.awaitedPreemptions) {
        preemption.waiterPlacedNs = now;
      }
      job.awaitedPreemptions.clear();
    }
    SimJob.Resumable resume = job.resumables.pollFirst();
    int blockIndex;
    long realDuration;
    long realDone = 0;
    long restoreNs = 0;
    if (resume != null) {
      blockIndex = resume.blockIndex();
      realDuration = resume.realDurationNs();
      realDone = resume.realDoneNs();
      if (resume.restoreBytes() > 0) {
        restoreNs = hardware.restoreNs(resume.restoreBytes(), job.threads, SaveKind.PREEMPTION,
            costs);
        job.bytesRestored += resume.restoreBytes();
      }
    } else {
      blockIndex = job.nextFreshBlock++;
      realDuration = job.kernel.timing().durationNs(blockIndex, job.nominalNs);
      if (realDuration < 1) {
        throw new IllegalStateException("block " + blockIndex + " of " + job + " lasts "
            + realDuration + " ns");
      }
    }
    long start = now + device.costs().blockDispatchNs() + restoreNs;
    ResidentBlock block = new ResidentBlock(job, sm, blockIndex, realDuration, realDone, start);
    startResidency(block);
    if (listener != null && restoreNs > 0) {
      listener.contextRestored(sm, block.slot, job, blockIndex, start - restoreNs, start,
          resume.restoreBytes());
    }
  }

  private void startResidency(ResidentBlock block) {
    startResidency(block, false);
  }

  /** Makes a block resident; {@code allocated} says its SM resources are already taken. */
  private void startResidency(ResidentBlock block, boolean allocated) {
    SimJob job = block.job;
    if (!allocated) {
      sms.allocate(block.sm, job.threads, job.registers, job.shared, now);
    }
    block.slot = sms.takeSlot(block.sm);
    if (job.firstStartNs < 0) {
      job.firstStartNs = block.startNs;
    }
    if (job.state == JobState.DISPATCHED) {
      job.state = JobState.RUNNING;
    }
    if (job.resident.isEmpty()) {
      residentJobs.add(job);
    }
    job.addResident(block);
    job.queue.context.residentBlocks++;
    blocksExecuted++;
    events.push(block.endNs, BLOCK_EVENT, block, block.gen);
  }

  private void release(ResidentBlock block) {
    SimJob job = block.job;
    sms.release(block.sm, job.threads, job.registers, job.shared, now);
    sms.freeSlot(block.sm, block.slot);
    job.removeResident(block);
    job.queue.context.residentBlocks--;
    if (job.resident.isEmpty()) {
      residentJobs.remove(job);
    }
  }

  private void blockEvent(ResidentBlock block) {
    switch (block.state) {
      case ResidentBlock.RUNNING, ResidentBlock.DRAINING -> completeBlock(block);
      case ResidentBlock.STOPPING -> reachStopPoint(block);
      case ResidentBlock.FLUSHING -> flushBlock(block);
      default -> throw new AssertionError(block.state);
    }
  }

  private void completeBlock(ResidentBlock block) {
    if (listener != null) {
      listener.blockExecuted(block.sm, block.slot, block.job, block.blockIndex, block.startNs, now,
          EngineListener.BlockEnd.COMPLETED);
    }
    release(block);
    SimJob job = block.job;
    job.finished++;
    if (block.preemption != null) {
      block.preemption.pointReached(now);
      blockFreed(block.preemption);
    }
    if (job.finished == job.kernel.gridBlocks()) {
      finishJob(job);
    }
  }

  // ---- preemption ----

  private void preempt(SimJob victim) {
    if (victim.resident.isEmpty() || victim.activePreemption != null) {
      return;
    }
    Preemption preemption = new Preemption(victim, now);
    if (listener != null) {
      listener.preemptionRequested(now, victim);
    }
    long reaction = now + hardware.preemptionSignalNs(costs);
    List<ResidentBlock> deciding = new ArrayList<>();
    for (ResidentBlock block : victim.resident) {
      if (block.state != ResidentBlock.RUNNING) {
        continue;
      }
      preemption.blocks++;
      preemption.outstanding++;
      block.preemption = preemption;
      if (block.endNs <= reaction) {
        block.state = ResidentBlock.DRAINING;
        preemption.drained++;
        preemption.count("ended-before-signal");
      } else {
        deciding.add(block);
      }
    }
    // The strategy decides SM by SM (in SM order, blocks in residency order on each SM).
    deciding.sort(Comparator.comparingInt(b -> b.sm));
    for (int from = 0; from < deciding.size(); ) {
      int to = from;
      while (to < deciding.size() && deciding.get(to).sm == deciding.get(from).sm) {
        to++;
      }
      decideSm(deciding.subList(from, to), preemption, reaction);
      from = to;
    }
    if (preemption.blocks > 0) {
      victim.activePreemption = preemption;
      victim.preemptions++;
      preemptions.add(preemption);
      if (blockedJobInCallback != null) {
        preemption.waiter = blockedJobInCallback;
        blockedJobInCallback.awaitedPreemptions.add(preemption);
      }
    }
  }

  private void decideSm(List<ResidentBlock> blocks, Preemption preemption, long reaction) {
    List<BlockSnapshot> snapshots = new ArrayList<>(blocks.size());
    for (ResidentBlock block : blocks) {
      SimJob job = block.job;
      snapshots.add(new BlockSnapshot(job.kernel, job.program,
          block.nominalOf(block.realProgressAt(reaction)), job.queue.context.spec.handlesYield(),
          device));
    }
    List<PreemptionDecision> decisions = plugins.preemption().decideSm(snapshots);
    if (decisions == null || decisions.size() != blocks.size()) {
      throw new InvariantViolationException("preemption strategy '" + plugins.preemptionId()
          + "' answered " + (decisions == null ? "null" : decisions.size() + " decisions")
          + " for " + blocks.size() + " blocks on SM " + blocks.get(0).sm);
    }
    for (int i = 0; i < blocks.size(); i++) {
      applyDecision(blocks.get(i), snapshots.get(i), decisions.get(i), preemption, reaction);
    }
  }

  private void applyDecision(ResidentBlock block, BlockSnapshot snapshot,
      PreemptionDecision decision, Preemption preemption, long reaction) {
    SimJob job = block.job;
    if (decision == null) {
      throw new InvariantViolationException("preemption strategy '" + plugins.preemptionId()
          + "' returned no decision for a block of " + job);
    }
    checkDecision(decision, snapshot, job);
    preemption.count(decision.level());
    long delivered = reaction + decision.deliveryNs();
    long stopTime = switch (decision.action()) {
      case DRAIN -> Long.MAX_VALUE;
      case SAVE -> {
        long reachesStop = block.startNs + block.realOf(decision.stopOffsetNs())
            - block.realDoneAtStartNs;
        // Compared as program offsets, so the rounding between real and nominal time cannot
        // flag a stop at the very progress the strategy was shown.
        if (decision.stopOffsetNs() < block.nominalOf(block.realProgressAt(delivered))) {
          throw new InvariantViolationException("preemption strategy '" + plugins.preemptionId()
              + "' chose stop offset " + decision.stopOffsetNs() + " for a block of " + job
              + " with a delivery delay of " + decision.deliveryNs() + " ns, but the block passes "
              + "that offset before the request is delivered; the stop must lie at or after the "
              + "block's progress at delivery");
        }
        yield Math.max(delivered, reachesStop);
      }
      case FLUSH -> delivered;
    };
    if (stopTime >= block.endNs) {
      block.state = ResidentBlock.DRAINING;
      preemption.drained++;
      return;
    }
    block.gen++;
    if (decision.action() == BlockAction.SAVE) {
      block.state = ResidentBlock.STOPPING;
      block.stopOffsetNs = decision.stopOffsetNs();
      preemption.saved++;
    } else {
      block.state = ResidentBlock.FLUSHING;
      preemption.flushed++;
    }
    events.push(stopTime, BLOCK_EVENT, block, block.gen);
  }

  private void checkDecision(PreemptionDecision decision, BlockSnapshot block, SimJob job) {
    String who = "preemption strategy '" + plugins.preemptionId() + "'";
    long stop = decision.stopOffsetNs();
    BlockProgram program = block.program();
    switch (decision.action()) {
      case SAVE -> {
        if (stop < block.progressNs() || stop > program.durationNs()) {
          throw new InvariantViolationException(who + " chose stop offset " + stop + " for a block"
              + " of " + job + " at progress " + block.progressNs() + "; it must lie in ["
              + block.progressNs() + ", " + program.durationNs() + "]");
        }
        if (options.checkInvariants() && !PreemptionDecision.isSafeStop(program, stop)) {
          throw new InvariantViolationException(who + " stopped a block of " + job + " at offset "
              + stop + " inside a " + program.segments().get(program.segmentAt(stop)).kind()
              + " segment; stops inside SHARED_MEMORY, ATOMIC and BARRIER segments are forbidden");
        }
      }
      case FLUSH -> {
        if (options.checkInvariants() && !job.kernel.idempotent()) {
          throw new InvariantViolationException(who + " flushed a block of " + job
              + ", whose kernel '" + job.kernel.name() + "' is not idempotent");
        }
      }
      case DRAIN -> { }
      default -> throw new AssertionError(decision.action());
    }
  }

  private void reachStopPoint(ResidentBlock block) {
    SimJob job = block.job;
    StopPoint point = new StopPoint(job.kernel, job.program, block.stopOffsetNs);
    long saveBytes = plugins.contextSave().bytesToSave(point);
    long restoreBytes = plugins.contextSave().bytesToRestore(point);
    if (saveBytes < 0 || restoreBytes < 0) {
      throw new InvariantViolationException("context-save strategy '" + plugins.contextSaveId()
          + "' returned a negative size (" + saveBytes + " / " + restoreBytes + " bytes)");
    }
    long saveEnd = sms.reserveSave(block.sm, now, block.preemption, saveBytes, job.threads,
        hardware, costs);
    if (listener != null) {
      listener.blockExecuted(block.sm, block.slot, job, block.blockIndex, block.startNs, now,
          EngineListener.BlockEnd.STOPPED);
      listener.contextSaved(block.sm, block.slot, job, block.blockIndex, now, saveEnd, saveBytes);
    }
    block.state = ResidentBlock.SAVING;
    block.restoreBytes = restoreBytes;
    job.bytesSaved += saveBytes;
    block.preemption.bytesSaved += saveBytes;
    block.preemption.pointReached(now);
    events.push(saveEnd, SAVE_DONE, block, block.gen);
  }

  private void saveDone(ResidentBlock block) {
    release(block);
    SimJob job = block.job;
    job.resumables.addLast(new SimJob.Resumable(block.blockIndex, block.realDurationNs,
        block.realOf(block.stopOffsetNs), block.restoreBytes));
    enterPlacement(job);
    blockFreed(block.preemption);
  }

  private void flushBlock(ResidentBlock block) {
    SimJob job = block.job;
    job.lostWorkNs += block.realProgressAt(now);
    if (listener != null) {
      listener.blockExecuted(block.sm, block.slot, job, block.blockIndex, block.startNs, now,
          EngineListener.BlockEnd.FLUSHED);
    }
    release(block);
    job.resumables.addLast(new SimJob.Resumable(block.blockIndex, block.realDurationNs, 0, 0));
    enterPlacement(job);
    block.preemption.pointReached(now);
    blockFreed(block.preemption);
  }

  private void blockFreed(Preemption preemption) {
    if (preemption.blockFreed(now)) {
      if (preemption.victim.activePreemption == preemption) {
        preemption.victim.activePreemption = null;
      }
    }
  }

  // ---- time slicing between contexts that may not share SMs ----

  private void manageSlices() {
    if (switching) {
      return;
    }
    if (active == null) {
      if (placementOrder.isEmpty()) {
        return;
      }
      active = placementOrder.first().queue.context;
      activeSinceNs = now;
    }
    ContextState next = nextContextWithWork();
    if (next == null) {
      return;
    }
    if (active.residentBlocks == 0 && active.pendingJobs == 0) {
      startSwitch(next);
    } else if (!sliceArmed) {
      sliceArmed = true;
      events.push(Math.max(now, activeSinceNs + sliceLength(active)), SLICE_END, null,
          ++sliceGen);
    }
  }

  /** The active context's time slice, as its highest-priority queue's engine policy sets it. */
  private long sliceLength(ContextState context) {
    EngineState engine = context.topQueue.engine;
    long slice = engine.policy.timeSliceNs(context.spec, context.topQueue.spec.priority(), engine);
    if (slice < 1) {
      throw new InvariantViolationException("policy '" + plugins.policyId() + "' gave context '"
          + context.spec.id() + "' a time slice of " + slice + " ns; it must be >= 1");
    }
    return slice;
  }

  private ContextState nextContextWithWork() {
    int n = contexts.size();
    for (int i = 1; i < n; i++) {
      ContextState candidate = contexts.get((active.index + i) % n);
      if (candidate.pendingJobs > 0 || !candidate.parked.isEmpty()) {
        return candidate;
      }
    }
    return null;
  }

  private void startSwitch(ContextState next) {
    switching = true;
    sliceArmed = false;
    sliceGen++;
    contextSwitches++;
    long reaction = now + hardware.preemptionSignalNs(costs);
    long[] bytesPerSm = new long[sms.count()];
    int[] threadsPerSm = new int[sms.count()];
    List<ResidentBlock> parking = new ArrayList<>();
    for (SimJob job : List.copyOf(residentJobs)) {
      if (job.queue.context != active) {
        continue;
      }
      for (ResidentBlock block : job.resident) {
        boolean running = block.state == ResidentBlock.RUNNING
            || block.state == ResidentBlock.DRAINING;
        if (!running || block.endNs <= reaction) {
          continue;
        }
        block.gen++;
        block.state = ResidentBlock.PARKING;
        block.stopOffsetNs = block.realProgressAt(reaction);
        if (listener != null && block.startNs < reaction) {
          // (a block still restoring or being dispatched has not executed yet)
          listener.blockExecuted(block.sm, block.slot, job, block.blockIndex, block.startNs,
              reaction, EngineListener.BlockEnd.SWITCHED_OUT);
        }
        bytesPerSm[block.sm] += job.kernel.contextBytesPerBlock();
        threadsPerSm[block.sm] += job.threads;
        parking.add(block);
      }
    }
    long savedAt = reaction;
    for (int sm = 0; sm < bytesPerSm.length; sm++) {
      if (threadsPerSm[sm] > 0) {
        savedAt = Math.max(savedAt, reaction + hardware.saveNs(bytesPerSm[sm], threadsPerSm[sm],
            SaveKind.CONTEXT_SWITCH, costs));
      }
    }
    long switchNs = hardware.contextSwitchNs(costs);
    if (listener != null) {
      listener.contextSwitched(now, savedAt + switchNs, active.spec.id(),
          next.spec.id());
    }
    events.push(savedAt + switchNs, SWITCH_DONE,
        new SwitchPlan(active, next, parking, savedAt), 0);
  }

  private void finishSwitch(SwitchPlan plan) {
    for (ResidentBlock block : plan.parking()) {
      SimJob job = block.job;
      release(block);
      job.parked++;
      long bytes = job.kernel.contextBytesPerBlock();
      job.bytesSaved += bytes;
      plan.outgoing().parked.add(new Parked(job, block.sm, block.blockIndex, block.realDurationNs,
          block.stopOffsetNs, bytes));
      if (block.preemption != null) {
        block.preemption.pointReached(plan.savedAt());
        blockFreed(block.preemption);
      }
    }
    active = plan.incoming();
    activeSinceNs = now;
    switching = false;
    // Blocks go back to the SMs they left; one whose SM is still held (e.g. by a block of the other
    // context that is stopping) waits for placement like a preempted block, and placeBlock counts
    // its restore then.
    List<Parked> restoring = new ArrayList<>();
    long[] bytesPerSm = new long[sms.count()];
    int[] threadsPerSm = new int[sms.count()];
    for (Parked parked : active.parked) {
      SimJob job = parked.job();
      job.parked--;
      if (sms.fits(parked.sm(), job.threads, job.registers, job.shared)) {
        sms.allocate(parked.sm(), job.threads, job.registers, job.shared, now);
        restoring.add(parked);
        bytesPerSm[parked.sm()] += parked.bytes();
        threadsPerSm[parked.sm()] += job.threads;
      } else {
        job.resumables.addFirst(new SimJob.Resumable(parked.blockIndex(), parked.realDurationNs(),
            parked.realDoneNs(), parked.bytes()));
        enterPlacement(job);
      }
    }
    // Each SM reads its blocks back in one restore. The incoming context's slice starts once the
    // slowest SM is done (NVIDIA's TSG time slice excludes the switch).
    long[] restoredAt = new long[sms.count()];
    for (int sm = 0; sm < bytesPerSm.length; sm++) {
      if (threadsPerSm[sm] > 0) {
        restoredAt[sm] = now + hardware.restoreNs(bytesPerSm[sm], threadsPerSm[sm],
            SaveKind.CONTEXT_SWITCH, costs);
        activeSinceNs = Math.max(activeSinceNs, restoredAt[sm]);
      }
    }
    for (Parked parked : restoring) {
      SimJob job = parked.job();
      job.bytesRestored += parked.bytes();
      ResidentBlock block = new ResidentBlock(job, parked.sm(), parked.blockIndex(),
          parked.realDurationNs(), parked.realDoneNs(), restoredAt[parked.sm()]);
      startResidency(block, true);
      if (listener != null) {
        listener.contextRestored(block.sm, block.slot, job, block.blockIndex, now, block.startNs,
            parked.bytes());
      }
    }
    active.parked.clear();
  }

  // ---- results ----

  private SimulationResult result() {
    List<JobRecord> records = new ArrayList<>(jobs.length);
    long makespan = 0;
    for (SimJob job : jobs) {
      makespan = Math.max(makespan, job.finishNs);
      JobQueue queue = job.queue.spec;
      records.add(new JobRecord(job.job.id(), queue.id(), queue.contextId(), queue.priority(),
          queue.engine(), job.kernel.name(), job.kernel.gridBlocks(), job.submitNs, job.readyNs,
          job.dispatchNs, job.firstStartNs, job.finishNs, job.preemptions, job.bytesSaved,
          job.bytesRestored, job.lostWorkNs, job.job.deadlineNs()));
    }
    List<PreemptionRecord> preemptionRecords = new ArrayList<>(preemptions.size());
    for (Preemption preemption : preemptions) {
      preemptionRecords.add(preemption.toRecord());
    }
    preemptionRecords.sort(Comparator.comparingLong(PreemptionRecord::requestNs)
        .thenComparingLong(PreemptionRecord::victimJobId));
    double busy = makespan == 0 ? 0
        : (double) sms.busyArea(makespan) / ((double) makespan * sms.count());
    return new SimulationResult(records, preemptionRecords, makespan, busy, contextSwitches,
        eventCount, blocksExecuted);
  }

  private SimJob own(JobView view, String verb) {
    if (view instanceof SimJob job && job.index < jobs.length && jobs[job.index] == job) {
      return job;
    }
    throw new InvariantViolationException("policy '" + plugins.policyId() + "' " + verb
        + " a job view that this run did not hand out: " + view);
  }

  // ---- state of queues, contexts and engines ----

  /** A queue's jobs in submission order and the one that is ready, if any. */
  static final class QueueState {
    final JobQueue spec;
    final ContextState context;
    final EngineState engine;
    final List<SimJob> jobs = new ArrayList<>();
    int head;
    SimJob readyJob;

    QueueState(JobQueue spec, ContextState context, EngineState engine) {
      this.spec = spec;
      this.context = context;
      this.engine = engine;
    }
  }

  /** A context: its blocks on SMs, its waiting jobs and the blocks a time slice switched out. */
  static final class ContextState {
    final GpuContext spec;
    final int index;
    final List<Parked> parked = new ArrayList<>();
    QueueState topQueue;
    int residentBlocks;
    int pendingJobs;

    ContextState(GpuContext spec, int index) {
      this.spec = spec;
      this.index = index;
    }
  }

  /** A block saved by a context switch, to be restored on the same SM. */
  record Parked(SimJob job, int sm, int blockIndex, long realDurationNs, long realDoneNs,
      long bytes) {}

  /** A context switch under way. */
  record SwitchPlan(ContextState outgoing, ContextState incoming, List<ResidentBlock> parking,
      long savedAt) {}

  /** One hardware engine: its policy, credits and dispatched jobs; the policy's view of it. */
  final class EngineState implements SchedulerView {
    final EngineKind kind;
    final SchedulingPolicy policy;
    final int creditLimit;
    final LinkedHashSet<SimJob> dispatched = new LinkedHashSet<>();
    int creditsInUse;
    int ready;

    EngineState(EngineKind kind, int creditLimit) {
      this.kind = kind;
      this.creditLimit = creditLimit;
      this.policy = plugins.policies().apply(kind);
    }

    @Override
    public long nowNs() {
      return now;
    }

    @Override
    public EngineKind engine() {
      return kind;
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
      List<SimJob> list = new ArrayList<>(residentJobs);
      list.sort(Comparator.comparingLong(j -> j.dispatchSeq));
      return List.copyOf(list);
    }

    @Override
    public void preempt(JobView victim) {
      Simulator.this.preempt(own(victim, "preempted"));
    }

    @Override
    public void wakeAt(long timeNs) {
      events.push(Math.max(timeNs, now), TIMER, this, 0);
    }
  }
}
