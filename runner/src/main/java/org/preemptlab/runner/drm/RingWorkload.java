package org.preemptlab.runner.drm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.scenario.ClientSpec;
import org.preemptlab.runner.scenario.JobSpec;
import org.preemptlab.runner.scenario.KernelShape;
import org.preemptlab.runner.scenario.Scenario;
import org.preemptlab.runner.scenario.SchedulerSpec;
import org.preemptlab.runner.workload.trace.BlockDurations;

/**
 * The engine workload below a DRM scenario on SM hardware: one held kernel per run of every job
 * (a KARMA resubmission runs a new kernel) and a pool per client, and what a kernel costs alone.
 */
final class RingWorkload {
  /**
   * A hung kernel's block time: its blocks never complete, since a run ends before this time
   * ({@link DrmLayer#nextInstant}) and hung kernels do not keep it alive, so only the scheduler's
   * timeout and reset take the job off the SMs.
   */
  static final long HUNG_BLOCK_NS = Long.MAX_VALUE / 4;

  private RingWorkload() {}

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

  /**
   * The workload the engine runs below the layer: none on a serial timeline; on SM hardware one
   * kernel per job, waiting until the job's ring runs it ({@link
   * org.preemptlab.engine.Simulator#submitFromLayer}), each in a queue of its own in one
   * context (the rings' order is the layer's, not the queues'). Binds each scenario job to its
   * first kernel and records, in {@code kernelJobs}, the job of every kernel by workload index (null
   * for a client's pool, bound when the client creates the job).
   */
  static Workload workload(Scenario scenario, boolean serial, Collection<DrmJob> jobs,
      Collection<Client> clients, List<DrmJob> kernelJobs) {
    if (serial) {
      return new Workload(List.of(), List.of(), List.of());
    }
    GpuContext context = new GpuContext("drm", false);
    List<JobQueue> queues = new ArrayList<>();
    List<Job> kernels = new ArrayList<>();
    Map<String, JobSpec> specs = scenario.jobsByName();
    for (DrmJob job : jobs) {
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
    for (Client client : clients) {
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
}
