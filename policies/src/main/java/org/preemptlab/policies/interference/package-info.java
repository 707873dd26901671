/**
 * Interference-aware sharing: policies that co-locate best-effort kernels beside high-priority
 * work only when their resource profiles complement each other ({@code orion}: Strati, Ma and
 * Klimovic, "Orion: Interference-aware, Fine-grained GPU Sharing for ML Applications", EuroSys
 * 2024; artifact eth-easl/orion).
 */
package org.preemptlab.policies.interference;
