package org.preemptlab.policies.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.PluginProvider;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulingPolicyProvider;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.engine.EngineListener;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.RunPlugins;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.engine.Simulator;
import org.preemptlab.plugins.preemption.blockboundary.BlockBoundaryStrategyProvider;
import org.preemptlab.plugins.preemption.flush.FlushStrategyProvider;
import org.preemptlab.plugins.preemption.instructionlevel.InstructionLevelStrategyProvider;
import org.preemptlab.plugins.save.FullContextSaveProvider;
import org.preemptlab.testkit.TestPlugins;

/**
 * Runs library policies, found by id as the CLI finds them (ServiceLoader, {@link TestPlugins}),
 * with the bundled {@code instruction-level}, {@code flush} or {@code block-boundary} strategy and
 * the {@code full} save (from the plugins module), on the real engine with a small test
 * device: 8 SMs of 2,048 threads, 32 blocks, 64 Ki registers and 64 KiB shared memory each, a 1 GHz
 * clock (one cycle is one ns), instruction-level preemption with a 1 us signal and full context
 * save at 100 B/ns (plus 2 us fixed), other costs zero.
 */
final class PolicyLab {
  private PolicyLab() {}

  /** The bundled preemption-point strategies the tests name, by id. */
  private static final Map<String, PluginProvider<PreemptionPointStrategy>> PREEMPTION = Map.of(
      BlockBoundaryStrategyProvider.ID, new BlockBoundaryStrategyProvider(),
      FlushStrategyProvider.ID, new FlushStrategyProvider(),
      InstructionLevelStrategyProvider.ID, new InstructionLevelStrategyProvider());

  static final DeviceSpec DEVICE = new DeviceSpec("policy-lab", 8,
      new SmSpec(2048, 32, 65536, 65536, 0), 1000,
      new DeviceCosts(0, 0, 1_000, 100, 2_000, 100, 2_000, 0, 1_000_000_000L, 0), true, true);

  /** A kernel of {@code blocks} blocks of {@code threads} threads, each running {@code ns}. */
  static Kernel kernel(String name, int blocks, int threads, long ns) {
    return new Kernel(name, blocks, threads, 16, 0, false, BlockProgram.uniform(ns, 16, 0),
        new BlockTiming.Exact());
  }

  /** As {@link #kernel}, of an idempotent kernel (which a flush may reset). */
  static Kernel idempotentKernel(String name, int blocks, int threads, long ns) {
    return new Kernel(name, blocks, threads, 16, 0, true, BlockProgram.uniform(ns, 16, 0),
        new BlockTiming.Exact());
  }

  /** Builds workloads with one context per queue. */
  static final class Builder {
    private final List<GpuContext> contexts = new ArrayList<>();
    private final List<JobQueue> queues = new ArrayList<>();
    private final List<Job> jobs = new ArrayList<>();
    private long nextId = 1;

    Builder queue(String id, Priority priority, int weight) {
      contexts.add(new GpuContext("ctx-" + id, true));
      queues.add(new JobQueue(id, "ctx-" + id, priority, weight, EngineKind.COMPUTE, false));
      return this;
    }

    Builder job(String queue, long submitNs, long deadlineNs, Kernel kernel) {
      jobs.add(new Job(nextId++, queue, submitNs, 1, List.of(), deadlineNs, 0, kernel));
      return this;
    }

    Builder job(String queue, long submitNs, Kernel kernel) {
      return job(queue, submitNs, Job.NO_DEADLINE, kernel);
    }

    Workload build() {
      return new Workload(contexts, queues, jobs, List.of());
    }
  }

  static Builder workload() {
    return new Builder();
  }

  /** A run's result plus the SM time each queue's blocks executed, per queue, inside a window. */
  record Outcome(SimulationResult result, Map<String, Long> smTimeInWindow) {

    /** Jobs that had a deadline and missed it. */
    long deadlineMisses() {
      return result.jobs().stream().filter(JobRecord::missedDeadline).count();
    }

    /** Mean turnaround in ns over every job. */
    double meanTurnaroundNs() {
      return result.jobs().stream().mapToLong(JobRecord::turnaroundNs).average().orElseThrow();
    }

    /** The records of one queue. */
    List<JobRecord> jobsOf(String queue) {
      return result.jobs().stream().filter(j -> j.queueId().equals(queue)).toList();
    }

    /** {@code queue}'s fraction of the SM time the given queues executed in the window. */
    double share(String queue, String... among) {
      long total = 0;
      for (String q : among) {
        total += smTimeInWindow.getOrDefault(q, 0L);
      }
      return (double) smTimeInWindow.getOrDefault(queue, 0L) / total;
    }
  }

  static Outcome run(Workload workload, String policy, Map<String, String> parameters) {
    return run(workload, policy, parameters, 0, Long.MAX_VALUE);
  }

  /** Runs {@code policy} and measures each queue's SM time within [fromNs, toNs). */
  static Outcome run(Workload workload, String policy, Map<String, String> parameters,
      long fromNs, long toNs) {
    return run(workload, policy, parameters, fromNs, toNs, EngineOptions.defaults());
  }

  /** As {@link #run(Workload, String, Map, long, long)} with the given engine options. */
  static Outcome run(Workload workload, String policy, Map<String, String> parameters,
      long fromNs, long toNs, EngineOptions options) {
    return run(workload, policy, parameters, DEVICE, "instruction-level", fromNs, toNs, options);
  }

  /** Runs {@code policy} on {@code device} with the preemption strategy {@code preemption}. */
  static Outcome run(Workload workload, String policy, Map<String, String> parameters,
      DeviceSpec device, String preemption, long fromNs, long toNs, EngineOptions options) {
    HardwareModel hardware = () -> device;
    RunPlugins plugins = new RunPlugins(policy,
        kind -> create(TestPlugins.provider(SchedulingPolicyProvider.class, policy), parameters,
            device, 1),
        preemption, create(PREEMPTION.get(preemption), Map.of(), device, 2),
        "full", create(new FullContextSaveProvider(), Map.of(), device, 3));
    Map<String, Long> smTime = new TreeMap<>();
    Simulator simulator = new Simulator(workload, hardware, plugins, options);
    simulator.listen(new EngineListener() {
      @Override
      public void blockExecuted(int sm, int slot, JobView job, int blockIndex, long startNs,
          long endNs, BlockEnd end) {
        long inside = Math.min(endNs, toNs) - Math.max(startNs, fromNs);
        if (inside > 0) {
          smTime.merge(job.queue().id(), inside, Long::sum);
        }
      }
    });
    return new Outcome(simulator.run(), smTime);
  }

  /**
   * A plugin of {@code provider} for a run on {@code device}, as the runner creates one: its
   * parameters validated with defaults filled in, the run's hardware model, a random stream seeded
   * {@code seed}.
   */
  private static <T> T create(PluginProvider<T> provider, Map<String, String> values,
      DeviceSpec device, long seed) {
    return provider.create(new PluginContext(Parameters.of(provider.id(), provider.parameters(),
        values), device, new SplittableRandom(seed), () -> device));
  }
}
