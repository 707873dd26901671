/**
 * Spatial scheduling: policies that give queues their own SMs and lend idle ones ({@code lithos}:
 * Coppock et al., "LithOS: An Operating System for Efficient Machine Learning on GPUs", SOSP 2025,
 * its TPC scheduler with compute quotas, TPC stealing and an outstanding-work throttle).
 */
package org.preemptlab.policies.spatial;
