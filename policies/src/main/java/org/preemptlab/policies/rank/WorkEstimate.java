package org.preemptlab.policies.rank;

import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.policy.JobView;

/**
 * What a policy can estimate about a job's remaining work from what it sees, without an oracle:
 * the job's remaining blocks, the nominal duration of one block (its program's {@link
 * org.preemptlab.api.model.BlockProgram#durationNs()}, before any timing jitter the engine adds)
 * and how many of its blocks the device holds at once (its occupancy: SMs times the blocks one SM
 * fits by threads, blocks, registers and shared memory).
 *
 * <ul>
 *   <li>{@link #remainingWorkNs}: remaining blocks x nominal block time, in SM·ns (the processing
 *       time SRPT ranks by);
 *   <li>{@link #remainingTimeNs}: ceil(remaining blocks / device parallelism) x nominal block time,
 *       the wall time the job needs with the device to itself (what laxity subtracts).
 * </ul>
 *
 * The estimate ignores interference, preemption costs and timing jitter; it is exact for an
 * uncontended job with exact block timing.
 */
public final class WorkEstimate {
  private WorkEstimate() {}

  /** Remaining blocks x nominal block time, in SM·ns. */
  public static long remainingWorkNs(JobView job) {
    return job.remainingBlocks() * job.job().kernel().program().durationNs();
  }

  /** Ceil(remaining blocks / blocks the device holds at once) x nominal block time, in ns. */
  public static long remainingTimeNs(JobView job, DeviceSpec device) {
    long slots = parallelism(job.job().kernel(), device);
    long waves = (job.remainingBlocks() + slots - 1) / slots;
    return waves * job.job().kernel().program().durationNs();
  }

  /** How many blocks of {@code kernel} the device holds at once (at least 1). */
  public static long parallelism(Kernel kernel, DeviceSpec device) {
    SmSpec sm = device.sm();
    long perSm = Math.min(sm.maxBlocks(), sm.maxThreads() / kernel.threadsPerBlock());
    if (kernel.registersPerBlock() > 0) {
      perSm = Math.min(perSm, sm.registers() / kernel.registersPerBlock());
    }
    long shared = kernel.sharedMemoryPerBlock() + sm.sharedMemoryReservedPerBlock();
    if (shared > 0) {
      perSm = Math.min(perSm, sm.sharedMemoryBytes() / shared);
    }
    return Math.max(1, perSm) * device.smCount();
  }
}
