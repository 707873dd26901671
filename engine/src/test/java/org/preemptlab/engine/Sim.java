package org.preemptlab.engine;

import java.util.ArrayList;
import java.util.List;
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
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.model.Workload;

/**
 * Small hand-built devices and workloads for engine behaviour tests. The clock is 1000 MHz, so one
 * cycle is one ns; every cost is zero unless a test sets it.
 */
final class Sim {
  private Sim() {}

  /** An SM with generous limits: 1024 threads, 16 blocks, 65536 registers, 64 KiB shared. */
  static SmSpec bigSm() {
    return new SmSpec(1024, 16, 65536, 65536, 0);
  }

  /** Costs builder, starting from everything free (zero latencies, 1e9 B/ns bandwidths). */
  static final class Costs {
    long launch;
    long dispatch;
    long signal;
    double saveBw = 1e9;
    long saveFixed;
    double restoreBw = 1e9;
    long restoreFixed;
    long contextSwitch;
    long timeSlice = 1_000_000_000L;

    Costs launch(long ns) { launch = ns; return this; }
    Costs dispatch(long ns) { dispatch = ns; return this; }
    Costs signal(long ns) { signal = ns; return this; }
    Costs save(double bytesPerNs, long fixedNs) { saveBw = bytesPerNs; saveFixed = fixedNs; return this; }
    Costs restore(double bytesPerNs, long fixedNs) {
      restoreBw = bytesPerNs; restoreFixed = fixedNs; return this;
    }
    Costs contextSwitch(long ns) { contextSwitch = ns; return this; }
    Costs timeSlice(long ns) { timeSlice = ns; return this; }

    DeviceCosts build() {
      return new DeviceCosts(launch, dispatch, signal, saveBw, saveFixed, restoreBw, restoreFixed,
          contextSwitch, timeSlice, 0);
    }
  }

  static Costs costs() {
    return new Costs();
  }

  static DeviceSpec device(int smCount, SmSpec sm, Costs costs) {
    return new DeviceSpec("test-gpu", smCount, sm, 1000, costs.build(), true, true);
  }

  static DeviceSpec device(int smCount, SmSpec sm, Costs costs, boolean concurrentContexts) {
    return new DeviceSpec("test-gpu", smCount, sm, 1000, costs.build(), true, concurrentContexts);
  }

  static HardwareModel hw(DeviceSpec device) {
    return () -> device;
  }

  /** A kernel of {@code grid} blocks, each running one compute segment of {@code ns}, exactly. */
  static Kernel kernel(String name, int grid, int threads, int regs, int shared, long ns) {
    return new Kernel(name, grid, threads, regs, shared, false,
        BlockProgram.uniform(ns, regs, shared), new BlockTiming.Exact());
  }

  static Kernel kernel(String name, int grid, int threads, int regs, int shared, boolean idempotent,
      BlockProgram program) {
    return new Kernel(name, grid, threads, regs, shared, idempotent, program,
        new BlockTiming.Exact());
  }

  static Segment seg(SegmentKind kind, long ns, int liveRegs) {
    return new Segment(kind, ns, ns, liveRegs, 0);
  }

  static BlockProgram program(Segment... segments) {
    return new BlockProgram(List.of(segments));
  }

  static JobQueue queue(String id, String context, Priority priority) {
    return new JobQueue(id, context, priority, 1, EngineKind.COMPUTE, false);
  }

  static JobQueue queue(String id, String context, Priority priority, boolean serial) {
    return new JobQueue(id, context, priority, 1, EngineKind.COMPUTE, serial);
  }

  static Job job(long id, String queue, long submitNs, Kernel kernel) {
    return Job.of(id, queue, submitNs, kernel);
  }

  static Job job(long id, String queue, long submitNs, int credits, List<Long> deps,
      Kernel kernel) {
    return new Job(id, queue, submitNs, credits, deps, Job.NO_DEADLINE, 0, kernel);
  }

  /** A closed-loop job: submitted {@code thinkNs} after its dependencies finish (or later). */
  static Job closedLoopJob(long id, String queue, long submitNs, List<Long> deps, long thinkNs,
      Kernel kernel) {
    return new Job(id, queue, submitNs, 1, deps, Job.NO_DEADLINE, thinkNs, kernel, true);
  }

  /** Builds workloads; contexts are created on first mention and answer yield requests. */
  static final class W {
    final List<GpuContext> contexts = new ArrayList<>();
    final List<JobQueue> queues = new ArrayList<>();
    final List<Job> jobs = new ArrayList<>();
    final List<org.preemptlab.api.model.QueueAction> actions = new ArrayList<>();

    W action(org.preemptlab.api.model.QueueAction action) {
      actions.add(action);
      return this;
    }

    W context(String id, boolean handlesYield) {
      contexts.add(new GpuContext(id, handlesYield));
      return this;
    }

    W queue(JobQueue queue) {
      if (contexts.stream().noneMatch(c -> c.id().equals(queue.contextId()))) {
        contexts.add(new GpuContext(queue.contextId(), true));
      }
      queues.add(queue);
      return this;
    }

    W queue(String id, Priority priority) {
      return queue(Sim.queue(id, "ctx", priority));
    }

    W job(Job job) {
      jobs.add(job);
      return this;
    }

    W job(long id, String queue, long submitNs, Kernel kernel) {
      return job(Sim.job(id, queue, submitNs, kernel));
    }

    Workload build() {
      return new Workload(contexts, queues, jobs, actions);
    }
  }

  static W workload() {
    return new W();
  }

  static JobRecord record(SimulationResult result, long jobId) {
    return result.jobs().stream().filter(j -> j.jobId() == jobId).findFirst().orElseThrow();
  }

  static SimulationResult run(Workload workload, DeviceSpec device, String policy,
      String preemption, String save) {
    return EngineFixtures.run(workload, hw(device), policy, preemption, save);
  }

  static SimulationResult run(Workload workload, DeviceSpec device, RunPlugins plugins,
      EngineOptions options) {
    return new Simulator(workload, hw(device), plugins, options).run();
  }

  /** Runs with a policy instance per engine made by {@code policy}, unlimited windows. */
  static SimulationResult run(Workload workload, HardwareModel hardware,
      java.util.function.Supplier<org.preemptlab.api.policy.SchedulingPolicy> policy,
      String preemption, String save, EngineOptions options, EngineListener listener) {
    RunPlugins base = EngineFixtures.plugins(hardware.device(), "fifo", preemption, save);
    RunPlugins plugins = new RunPlugins("test-policy", kind -> policy.get(), base.preemptionId(),
        base.preemption(), base.contextSaveId(), base.contextSave());
    Simulator simulator = new Simulator(workload, hardware, plugins, options);
    if (listener != null) {
      simulator.listen(listener);
    }
    return simulator.run();
  }

  static SimulationResult fifo(Workload workload, DeviceSpec device) {
    return run(workload, device, "fifo", "block-boundary", "full");
  }
}
