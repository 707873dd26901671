package org.preemptlab.policies;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;

/**
 * A {@link SchedulerView} for tests with configurable credits and resident jobs, which records the
 * preemptions asked for, plus a {@link #dispatch} loop that drives a policy as the engine does.
 */
final class FakeScheduler implements SchedulerView {
  private final int creditLimit;
  private int creditsInUse;
  private List<JobView> resident = List.of();
  private DeviceSpec device;
  private final List<JobView> dispatched = new ArrayList<>();
  private final List<String> preempted = new ArrayList<>();

  /** A scheduler with {@code creditLimit} credits, none in use. */
  FakeScheduler(int creditLimit) {
    this.creditLimit = creditLimit;
  }

  /** A scheduler with credits enough for anything. */
  FakeScheduler() {
    this(1_000_000);
  }

  /** Sets the device {@link #device()} returns (null by default). */
  FakeScheduler withDevice(DeviceSpec value) {
    device = value;
    return this;
  }

  /** Sets the jobs {@link #residentJobs()} returns. */
  FakeScheduler withResident(JobView... jobs) {
    resident = List.of(jobs);
    return this;
  }

  /**
   * Drives {@code policy} as the engine does after an instant's events: selects and dispatches until
   * the policy offers nothing or its choice does not fit the free credits.
   *
   * @return the labels of the dispatched jobs, in order
   */
  List<String> dispatch(SchedulingPolicy policy) {
    List<String> order = new ArrayList<>();
    for (JobView next = policy.selectNext(this); next != null; next = policy.selectNext(this)) {
      if (next.job().credits() > freeCredits()) {
        break;
      }
      creditsInUse += next.job().credits();
      dispatched.add(next);
      order.add(((FakeJob) next).label());
      policy.onJobDispatched(next, this);
    }
    return order;
  }

  /** Returns a dispatched job's credits, as its completion would, and tells the policy. */
  void finish(SchedulingPolicy policy, JobView job) {
    if (!dispatched.remove(job)) {
      throw new IllegalArgumentException(job + " is not dispatched");
    }
    creditsInUse -= job.job().credits();
    policy.onJobFinished(job, this);
  }

  /** Labels of the jobs {@link #preempt} was called for, in call order. */
  List<String> preempted() {
    return preempted;
  }

  @Override
  public long nowNs() {
    return 0;
  }

  @Override
  public EngineKind engine() {
    return EngineKind.COMPUTE;
  }

  @Override
  public DeviceSpec device() {
    return device;
  }

  @Override
  public int creditLimit() {
    return creditLimit;
  }

  @Override
  public int creditsInUse() {
    return creditsInUse;
  }

  @Override
  public List<JobView> dispatchedJobs() {
    return List.copyOf(dispatched);
  }

  @Override
  public List<JobView> residentJobs() {
    return resident;
  }

  @Override
  public ActionOutcome preempt(JobView victim) {
    preempted.add(((FakeJob) victim).label());
    return ActionOutcome.preempting(victim.residentBlocks());
  }

  @Override
  public void wakeAt(long timeNs) {
    throw new UnsupportedOperationException("no policy under test asks for timers");
  }
}
