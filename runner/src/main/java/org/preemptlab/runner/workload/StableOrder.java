package org.preemptlab.runner.workload;

/**
 * A stable sort of indices by a {@code long} key, without boxing: what orders generated and
 * replayed jobs by submission time, ties in index order.
 */
public final class StableOrder {
  private StableOrder() {}

  /**
   * The indices {@code 0 .. n - 1} ordered by {@code keys[i]}, equal keys in index order (a bottom-up
   * merge sort: two {@code int} arrays of {@code n}).
   */
  public static int[] of(long[] keys, int n) {
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    int[] merged = new int[n];
    for (int width = 1; width < n; width *= 2) {
      for (int from = 0; from < n; from += 2 * width) {
        int middle = Math.min(from + width, n);
        int to = Math.min(from + 2 * width, n);
        int a = from;
        int b = middle;
        for (int out = from; out < to; out++) {
          merged[out] = b >= to || a < middle && keys[order[a]] <= keys[order[b]]
              ? order[a++] : order[b++];
        }
      }
      int[] swap = order;
      order = merged;
      merged = swap;
    }
    return order;
  }
}
