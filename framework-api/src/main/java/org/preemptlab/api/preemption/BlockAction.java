package org.preemptlab.api.preemption;

import org.preemptlab.api.API;

/**
 * How a resident block gives up its SM when its kernel is preempted.
 *
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public enum BlockAction {
  /** Run to the block's end; nothing is saved and no work is lost. */
  DRAIN,
  /** Stop at an allowed point, save the context, restore it when the block runs again. */
  SAVE,
  /** Discard the block's progress and run it again from the start (idempotent kernels only). */
  FLUSH
}
