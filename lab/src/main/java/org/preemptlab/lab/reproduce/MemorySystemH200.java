package org.preemptlab.lab.reproduce;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.preemptlab.runner.discovery.PluginRegistry;

/**
 * {@code preemptlab reproduce memory-system-h200}: the memory system of docs/model.md ("The memory
 * system") on the {@code h200} model against te42kyfo/gpu-benches' {@code gpu-stream/h200.txt}
 * (@fd7091f, written by {@code gpu-stream/main.cu} of the same commit), calibrated on its SCALE
 * column and checked on its triad and read columns at 32 to 1,024 threads per block, two resident
 * blocks per SM ({@link GpuStreamMemorySystem}).
 */
public final class MemorySystemH200 extends GpuStreamMemorySystem {
  /** The card: the {@code h200} model, the bundled copy of gpu-stream/h200.txt, the rows. */
  static final GpuStreamMemorySystem.Card CARD = new GpuStreamMemorySystem.Card(
      "memory-system-h200", "h200", "an NVIDIA H200", "gpu-stream/h200.txt @fd7091f",
      "gpu-stream/main.cu @fd7091f",
      "Each kernel declares a 6 KiB shared array (`spoiler`, 768 doubles, never touched), and"
          + " `measureFunc` raises `cudaFuncAttributePreferredSharedMemoryCarveout` from 0 by one"
          + " percent until `cudaOccupancyMaxActiveBlocksPerMultiprocessor` gives two blocks"
          + " (`measureKernels(kernels, blockSize, 2)`): the smallest carve-out that holds two"
          + " blocks of 6 KiB and their 1 KiB reservation each.",
      "`dram-achievable-gbps` 4,300 (a device-memory copy measured on an H200 for this project)"
          + " and `dram-latency-ns` 375 (an H100 pointer chase of the same repository), no"
          + " queueing.",
      GpuStreamTable.read("gpu-stream-h200.csv", 132), orderedKernels(),
      List.of(32, 128, 256, 512, 768, 1024), "6a09632e", Map.of(), "");

  /** The reproduction with the bundled plugins. */
  public MemorySystemH200() {
    this(Optional.empty());
  }

  MemorySystemH200(Optional<PluginRegistry> registry) {
    super(CARD, registry);
  }

  private static Map<String, Double> orderedKernels() {
    Map<String, Double> kernels = new LinkedHashMap<>();
    kernels.put("triad", 24.0);
    kernels.put("read", 8.0);
    return kernels;
  }
}
