package org.preemptlab.api.workload;

import org.preemptlab.api.API;
import org.preemptlab.api.model.Workload;

/**
 * Builds the workload of one run. The same parameters and random stream must give the same
 * workload, whatever else the run is configured with (common random numbers).
 *
 * @since 0.1
 */
@FunctionalInterface
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public interface WorkloadGenerator {

  /**
   * Generates the workload.
   *
   * @throws org.preemptlab.api.ConfigurationException if the parameters describe no valid workload
   */
  Workload generate();
}
