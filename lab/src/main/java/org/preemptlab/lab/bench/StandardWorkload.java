package org.preemptlab.lab.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;
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

/**
 * The standard benchmark workload, exactly as {@code docs/standard-workload.md} defines it:
 * N kernels with splitmix64-derived arrivals, shapes, grid sizes and block durations (seed 42) on a
 * 132-SM device with zero latencies. Any correct engine reproduces its makespan and summed kernel
 * turnaround to the nanosecond.
 */
public final class StandardWorkload {
  /** The seed the definition fixes. */
  public static final long SEED = 42;

  private static final int[][] SHAPES = {
      {128, 32, 0}, {256, 64, 16384}, {512, 32, 49152}, {1024, 16, 0}};

  private StandardWorkload() {}

  /** One kernel of the workload: everything the baseline loop needs, as plain numbers. */
  public record KernelSpec(long arrivalNs, int threads, int registersPerThread, int sharedBytes,
      int blocks, long baseNs, long r) {

    /** Duration of block {@code b} (0-based, in dispatch order). */
    public long blockNs(int b) {
      return baseNs + Long.remainderUnsigned(BlockTiming.SplitMix.mix(r ^ b), baseNs);
    }
  }

  /** The first {@code n} kernels. */
  public static List<KernelSpec> kernels(int n) {
    List<KernelSpec> kernels = new ArrayList<>(n);
    long t = 0;
    for (int k = 0; k < n; k++) {
      long r = BlockTiming.SplitMix.mix(SEED * 1000003L + k);
      t = t + 10000 + Long.remainderUnsigned(r, 90000);
      int[] shape = SHAPES[(int) Long.remainderUnsigned(r >>> 20, 4)];
      int blocks = 132 * (1 + (int) Long.remainderUnsigned(r >>> 24, 8));
      long base = 5000 + Long.remainderUnsigned(r >>> 40, 45000);
      kernels.add(new KernelSpec(t, shape[0], shape[1], shape[2], blocks, base, r));
    }
    return kernels;
  }

  /** The benchmark's device: 132 SMs of 2,048 threads, 32 blocks, 64K registers, 228 KiB. */
  public static DeviceSpec device() {
    return new DeviceSpec("standard-benchmark", 132, new SmSpec(2048, 32, 65536, 233472, 0),
        1980, DeviceCosts.free(), true, true);
  }

  /** The benchmark's device as a hardware model with the default save/restore costs. */
  public static HardwareModel hardware() {
    DeviceSpec device = device();
    return () -> device;
  }

  /** The workload of the first {@code n} kernels, one per job, all in one queue. */
  public static Workload workload(int n) {
    return workload(n, spec -> 0);
  }

  /**
   * The workload of the first {@code n} kernels, each block of kernel {@code spec} declaring {@code
   * dramBytes.applyAsLong(spec)} bytes of DRAM traffic (which only a hardware model with
   * contention reads: without one the results are the published ones).
   */
  public static Workload workload(int n, ToLongFunction<KernelSpec> dramBytes) {
    List<Job> jobs = new ArrayList<>(n);
    int k = 0;
    for (KernelSpec spec : kernels(n)) {
      BlockProgram program = BlockProgram.uniform(spec.baseNs(), spec.registersPerThread(),
          spec.sharedBytes());
      long bytes = dramBytes.applyAsLong(spec);
      if (bytes > 0) {
        program = new BlockProgram(List.of(program.segments().get(0).withDramBytes(bytes)));
      }
      Kernel kernel = new Kernel("k" + k, spec.blocks(), spec.threads(),
          spec.registersPerThread(), spec.sharedBytes(), true, program,
          new BlockTiming.SplitMix(spec.r()));
      jobs.add(Job.of(k, "kernels", spec.arrivalNs(), kernel));
      k++;
    }
    return new Workload(List.of(new GpuContext("bench", false)),
        List.of(new JobQueue("kernels", "bench", Priority.NORMAL, 1, EngineKind.COMPUTE, false)),
        jobs);
  }
}
