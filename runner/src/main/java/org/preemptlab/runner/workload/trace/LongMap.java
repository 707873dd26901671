package org.preemptlab.runner.workload.trace;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A map from long keys to long values for what a trace reader keeps per event (a launch time per
 * correlation id): two arrays of primitives, searched by binary search, while keys are put in
 * ascending order (as profilers number their events), and a {@link HashMap} from the first key
 * that is not above its predecessor on. A key put again keeps its last value, as in a map.
 */
final class LongMap {
  private long[] keys = new long[64];
  private long[] values = new long[64];
  private int size;
  private Map<Long, Long> map;

  /** Maps {@code key} to {@code value}, replacing an earlier value. */
  void put(long key, long value) {
    if (map == null && size > 0 && key <= keys[size - 1]) {
      map = new HashMap<>();
      for (int i = 0; i < size; i++) {
        map.put(keys[i], values[i]);
      }
      keys = null;
      values = null;
    }
    if (map != null) {
      map.put(key, value);
      return;
    }
    if (size == keys.length) {
      keys = Arrays.copyOf(keys, 2 * size);
      values = Arrays.copyOf(values, 2 * size);
    }
    keys[size] = key;
    values[size++] = value;
  }

  /** The value of {@code key}, or null if it has none. */
  Long get(long key) {
    if (map != null) {
      return map.get(key);
    }
    int index = Arrays.binarySearch(keys, 0, size, key);
    return index >= 0 ? values[index] : null;
  }
}
