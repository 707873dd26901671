package org.preemptlab.policies.interference;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.policies.rank.SubmitOrder;
import org.preemptlab.policies.rank.WorkEstimate;

/**
 * Orion's scheduler (Strati, Ma and Klimovic, "Orion: Interference-aware, Fine-grained GPU Sharing
 * for ML Applications", EuroSys 2024; the rules as in the artifact's {@code
 * Scheduler::busy_wait_profile}, eth-easl/orion {@code src/scheduler/scheduler_eval.cpp}). Jobs of
 * queues at or above a priority are high-priority (HP), the others best-effort (BE).
 *
 * <ul>
 *   <li>HP jobs are launched at once, oldest first, and take freed SM slots before BE jobs (Orion
 *       puts them on a high-priority stream).
 *   <li>While an HP job is in flight, a BE job (the oldest ready one that passes, as the artifact
 *       walks its BE clients) is launched only if its profile complements every HP
 *       job in flight (one compute-bound, the other memory-bound, or either unknown) and the SMs it
 *       needs plus those the HP jobs need fit in {@code sm-threshold} of the device.
 *   <li>BE jobs launched since the BE work last drained may add up to at most {@code
 *       be-duration-max} (absolute, as the artifact) or, when that is 0, {@code
 *       be-duration-fraction} of the latest HP job's expected duration; beyond that no BE job is
 *       launched until every BE job in flight has finished (the artifact's {@code
 *       --orion_max_be_duration} and its drain). A BE job is always launched when no BE job is in
 *       flight and the profile and SM tests pass, so BE work never starves.
 * </ul>
 *
 * A kernel's profile follows Orion's roofline test ({@code profiling/roofline_analysis.py}: compute
 * bound above the ridge point, memory bound below, unknown without a measurement): it is memory
 * bound when its blocks, as many resident as the device holds, demand at least {@code
 * memory-bound-threshold} of the device's DRAM bandwidth at their undisturbed speed ({@link
 * org.preemptlab.api.model.BlockProgram#dramBytesPerNs()}; a kernel left of the ridge runs at the
 * bandwidth roof), compute bound otherwise, and unknown when the device declares no bandwidth. Its
 * SMs needed are those its blocks fill at once (the artifact's {@code sm_used}), its expected
 * duration its waves times its nominal block time ({@link WorkEstimate#remainingTimeNs}).
 */
public final class OrionPolicy implements SchedulingPolicy {
  /** A kernel's resource profile. */
  enum Profile { COMPUTE, MEMORY, UNKNOWN }

  private final Priority high;
  private final double smThreshold;
  private final double durationFraction;
  private final double memoryBoundThreshold;
  /** The absolute bound on BE work between drains, in ns; 0: the fraction applies. */
  private final long durationMaxNs;
  private final List<JobView> readyHigh = new ArrayList<>();
  private final List<JobView> readyBestEffort = new ArrayList<>();
  /** Expected duration of the BE jobs launched since the BE work last drained, in ns. */
  private long bestEffortSinceDrainNs;
  /** Expected duration of the latest HP job seen, in ns; 0 before the first. */
  private long latestHighNs;
  private long launchedBestEffort;
  private long heldBestEffort;

  /**
   * Creates an empty policy for one engine of one run.
   *
   * @param high the lowest queue priority that counts as high-priority
   * @param smThreshold the share of the device's SMs that HP and co-located BE jobs may need
   *     together, in (0, 1]
   * @param durationFraction the BE work that may be launched between drains, as a multiple of the
   *     latest HP job's expected duration, at least 0
   * @param memoryBoundThreshold the share of the device's DRAM bandwidth a kernel must demand to be
   *     memory bound, in (0, 1]
   */
  public OrionPolicy(Priority high, double smThreshold, double durationFraction,
      double memoryBoundThreshold) {
    this(high, smThreshold, durationFraction, memoryBoundThreshold, 0);
  }

  /**
   * Creates an empty policy whose bound on BE work between drains is absolute, as the artifact's
   * {@code --orion_max_be_duration}, when {@code durationMaxNs} is above 0.
   *
   * @param durationMaxNs the BE work that may be launched between drains, in ns; 0 to use
   *     {@code durationFraction} instead
   */
  public OrionPolicy(Priority high, double smThreshold, double durationFraction,
      double memoryBoundThreshold, long durationMaxNs) {
    this.high = high;
    this.smThreshold = smThreshold;
    this.durationFraction = durationFraction;
    this.memoryBoundThreshold = memoryBoundThreshold;
    this.durationMaxNs = durationMaxNs;
  }

  boolean isHigh(JobView job) {
    return !high.isHigherThan(job.priority());
  }

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    if (isHigh(job)) {
      readyHigh.add(job);
      latestHighNs = expectedNs(job.job().kernel(), scheduler.device());
    } else {
      readyBestEffort.add(job);
    }
  }

  @Override
  public JobView selectNext(SchedulerView scheduler) {
    JobView first = SubmitOrder.oldest(readyHigh);
    if (first != null) {
      return first;
    }
    if (readyBestEffort.isEmpty()) {
      return null;
    }
    // as the artifact walks its best-effort clients, the oldest ready BE job that passes goes
    List<JobView> byAge = new ArrayList<>(readyBestEffort);
    byAge.sort(Comparator.comparingLong(JobView::submitTimeNs).thenComparingLong(JobView::id));
    for (JobView candidate : byAge) {
      if (admits(candidate, scheduler)) {
        return candidate;
      }
    }
    heldBestEffort++;
    return null;
  }

  /** Whether best-effort {@code job} may be launched now. */
  boolean admits(JobView job, SchedulerView scheduler) {
    DeviceSpec device = scheduler.device();
    Kernel kernel = job.job().kernel();
    boolean bestEffortInFlight = false;
    int highSms = 0;
    List<Profile> highProfiles = new ArrayList<>();
    for (JobView dispatched : scheduler.dispatchedJobs()) {
      if (isHigh(dispatched)) {
        highSms += smsNeeded(dispatched.job().kernel(), device);
        highProfiles.add(profile(dispatched.job().kernel(), device));
      } else {
        bestEffortInFlight = true;
      }
    }
    if (!bestEffortInFlight) {
      bestEffortSinceDrainNs = 0; // the BE work drained
    }
    if (!highProfiles.isEmpty()) {
      Profile own = profile(kernel, device);
      for (Profile other : highProfiles) {
        if (own != Profile.UNKNOWN && other != Profile.UNKNOWN && own == other) {
          return false;
        }
      }
      if (highSms + smsNeeded(kernel, device) > smThreshold * device.smCount()) {
        return false;
      }
    }
    long expected = expectedNs(kernel, device);
    double bound = durationMaxNs > 0 ? durationMaxNs : durationFraction * latestHighNs;
    return !bestEffortInFlight || bestEffortSinceDrainNs + expected <= bound;
  }

  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    if (isHigh(job)) {
      readyHigh.remove(job);
    } else {
      readyBestEffort.remove(job);
      bestEffortSinceDrainNs += expectedNs(job.job().kernel(), scheduler.device());
      launchedBestEffort++;
    }
  }

  /** HP jobs take freed SM slots first; the hardware's order within each class. */
  @Override
  public Comparator<JobView> placementOrder() {
    return Comparator.comparingInt(job -> isHigh(job) ? 0 : 1);
  }

  /** The profile of {@code kernel} on {@code device}. */
  Profile profile(Kernel kernel, DeviceSpec device) {
    if (!device.memory().declared()) {
      return Profile.UNKNOWN;
    }
    long resident = Math.min(kernel.gridBlocks(), WorkEstimate.parallelism(kernel, device));
    double demand = resident * kernel.program().dramBytesPerNs();
    return demand >= memoryBoundThreshold * device.memory().dramBandwidthBytesPerNs()
        ? Profile.MEMORY : Profile.COMPUTE;
  }

  /** The SMs {@code kernel}'s blocks fill at once on {@code device}. */
  static int smsNeeded(Kernel kernel, DeviceSpec device) {
    long perSm = WorkEstimate.parallelism(kernel, device) / device.smCount();
    return (int) Math.min(device.smCount(), (kernel.gridBlocks() + perSm - 1) / perSm);
  }

  /** {@code kernel}'s waves on {@code device} times its nominal block time, in ns. */
  static long expectedNs(Kernel kernel, DeviceSpec device) {
    long slots = WorkEstimate.parallelism(kernel, device);
    return (kernel.gridBlocks() + slots - 1) / slots * kernel.program().durationNs();
  }

  /** Best-effort jobs launched so far. */
  long launchedBestEffort() {
    return launchedBestEffort;
  }

  /** Times a best-effort job was first in line and held back. */
  long heldBestEffort() {
    return heldBestEffort;
  }
}
