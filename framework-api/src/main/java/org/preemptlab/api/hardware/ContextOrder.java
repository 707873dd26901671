package org.preemptlab.api.hardware;

import org.preemptlab.api.API;

/**
 * The order in which a device that time-slices contexts serves the runnable ones when a slice ends.
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum ContextOrder {
  /**
   * Fixed runlist order: the next runnable context after the active one, in the order the contexts
   * were registered, wrapping around. NVIDIA's driver writes the time-slice groups into a runlist
   * that the GPU's host scheduler walks in order (NVIDIA's Tegra driver nvgpu,
   * {@code drivers/gpu/nvgpu/common/fifo/runlist.c}).
   */
  RUNLIST,
  /**
   * First come, first served: a context joins the tail of the run queue when it becomes runnable or
   * is switched out, and the head is served next, so no context waits more than one round.
   */
  FCFS
}
