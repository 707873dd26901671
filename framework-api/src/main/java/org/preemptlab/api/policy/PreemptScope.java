package org.preemptlab.api.policy;

import java.util.Objects;
import org.preemptlab.api.API;

/**
 * Which of a victim's blocks a preemption asks for: all of them, those on chosen SMs, or those on
 * just enough SMs for a waiting job's pending blocks (FLEP's spatial yield of some SMs: Wu et al.,
 * "FLEP: Enabling Flexible and Efficient Preemption on GPUs", ASPLOS'17).
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public sealed interface PreemptScope
    permits PreemptScope.AllSms, PreemptScope.OnSms, PreemptScope.ForWaiter {

  /** Every resident block of the victim. */
  static PreemptScope all() {
    return AllSms.INSTANCE;
  }

  /** The victim's blocks on {@code sms}. */
  static PreemptScope on(SmSet sms) {
    return new OnSms(sms);
  }

  /**
   * The victim's blocks on as few SMs as free room for every pending block of {@code waiter}
   * (within the SMs the waiter may use): the engine ranks the victim's SMs by how many of the
   * waiter's blocks each would hold once the victim's blocks leave it (most first, lowest index on
   * ties) and takes them until the waiter's pending blocks fit.
   */
  static PreemptScope forWaiter(JobView waiter) {
    return new ForWaiter(waiter);
  }

  /** Every resident block. */
  enum AllSms implements PreemptScope {
    /** The only instance. */
    INSTANCE
  }

  /**
   * The blocks on chosen SMs.
   *
   * @param sms the SMs, never null
   */
  record OnSms(SmSet sms) implements PreemptScope {
    /** Checks for null. */
    public OnSms {
      Objects.requireNonNull(sms, "sms");
    }
  }

  /**
   * Just enough SMs for a waiter.
   *
   * @param waiter the job that should get the freed resources, never null
   */
  record ForWaiter(JobView waiter) implements PreemptScope {
    /** Checks for null. */
    public ForWaiter {
      Objects.requireNonNull(waiter, "waiter");
    }
  }
}
