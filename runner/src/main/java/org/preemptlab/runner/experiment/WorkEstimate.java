package org.preemptlab.runner.experiment;

import java.util.Locale;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Workload;

/**
 * The work a run will do, estimated from its workload before it is simulated: jobs, blocks (each
 * block placement is a few engine events) and an upper bound of the simulated time it can reach.
 * Commands compare {@link #blocks()} with a threshold ({@link #DEFAULT_MAX_BLOCKS}, or the user's
 * {@code --max-events}) and refuse a larger run unless the user says {@code --yes}; the time bound
 * makes sure no run can overflow simulated time.
 *
 * @param jobs the jobs the workload submits
 * @param blocks the blocks of all its kernels: each is placed at least once
 * @param timeBoundNs an upper bound of the simulated time the run reaches if every block ran
 *     alone, one after another (without preemptions): submit times, think times, twice every
 *     block's nominal duration (the jitter rules stay below that) and every fixed hardware cost
 */
public record WorkEstimate(long jobs, long blocks, double timeBoundNs) {
  /**
   * The most block placements a run may have without {@code --yes}: 20 million, about a minute of
   * simulation on one core (the engine places 0.5 to 1 million blocks per second on the standard
   * workload of {@code preemptlab bench}).
   */
  public static final long DEFAULT_MAX_BLOCKS = 20_000_000L;

  /** The latest simulated time a run may be able to reach: 2^62 ns (half the range of a long). */
  public static final double MAX_TIME_NS = 0x1.0p62;

  /** Estimates the work of {@code workload} on a device with {@code costs}. */
  public static WorkEstimate of(Workload workload, DeviceCosts costs) {
    long blocks = 0;
    double time = 0;
    double perBlock = (double) costs.blockDispatchNs() + costs.preemptionSignalNs()
        + costs.saveFixedNs() + costs.restoreFixedNs() + costs.contextSwitchNs();
    for (Job job : workload.jobs()) {
      Kernel kernel = job.kernel();
      blocks += kernel.gridBlocks();
      time = Math.max(time, job.submitTimeNs());
      time += job.thinkTimeNs() + (double) costs.kernelLaunchNs()
          + kernel.gridBlocks() * (2.0 * kernel.program().durationNs() + perBlock);
    }
    return new WorkEstimate(workload.jobs().size(), blocks, time);
  }

  /**
   * Fails if the run could overflow simulated time.
   *
   * @throws ConfigurationException naming the bound
   */
  public void checkTime() {
    if (timeBoundNs > MAX_TIME_NS) {
      throw new ConfigurationException(String.format(Locale.ROOT, "the workload's blocks, costs "
          + "and submit times add up to %.3g ns, beyond the %.3g ns that simulated time can "
          + "safely reach; shorten the block times or the workload", timeBoundNs, MAX_TIME_NS));
    }
  }

  /**
   * Fails if the run places more blocks than {@code maxBlocks}, saying how to run it anyway.
   *
   * @param what the command's word for it, e.g. {@code "the run"}
   * @throws ConfigurationException with the estimate, the threshold and the options
   */
  public void checkSize(long maxBlocks, String what) {
    if (blocks > maxBlocks) {
      throw new ConfigurationException(String.format(Locale.ROOT, "%s would place %,d blocks of "
          + "%,d jobs, more than the %,d of the threshold (about a minute per 20 million); pass "
          + "--yes to run it anyway, or a larger --max-events", what, blocks, jobs, maxBlocks));
    }
  }

  /** This estimate repeated {@code times} times, e.g. for every seed of a sweep configuration. */
  public WorkEstimate times(long times) {
    return new WorkEstimate(jobs * times, blocks * times, timeBoundNs);
  }
}
