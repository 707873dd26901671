/**
 * Spatial-sharing modes as plugins: a {@link org.preemptlab.api.sharing.SharingModeProvider}
 * registered with {@link java.util.ServiceLoader} adds a {@code mode:} to the run configuration's
 * {@code sharing} section beside the built-in ones. Its {@link
 * org.preemptlab.api.sharing.SharingMode} reads the workload's contexts and queues and the
 * device's facts ({@link org.preemptlab.api.sharing.SharingRequest}) and answers with a {@link
 * org.preemptlab.api.sharing.SharingLayout}: which contexts share SMs, the SMs each context and
 * queue may use, and the modelling choices the run's summary states.
 */
package org.preemptlab.api.sharing;
