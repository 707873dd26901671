/**
 * The workload-generator SPI: a {@link org.preemptlab.api.workload.WorkloadGenerator} builds the
 * contexts, queues and jobs of a run from its parameters and its own random stream.
 */
package org.preemptlab.api.workload;
