package org.preemptlab.lab.reproduce;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A result file of te42kyfo/gpu-benches' {@code gpu-stream/main.cu}, bundled as CSV (a copy of
 * {@code docs/data/gpu-stream-CARD.csv}): GB/s of the kernels init, read, scale, triad, 3pt and
 * 5pt by threads per block, 32 to 1,024, at two resident blocks per SM. {@code main.cu} launches a
 * full grid (one element per thread) for each block size and fixes the resident blocks through
 * the shared-memory carve-out, so row {@code b} keeps {@code 2 x SMs x b} threads resident.
 *
 * @param resource the bundled file's name, beside this class
 * @param sms the card's SM count, which the file's {@code threads} column (SMs x threads per
 *     block) must agree with
 * @param gbps GB/s by kernel (in the file's column order), then by threads per block
 */
record GpuStreamTable(String resource, int sms, Map<String, Map<Integer, Double>> gbps) {
  /** The header every bundled gpu-stream file has. */
  static final String HEADER = "threads_per_block,threads,occupancy_percent,init,read,scale,triad,"
      + "3pt,5pt";
  /** The kernels of the file, in its column order. */
  static final List<String> KERNELS = List.of("init", "read", "scale", "triad", "3pt", "5pt");
  /** Resident blocks per SM: {@code main.cu} runs {@code measureKernels(kernels, blockSize, 2)}. */
  static final int BLOCKS_PER_SM = 2;
  /** The largest threads per block, the row at full occupancy (2 x 1,024 = 2,048 per SM). */
  static final int FULL_OCCUPANCY_THREADS = 1024;

  /** Copies the columns. */
  GpuStreamTable {
    Map<String, Map<Integer, Double>> copy = new LinkedHashMap<>();
    gbps.forEach((kernel, column) -> copy.put(kernel, Map.copyOf(new TreeMap<>(column))));
    gbps = java.util.Collections.unmodifiableMap(copy);
  }

  /**
   * Reads a bundled file.
   *
   * @throws IllegalArgumentException naming the file and line of a row whose {@code threads} is
   *     not {@code sms} x its threads per block, or whose cells are not numbers
   */
  static GpuStreamTable read(String resource, int sms) {
    Map<String, Map<Integer, Double>> gbps = new LinkedHashMap<>();
    KERNELS.forEach(k -> gbps.put(k, new TreeMap<>()));
    for (BundledCsv.Row row : BundledCsv.rows(GpuStreamTable.class, resource, HEADER)) {
      String[] cells = row.cells();
      checkArgument(cells.length == 3 + KERNELS.size(), "%s line %s: %s columns expected",
          resource, row.number(), 3 + KERNELS.size());
      try {
        int threadsPerBlock = Integer.parseInt(cells[0]);
        checkArgument(Integer.parseInt(cells[1]) == sms * threadsPerBlock, "%s line %s: threads"
            + " %s is not %s SMs x %s threads per block", resource, row.number(), cells[1], sms,
            threadsPerBlock);
        for (int k = 0; k < KERNELS.size(); k++) {
          gbps.get(KERNELS.get(k)).put(threadsPerBlock, Double.parseDouble(cells[3 + k]));
        }
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(resource + " line " + row.number() + ": numbers"
            + " expected in every column");
      }
    }
    return new GpuStreamTable(resource, sms, gbps);
  }

  /** The blocks resident in every row: two per SM. */
  int residentBlocks() {
    return BLOCKS_PER_SM * sms;
  }

  /** How the file's rows load the memory: threads per block at {@link #residentBlocks()}. */
  QueueingFit.Sweep sweep() {
    return new QueueingFit.Sweep(false, residentBlocks(), FULL_OCCUPANCY_THREADS);
  }

  /** One kernel's column, with the bytes each of its threads keeps in flight. */
  QueueingFit.Column column(String kernel, double bytesInFlightPerThread) {
    Map<Integer, Double> column = gbps.get(kernel);
    checkArgument(column != null, "%s has no kernel '%s' (kernels: %s)", resource, kernel,
        KERNELS);
    return new QueueingFit.Column(kernel, bytesInFlightPerThread, sweep(), column);
  }

  /** The measured GB/s of one kernel at one block size. */
  double measured(String kernel, int threadsPerBlock) {
    Double value = column(kernel, 1).gbpsByKey().get(threadsPerBlock);
    checkArgument(value != null, "%s has no row of %s threads per block", resource,
        threadsPerBlock);
    return value;
  }
}
