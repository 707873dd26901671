package org.preemptlab.policies.spatial;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SmSet;
import org.preemptlab.policies.rank.SubmitOrder;
import org.preemptlab.policies.rank.WorkEstimate;

/**
 * LithOS's TPC scheduler (Coppock et al., "LithOS: An Operating System for Efficient Machine
 * Learning on GPUs", SOSP 2025) on the engine's SM sets. Jobs of queues at or above a priority are
 * high-priority (HP), the others best-effort (BE).
 *
 * <ul>
 *   <li><b>Compute quotas.</b> The HP queues own the device's first {@code hp-share} of SMs, whole
 *       TPCs of two SMs; the BE queues own the rest.
 *   <li><b>TPC stealing.</b> Idle applications lend their TPCs. HP jobs may use every SM: they
 *       are launched at once, oldest first, and take freed SM slots before BE jobs, so they take
 *       the BE quota's idle SMs. BE jobs borrow the HP quota's SMs only while no HP job is ready
 *       or in flight, and only if each of their blocks ends within {@code atom} (the atom duration
 *       to which LithOS slices kernels, so lent SMs come back within one atom; LithOS's per-TPC
 *       timers keep long work off lent TPCs). When HP work becomes ready, every BE job's blocks
 *       not yet placed are confined to the BE quota again; when the HP work is done, the lending
 *       resumes. A BE job with longer blocks is always confined to the BE quota.
 *   <li><b>Outstanding-work throttle.</b> A BE job is launched only while the expected remaining
 *       time of the BE jobs in flight is below {@code outstanding}, or when none is in flight, so
 *       BE work never starves.
 * </ul>
 *
 * Kernel atomization itself (a kernel relaunched as block ranges) is a transformation of the
 * workload, not of the policy: a policy cannot split a launch. The policy works on whatever
 * launches it is given.
 */
public final class LithosPolicy implements SchedulingPolicy {
  private final Priority high;
  private final double highShare;
  private final long atomNs;
  private final long outstandingNs;
  private final List<JobView> readyHigh = new ArrayList<>();
  private final List<JobView> readyBestEffort = new ArrayList<>();
  /** Whether the HP queues are idle, so that their SMs are lent. */
  private boolean lending = true;

  /**
   * Creates an empty policy for one engine of one run.
   *
   * @param high the lowest queue priority that counts as high-priority
   * @param highShare the share of the device's SMs the HP queues own, in (0, 1)
   * @param atomNs the longest block a BE job may run on the HP quota's SMs, ns
   * @param outstandingNs the BE work in flight beyond which no further BE job is launched, ns
   */
  public LithosPolicy(Priority high, double highShare, long atomNs, long outstandingNs) {
    this.high = high;
    this.highShare = highShare;
    this.atomNs = atomNs;
    this.outstandingNs = outstandingNs;
  }

  boolean isHigh(JobView job) {
    return !high.isHigherThan(job.priority());
  }

  /** The SMs the HP quota owns: whole TPCs of two SMs, at least one, leaving at least one. */
  static int highQuotaSms(DeviceSpec device, double share) {
    int sms = device.smCount();
    int tpcs = sms / 2;
    if (tpcs < 2) {
      return Math.max(1, Math.min(sms - 1, (int) Math.round(share * sms)));
    }
    return 2 * Math.max(1, Math.min(tpcs - 1, (int) Math.round(share * tpcs)));
  }

  /** The SMs the BE quota owns: every SM the HP quota does not. */
  SmSet bestEffortQuota(DeviceSpec device) {
    return SmSet.range(highQuotaSms(device, highShare), device.smCount());
  }

  @Override
  public void onJobReady(JobView job, SchedulerView scheduler) {
    if (!isHigh(job)) {
      readyBestEffort.add(job);
      return;
    }
    readyHigh.add(job);
    if (lending) {
      lending = false; // the HP queues take their SMs back
      for (JobView dispatched : scheduler.dispatchedJobs()) {
        if (!isHigh(dispatched) && dispatched.pendingBlocks() > 0) {
          scheduler.restrictSms(dispatched, bestEffortQuota(scheduler.device()));
        }
      }
    }
  }

  @Override
  public void onJobFinished(JobView job, SchedulerView scheduler) {
    if (!isHigh(job) || !readyHigh.isEmpty()) {
      return;
    }
    for (JobView dispatched : scheduler.dispatchedJobs()) {
      if (isHigh(dispatched) && dispatched.id() != job.id()) {
        return;
      }
    }
    lending = true; // the HP queues are idle: lend their SMs to short BE blocks
    for (JobView dispatched : scheduler.dispatchedJobs()) {
      if (!isHigh(dispatched) && dispatched.pendingBlocks() > 0 && mayBorrow(dispatched)) {
        scheduler.restrictSms(dispatched, null);
      }
    }
  }

  /** Whether a BE job's blocks end within an atom, so that it may run on lent SMs. */
  boolean mayBorrow(JobView job) {
    return job.job().kernel().program().durationNs() <= atomNs;
  }

  @Override
  public JobView selectNext(SchedulerView scheduler) {
    JobView first = SubmitOrder.oldest(readyHigh);
    if (first != null) {
      return first;
    }
    JobView bestEffort = SubmitOrder.oldest(readyBestEffort);
    return bestEffort != null && throttleAdmits(scheduler) ? bestEffort : null;
  }

  /** Whether the BE work in flight leaves room for another BE job. */
  boolean throttleAdmits(SchedulerView scheduler) {
    boolean inFlight = false;
    long outstanding = 0;
    for (JobView job : scheduler.dispatchedJobs()) {
      if (!isHigh(job)) {
        inFlight = true;
        outstanding += WorkEstimate.remainingTimeNs(job, scheduler.device());
      }
    }
    return !inFlight || outstanding < outstandingNs;
  }

  @Override
  public void onJobDispatched(JobView job, SchedulerView scheduler) {
    if (isHigh(job)) {
      readyHigh.remove(job);
      return;
    }
    readyBestEffort.remove(job);
    if (!lending || !mayBorrow(job)) {
      scheduler.restrictSms(job, bestEffortQuota(scheduler.device()));
    }
  }

  @Override
  public void onJobWithdrawn(JobView job, SchedulerView scheduler) {
    readyHigh.remove(job);
    readyBestEffort.remove(job);
  }

  /** HP jobs take freed SM slots first; the hardware's order within each class. */
  @Override
  public Comparator<JobView> placementOrder() {
    return Comparator.comparingInt(job -> isHigh(job) ? 0 : 1);
  }
}
