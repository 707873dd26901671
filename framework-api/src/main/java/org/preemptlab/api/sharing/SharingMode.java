package org.preemptlab.api.sharing;

import org.preemptlab.api.API;

/**
 * A spatial-sharing mode of one run: lays the run's contexts and queues out on the device's SMs.
 * Called once per run, before the simulation starts, with the workload's contexts and queues
 * (applications' included).
 *
 * @since 0.4
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.4")
@FunctionalInterface
public interface SharingMode {
  /**
   * The layout of {@code request}'s contexts and queues.
   *
   * @throws org.preemptlab.api.ConfigurationException for parameters that do not fit the
   *     workload or the device, one line starting with the parameter's name (the runner adds
   *     {@code sharing.})
   */
  SharingLayout layout(SharingRequest request);
}
