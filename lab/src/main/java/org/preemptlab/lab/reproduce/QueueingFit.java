package org.preemptlab.lab.reproduce;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Map;
import java.util.TreeMap;

/**
 * The memory system's parameters (docs/model.md, "The memory system") fitted on one column of
 * te42kyfo/gpu-benches' cuda-stream table (README.md @7def895, Tesla V100-PCIe-16GB, blocks of 128
 * threads), or of a table of the same kind ({@link Sweep}: gpu-stream/h200.txt grows the threads
 * per block at two blocks per SM). A kernel whose threads each keep {@code b} bytes in flight
 * gives, per row, the latency each access saw: {@code L(n) = 128 b / (bw(n) / n)} with {@code n}
 * blocks (Little's law; threads per block x b over the bandwidth per block in general). Against
 * the share {@code U = bw(n) / achievable} of the achievable bandwidth in use it is fitted by least
 * squares as {@code L = offset + queueingNs x U / (1 - U)} over the rows with {@code U < 0.8}
 * (beyond, the achievable bandwidth binds and the latency only says how many bytes wait).
 *
 * <p>{@link #calibrate} takes every parameter from one column: the achievable bandwidth is the
 * column's full-occupancy row, the unloaded latency of an access the fit's offset and the queueing
 * scale its slope. {@code preemptlab reproduce memory-system-v100} calibrates on the SCALE kernel
 * ({@code A[i] = B[i] * c}: one 8-byte load and one 8-byte store per thread and iteration, 16
 * bytes in flight), the table's read-and-write stream other than the triad whose rows it checks,
 * so every triad row is out of sample. The {@code v100} model file's {@code dram-queueing-ns} is
 * the same fit against the file's own achievable bandwidth (the triad's). The read-only kernels of
 * the table (SUM1, SUM2, DOT, TDOT) are fitted the same way for comparison: their queueing is about
 * a third of SCALE's, as writes cost the DRAM bus turnarounds; one parameter per device cannot give
 * both.
 */
final class QueueingFit {

  /**
   * How a table's rows load the memory: each row's key (the number it is listed by) gives the
   * blocks resident and their threads, one of the two fixed for the whole table.
   *
   * @param byBlocks whether the key is the number of blocks (the threads per block fixed), or the
   *     threads per block (the number of blocks fixed)
   * @param fixed the threads per block when keyed by blocks, the blocks when keyed by threads
   * @param fullOccupancy the key of the row at full occupancy
   */
  record Sweep(boolean byBlocks, int fixed, int fullOccupancy) {
    /** Checks that the fixed number and the full-occupancy key are positive. */
    Sweep {
      checkArgument(fixed > 0 && fullOccupancy > 0, "a sweep needs a positive fixed number and"
          + " full-occupancy key, not %s and %s", fixed, fullOccupancy);
    }

    /** The blocks resident in the row of {@code key}. */
    int blocks(int key) {
      return byBlocks ? key : fixed;
    }

    /** The threads per block in the row of {@code key}. */
    int threadsPerBlock(int key) {
      return byBlocks ? fixed : key;
    }

    /** What a row's key counts, as error messages and pages name it. */
    String keyName() {
      return byBlocks ? "blocks" : "threads per block";
    }
  }

  /**
   * The V100 README's cuda-stream table: 1 to 1,280 blocks of 128 threads, full occupancy 80 SMs x
   * 16 resident blocks (2,048 threads each).
   */
  static final Sweep V100_README = new Sweep(true, 128, 1280);

  /**
   * A column of a table: its kernel, the bytes each thread keeps in flight, how the rows load the
   * memory, and GB/s by row key.
   */
  record Column(String kernel, double bytesInFlightPerThread, Sweep sweep,
      Map<Integer, Double> gbpsByKey) {
    /** A column of the V100 README's table, keyed by blocks of 128 threads. */
    Column(String kernel, double bytesInFlightPerThread, Map<Integer, Double> gbpsByBlocks) {
      this(kernel, bytesInFlightPerThread, V100_README, gbpsByBlocks);
    }
  }

  /** One fit: the scale of the queueing delay and the offset, in ns, and the rows it used. */
  record Fit(String kernel, double queueingNs, double offsetNs, int rows) {}

  /**
   * Every parameter of the memory system taken from one column: its bandwidth at full occupancy
   * (the achievable bandwidth, GB/s), and the fit of its rows against that bandwidth, whose offset
   * is the unloaded latency of one of the kernel's accesses and whose slope is the queueing scale.
   */
  record Calibration(String kernel, double achievableGbps, Fit fit) {
    /** The unloaded latency of one access, ns: the fit's offset. */
    double latencyNs() {
      return fit.offsetNs();
    }

    /** The queueing delay's scale, ns: the fit's slope. */
    double queueingNs() {
      return fit.queueingNs();
    }
  }

  private static final double MAX_UTILISATION = 0.8;

  private static Map<Integer, Double> column(double... blocksAndGbps) {
    Map<Integer, Double> map = new TreeMap<>();
    for (int i = 0; i < blocksAndGbps.length; i += 2) {
      map.put((int) blocksAndGbps[i], blocksAndGbps[i + 1]);
    }
    return map;
  }

  /** The SCALE column, 1 to 320 blocks and full occupancy (README.md @7def895, cuda-stream). */
  static final Column SCALE = new Column("scale", 16, column(1, 5.7, 2, 11.5, 4, 22.4, 8, 44.1,
      16, 84.1, 32, 158.5, 64, 286.1, 80, 339.1, 160, 550.8, 240, 681.3, 320, 719.2,
      V100_README.fullOccupancy(), 787.8));
  /** The read-only columns, 1 to 320 blocks, for comparison. */
  static final Column SUM1 = new Column("sum1", 8, column(1, 3.0, 2, 6.0, 4, 11.9, 8, 23.8,
      16, 46.8, 32, 93.3, 64, 182.5, 80, 227.6, 160, 418.6, 240, 571.0, 320, 680.6));
  static final Column SUM2 = new Column("sum2", 16, column(1, 5.8, 2, 11.3, 4, 23.2, 8, 45.7,
      16, 89.1, 32, 171.0, 64, 333.3, 80, 404.7, 160, 663.8, 240, 788.1, 320, 834.8));
  static final Column DOT = new Column("dot", 16, column(1, 5.6, 2, 11.1, 4, 22.0, 8, 43.8,
      16, 87.5, 32, 170.8, 64, 325.1, 80, 402.6, 160, 665.5, 240, 788.8, 320, 837.1));
  static final Column TDOT = new Column("tdot", 24, column(1, 8.3, 2, 15.9, 4, 31.4, 8, 62.4,
      16, 126.8, 32, 243.3, 64, 451.4, 80, 543.7, 160, 775.8, 240, 831.7, 320, 856.2));

  private QueueingFit() {}

  /**
   * The memory system's parameters from one column alone: the achievable bandwidth is its row at
   * full occupancy (1,280 blocks on the V100's table), and the latency and queueing scale are its
   * fit against that.
   */
  static Calibration calibrate(Column column) {
    Sweep sweep = column.sweep();
    Double full = column.gbpsByKey().get(sweep.fullOccupancy());
    checkArgument(full != null, "column %s has no row at %s %s (full occupancy)",
        column.kernel(), sweep.fullOccupancy(), sweep.keyName());
    return new Calibration(column.kernel(), full, fit(column, full));
  }

  /** The least-squares fit of one column against the achievable bandwidth (GB/s). */
  static Fit fit(Column column, double achievableGbps) {
    double sx = 0;
    double sy = 0;
    double sxx = 0;
    double sxy = 0;
    int n = 0;
    Sweep sweep = column.sweep();
    for (Map.Entry<Integer, Double> row : column.gbpsByKey().entrySet()) {
      double u = row.getValue() / achievableGbps;
      if (u >= MAX_UTILISATION) {
        continue;
      }
      double latency = sweep.threadsPerBlock(row.getKey()) * column.bytesInFlightPerThread()
          / (row.getValue() / sweep.blocks(row.getKey()));
      double x = u / (1 - u);
      sx += x;
      sy += latency;
      sxx += x * x;
      sxy += x * latency;
      n++;
    }
    double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    double offset = (sy - slope * sx) / n;
    return new Fit(column.kernel(), slope, offset, n);
  }
}
