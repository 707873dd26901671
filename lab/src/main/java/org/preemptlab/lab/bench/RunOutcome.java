package org.preemptlab.lab.bench;

/**
 * The simulated results of one run of one implementation.
 *
 * @param blocks blocks executed
 * @param events events processed
 * @param makespanNs the last completion
 * @param turnaroundSumNs the sum over kernels of (last completion − arrival)
 */
public record RunOutcome(long blocks, long events, long makespanNs, long turnaroundSumNs) {}
