package org.preemptlab.api.hardware;

import org.preemptlab.api.API;

/**
 * Why an SM saves or restores block state, which decides the fixed cost charged on top of moving
 * the bytes.
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum SaveKind {
  /**
   * A time-slice switch between contexts: the device's context-switch cost is charged once per
   * switch ({@link HardwareModel#contextSwitchNs}); each SM adds the save or restore of its blocks'
   * state.
   */
  CONTEXT_SWITCH,
  /**
   * A preemption inside one context, requested by a policy: each SM stops its blocks (at an
   * instruction where the hardware allows it) and saves them, with the model's fixed
   * instruction-level preemption cost ({@link HardwareModel#instructionPreemptionNs}).
   */
  PREEMPTION
}
