package org.preemptlab.lab.reproduce;

import java.util.Map;
import java.util.Optional;
import org.preemptlab.runner.discovery.PluginRegistry;

/**
 * {@code preemptlab reproduce memory-system-a100}: the memory system of docs/model.md ("The memory
 * system") on the {@code a100} model against te42kyfo/gpu-benches' {@code gpu-stream/a100_80.txt}
 * (@a7dc559, written by {@code gpu-stream/main.cu} of the same commit), calibrated on its SCALE
 * column and checked on its triad and read columns at 32 to 1,024 threads per block, two resident
 * blocks per SM ({@link GpuStreamMemorySystem}, the rows of {@code memory-system-h200}).
 */
public final class MemorySystemA100 extends GpuStreamMemorySystem {
  /** The card: the {@code a100} model, the bundled copy of gpu-stream/a100_80.txt, the rows. */
  static final GpuStreamMemorySystem.Card CARD = new GpuStreamMemorySystem.Card(
      "memory-system-a100", "a100", "an NVIDIA A100 80 GB", "gpu-stream/a100_80.txt @a7dc559",
      "gpu-stream/main.cu @a7dc559",
      "Each kernel declares a 6 KiB shared array (`spoiler`, 768 doubles, never touched),"
          + " `measureFunc` sets `cudaFuncAttributePreferredSharedMemoryCarveout` to 9% for two"
          + " blocks per SM (`measureKernels(kernels, blockSize, 2)`) and prints a mark before a"
          + " row where `cudaOccupancyMaxActiveBlocksPerMultiprocessor` gives another count; the"
          + " file has no mark.",
      "`dram-achievable-gbps` 1,360 and `dram-latency-ns` 407, both of the same repository's A100"
          + " 40 GB files (the `a100` model is the A100-SXM4-40GB; its 108 SMs are the A100 80"
          + " GB's, and the rows run every memory-system parameter from the 80 GB's SCALE"
          + " column), no queueing.",
      GpuStreamTable.read("gpu-stream-a100-80.csv", 108), MemorySystemH200.CARD.kernels(),
      MemorySystemH200.CARD.rowThreads(), "c31e2b2a", Map.of("dram-bandwidth-gbps", "1935"),
      "The `a100` file's peak, 1,555 GB/s (the 40 GB board), is below what the 80 GB card's"
          + " SCALE moves, which the model refuses (an achievable bandwidth above the peak), so"
          + " every run sets `dram-bandwidth-gbps` 1,935, the A100 80GB PCIe's datasheet peak"
          + " (NVIDIA A100 Tensor Core GPU datasheet, 2021: 1,935 GB/s PCIe, 2,039 GB/s SXM; the"
          + " file names no form factor, so the lower); the memory system shares the achievable"
          + " bandwidth, so the peak only bounds it.");

  /** The reproduction with the bundled plugins. */
  public MemorySystemA100() {
    this(Optional.empty());
  }

  MemorySystemA100(Optional<PluginRegistry> registry) {
    super(CARD, registry);
  }
}
