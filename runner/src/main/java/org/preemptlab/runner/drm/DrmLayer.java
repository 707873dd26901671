package org.preemptlab.runner.drm;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.engine.EngineLayer;
import org.preemptlab.engine.Event;
import org.preemptlab.engine.Simulator;
import org.preemptlab.runner.scenario.ClientSpec;
import org.preemptlab.runner.scenario.EntitySpec;
import org.preemptlab.runner.scenario.FenceError;
import org.preemptlab.runner.scenario.JobSpec;
import org.preemptlab.runner.scenario.Scenario;
import org.preemptlab.runner.scenario.SchedulerSpec;
import org.preemptlab.runner.scenario.Step;
import org.preemptlab.runner.scenario.StepSpec;

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
 * <p>The layer orchestrates its parts: {@link ScenarioChecks} (what a hardware model can run),
 * {@link RingWorkload} (the held kernels below the layer on SM hardware), {@link
 * RunQueueSelection} (run queues, re-balance, dependencies) and {@link Recovery} (timeouts, guilty
 * contexts, kill, teardown); it keeps the submission, dispatch and fence signalling, the script
 * and the clients.
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
  /** Run-queue selection, re-balance and dependencies. */
  final RunQueueSelection runQueues = new RunQueueSelection(this);
  /** Timeouts, guilty contexts, kill and teardown. */
  final Recovery recovery = new Recovery(this);

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
    ScenarioChecks.checkRunsOn(scenario, hardware);
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
      long jobWorkNs = serial ? spec.durationNs()
          : RingWorkload.idleKernelNs(spec.kernel(), hardware.device());
      for (ClientSpec.Instance c : spec.instances()) {
        clients.put(c.name(), new Client(this, c, entities.get(c.entity()), jobWorkNs));
      }
    }
  }

  /**
   * The workload the engine runs below the layer ({@link RingWorkload#workload}): none on a serial
   * timeline, held kernels on SM hardware.
   */
  public Workload workload() {
    return RingWorkload.workload(scenario, serial, jobs.values(), clients.values(), kernelJobs);
  }

  /** The ring of a new scheduler, as the hardware model is. */
  DrmRing newRing() {
    return serial ? new MockRing(this) : new KernelRing(this);
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
    return next > scenario.endNs() || next >= RingWorkload.HUNG_BLOCK_NS || idle ? Long.MAX_VALUE
        : next;
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
    runQueues.selectRunQueue(entity);
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
    runQueues.offerHead(entity);
  }

  private void reject(DrmJob job, String why) {
    job.status = JobStatus.REJECTED;
    job.finishedError = FenceError.EINVAL;
    log("job " + job.name + ": drm_sched_job_init failed with -EINVAL: " + why);
    fire(job.onArmed);
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
    runQueues.offerHead(entity);
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
