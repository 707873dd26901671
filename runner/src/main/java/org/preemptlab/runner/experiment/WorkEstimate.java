package org.preemptlab.runner.experiment;

import org.preemptlab.api.application.ExpectedWork;
import org.preemptlab.engine.RunApplication;

import java.util.List;
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
 * @param timerWakeups the policy's timer wake-ups over the run's likely span ({@link
 *     #withTimers}): each is an engine event as a block placement is, so {@code mlfq} with a 1 ns
 *     quantum is refused like a run of as many blocks
 */
public record WorkEstimate(long jobs, long blocks, double timeBoundNs, long timerWakeups) {
  /**
   * The most block placements a run may have without {@code --yes}: 20 million, about a minute of
   * simulation on one core (the engine places 0.5 to 1 million blocks per second on the standard
   * workload of {@code preemptlab bench}).
   */
  public static final long DEFAULT_MAX_BLOCKS = 20_000_000L;

  /** The latest simulated time a run may be able to reach: 2^62 ns (half the range of a long). */
  public static final double MAX_TIME_NS = 0x1.0p62;

  /** An estimate without timers. */
  public WorkEstimate(long jobs, long blocks, double timeBoundNs) {
    this(jobs, blocks, timeBoundNs, 0);
  }

  /** Block placements plus timer wake-ups: what the threshold bounds. */
  public long work() {
    long sum = blocks + timerWakeups;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  /**
   * This estimate with the wake-ups of timers of the given periods over the run's likely span:
   * the last submit time plus every block's work spread over all {@code smCount} SMs. Each
   * duration parameter of the policy counts as a timer period (a time slice, a quantum, a boost
   * interval, a polling period), which over-counts a duration that is no period but never misses
   * one.
   *
   * @param workload the run's workload
   * @param smCount the device's SMs
   * @param periodsNs the timer periods, in ns (a period of 0 is no timer)
   */
  public WorkEstimate withTimers(Workload workload, int smCount, List<Long> periodsNs) {
    double lastSubmit = 0;
    double blockWork = 0;
    for (Job job : workload.jobs()) {
      lastSubmit = Math.max(lastSubmit, job.submitTimeNs());
      blockWork += job.kernel().gridBlocks() * (double) job.kernel().program().durationNs();
    }
    double span = Math.min(timeBoundNs, lastSubmit + blockWork / Math.max(1, smCount));
    double wakeups = 0;
    for (long period : periodsNs) {
      if (period > 0) {
        wakeups += Math.ceil(span / period);
      }
    }
    return new WorkEstimate(jobs, blocks, timeBoundNs,
        wakeups >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) wakeups);
  }

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
    if (work() > maxBlocks) {
      String timers = timerWakeups == 0 ? "" : String.format(Locale.ROOT, " and wake the "
          + "policy's timers about %,d times (each duration parameter of the policy counts as a "
          + "period)", timerWakeups);
      throw new ConfigurationException(String.format(Locale.ROOT, "%s would place %,d blocks of "
          + "%,d jobs%s, more than the %,d of the threshold (about a minute per 20 "
          + "million); pass --yes to run it anyway, or a larger --max-events", what, blocks, jobs,
          timers, maxBlocks));
    }
  }

  /**
   * This estimate with the jobs and blocks the run's applications expect to submit ({@link
   * org.preemptlab.api.application.Application#expectedWork()}), saturating: the threshold then
   * refuses a long application run before it simulates, as it refuses a synthetic one.
   */
  public WorkEstimate withApplications(List<RunApplication> applications) {
    long moreJobs = jobs;
    long moreBlocks = blocks;
    for (RunApplication application : applications) {
      ExpectedWork expected = application.expectedWork();
      moreJobs = saturatedAdd(moreJobs, expected.jobs());
      moreBlocks = saturatedAdd(moreBlocks, expected.blocks());
    }
    return new WorkEstimate(moreJobs, moreBlocks, timeBoundNs, timerWakeups);
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }

  /** This estimate repeated {@code times} times, e.g. for every seed of a sweep configuration. */
  public WorkEstimate times(long times) {
    return new WorkEstimate(jobs * times, blocks * times, timeBoundNs, timerWakeups * times);
  }
}
