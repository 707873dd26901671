package org.preemptlab.lab.bench;

import java.util.List;
import java.util.Optional;

/** The published results of the standard workload, for the N that have them. */
public final class ExpectedResults {

  /**
   * One row of the expected-results table.
   *
   * @param kernels N
   * @param blocks blocks executed
   * @param makespanNs the last completion
   * @param turnaroundSumNs the sum over kernels of (last block's completion − arrival)
   */
  public record Row(int kernels, long blocks, long makespanNs, long turnaroundSumNs) {}

  // Copied from docs/standard-workload.md, section "Expected results".
  private static final List<Row> ROWS = List.of(
      new Row(200, 121_836L, 11_872_947L, 59_196_686L),
      new Row(2_000, 1_191_564L, 109_272_747L, 627_806_872L),
      new Row(10_000, 5_971_284L, 545_795_207L, 3_524_749_438L),
      new Row(100_000, 59_512_332L, 5_489_075_917L, 41_509_144_121L));

  private ExpectedResults() {}

  /** Every row, by increasing N. */
  public static List<Row> all() {
    return ROWS;
  }

  /** The row for N = {@code kernels}, if the table has one. */
  public static Optional<Row> forKernels(int kernels) {
    return ROWS.stream().filter(row -> row.kernels() == kernels).findFirst();
  }
}
