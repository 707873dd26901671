/**
 * Spatial sharing of the device, chosen in the run configuration's {@code sharing} section
 * (DESIGN.md §3.5): time slicing, MPS with active-thread percentages and client priorities, MIG
 * instances from a device's profiles, and green-context SM partitions; resolved against the
 * workload and device into the engine's {@link org.preemptlab.runner.engine.SpatialSharing}.
 * Format and sources: {@code docs/sharing.md}.
 */
package org.preemptlab.runner.experiment.sharing;
