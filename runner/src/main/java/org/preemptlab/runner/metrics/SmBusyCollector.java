package org.preemptlab.runner.metrics;

import java.util.Arrays;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.policy.JobView;

/**
 * Collects each SM's busy time from the per-block signal: the length of the union of the intervals
 * during which the SM executed at least one block (a block counts from its first instruction to its
 * end, however it ended; dispatch, save and restore do not count). The metric {@link
 * Metrics#SM_BUSY_MIN} reads the result; a run attaches this collector only when it reports that
 * metric ({@link Observation}), as it watches every block.
 *
 * <p>Each SM keeps its intervals merged: when its buffer fills, the intervals are sorted and
 * merged in place, so memory grows with the SM's idle gaps, not with its blocks.
 */
public final class SmBusyCollector implements Observation.Collector<long[]> {
  /** Each SM's busy time in ns, indexed by SM: what {@link Metrics#SM_BUSY_MIN} needs. */
  public static final Observation<long[]> OBSERVATION =
      new Observation<>("busy-time-by-sm", SmBusyCollector::new);

  /** Per SM, {@code [start0, end0, start1, end1, ...]}, the first {@link #used} longs. */
  private final long[][] spans;
  private final int[] used;

  /** A collector for a run on {@code device}: one entry per SM, busy or not. */
  public SmBusyCollector(DeviceSpec device) {
    int sms = device.smCount();
    spans = new long[sms][];
    used = new int[sms];
  }

  @Override
  public void blockExecuted(int sm, int slot, JobView job, int blockIndex, long startNs,
      long endNs, BlockEnd end) {
    if (endNs <= startNs) {
      return; // it never executed (stopped while being dispatched or restored)
    }
    long[] list = spans[sm];
    if (list == null) {
      list = spans[sm] = new long[16];
    } else if (used[sm] == list.length) {
      used[sm] = merge(list, used[sm]);
      if (used[sm] > list.length / 2) {
        list = spans[sm] = Arrays.copyOf(list, list.length * 2);
      }
    }
    list[used[sm]++] = startNs;
    list[used[sm]++] = endNs;
  }

  /** Each SM's busy time in ns so far, indexed by SM. */
  @Override
  public long[] result() {
    long[] busy = new long[used.length];
    for (int sm = 0; sm < used.length; sm++) {
      if (spans[sm] != null) {
        used[sm] = merge(spans[sm], used[sm]);
        for (int k = 0; k < used[sm]; k += 2) {
          busy[sm] += spans[sm][k + 1] - spans[sm][k];
        }
      }
    }
    return busy;
  }

  /**
   * Sorts the first {@code size} longs of {@code list} as intervals by start and merges those that
   * overlap or touch, in place.
   *
   * @return the longs now used
   */
  static int merge(long[] list, int size) {
    int n = size / 2;
    long[][] pairs = new long[n][];
    for (int i = 0; i < n; i++) {
      pairs[i] = new long[] {list[2 * i], list[2 * i + 1]};
    }
    Arrays.sort(pairs, (a, b) -> Long.compare(a[0], b[0]));
    int out = 0;
    for (long[] pair : pairs) {
      if (out > 0 && pair[0] <= list[out - 1]) {
        list[out - 1] = Math.max(list[out - 1], pair[1]);
      } else {
        list[out++] = pair[0];
        list[out++] = pair[1];
      }
    }
    return out;
  }
}
