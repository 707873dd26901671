package org.preemptlab.testkit.engine;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedSet;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.PluginProvider;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.sharing.SharingMode;
import org.preemptlab.api.sharing.SharingModeProvider;
import org.preemptlab.api.sharing.SharingRequest;
import org.preemptlab.engine.EngineListener;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.RunApplication;
import org.preemptlab.engine.RunPlugins;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.engine.Simulator;
import org.preemptlab.engine.SpatialSharing;
import org.preemptlab.testkit.TestDevices;
import org.preemptlab.testkit.doubles.BlockBoundaryDouble;
import org.preemptlab.testkit.doubles.FullSaveDouble;
import org.preemptlab.testkit.doubles.PriorityDouble;

/**
 * Runs plugins in the real engine on a small workload. Start from the plugin under test, name the
 * workload, change what the test needs, {@link Run#run()}:
 *
 * <pre>{@code
 * RunOutcome outcome = PluginTestKit.policy(ShortestJobFirst::new).on(workload)
 *     .creditLimit(1).run();
 * outcome.assertThat().dispatchedInOrder(1, 3, 2);
 * }</pre>
 *
 * <p>Defaults: the device {@link TestDevices#ONE_SM} (one SM, every cost zero), the {@code
 * priority} policy (preempting), the {@code block-boundary} preemption-point strategy, the {@code
 * full} context save, unlimited credits, the engine's default launch window and its invariant
 * checks on, no sharing section. A policy is created once per hardware engine the workload uses,
 * as in a real run.
 * The default plugins are the kit's doubles of the bundled ones ({@link PriorityDouble}, {@link
 * BlockBoundaryDouble}, {@link FullSaveDouble}), which decide exactly as those do, so the kit needs
 * no plugin module and each plugin module can test itself with it.
 */
public final class PluginTestKit {
  private PluginTestKit() {}

  /**
   * A run in which {@code mode} lays the workload's contexts and queues out on the device, as a
   * run's {@code sharing} section with a plugin mode does.
   */
  public static Run sharing(SharingMode mode) {
    return new Run().sharing(mode);
  }

  /** A run in which the sharing mode {@code provider} creates with the given values lays out. */
  public static Run sharing(SharingModeProvider provider, Map<String, String> parameters) {
    return new Run().sharing(provider, parameters);
  }

  /** A run of the policy that {@code policies} creates (called once per hardware engine). */
  public static Run policy(Supplier<? extends SchedulingPolicy> policies) {
    return new Run().policy(policies);
  }

  /** A run of the policy {@code provider} creates with the given parameter values. */
  public static Run policy(PluginProvider<SchedulingPolicy> provider,
      Map<String, String> parameters) {
    return new Run().policy(provider, parameters);
  }

  /** A run of {@code strategy} under the default policy. */
  public static Run preemption(PreemptionPointStrategy strategy) {
    return new Run().preemption(strategy);
  }

  /** A run of {@code save} under the default policy and strategy. */
  public static Run contextSave(ContextSaveStrategy save) {
    return new Run().contextSave(save);
  }

  /**
   * A run of {@code application} (the instance under test) on the real engine with the default
   * plugins: its contexts and queues are added to the workload ({@link Run#on}, empty by default),
   * and it submits its jobs as the run goes on. Its jobs follow the workload's in {@link
   * RunOutcome}, in the order they were submitted, under their queues' ids.
   */
  public static Run application(Application application) {
    return new Run().with(application);
  }

  /** A run on {@code hardware} with the default plugins. */
  public static Run hardware(HardwareModel hardware) {
    return new Run().hardware(hardware);
  }

  /**
   * One run being set up; every setter returns it. {@link #run()} may be called more than once: the
   * policy is created afresh each time, while the preemption-point and context-save strategies
   * given as instances serve every call (give stateful ones afresh for independent runs).
   */
  public static final class Run {
    private Workload workload;
    private final List<Application> applications = new ArrayList<>();
    private HardwareModel hardware = () -> TestDevices.ONE_SM;
    private PolicyFactory policies;
    private String policyId = "priority";
    private PreemptionPointStrategy preemption = new BlockBoundaryDouble();
    private String preemptionId = "block-boundary";
    private ContextSaveStrategy contextSave = new FullSaveDouble();
    private String contextSaveId = "full";
    private int creditLimit = Integer.MAX_VALUE;
    private int launchWindow = EngineOptions.XSCHED_LAUNCH_WINDOW;
    private boolean checkInvariants = true;
    private SharingModeFactory sharing;

    private Run() {
      policies = device -> new PriorityDouble(true);
    }

    /** Creates the run's sharing mode; the device is the run's. */
    private interface SharingModeFactory {
      SharingMode create(HardwareModel hardware);
    }

    /** Creates one policy per engine; the device is the run's. */
    private interface PolicyFactory {
      SchedulingPolicy create(HardwareModel hardware);
    }

    private static PluginContext context(PluginProvider<?> provider, Map<String, String> values,
        HardwareModel hardware) {
      return new PluginContext(Parameters.of(provider.id(), provider.parameters(), values),
          hardware.device(), new SplittableRandom(1), hardware);
    }

    /** The workload to run. */
    public Run on(Workload value) {
      workload = Objects.requireNonNull(value, "workload");
      return this;
    }

    /** The workload {@code builder} builds. */
    public Run on(TestWorkload builder) {
      return on(builder.build());
    }

    /**
     * Adds {@code application} to the run (one instance serves one run: give a fresh one for each
     * {@link #run()}).
     */
    public Run with(Application application) {
      applications.add(Objects.requireNonNull(application, "application"));
      return this;
    }

    /** The policy {@code value} creates, once per hardware engine. */
    public Run policy(Supplier<? extends SchedulingPolicy> value) {
      Objects.requireNonNull(value, "policies");
      policies = hw -> value.get();
      policyId = "policy under test";
      return this;
    }

    /** The policy {@code provider} creates with {@code parameters}, once per hardware engine. */
    public Run policy(PluginProvider<SchedulingPolicy> provider, Map<String, String> parameters) {
      policies = hw -> provider.create(context(provider, parameters, hw));
      policyId = provider.id();
      return this;
    }

    /**
     * The spatial-sharing mode: its layout of the workload's contexts and queues (with the
     * device's facts) decides which contexts share SMs and where each queue's blocks may go.
     */
    public Run sharing(SharingMode value) {
      Objects.requireNonNull(value, "sharing");
      sharing = hw -> value;
      return this;
    }

    /**
     * The sharing mode {@code provider} creates with {@code parameters} (validated against its
     * declared parameters, defaults filled in).
     */
    public Run sharing(SharingModeProvider provider, Map<String, String> parameters) {
      Objects.requireNonNull(provider, "provider");
      sharing = hw -> provider.create(context(provider, parameters, hw));
      return this;
    }

    /** The preemption-point strategy. */
    public Run preemption(PreemptionPointStrategy value) {
      preemption = Objects.requireNonNull(value, "preemption");
      preemptionId = "strategy under test";
      return this;
    }

    /** The context-save strategy. */
    public Run contextSave(ContextSaveStrategy value) {
      contextSave = Objects.requireNonNull(value, "contextSave");
      contextSaveId = "context save under test";
      return this;
    }

    /** The hardware model. */
    public Run hardware(HardwareModel value) {
      hardware = Objects.requireNonNull(value, "hardware");
      return this;
    }

    /** A hardware model of {@code device} with the default save and restore costs. */
    public Run device(DeviceSpec device) {
      Objects.requireNonNull(device, "device");
      return hardware(() -> device);
    }

    /** Credits each hardware engine may hand out (unlimited by default). */
    public Run creditLimit(int value) {
      creditLimit = value;
      return this;
    }

    /**
     * The most jobs of one queue that may be launched and unfinished at once (XSched's in-flight
     * threshold, 16, by default).
     */
    public Run launchWindow(int value) {
      launchWindow = value;
      return this;
    }

    /** Whether the engine checks every decision against the model's rules (on by default). */
    public Run checkInvariants(boolean value) {
      checkInvariants = value;
      return this;
    }

    /**
     * Runs the workload to the end with fresh plugin instances from the factories and returns what
     * happened.
     *
     * @throws IllegalStateException if no workload was given
     */
    public RunOutcome run() {
      if (workload == null && applications.isEmpty()) {
        throw new IllegalStateException("no workload: call on(...) or with(application) before "
            + "run()");
      }
      List<RunApplication> hosted = new ArrayList<>();
      for (int i = 0; i < applications.size(); i++) {
        hosted.add(RunApplication.of("application " + (i + 1), applications.get(i)));
      }
      Workload all = withResources(workload == null
          ? new Workload(List.of(), List.of(), List.of()) : workload, hosted);
      HardwareModel model = hardware;
      RunPlugins plugins = new RunPlugins(policyId, engine -> policies.create(model),
          preemptionId, preemption, contextSaveId, contextSave);
      Simulator simulator = new Simulator(all, hosted, model, plugins,
          new EngineOptions(creditLimit, checkInvariants, launchWindow));
      if (sharing != null) {
        simulator.withSharing(SpatialSharing.of(sharing.create(model).layout(request(all,
            model))));
      }
      List<Long> dispatchOrder = new ArrayList<>();
      List<Long> preemptionRequests = new ArrayList<>();
      Map<String, SortedSet<Integer>> smsByQueue = new TreeMap<>();
      simulator.listen(new EngineListener() {
        @Override
        public void jobDispatched(long timeNs, JobView job) {
          dispatchOrder.add(job.id());
        }

        @Override
        public void blockExecuted(int sm, int slot, JobView job, int blockIndex, long startNs,
            long endNs, BlockEnd end) {
          smsByQueue.computeIfAbsent(job.queue().id(), q -> new TreeSet<>()).add(sm);
        }

        @Override
        public void preemptionRequested(long timeNs, JobView victim) {
          preemptionRequests.add(victim.id());
        }
      });
      SimulationResult result = simulator.run();
      List<String> queues = all.queues().stream().map(JobQueue::id).toList();
      return new RunOutcome(result, dispatchOrder, preemptionRequests, queues, smsByQueue);
    }

    /** What a sharing mode lays out: the workload's contexts with their queues, the device. */
    private static SharingRequest request(Workload workload, HardwareModel hardware) {
      Map<String, List<String>> queuesByContext = new LinkedHashMap<>();
      workload.contexts().forEach(c -> queuesByContext.put(c.id(), new ArrayList<>()));
      for (JobQueue queue : workload.queues()) {
        queuesByContext.get(queue.contextId()).add(queue.id());
      }
      return new SharingRequest(hardware.device().name(), hardware.device(),
          hardware.sharingSupport(), queuesByContext);
    }

    /** {@code workload} with the applications' contexts and queues after its own. */
    private static Workload withResources(Workload workload, List<RunApplication> hosted) {
      if (hosted.isEmpty()) {
        return workload;
      }
      List<GpuContext> contexts = new ArrayList<>(workload.contexts());
      List<JobQueue> queues = new ArrayList<>(workload.queues());
      for (RunApplication application : hosted) {
        contexts.addAll(application.resources().contexts());
        queues.addAll(application.resources().queues());
      }
      return new Workload(contexts, queues, workload.jobs(), workload.actions());
    }
  }
}
