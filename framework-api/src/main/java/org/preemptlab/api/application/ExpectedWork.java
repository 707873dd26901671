package org.preemptlab.api.application;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.List;
import org.preemptlab.api.API;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.Kernel;

/**
 * The work an application expects to submit in one run, estimated before the run from its
 * parameters (a horizon and an arrival rate, a number of iterations) so that the runner can count
 * it in the run's work estimate: a run too large is then refused before it simulates, unless the
 * user says {@code --yes}, as a synthetic workload of the same size would be. An estimate errs
 * towards more work, never less; saturate at {@code Long.MAX_VALUE} rather than overflow.
 *
 * @param jobs the jobs (kernel launches) the application will submit at most
 * @param blocks the blocks of those jobs' kernels
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public record ExpectedWork(long jobs, long blocks) {
  /** No estimate: an application that does not say what it will submit. */
  public static final ExpectedWork UNKNOWN = new ExpectedWork(0, 0);

  /** Checks that neither count is negative. */
  public ExpectedWork {
    checkArgument(jobs >= 0 && blocks >= 0, "expected work must be >= 0: %s jobs, %s blocks",
        jobs, blocks);
  }

  /**
   * {@code repeats} repetitions of a unit of {@code jobs} jobs and {@code blocks} blocks (an
   * iteration), saturating at {@code Long.MAX_VALUE}.
   */
  public static ExpectedWork repeated(double repeats, long jobs, long blocks) {
    return new ExpectedWork(saturated(repeats * jobs), saturated(repeats * blocks));
  }

  /**
   * The least time {@code kernels} can take one after another on {@code device}: each kernel at
   * least its block time for every wave of blocks, a wave being as many blocks as the SMs hold at
   * once by their thread, block, register and shared-memory limits (without allocation
   * granularity, so that the bound stays below the engine's time). An application divides its
   * horizon by it to bound its iterations. Without a device, each kernel counts one block time.
   *
   * @param device the run's device, or null
   */
  public static double leastSerialNs(List<Kernel> kernels, DeviceSpec device) {
    double total = 0;
    for (Kernel kernel : kernels) {
      double waves = 1;
      if (device != null) {
        SmSpec sm = device.sm();
        long resident = Math.min(sm.maxBlocks(), sm.maxThreads() / Math.max(1,
            kernel.threadsPerBlock()));
        long registers = (long) kernel.registersPerThread() * kernel.threadsPerBlock();
        if (registers > 0) {
          resident = Math.min(resident, sm.registers() / registers);
        }
        long shared = (long) kernel.sharedMemoryPerBlock() + sm.sharedMemoryReservedPerBlock();
        if (shared > 0) {
          resident = Math.min(resident, sm.sharedMemoryBytes() / shared);
        }
        waves = Math.ceil(kernel.gridBlocks() / (double) Math.max(1,
            resident * device.smCount()));
      }
      total += waves * kernel.program().durationNs();
    }
    return total;
  }

  private static long saturated(double value) {
    return value >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) Math.ceil(Math.max(0, value));
  }
}
