/**
 * A spatial-sharing mode as a plugin, the worked example of docs/writing-a-plugin.md: libsmctrl's
 * per-stream TPC masks (Bakita and Anderson, "Hardware Compute Partitioning on NVIDIA GPUs", RTAS
 * 2023), each queue (CUDA stream) confined to the TPCs its mask leaves enabled.
 */
package org.preemptlab.examples.tpcmask;
