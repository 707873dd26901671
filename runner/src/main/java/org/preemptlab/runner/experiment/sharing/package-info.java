/**
 * Spatial sharing of the device, chosen in the run configuration's {@code sharing} section
 * (DESIGN.md §3.5): one type per mode ({@link
 * org.preemptlab.runner.experiment.sharing.SharingConfig}: time slicing, MPS with active-thread
 * percentages, client priorities and the client ordering, MIG instances, green-context SM
 * partitions), resolved against the workload and the hardware model's {@link
 * org.preemptlab.api.hardware.SharingSupport} (its MPS, MIG profiles and green-context
 * granularity) into the engine's {@link org.preemptlab.engine.SpatialSharing}. Format and
 * sources: {@code docs/sharing.md}.
 */
package org.preemptlab.runner.experiment.sharing;
