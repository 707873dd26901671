package org.preemptlab.api.policy;

import java.util.List;
import org.preemptlab.api.API;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.EngineKind;

/**
 * What a policy may see of its engine and the device, and the few actions it may take. Handed to
 * every callback; valid only during that callback.
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface SchedulerView {

  /** The current simulated time in ns. */
  long nowNs();

  /** The engine this policy instance schedules. */
  EngineKind engine();

  /** The device. */
  DeviceSpec device();

  /** The engine's credit limit: the most credits its dispatched, unfinished jobs may hold. */
  int creditLimit();

  /** Credits held now by this engine's dispatched, unfinished jobs. */
  int creditsInUse();

  /** Jobs dispatched by this engine and not yet finished, in dispatch order. */
  List<JobView> dispatchedJobs();

  /** Jobs of every engine that have blocks resident on SMs now, in dispatch order. */
  List<JobView> residentJobs();

  /**
   * Asks the device to preempt every block of {@code victim} that is resident now. The run's
   * preemption-point strategy decides how each block gives up its SM; evicted blocks return to the
   * victim's pending blocks and run again later. Ignored if the victim has no resident blocks or a
   * preemption of it is already under way.
   */
  void preempt(JobView victim);

  /** Asks for a call to {@link SchedulingPolicy#onTimer} at {@code timeNs} (not before now). */
  void wakeAt(long timeNs);

  /**
   * Whether this engine reports freed jobs through {@link SchedulingPolicy#onJobFreed}. False by
   * default: the SM-level engine frees a job when it finishes.
   *
   * @since 0.1
   */
  default boolean reportsFreedJobs() {
    return false;
  }

  /** Free credits. */
  default int freeCredits() {
    return creditLimit() - creditsInUse();
  }
}
