/**
 * Policies coupled to a preemption mechanism: REEF's reset-based preemption of best-effort work for
 * real-time work ({@code reset-realtime}, Han et al., "Microsecond-scale Preemption for Concurrent
 * GPU-accelerated DNN Inferences", OSDI 2022) and GPreempt's short time slices for best-effort
 * contexts ({@code timeslice-yield}, Fan et al., "GPreempt: GPU Preemptive Scheduling Made General
 * and Efficient", USENIX ATC 2025). Each is meant to run with the mechanism its paper assumes: the
 * {@code flush} preemption strategy for the first, a time-sliced hardware model for the second.
 */
package org.preemptlab.policies.mechanism;
