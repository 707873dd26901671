package org.preemptlab.runner.experiment;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobList;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SmSet;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.RunPlugins;
import org.preemptlab.engine.Simulator;
import org.preemptlab.engine.SpatialSharing;
import org.preemptlab.runner.experiment.sharing.SharingPlan;

/**
 * The turnaround of each job run alone on an idle device, the denominator of its slowdown. Each
 * distinct kernel is computed in closed form where the engine's answer has one ({@link
 * AloneInClosedForm}: blocks of one duration in waves on the empty device) or else simulated by
 * itself (same kernel, same per-block durations, same preemption
 * strategy and so the same instrumentation overhead), submitted at time 0 with nothing else on the
 * device, in the queue of the first job that runs it; jobs with equal kernels share the result.
 * Holds one value per distinct kernel, none per job.
 *
 * <p>A job an application submits during the run is measured the same way when it is submitted
 * ({@link #applicationJob}): its kernel alone on the idle device, in its own queue, with the
 * isolated runs' own strategy instances; application jobs with equal kernels (by value: an
 * application may build an equal kernel for every iteration) share the result. Those keep 8 bytes
 * per application job, for its value.
 *
 * <p>Under spatial sharing ({@code sharing}, docs/sharing.md) with {@code slowdown-baseline:
 * partition}, the default, "alone" means alone within the job's partition: its queue confined to
 * the SMs of its green context, MPS share or MIG instance, and in a MIG instance with the
 * instance's share of the DRAM bandwidth when the contention model is on. The slowdown then counts
 * what the other tenants cost the job, not what its partition costs it (docs/metrics.md).
 */
final class IsolatedRuntimes {
  private final JobList jobs;
  private final long[] byKernel;
  private final Map<String, JobQueue> queues;
  private final Map<String, GpuContext> contexts;
  private final HardwareModel hardware;
  private final PreemptionPointStrategy preemption;
  private final ContextSaveStrategy contextSave;
  /** The run's sharing, whose partitions confine the isolated runs; none for the whole device. */
  private final SharingPlan sharing;
  /** Entries of the cache of application kernels by identity (a power of two). */
  private static final int RECENT = 256;
  /** Application kernels measured so far, by value. */
  private final Map<Kernel, Long> applicationKernels = new HashMap<>();
  /**
   * The application kernels looked up last, by identity, with their value in {@link
   * #applicationKernels}: a direct-mapped cache in front of the map, so that an application that
   * reuses its kernel instances (an LLM server's iteration kernels) is not hashed field by field
   * for every job it submits.
   */
  private final Kernel[] recentKernels = new Kernel[RECENT];
  private final long[] recentNs = new long[RECENT];
  /** The isolated turnaround of each application job, by index after the workload's jobs. */
  private long[] applicationNs = new long[0];

  private IsolatedRuntimes(JobList jobs, long[] byKernel, Map<String, JobQueue> queues,
      Map<String, GpuContext> contexts, HardwareModel hardware,
      PreemptionPointStrategy preemption, ContextSaveStrategy contextSave, SharingPlan sharing) {
    this.jobs = jobs;
    this.byKernel = byKernel;
    this.queues = queues;
    this.contexts = contexts;
    this.hardware = hardware;
    this.preemption = preemption;
    this.contextSave = contextSave;
    this.sharing = sharing;
  }

  /**
   * Measures the isolated turnaround of every distinct kernel of {@code workload}, each within its
   * queue's partition of {@code sharing} ({@link SharingPlan#none()} for the whole device).
   */
  static IsolatedRuntimes measure(Workload workload, HardwareModel hardware,
      PreemptionPointStrategy preemption, ContextSaveStrategy contextSave, SharingPlan sharing,
      RunProgress progress) {
    Map<String, JobQueue> queues = new HashMap<>();
    workload.queues().forEach(q -> queues.put(q.id(), q));
    Map<String, GpuContext> contexts = new HashMap<>();
    workload.contexts().forEach(c -> contexts.put(c.id(), c));
    JobList jobs = JobList.copyOf(workload.jobs());
    long[] byKernel = new long[jobs.distinctKernels()];
    java.util.Arrays.fill(byKernel, -1);
    int[] measured = {0}; // read by the progress display's thread: a monotone estimate
    progress.phase("isolated runs", byKernel.length, () -> measured[0]);
    for (int index = 0; index < jobs.size(); index++) {
      int k = jobs.kernelIndex(index);
      if (byKernel[k] >= 0) {
        continue;
      }
      byKernel[k] = alone(queues.get(jobs.queueId(index)), contexts, jobs.kernel(index),
          hardware, preemption, contextSave, sharing);
      measured[0]++;
    }
    return new IsolatedRuntimes(jobs, byKernel, queues, contexts, hardware, preemption,
        contextSave, sharing);
  }

  /**
   * The turnaround of {@code kernel} run by itself on the idle device, in {@code queue}, confined
   * to the queue's partition of {@code sharing} if it has one: in closed form where the engine's
   * answer has one ({@link AloneInClosedForm}, on the whole device), else simulated.
   */
  private static long alone(JobQueue queue, Map<String, GpuContext> contexts, Kernel kernel,
      HardwareModel hardware, PreemptionPointStrategy preemption,
      ContextSaveStrategy contextSave, SharingPlan sharing) {
    if (sharing.partitionOf(queue.id(), queue.contextId()) == null) {
      OptionalLong closed = AloneInClosedForm.turnaroundNs(kernel, hardware, preemption);
      if (closed.isPresent()) {
        return closed.getAsLong();
      }
    }
    return simulated(queue, contexts, kernel, hardware, preemption, contextSave, sharing);
  }

  /**
   * The turnaround of {@code kernel} run by itself on the idle device, in {@code queue}, confined
   * to the queue's partition of {@code sharing} if it has one, by simulating it.
   */
  static long simulated(JobQueue queue, Map<String, GpuContext> contexts, Kernel kernel,
      HardwareModel hardware, PreemptionPointStrategy preemption,
      ContextSaveStrategy contextSave, SharingPlan sharing) {
    JobQueue solo = new JobQueue(queue.id(), queue.contextId(), queue.priority(), 1,
        queue.engine(), false);
    Workload single = new Workload(List.of(contexts.get(queue.contextId())), List.of(solo),
        List.of(Job.of(0, queue.id(), 0, kernel)));
    RunPlugins plugins = new RunPlugins("isolation", engine -> new OnlyJob(), "isolation",
        preemption, "isolation", contextSave);
    Simulator simulator = new Simulator(single, hardware, plugins, EngineOptions.defaults());
    SmSet partition = sharing.partitionOf(queue.id(), queue.contextId());
    if (partition != null) {
      simulator.withSharing(new SpatialSharing(null, Map.of(), Map.of(queue.id(), partition),
          Set.of()));
      sharing.memoryDomains(hardware.device()).ifPresent(simulator::withMemoryDomains);
    }
    return simulator.run().makespanNs();
  }

  /**
   * An application submitted {@code job}, the run's job {@code index} (after the workload's):
   * measures its kernel alone unless an equal kernel was measured before.
   */
  void applicationJob(Job job, int index) {
    Kernel kernel = job.kernel();
    int slot = System.identityHashCode(kernel) & (RECENT - 1);
    long ns;
    if (recentKernels[slot] == kernel) {
      ns = recentNs[slot];
    } else {
      Long measured = applicationKernels.get(kernel);
      if (measured == null) {
        measured = alone(queues.get(job.queueId()), contexts, kernel, hardware, preemption,
            contextSave, sharing);
        applicationKernels.put(kernel, measured);
      }
      ns = measured;
      recentKernels[slot] = kernel;
      recentNs[slot] = ns;
    }
    int at = index - jobs.size();
    if (at >= applicationNs.length) {
      applicationNs = java.util.Arrays.copyOf(applicationNs,
          Math.max(16, Math.max(at + 1, applicationNs.length + (applicationNs.length >> 1))));
    }
    applicationNs[at] = ns;
  }

  /** The isolated turnaround in ns of job {@code index} of the run. */
  long ns(int index) {
    return index < jobs.size() ? byKernel[jobs.kernelIndex(index)]
        : applicationNs[index - jobs.size()];
  }

  /** Dispatches the one job of an isolated run as soon as it is ready. */
  private static final class OnlyJob implements SchedulingPolicy {
    private JobView ready;

    @Override
    public void onJobReady(JobView job, SchedulerView scheduler) {
      ready = job;
    }

    @Override
    public JobView selectNext(SchedulerView scheduler) {
      return ready;
    }

    @Override
    public void onJobDispatched(JobView job, SchedulerView scheduler) {
      ready = null;
    }
  }
}
