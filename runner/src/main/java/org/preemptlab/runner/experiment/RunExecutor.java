package org.preemptlab.runner.experiment;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.ParameterType;
import org.preemptlab.api.PluginKind;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.ContentionModel;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.IssueSharing;
import org.preemptlab.api.hardware.MemorySpec;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.workload.WorkloadGenerator;
import org.preemptlab.runner.discovery.PluginDescriptor;
import org.preemptlab.runner.discovery.PluginFailureException;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.discovery.PluginType;
import org.preemptlab.engine.ApplicationFailure;
import org.preemptlab.engine.EngineListener;
import org.preemptlab.engine.JobRecordSink;
import org.preemptlab.engine.PluginReturns;
import org.preemptlab.engine.RunApplication;
import org.preemptlab.engine.RunPlugins;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.engine.Simulator;
import org.preemptlab.runner.experiment.sharing.SharingPlan;
import org.preemptlab.api.sharing.SharingMode;
import org.preemptlab.runner.metrics.JobSamples;
import org.preemptlab.runner.metrics.Metric;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.metrics.Metrics;
import org.preemptlab.runner.metrics.Observation;
import org.preemptlab.runner.metrics.RunData;
import org.preemptlab.runner.metrics.RunMetrics;
import org.preemptlab.runner.workload.RandomStreams;
import org.preemptlab.runner.workload.SyntheticWorkload;

/**
 * Turns a {@link RunConfig} into a finished run: resolves its plugins once into a {@link RunPlan}
 * ({@link #plan}), creates fresh plugin instances from the plan's validated parameters, gives
 * each its own random stream split from the root seed by name ({@code hardware}, {@code
 * workload}, {@code preemption}, {@code context-save}, {@code policy/<engine>}, {@code
 * application/<id>}), generates the workload, adds the applications' contexts and queues,
 * simulates it and computes the metrics. The workload stream does not depend on the
 * plugins chosen, so every configuration of one seed sees the same workload (common random
 * numbers). Safe to use from several threads: it holds no run state.
 */
public final class RunExecutor {
  private final PluginRegistry registry;
  private final long maxBlocks;
  private final RunProgress progress;
  /** What each run also observes, for the metrics computed on request that it reports. */
  private final List<Observation<?>> observations;

  /** An executor that finds plugins in {@code registry} and runs workloads of any size. */
  public RunExecutor(PluginRegistry registry) {
    this(registry, Long.MAX_VALUE, RunProgress.NONE, List.of());
  }

  private RunExecutor(PluginRegistry registry, long maxBlocks, RunProgress progress,
      List<Observation<?>> observations) {
    this.registry = registry;
    this.maxBlocks = maxBlocks;
    this.progress = progress;
    this.observations = observations;
  }

  /**
   * The same executor collecting, in every run, what the metrics of {@code reported} need beyond
   * the run's records ({@link Metric#needs()}): a run attaches those collectors only, so a metric
   * that observes every block costs the runs that do not report it nothing.
   */
  public RunExecutor reporting(java.util.Collection<MetricSelection> reported) {
    java.util.Map<String, Observation<?>> needed = new java.util.LinkedHashMap<>();
    for (MetricSelection selection : reported) {
      Observation<?> observation = selection.metric().needs();
      if (observation != null) {
        needed.putIfAbsent(observation.id(), observation);
      }
    }
    return new RunExecutor(registry, maxBlocks, progress, List.copyOf(needed.values()));
  }

  /**
   * The same executor refusing (with a {@link ConfigurationException}, before simulating) a run
   * whose {@link WorkEstimate} places more than {@code maxBlocks} blocks.
   */
  public RunExecutor withMaxBlocks(long maxBlocks) {
    return new RunExecutor(registry, maxBlocks, progress, observations);
  }

  /**
   * The same executor telling {@code progress} about each run's phases (a terminal's progress
   * bar); for one run at a time, not for a sweep's parallel runs.
   */
  public RunExecutor withProgress(RunProgress progress) {
    return new RunExecutor(registry, maxBlocks, progress, observations);
  }

  /**
   * The work of {@code config}'s run, estimated from its generated workload without simulating.
   *
   * @throws ConfigurationException for a mistake in the configuration or a workload that cannot
   *     run
   */
  public WorkEstimate estimate(RunConfig config) {
    return estimate(plan(config));
  }

  /**
   * The work of {@code plan}'s run, estimated from its generated workload without simulating.
   *
   * @throws ConfigurationException for a workload that cannot run
   */
  public WorkEstimate estimate(RunPlan plan) {
    PluginBlame blame = blame(plan);
    try {
      return estimate(plan, blame);
    } catch (Throwable failure) {
      throw blame.translate(failure);
    }
  }

  private WorkEstimate estimate(RunPlan plan, PluginBlame blame) {
    RunConfig config = plan.config();
    HardwareModel hardware = createHardware(plan, blame);
    Workload generated = generateWorkload(plan, hardware, blame);
    WorkloadChecks.check(generated);
    // The applications' contexts and queues too, which a sharing section may name.
    List<RunApplication> applications = ApplicationSetup.create(registry, plan.applications(),
        hardware, config.seed());
    Workload workload = ApplicationSetup.merge(generated, applications);
    SharingPlan sharing = SharingPlan.resolve(config.sharing(), hardwareLabel(config), hardware,
        workload, mode -> createSharingMode(plan, hardware));
    MemoryCheck.check(applications, sharing, hardware);
    return WorkEstimate.of(workload, hardware.device().costs()).withTimers(workload,
        hardware.device().smCount(), timerPeriods(plan)).withApplications(applications);
  }

  /**
   * The run's sharing-mode plugin, created with its validated parameters; its random stream is
   * named after its kind, as every plugin's.
   */
  private SharingMode createSharingMode(RunPlan plan, HardwareModel hardware) {
    RunPlan.PlannedPlugin mode = plan.sharingMode();
    return registry.create(PluginType.SHARING_MODE, mode.id(), mode.parameters(), hardware,
        RandomStreams.named(plan.config().seed(), PluginKind.SHARING_MODE.key()));
  }

  /** The values of the policy's duration parameters: each may be a timer's period. */
  private static List<Long> timerPeriods(RunPlan plan) {
    RunPlan.PlannedPlugin policy = plan.plugin(PluginKind.SCHEDULING_POLICY);
    List<Long> periods = new java.util.ArrayList<>();
    for (ParameterSpec spec : policy.descriptor().parameters()) {
      if (spec.type() == ParameterType.DURATION) {
        periods.add(policy.parameters().getDurationNs(spec.name()));
      }
    }
    return periods;
  }

  /**
   * Resolves {@code config}'s plugins once ({@link RunPlan#of}): every id and parameter is
   * checked and the defaults filled in, without creating anything, so that a mistake is reported
   * before the first run starts.
   *
   * @throws ConfigurationException naming the key and the valid choices
   */
  public RunPlan plan(RunConfig config) {
    return RunPlan.of(registry, config);
  }

  /**
   * Runs {@code config}.
   *
   * @throws ConfigurationException for a mistake in the configuration, before simulating
   * @throws PluginFailureException when a plugin fails while being created or generating
   * @throws org.preemptlab.engine.InvariantViolationException when a plugin breaks a rule
   *     of the model during the simulation
   */
  public RunOutcome execute(RunConfig config) {
    return execute(config, null);
  }

  /**
   * Runs {@code config} as {@link #execute(RunConfig)} does, with {@code listener} (if not null)
   * observing the simulation; the runs that measure isolated runtimes are not observed. The
   * listener does not change the outcome.
   */
  public RunOutcome execute(RunConfig config, EngineListener listener) {
    return execute(config, listener, null);
  }

  /**
   * Runs {@code config} as {@link #execute(RunConfig, EngineListener)} does, but hands each job's
   * record to {@code jobs} as the job finishes instead of keeping it: the outcome's {@code
   * result().jobs()} is empty, and its metrics come from what {@link JobSamples} keeps of each job
   * (its turnaround and its lane, 9 bytes), which wait in a temporary file until the simulation is
   * over. Memory then grows with the jobs in flight (and the workload and the engine's per-job
   * indices), instead of with a full record for every job of the run.
   *
   * @param jobs receives the records, or null to keep them in the result
   */
  public RunOutcome execute(RunConfig config, EngineListener listener, FinishedJobs jobs) {
    return execute(plan(config), listener, jobs);
  }

  /**
   * Runs {@code plan} as {@link #execute(RunConfig, EngineListener, FinishedJobs)} runs its
   * configuration, without resolving its plugins again.
   *
   * @param plan a plan of this executor's registry ({@link #plan}), possibly for another seed
   *     ({@link RunPlan#withSeed})
   */
  public RunOutcome execute(RunPlan plan, EngineListener listener, FinishedJobs jobs) {
    PluginBlame blame = blame(plan);
    try {
      return execute(plan, listener, jobs, blame);
    } catch (Throwable failure) {
      throw blame.translate(failure);
    }
  }

  /** Who is to blame for a failure of {@code plan}'s run: each of its plugins. */
  private static PluginBlame blame(RunPlan plan) {
    PluginBlame blame = new PluginBlame();
    plan.descriptors().forEach(plugin -> blame.saw(plugin, null));
    return blame;
  }

  private RunOutcome execute(RunPlan plan, EngineListener listener, FinishedJobs jobs,
      PluginBlame blame) {
    RunConfig config = plan.config();
    long seed = config.seed();
    HardwareModel hardware = createHardware(plan, blame);
    DeviceSpec device = hardware.device();
    Workload generated = generateWorkload(plan, hardware, blame);
    WorkloadChecks.check(generated);
    List<RunPlan.PlannedPlugin> planned = plan.applications();
    List<RunApplication> applications = ApplicationSetup.create(registry, planned, hardware,
        seed);
    for (int i = 0; i < applications.size(); i++) {
      blame.saw(planned.get(i).descriptor(), applications.get(i).application());
    }
    Workload workload = ApplicationSetup.merge(generated, applications);
    checkLaunchConfigs(workload, config.engine().toOptions());
    SharingPlan sharing = SharingPlan.resolve(config.sharing(), hardwareLabel(config), hardware,
        workload, mode -> createSharingMode(plan, hardware));
    MemoryCheck.check(applications, sharing, hardware);
    WorkEstimate estimate = WorkEstimate.of(workload, device.costs()).withTimers(workload,
        device.smCount(), timerPeriods(plan)).withApplications(applications);
    estimate.checkTime();
    estimate.checkSize(maxBlocks, "the run");
    RunPlan.PlannedPlugin preemptionPlan = plan.plugin(PluginKind.PREEMPTION_STRATEGY);
    RunPlan.PlannedPlugin contextSavePlan = plan.plugin(PluginKind.CONTEXT_SAVE);
    RunPlan.PlannedPlugin policyPlan = plan.plugin(PluginKind.SCHEDULING_POLICY);
    PreemptionPointStrategy preemption = registry.create(PluginType.PREEMPTION_STRATEGY,
        preemptionPlan.id(), preemptionPlan.parameters(), hardware,
        RandomStreams.named(seed, "preemption"));
    blame.saw(preemptionPlan.descriptor(), preemption);
    ContextSaveStrategy contextSave = registry.create(PluginType.CONTEXT_SAVE,
        contextSavePlan.id(), contextSavePlan.parameters(), hardware,
        RandomStreams.named(seed, "context-save"));
    blame.saw(contextSavePlan.descriptor(), contextSave);
    List<SchedulingPolicy> policyInstances = new java.util.ArrayList<>();
    Function<EngineKind, SchedulingPolicy> policies = engine -> {
      SchedulingPolicy policy = registry.create(PluginType.SCHEDULING_POLICY, policyPlan.id(),
          policyPlan.parameters(), hardware,
          RandomStreams.named(seed, "policy/" + engine.name().toLowerCase(Locale.ROOT)));
      policyInstances.add(policy);
      blame.saw(policyPlan.descriptor(), policy);
      return policy;
    };
    RunPlugins plugins = new RunPlugins(policyPlan.id(), policies, preemptionPlan.id(),
        preemption, contextSavePlan.id(), contextSave);
    // The isolated runs come first, so that each finishing job's slowdown is known at once; they
    // get instances of their own, so a strategy that keeps state sees exactly the main run.
    IsolatedRuntimes isolated = IsolatedRuntimes.measure(workload, hardware,
        registry.create(PluginType.PREEMPTION_STRATEGY, preemptionPlan.id(),
            preemptionPlan.parameters(), hardware, RandomStreams.named(seed, "preemption")),
        registry.create(PluginType.CONTEXT_SAVE, contextSavePlan.id(),
            contextSavePlan.parameters(), hardware, RandomStreams.named(seed, "context-save")),
        config.sharing() != null && config.sharing().aloneInPartition() ? sharing
            : SharingPlan.none(), progress);
    // A streamed run's samples wait outside the heap until the run is over (memory per job).
    JobSamples.Recorder recorder = jobs == null
        ? new JobSamples.Recorder(workload.jobs().size(), isolated::ns)
        : JobSamples.Recorder.spilling(workload.jobs().size(), isolated::ns);
    java.util.Map<String, Observation.Collector<?>> collectors = new java.util.LinkedHashMap<>();
    for (Observation<?> observation : observations) {
      collectors.put(observation.id(), observation.collector().apply(hardware.device()));
    }
    SimulationResult result;
    try {
      result = simulate(workload, applications, isolated, hardware, plugins, config, sharing,
          listener, List.copyOf(collectors.values()), progress, jobs == null ? null
              : (index, record) -> jobs.finished(index, record, recorder.add(index, record)));
    } catch (ApplicationFailure e) {
      int i = applications.indexOf(applications.stream()
          .filter(a -> a.name().equals(e.application())).findFirst().orElseThrow());
      throw ApplicationSetup.translate(e, planned.get(i).descriptor());
    }
    if (jobs == null) { // the records were kept: the samples come from them
      for (int i = 0; i < result.jobs().size(); i++) {
        recorder.add(i, result.jobs().get(i));
      }
    }
    JobSamples samples = recorder.build();
    progress.end();
    Map<String, Double> pluginValues = new java.util.TreeMap<>();
    Map<String, String> applicationFiles = new java.util.LinkedHashMap<>();
    int application = 0; // the plan lists the applications in the order they were created
    for (RunPlan.PlannedPlugin plugin : plan.plugins()) {
      List<?> instances = switch (plugin.kind()) {
        case SCHEDULING_POLICY -> policyInstances;
        case PREEMPTION_STRATEGY -> List.of(preemption);
        case CONTEXT_SAVE -> List.of(contextSave);
        case APPLICATION -> List.of(applications.get(application++).application());
        case HARDWARE_MODEL, WORKLOAD, SHARING_MODE -> List.of(); // they report no metric values
      };
      PluginMetrics.collect(plugin.descriptor(), plugin.metricPrefix(), plugin.metrics(),
          instances, pluginValues);
      if (plugin.kind() == PluginKind.APPLICATION) {
        PluginMetrics.collectFiles(plugin.descriptor(), plugin.label(), instances.get(0),
            applicationFiles);
      }
    }
    Map<String, Object> observed = new java.util.TreeMap<>();
    collectors.forEach((id, collector) -> observed.put(id, collector.result()));
    collectors = null; // what they collected (intervals, per-SM spans) is the data's now
    RunMetrics metrics = RunMetrics.of(new RunData(result, samples, pluginValues, Map.of(),
        observed));
    return new RunOutcome(config, plan.descriptors(), device, workload, result, metrics,
        plan.parameters(), plan.applicationParameters(), choices(sharing, hardware),
        applicationFiles);
  }

  /**
   * The modelling choices that decided a run: the sharing plan's, then the contention rules of
   * the hardware model with the bandwidth they share, in the value the console prints (e.g.
   * {@code memory-system (4300 GB/s achievable, 375 ns latency)}).
   */
  static List<ModellingChoice> choices(SharingPlan sharing, HardwareModel hardware) {
    List<ModellingChoice> choices = new java.util.ArrayList<>(sharing.choices());
    hardware.contention().ifPresent(rule -> {
      double supply = rule.supplyBytesPerNs(hardware.device().memory());
      boolean memorySystem = rule == ContentionModel.memorySystem() || rule.queueingNs() > 0;
      String queueing = rule.queueingNs() > 0 ? ", its DRAM latency rising with the traffic"
          + " by a queueing delay of scale " + gbps(rule.queueingNs()) + " ns" : "";
      MemorySpec memory = hardware.device().memory();
      String figures = memorySystem
          ? gbps(supply) + " GB/s achievable"
              + (memory.dramLatencyNs() > 0 ? ", " + gbps(memory.dramLatencyNs()) + " ns latency"
                  : "")
              + (rule.queueingNs() > 0 ? ", " + gbps(rule.queueingNs()) + " ns queueing" : "")
          : gbps(supply) + " GB/s peak";
      choices.add(new ModellingChoice("contention",
          (memorySystem ? "memory-system" : "max-min-fair") + " (" + figures + ")",
          "co-resident blocks share " + gbps(supply) + " GB/s of DRAM bandwidth max-min fairly ("
              + (memorySystem ? "the achievable bandwidth, each block at most its memory-level "
                  + "parallelism cap" + queueing + ")" : "the datasheet peak)"),
          memorySystem ? "docs/model.md#the-memory-system"
              : "docs/model.md#contention-for-memory-bandwidth"));
    });
    hardware.issueSharing().ifPresent(issue -> choices.add(new ModellingChoice("contention",
        issue.order() == IssueSharing.Order.EQUAL ? "issue-rate" : "issue-rate, "
            + issue.order().id(), "blocks on one SM share its " + issue.issueSlots()
            + " issue slots" + (issue.order() == IssueSharing.Order.EQUAL ? "" : ", the kernel"
            + " that started " + (issue.order() == IssueSharing.Order.OLDEST_FIRST ? "first"
            : "last") + " first"),
        "docs/model.md#sharing-an-sms-issue-slots")));
    if (hardware.contention().isEmpty() && hardware.issueSharing().isEmpty()) {
      choices.add(new ModellingChoice("contention", "none", "each block lasts exactly its program",
          "docs/model.md"));
    }
    return List.copyOf(choices);
  }

  /** The hardware model as errors name it: its id, and a model file's path. */
  private static String hardwareLabel(RunConfig config) {
    String path = config.hardware().parameters().get("path");
    return config.hardware().id() + (path == null ? "" : " (" + path + ")");
  }

  /** A bandwidth as written in a model file: {@code 4800}, or {@code 177.4}. */
  private static String gbps(double value) {
    return value == Math.rint(value) ? Long.toString((long) value)
        : java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  /** A queue's own launch window below the engine's batch (or the reverse) is refused here. */
  private static void checkLaunchConfigs(Workload workload,
      org.preemptlab.engine.EngineOptions options) {
    for (org.preemptlab.api.model.JobQueue queue : workload.queues()) {
      int window = queue.launchWindow() > 0 ? queue.launchWindow() : options.launchWindow();
      int batch = queue.launchBatch() > 0 ? queue.launchBatch() : options.launchBatch();
      if (batch > window) {
        throw new ConfigurationException("queue '" + queue.id() + "': its launch batch " + batch
            + (queue.launchBatch() > 0 ? " (launch-batch)" : " (engine.launch-batch)")
            + " exceeds its launch window " + window
            + (queue.launchWindow() > 0 ? " (launch-window)" : " (engine.launch-window)")
            + "; the batch must be at most the window");
      }
    }
  }

  /**
   * Runs the simulation in a method of its own so that the engine's per-job state is garbage once
   * it returns: the isolation runs and the metrics that follow then share the heap only with the
   * compact records (memory per job).
   */
  private static SimulationResult simulate(Workload workload,
      List<RunApplication> applications, IsolatedRuntimes isolated, HardwareModel hardware,
      RunPlugins plugins, RunConfig config, SharingPlan sharing, EngineListener listener,
      List<EngineListener> collectors, RunProgress progress, JobRecordSink jobs) {
    Simulator simulator = new Simulator(workload, applications, hardware, plugins,
        config.engine().toOptions()).withSharing(sharing.sharing());
    sharing.memoryDomains(hardware.device()).ifPresent(simulator::withMemoryDomains);
    if (!applications.isEmpty()) {
      simulator.observeApplicationJobs(isolated::applicationJob);
    }
    if (listener != null) {
      simulator.listen(listener);
    }
    collectors.forEach(simulator::listen);
    if (jobs != null) {
      simulator.streamJobs(jobs);
    }
    progress.phase("simulate", applications.isEmpty() ? workload.jobs().size() : -1,
        simulator::finishedJobs);
    return simulator.run();
  }

  /**
   * The workload {@code config} generates for its seed, without simulating it: what a sweep's
   * cost estimate counts (see {@code experiment.cluster.WorkloadSize}).
   *
   * @throws ConfigurationException for a mistake in the configuration
   * @throws PluginFailureException when the hardware model or the workload generator fails
   */
  public Workload workload(RunConfig config) {
    RunPlan plan = plan(config);
    PluginBlame blame = blame(plan);
    try {
      HardwareModel hardware = createHardware(plan, blame);
      return generateWorkload(plan, hardware, blame);
    } catch (Throwable failure) {
      throw blame.translate(failure);
    }
  }

  /** The run's hardware model, whose {@code device()} is checked to be there. */
  private HardwareModel createHardware(RunPlan plan, PluginBlame blame) {
    RunPlan.PlannedPlugin planned = plan.plugin(PluginKind.HARDWARE_MODEL);
    HardwareModel hardware = registry.create(PluginType.HARDWARE_MODEL, planned.id(),
        planned.parameters(), (HardwareModel) null,
        RandomStreams.named(plan.config().seed(), "hardware"));
    PluginDescriptor descriptor = planned.descriptor();
    blame.saw(descriptor, hardware);
    if (hardware.device() == null) {
      throw new PluginFailureException(descriptor, "returned null from device() of "
          + PluginReturns.className(hardware));
    }
    return hardware;
  }

  /**
   * The metric registry of {@code config}: the built-in metrics and those its policy,
   * preemption-point and context-save strategy and applications declare ({@code policy.ID}, ...);
   * {@link RunPlan#metrics()} of its plan.
   *
   * @throws ConfigurationException for an unknown plugin id
   */
  public Metrics metrics(RunConfig config) {
    return plan(config).metrics();
  }

  private Workload generateWorkload(RunPlan plan, HardwareModel hardware, PluginBlame blame) {
    WorkloadConfig config = plan.config().workload();
    long seed = plan.config().seed();
    if (config.spec() != null) {
      return SyntheticWorkload.generate(config.spec(), RandomStreams.named(seed, "workload"),
          hardware);
    }
    RunPlan.PlannedPlugin planned = plan.plugin(PluginKind.WORKLOAD);
    WorkloadGenerator generator = registry.create(PluginType.WORKLOAD, planned.id(),
        planned.parameters(), hardware, RandomStreams.named(seed, "workload"));
    PluginDescriptor descriptor = planned.descriptor();
    blame.saw(descriptor, generator);
    Workload workload;
    try {
      workload = generator.generate();
    } catch (ConfigurationException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException("workload '" + config.generator() + "': " + e.getMessage(),
          e);
    } catch (OutOfMemoryError e) {
      throw e;
    } catch (Throwable e) { // an Error or an undeclared checked exception too
      throw new PluginFailureException(descriptor, "generate() of "
          + PluginReturns.className(generator), e);
    }
    if (workload == null) {
      throw new PluginFailureException(descriptor, "returned null from generate() of "
          + PluginReturns.className(generator));
    }
    return workload;
  }
}
