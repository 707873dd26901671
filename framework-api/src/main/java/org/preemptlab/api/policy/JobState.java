package org.preemptlab.api.policy;

import org.preemptlab.api.API;

/**
 * Where a job is in its life: submitted → ready → dispatched (launched) → running → finished.
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum JobState {
  /** Submitted; waiting for dependencies or for the previous job of its queue. */
  SUBMITTED,
  /** Ready and held by the scheduling policy. */
  READY,
  /**
   * Dispatched, which is launched: handed to the hardware (credits and a place in its queue's
   * launch window taken); its kernel is launching or waiting for SM resources. From here only
   * preemption or suspension holds it back.
   */
  DISPATCHED,
  /** At least one block has been placed on an SM. */
  RUNNING,
  /** Every block has completed; credits are returned. */
  FINISHED
}
