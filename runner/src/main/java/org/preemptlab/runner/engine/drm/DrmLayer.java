package org.preemptlab.runner.engine.drm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.runner.engine.EngineLayer;
import org.preemptlab.runner.engine.Event;
import org.preemptlab.runner.engine.Simulator;
import org.preemptlab.runner.scenario.ClientSpec;
import org.preemptlab.runner.scenario.DependencySpec;
import org.preemptlab.runner.scenario.EntitySpec;
import org.preemptlab.runner.scenario.FenceError;
import org.preemptlab.runner.scenario.JobSpec;
import org.preemptlab.runner.scenario.KernelShape;
import org.preemptlab.runner.scenario.Scenario;
import org.preemptlab.runner.scenario.SchedulerSpec;
import org.preemptlab.runner.scenario.Step;
import org.preemptlab.runner.scenario.StepSpec;
import org.preemptlab.runner.workload.trace.BlockDurations;

/**
 * The Linux DRM scheduler layer of the engine: runs one {@link Scenario} on the engine's event
 * loop with one policy instance per scheduler, and returns every job's outcome, every expectation
 * and every client's statistics ({@link #result()}). Its events are engine {@link Event}s on the
 * engine's queue; at each instant, after the instant's events, every scheduler frees finished jobs
 * and dispatches ({@link #afterEvents()}), and once the instant is settled the script (the test
 * thread) resumes ({@link #resume()}), after which the instant settles again. Each scheduler's jobs
 * run on a {@link DrmRing}: the KUnit mock timeline when the hardware model is a serial timeline,
 * else the engine's SMs, where each job is a kernel placed block by block ({@link KernelRing}).
 *
 * <p>Kernel generation is the policy's own: a policy with {@link
 * org.preemptlab.api.policy.DrmSchedulingPolicy#perPriorityRunQueues()} (kernels up to 7.1) sees
 * the priority of the run queue an entity was placed on, which changes only when a multi-scheduler
 * entity is re-balanced, and
 * its scheduler's teardown marks the entities of its run queues stopped; any other policy (Linux
 * 7.2) sees an entity's priority change at once and teardown does not stop entities.
 *
 * <p>A layer runs once, in one {@link Simulator}: {@code new Simulator(...).withLayer(layer).run()}
 * then {@link #result()}.
 */
public final class DrmLayer implements EngineLayer {
  /**
   * The most events one scenario may run: a scenario that needs more (a client whose cycles never
   * end, a timer that re-arms every microsecond) fails with a message instead of running for hours.
   */
  static final long MAX_EVENTS = 20_000_000L;

  /**
   * A hung kernel's block time: its blocks never complete, since a run ends before this time
   * ({@link #nextInstant}) and hung kernels do not keep it alive, so only the scheduler's timeout
   * and reset take the job off the SMs.
   */
  static final long HUNG_BLOCK_NS = Long.MAX_VALUE / 4;

  private Simulator engine;
  private final boolean serial;
  /** On SM hardware, the job of each kernel of {@link #workload()}, by workload index. */
  private final List<DrmJob> kernelJobs = new ArrayList<>();
  private final Scenario scenario;
  private final String policyId;
  private final HardwareModel hardware;
  final Map<String, DrmScheduler> schedulers = new LinkedHashMap<>();
  final Map<String, DrmEntity> entities = new LinkedHashMap<>();
  final Map<String, DrmJob> jobs = new LinkedHashMap<>();
  private final Map<String, List<JobSpec.Instance>> groups = new LinkedHashMap<>();
  private final Map<String, JobSpec.Instance> instances = new LinkedHashMap<>();
  final List<DrmJob> clientJobs = new ArrayList<>();
  final Map<String, Client> clients = new LinkedHashMap<>();
  private final List<String> log = new ArrayList<>();
  private final Map<String, Object> queueStates = new HashMap<>();
  private long nextJobId;
  private Script script;
  private boolean started;
  /** On SM hardware, kernels on the SMs that will finish (not hung): they keep the run alive. */
  private int kernelsRunning;
  /** Events run so far, and queued events that keep the scenario alive (not background). */
  private long ran;
  private int foreground;

  /**
   * An event of the layer on the engine's queue: a fence callback, a ring's or a client's timer,
   * a TDR timeout. Background events (timeout timers) do not keep a finished scenario alive.
   */
  private record Deferred(DrmLayer layer, Runnable action, boolean background) implements Event {
    @Override
    public void fire(Simulator sim, int gen) {
      layer.fire(this);
    }
  }

  /**
   * Prepares a run.
   *
   * @param scenario the scenario
   * @param hardware the hardware model: a serial timeline (the KUnit mock) runs each job for its
   *     {@code duration}; any other model runs each job's {@code kernel} on its SMs
   * @param policies creates the policy instance of each scheduler, by scheduler name
   * @throws ConfigurationException for a scenario the hardware cannot run (a kernel on a serial
   *     timeline; on SM hardware a job or client without a kernel, a client without cycles,
   *     advance steps, karma for an entity of kernel priority, or more held kernels than {@link
   *     Limits#MAX_JOBS})
   */
  public DrmLayer(Scenario scenario, HardwareModel hardware,
      Function<String, SchedulingPolicy> policies) {
    this.serial = hardware.serialTimeline();
    checkRunsOn(scenario, hardware);
    this.scenario = scenario;
    this.policyId = scenario.policy();
    this.hardware = hardware;
    for (SchedulerSpec spec : scenario.schedulers()) {
      schedulers.put(spec.name(), new DrmScheduler(this, spec, policies.apply(spec.name())));
    }
    for (EntitySpec.Instance e : scenario.entityInstances()) {
      entities.put(e.name(), new DrmEntity(e.name(), e.priority(),
          e.schedulers().stream().map(schedulers::get).toList()));
    }
    for (JobSpec spec : scenario.jobs()) {
      for (JobSpec.Instance i : spec.instances()) {
        DrmJob job = new DrmJob(nextJobId++, i.name(), entities.get(i.entity()), spec.credits(),
            spec.durationNs(), spec.flags().contains(JobSpec.Flag.DONT_RESET), i.dependsOn());
        jobs.put(i.name(), job);
        instances.put(i.name(), i);
        groups.computeIfAbsent(spec.name(), k -> new ArrayList<>()).add(i);
      }
    }
    for (ClientSpec spec : scenario.clients()) {
      long jobWorkNs = serial ? spec.durationNs() : idleKernelNs(spec.kernel(), hardware.device());
      for (ClientSpec.Instance c : spec.instances()) {
        clients.put(c.name(), new Client(this, c, entities.get(c.entity()), jobWorkNs));
      }
    }
  }

  private static void checkRunsOn(Scenario scenario, HardwareModel hardware) {
    boolean serial = hardware.serialTimeline();
    String where = "scenario '" + scenario.name() + "' on hardware '" + scenario.hardware() + "'";
    for (int i = 0; i < scenario.jobs().size(); i++) {
      JobSpec job = scenario.jobs().get(i);
      String key = "jobs[" + i + "] '" + job.name() + "'";
      if (serial && job.kernel() != null) {
        throw new ConfigurationException(where + ": " + key + ".kernel: a serial-timeline device "
            + "runs each job for its 'duration'; 'kernel' needs SM hardware such as 'h200'");
      }
      if (!serial && job.kernel() == null) {
        throw new ConfigurationException(where + ": " + key + ": a job on SM hardware needs a "
            + "'kernel' (grid-blocks, threads-per-block, block-time)");
      }
    }
    for (int i = 0; i < scenario.clients().size(); i++) {
      ClientSpec client = scenario.clients().get(i);
      String key = "clients[" + i + "] '" + client.name() + "'";
      if (serial && client.kernel() != null) {
        throw new ConfigurationException(where + ": " + key + ".kernel: a serial-timeline device "
            + "runs each job for its 'duration'; 'kernel' needs SM hardware such as 'h200'");
      }
      if (serial) {
        continue;
      }
      if (client.kernel() == null) {
        throw new ConfigurationException(where + ": " + key + ": a client on SM hardware needs a "
            + "'kernel' (grid-blocks, threads-per-block, block-time) instead of 'duration'");
      }
      if (client.cycles() == null) {
        throw new ConfigurationException(where + ": " + key + ".run-for: on SM hardware a client "
            + "needs 'cycles' (its kernels enter the engine's workload before the run, so their "
            + "number must be known)");
      }
      KernelShape k = client.kernel();
      if (BlockDurations.residentBlocksPerSm(hardware.device().sm(), k.threadsPerBlock(),
          k.registersPerThread(), k.sharedMemoryPerBlock()) == 0) {
        throw new ConfigurationException(where + ": " + key + ".kernel: one block of "
            + k.threadsPerBlock() + " threads does not fit an SM of " + hardware.device().name());
      }
    }
    if (serial) {
      return;
    }
    for (int i = 0; i < scenario.steps().size(); i++) {
      if (scenario.steps().get(i).toStep() instanceof Step.Advance) {
        throw new ConfigurationException(where + ": steps[" + i + "].advance: 'advance' is the "
            + "KUnit mock's drm_mock_sched_advance, which completes the serial timeline's jobs of "
            + "duration 0 by hand; on SM hardware a kernel completes when its last block does (a "
            + "hung one only by its scheduler's timeout and reset), so there is nothing to "
            + "advance; use 'sleep' here, or run on '" + Scenario.MOCK_HARDWARE + "'");
      }
    }
    long runs = runsPerJob(scenario);
    if (runs > 1) {
      for (int i = 0; i < scenario.entities().size(); i++) {
        if (scenario.entities().get(i).priority() == Priority.KERNEL) {
          throw new ConfigurationException(where + ": entities[" + i + "].priority: with "
              + "on-timeout KARMA an entity of kernel priority is resubmitted without limit (its "
              + "karma never grows), and on SM hardware every run needs a kernel held before the "
              + "run; valid here: low, normal, high");
        }
      }
    }
    double kernels = 0; // double: the product of the bounds of each factor overflows a long
    for (JobSpec job : scenario.jobs()) {
      kernels += (double) job.instances().size() * runs;
    }
    for (ClientSpec client : scenario.clients()) {
      kernels += (double) client.instances().size() * client.cycles() * client.jobsPerCycle()
          * runs;
    }
    if (kernels > Limits.MAX_JOBS) {
      throw new ConfigurationException(where + ": the scenario needs " + String.format(
          Locale.ROOT, "%.0f", kernels) + " kernels (each client's cycles x jobs-per-cycle, "
          + "each job once plus hang-limit times with KARMA), more than " + Limits.MAX_JOBS
          + "; use fewer cycles, clients or jobs, or a lower hang-limit");
    }
  }

  /**
   * A client job's GPU time on SM hardware ({@code work_us} per job): its kernel's time alone on
   * the device, {@code W x (d + b)} for {@code W = ceil(G / (S x r))} waves of blocks of {@code
   * block-time b}, the engine's block-dispatch cost {@code d} before each block, {@code S} SMs each
   * holding {@code r} of the kernel's blocks at once (the occupancy limits the engine places blocks
   * under). The launch cost is not work: it counts as latency, as a submission cost would.
   */
  static long idleKernelNs(KernelShape kernel, DeviceSpec device) {
    int resident = BlockDurations.residentBlocksPerSm(device.sm(), kernel.threadsPerBlock(),
        kernel.registersPerThread(), kernel.sharedMemoryPerBlock());
    long waves = BlockDurations.waves(kernel.gridBlocks(), device.smCount(), resident);
    return waves * (device.costs().blockDispatchNs() + kernel.blockTimeNs());
  }

  /** The ring of a new scheduler, as the hardware model is. */
  DrmRing newRing() {
    return serial ? new MockRing(this) : new KernelRing(this);
  }

  /**
   * The workload the engine runs below the layer: none on a serial timeline; on SM hardware one
   * kernel per job, waiting until the job's ring runs it ({@link Simulator#submitFromLayer}), each in a
   * queue of its own in one context (the rings' order is the layer's, not the queues').
   */
  public Workload workload() {
    if (serial) {
      return new Workload(List.of(), List.of(), List.of());
    }
    GpuContext context = new GpuContext("drm", false);
    List<JobQueue> queues = new ArrayList<>();
    List<Job> kernels = new ArrayList<>();
    Map<String, JobSpec> specs = scenario.jobsByName();
    for (DrmJob job : jobs.values()) {
      int index = kernels.size();
      KernelShape shape = specs.get(job.name).kernel();
      String queue = "ring-job-" + index;
      queues.add(new JobQueue(queue, context.id(), Priority.NORMAL, 1,
          job.entity.sched.spec.engine(), false));
      long blockNs = specs.get(job.name).hang() ? HUNG_BLOCK_NS : shape.blockTimeNs();
      job.firstKernel = index;
      job.kernelCount = (int) runsPerJob(scenario);
      job.hung = specs.get(job.name).hang();
      for (int run = 0; run < job.kernelCount; run++) {
        int k = kernels.size();
        String q = run == 0 ? queue : "ring-job-" + k;
        if (run > 0) {
          queues.add(new JobQueue(q, context.id(), Priority.NORMAL, 1,
              job.entity.sched.spec.engine(), false));
        }
        kernels.add(new Job(k, q, Long.MAX_VALUE, 1, List.of(), Job.NO_DEADLINE, 0,
            kernelOf(run == 0 ? job.name : job.name + "#" + (run + 1), shape, blockNs)));
        kernelJobs.add(job);
      }
    }
    // A client's jobs are created during the run, so each client holds a pool of held kernels,
    // one per job of its cycles; newClientJob binds job k of cycle c to its kernel.
    for (Client client : clients.values()) {
      ClientSpec spec = client.spec();
      int runs = (int) runsPerJob(scenario);
      client.kernelsFrom(kernels.size(), runs);
      EngineKind engineName = client.entity().sched.spec.engine();
      for (int n = 0; n < spec.cycles() * spec.jobsPerCycle() * runs; n++) {
        int index = kernels.size();
        String queue = "ring-job-" + index;
        int job = n / runs;
        queues.add(new JobQueue(queue, context.id(), Priority.NORMAL, 1, engineName, false));
        kernels.add(new Job(index, queue, Long.MAX_VALUE, 1, List.of(), Job.NO_DEADLINE, 0,
            kernelOf(client.name() + "." + job / spec.jobsPerCycle() + "."
                + job % spec.jobsPerCycle() + (n % runs == 0 ? "" : "#" + (n % runs + 1)),
                spec.kernel(), spec.kernel().blockTimeNs())));
        kernelJobs.add(null);
      }
    }
    return new Workload(List.of(context), queues, kernels);
  }

  /**
   * The runs a job may need on SM hardware: 1, plus the largest {@code hang-limit} of the
   * scenario's KARMA schedulers (a job is resubmitted while its karma is at most the hang limit,
   * then it is guilty; any scheduler counts, as {@code modify-sched} may move an entity).
   */
  static long runsPerJob(Scenario scenario) {
    return 1L + scenario.schedulers().stream()
        .filter(s -> s.onTimeout() == SchedulerSpec.TimeoutHandler.KARMA)
        .mapToInt(SchedulerSpec::hangLimit).max().orElse(0);
  }

  private static Kernel kernelOf(String name, KernelShape shape, long blockNs) {
    return new Kernel(name, shape.gridBlocks(), shape.threadsPerBlock(),
        shape.registersPerThread(), shape.sharedMemoryPerBlock(), false,
        BlockProgram.uniform(blockNs, shape.registersPerThread(), shape.sharedMemoryPerBlock()),
        new BlockTiming.Exact());
  }

  /**
   * The engine-level policy of the hardware queues below the layer: it dispatches each kernel a
   * ring runs at once and tells the layer when one finished.
   */
  public SchedulingPolicy hardwarePolicy() {
    return new HardwareQueuePolicy(this::kernelFinished);
  }

  /** A job's kernel finished in the engine: its last block completed, or it was reset. */
  private void kernelFinished(int index) {
    DrmJob job = kernelJobs.get(index);
    if (job.onHardware) { // not a reset (the ring took it off the hardware first)
      ringLeft(job);
      job.flags.add(Step.MockFlag.DONE);
      job.status = JobStatus.DONE_NOT_FREED;
      hardwareSignalled(job, FenceError.NONE);
    }
  }

  /** A job's kernel went onto the SMs ({@link KernelRing#run}). */
  void ringEntered(DrmJob job) {
    job.onHardware = true;
    if (!job.hung) {
      kernelsRunning++;
    }
  }

  /** A job's kernel left the SMs: it completed or was reset. */
  void ringLeft(DrmJob job) {
    job.onHardware = false;
    if (!job.hung) {
      kernelsRunning--;
    }
  }

  /** The engine the layer runs in. */
  Simulator engine() {
    return engine;
  }

  @Override
  public void start(Simulator sim) {
    this.engine = sim;
    List<Step> steps = scenario.steps().stream().map(StepSpec::toStep).toList();
    script = new Script(this, steps);
    if (steps.stream().noneMatch(s -> s instanceof Step.Submit)) {
      jobs.keySet().forEach(name -> submitByName(name));
    }
    clients.values().forEach(Client::start);
  }

  @Override
  public void afterEvents() {
    schedulers.values().forEach(DrmScheduler::service);
  }

  @Override
  public boolean resume() {
    if (!script.canResume()) {
      return false;
    }
    script.resume();
    return true;
  }

  @Override
  public long nextInstant(long nextEventNs) {
    if (!started) {
      started = true;
      return now();
    }
    long next = Math.min(nextEventNs, script.deadline());
    boolean idle = foreground == 0 && script.deadline() == Long.MAX_VALUE && kernelsRunning == 0;
    return next > scenario.endNs() || next >= HUNG_BLOCK_NS || idle ? Long.MAX_VALUE : next;
  }

  /**
   * What the run observed; call after the engine's run. A script still blocked at the end is a
   * failed expectation (the test would hang).
   */
  public ScenarioResult result() {
    script.finish();
    return new ScenarioResult(scenario.name(), policyId, now(), outcomes(), script.checks(),
        clients.values().stream().map(Client::stats).toList(), log);
  }

  /** The engine's current time. */
  long now() {
    return engine.now();
  }

  /** Queues {@code action} at {@code timeNs} on the engine's event queue. */
  void at(long timeNs, Runnable action, boolean background) {
    if (!background) {
      foreground++;
    }
    engine.schedule(timeNs, new Deferred(this, action, background));
  }

  private void fire(Deferred event) {
    if (++ran > MAX_EVENTS) {
      throw new ConfigurationException("the scenario ran " + MAX_EVENTS + " events without "
          + "ending (a timer or client that repeats too often?); shorten it or its 'end'");
    }
    if (!event.background()) {
      foreground--;
    }
    event.action().run();
  }

  /** Per-queue state shared by the policies of every scheduler (see {@code queueState}). */
  <T> T queueState(String queueId, Class<T> type, Supplier<T> factory) {
    return type.cast(queueStates.computeIfAbsent(queueId + "\u0000" + type.getName(),
        k -> factory.get()));
  }

  String policyId() {
    return policyId;
  }

  DeviceSpec device() {
    return hardware.device();
  }

  void log(String message) {
    log.add(String.format("%12.3f us  %s", now() / 1000.0, message));
  }

  DrmJobView view(DrmJob job) {
    if (job.view == null) {
      job.view = new DrmJobView(job);
    }
    return job.view;
  }

  /** Submits a job or every job of a group (respecting its window). */
  void submitByName(String name) {
    if (jobs.containsKey(name)) {
      submitWindowed(instances.get(name));
    } else {
      groups.get(name).forEach(this::submitWindowed);
    }
  }

  /** The jobs of a job or job group. */
  List<DrmJob> jobsNamed(String name) {
    if (jobs.containsKey(name)) {
      return List.of(jobs.get(name));
    }
    return groups.get(name).stream().map(i -> jobs.get(i.name())).toList();
  }

  private void submitWindowed(JobSpec.Instance instance) {
    DrmJob job = jobs.get(instance.name());
    if (instance.windowPredecessor() == null) {
      submit(job);
      return;
    }
    DrmJob predecessor = jobs.get(instance.windowPredecessor());
    if (predecessor.finishedSignalled) {
      submit(job);
    } else {
      predecessor.onFinished.add(() -> at(now(), () -> submit(job), false));
    }
  }

  /**
   * A new job of a client; on SM hardware it runs the {@code kernelCount} kernels from {@code
   * kernelIndex} on of the workload (the client's pool), on a serial timeline ({@code kernelIndex}
   * -1) it runs for {@code durationNs}.
   */
  DrmJob newClientJob(String name, DrmEntity entity, long credits, long durationNs,
      int kernelIndex, int kernelCount) {
    DrmJob job = new DrmJob(nextJobId++, name, entity, credits, durationNs, false, List.of());
    clientJobs.add(job);
    if (kernelIndex >= 0) {
      job.firstKernel = kernelIndex;
      job.kernelCount = kernelCount;
      for (int i = 0; i < kernelCount; i++) {
        kernelJobs.set(kernelIndex + i, job);
      }
    }
    return job;
  }

  /** {@code drm_sched_job_init} + {@code drm_sched_job_arm} + {@code drm_sched_entity_push_job}. */
  void submit(DrmJob job) {
    job.submitNs = now();
    DrmEntity entity = job.entity;
    if (job.credits == 0) {
      reject(job, "credits cannot be 0!");
      return;
    }
    selectRunQueue(entity);
    if (!entity.sched.ready) {
      reject(job, "scheduler " + entity.sched.name() + " is torn down");
      return;
    }
    job.sched = entity.sched;
    job.status = JobStatus.QUEUED;
    job.sched.score++;
    fire(job.onArmed);
    if (entity.stopped) {
      job.status = JobStatus.PUSHED_TO_KILLED_ENTITY;
      log("job " + job.name + ": Trying to push to a killed entity (" + entity.name + ")");
      return;
    }
    entity.queue.addLast(job);
    if (entity.queue.size() == 1) {
      entity.sched.addEntity(entity);
    }
    entity.sched.jobQueued(view(job));
    offerHead(entity);
  }

  private void reject(DrmJob job, String why) {
    job.status = JobStatus.REJECTED;
    job.finishedError = FenceError.EINVAL;
    log("job " + job.name + ": drm_sched_job_init failed with -EINVAL: " + why);
    fire(job.onArmed);
  }

  /** {@code drm_sched_entity_select_rq} with {@code drm_sched_pick_best}. */
  private void selectRunQueue(DrmEntity entity) {
    if (entity.schedList == null || !entity.queue.isEmpty()
        || entity.lastScheduled != null && !entity.lastScheduled.finishedSignalled) {
      return;
    }
    DrmScheduler best = null;
    for (DrmScheduler candidate : entity.schedList) {
      if (!candidate.ready) {
        log("pick_best: scheduler " + candidate.name() + " is not ready, skipping");
        continue;
      }
      if (best == null || candidate.score < best.score) {
        best = candidate;
      }
    }
    if (best != null && (best != entity.sched || best.perPriorityRunQueues()
        && entity.rqPriority != entity.priority)) {
      entity.sched.removeEntity(entity);
      entity.sched = best;
      entity.rqPriority = entity.priority;
    }
    if (entity.schedList.size() == 1) {
      entity.schedList = null;
    }
  }

  /** Offers the entity's head job to its scheduler's policy once its dependencies are met. */
  void offerHead(DrmEntity entity) {
    if (entity.offered != null || entity.stopped || entity.queue.isEmpty()
        || entity.sched.workStopped) {
      return;
    }
    DrmJob head = entity.queue.peekFirst();
    if (!dependenciesMet(head)) {
      return;
    }
    entity.offered = head;
    entity.sched.policy.onJobReady(view(head), entity.sched.view);
  }

  /**
   * {@code drm_sched_job_dependency} + {@code drm_sched_entity_add_dependency_cb}: same-entity
   * fences are ignored, a same-scheduler finished fence without error is replaced by the
   * scheduled fence (pipelining), others are waited for.
   */
  private boolean dependenciesMet(DrmJob job) {
    while (job.depIndex < job.dependencies.size()) {
      DependencySpec dep = job.dependencies.get(job.depIndex);
      DrmJob other = jobs.get(dep.job());
      if (other.entity == job.entity) {
        job.depIndex++;
        continue;
      }
      if (other.status == JobStatus.NOT_SUBMITTED) {
        other.onArmed.add(() -> wake(job.entity));
        return false;
      }
      if (other.status == JobStatus.REJECTED) {
        job.depIndex++;
        continue;
      }
      boolean scheduledFence = dep.fence() == DependencySpec.Fence.SCHEDULED
          || other.sched == job.sched && other.finishedError == FenceError.NONE;
      boolean signalled = scheduledFence ? other.scheduledSignalled : other.finishedSignalled;
      if (!signalled) {
        (scheduledFence ? other.onScheduled : other.onFinished).add(() -> wake(job.entity));
        return false;
      }
      job.depIndex++;
    }
    return true;
  }

  private void wake(DrmEntity entity) {
    at(now(), () -> offerHead(entity), false);
  }

  /** Pops the chosen job, hands it to the mock hardware and signals its scheduled fence. */
  void dispatch(DrmScheduler sched, DrmJob job) {
    DrmEntity entity = job.entity;
    entity.offered = null;
    entity.queue.removeFirst();
    if (entity.guilty) {
      job.finishedError = FenceError.ECANCELED;
    }
    entity.lastScheduled = job;
    sched.policy.onJobDispatched(view(job), sched.view);
    offerHead(entity);
    sched.begin(job);
    job.status = JobStatus.RUNNING;
    job.scheduledNs = now();
    job.scheduledStampNs = now();
    sched.ring.run(job);
    job.signalScheduled(now());
  }

  /** The hardware fence signalled: {@code drm_sched_job_done}. */
  void hardwareSignalled(DrmJob job, FenceError error) {
    job.hwSignalled = true;
    if (error != FenceError.NONE) {
      job.hwError = error;
    }
    job.sched.done(job);
    job.signalFinished(now(), error);
  }

  /**
   * The driver's {@code timedout_job} for the scheduler's handler.
   *
   * @return whether the device is gone (the timer is then not re-armed)
   */
  boolean timedOutJob(DrmScheduler sched, DrmJob job) {
    if (job.dontReset && sched.spec.onTimeout() != SchedulerSpec.TimeoutHandler.DEVICE_GONE) {
      job.flags.add(Step.MockFlag.RESET_SKIPPED);
      sched.pending.addFirst(job);
      log("job " + job.name + ": DONT_RESET, timeout handler returns NO_HANG");
      return false;
    }
    switch (sched.spec.onTimeout()) {
      case DEVICE_GONE -> {
        sched.ring.unlink(job);
        job.status = JobStatus.DEVICE_GONE;
        job.hwError = FenceError.ENODEV;
        log("job " + job.name + ": device gone (ENODEV), timer not re-armed");
        return true;
      }
      case KARMA -> {
        if (DrmScheduler.karmaCounts(job.entity.priority)) {
          job.karma++;
        }
        if (job.karma > sched.spec.hangLimit()) {
          guilty(sched, job);
        } else {
          sched.ring.unlink(job);
          sched.pending.addFirst(job);
          sched.ring.run(job);
          log("job " + job.name + ": reset and resubmitted (karma " + job.karma + ")");
        }
        return false;
      }
      default -> {
        if (!job.hwSignalled) {
          sched.ring.unlink(job);
          job.flags.add(Step.MockFlag.TIMEDOUT);
          job.status = JobStatus.TIMED_OUT;
          job.hwError = FenceError.ETIMEDOUT;
          hardwareSignalled(job, FenceError.ETIMEDOUT);
          log("job " + job.name + ": timed out, reset (RESET)");
        }
        return false;
      }
    }
  }

  private void guilty(DrmScheduler sched, DrmJob job) {
    DrmEntity entity = job.entity;
    entity.guilty = true;
    log("entity " + entity.name + ": job " + job.name + " karma " + job.karma
        + " > hang limit " + sched.spec.hangLimit() + ", context guilty");
    sched.ring.unlink(job);
    job.status = JobStatus.GUILTY_CANCELLED;
    job.hwError = FenceError.ECANCELED;
    job.finishedError = FenceError.ECANCELED;
    hardwareSignalled(job, FenceError.ECANCELED);
    for (DrmJob other : sched.pending) {
      // only fences not yet signalled can take the error (dma_fence_set_error)
      if (other.entity == entity && !other.finishedSignalled) {
        other.finishedError = FenceError.ECANCELED;
      }
    }
  }

  /** {@code drm_sched_entity_kill}: queued jobs end with -ESRCH in order and never run. */
  void kill(DrmEntity entity) {
    entity.stopped = true;
    entity.sched.removeEntity(entity);
    List<DrmJob> queued = new ArrayList<>(entity.queue);
    entity.queue.clear();
    killInOrder(queued, 0, entity.lastScheduled);
  }

  private void killInOrder(List<DrmJob> queued, int index, DrmJob previous) {
    if (index == queued.size()) {
      return;
    }
    DrmJob job = queued.get(index);
    Runnable kill = () -> {
      job.status = JobStatus.KILLED;
      job.signalScheduled(now());
      job.finishedError = FenceError.ESRCH;
      job.signalFinished(now(), FenceError.ESRCH);
      killInOrder(queued, index + 1, job);
    };
    if (previous == null || previous.finishedSignalled) {
      at(now(), kill, false);
    } else {
      previous.onFinished.add(() -> at(now(), kill, false));
    }
  }

  /** {@code drm_sched_fini}. */
  void fini(DrmScheduler sched) {
    if (!sched.pending.isEmpty()) {
      log("scheduler " + sched.name() + ": cancelling " + sched.pending.size()
          + " pending job(s)");
    }
    sched.fini(sched.perPriorityRunQueues());
  }

  /** {@code drm_sched_entity_modify_sched}. */
  void modifySched(DrmEntity entity, List<String> names) {
    entity.schedList = names.stream().map(schedulers::get).toList();
  }

  private static void fire(List<Runnable> waiters) {
    List<Runnable> copy = List.copyOf(waiters);
    waiters.clear();
    copy.forEach(Runnable::run);
  }

  private List<JobOutcome> outcomes() {
    List<JobOutcome> out = new ArrayList<>();
    for (DrmJob job : jobs.values()) {
      out.add(outcome(job));
    }
    clientJobs.forEach(job -> out.add(outcome(job)));
    return out;
  }

  private static JobOutcome outcome(DrmJob job) {
    return new JobOutcome(job.name, job.entity.name, job.sched == null ? "" : job.sched.name(),
        job.status, job.credits, job.submitNs, job.scheduledNs, job.finishedNs, job.freedNs,
        job.hwError, job.finishedError, job.flags.toString());
  }
}
