package org.preemptlab.engine;

import java.util.Arrays;

/**
 * Finds the row of a job id among the rows of a run's job columns without a map of boxed keys: a
 * binary search over the ids when they ascend (as generated workloads and traces number them),
 * otherwise over a sorted copy built once.
 */
public final class JobIdIndex {
  /** The ids by row, ascending; or null when {@link #sortedIds} holds them. */
  private final long[] ascending;
  private final int size;
  /** The ids sorted and the row of each, or null when {@link #ascending} holds them. */
  private final long[] sortedIds;
  private final int[] sortedRows;

  private JobIdIndex(long[] ascending, int size, long[] sortedIds, int[] sortedRows) {
    this.ascending = ascending;
    this.size = size;
    this.sortedIds = sortedIds;
    this.sortedRows = sortedRows;
  }

  /**
   * An index of the first {@code size} ids of {@code ids} (by row); keeps a reference to {@code
   * ids} when they ascend.
   */
  public static JobIdIndex of(long[] ids, int size) {
    boolean ascends = true;
    for (int i = 1; i < size && ascends; i++) {
      ascends = ids[i - 1] < ids[i];
    }
    if (ascends) {
      return new JobIdIndex(ids, size, null, null);
    }
    Integer[] order = new Integer[size];
    for (int i = 0; i < size; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (a, b) -> Long.compare(ids[a], ids[b]));
    long[] sortedIds = new long[size];
    int[] sortedRows = new int[size];
    for (int i = 0; i < size; i++) {
      sortedRows[i] = order[i];
      sortedIds[i] = ids[order[i]];
    }
    return new JobIdIndex(null, size, sortedIds, sortedRows);
  }

  /** The row holding job {@code id}, or -1. */
  public int rowOf(long id) {
    if (ascending != null) {
      int i = Arrays.binarySearch(ascending, 0, size, id);
      return i < 0 ? -1 : i;
    }
    int i = Arrays.binarySearch(sortedIds, id);
    return i < 0 ? -1 : sortedRows[i];
  }
}
