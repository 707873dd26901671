package org.preemptlab.runner.engine;

import java.util.Arrays;

/**
 * A 4-ary min-heap of events ordered by {@code (time, sequence number)}: a total order, so equal
 * times pop in the order they were pushed. Struct-of-arrays storage (time, sequence, kind and
 * generation packed into one int, payload) keeps the hot loop free of per-event allocation; four
 * children per node halve the heap's depth against a binary heap.
 */
final class EventQueue {
  private static final int KIND_BITS = 4;
  private static final int KIND_MASK = (1 << KIND_BITS) - 1;

  private long[] times = new long[1024];
  private long[] seqs = new long[1024];
  private int[] tags = new int[1024];
  private Object[] payloads = new Object[1024];
  private int size;
  private long nextSeq;

  /**
   * Adds an event.
   *
   * @param kind the event kind, 0 to 15
   * @param gen a generation number the consumer compares to detect stale events; only its low 28
   *     bits are kept
   */
  void push(long time, int kind, Object payload, int gen) {
    if (size == times.length) {
      grow();
    }
    int i = size++;
    long seq = nextSeq++;
    while (i > 0) {
      int parent = (i - 1) >>> 2;
      if (!less(time, seq, times[parent], seqs[parent])) {
        break;
      }
      move(parent, i);
      i = parent;
    }
    times[i] = time;
    seqs[i] = seq;
    tags[i] = (gen << KIND_BITS) | kind;
    payloads[i] = payload;
  }

  boolean isEmpty() {
    return size == 0;
  }

  int size() {
    return size;
  }

  long peekTime() {
    return times[0];
  }

  int peekKind() {
    return tags[0] & KIND_MASK;
  }

  Object peekPayload() {
    return payloads[0];
  }

  /** The head's generation (its low 28 bits). */
  int peekGen() {
    return tags[0] >>> KIND_BITS;
  }

  /** Whether {@code gen} matches the head's generation, comparing the bits that are kept. */
  static boolean sameGen(int gen, int headGen) {
    return ((gen << KIND_BITS) >>> KIND_BITS) == headGen;
  }

  /** Removes the head; read it first with the peek methods. */
  void pop() {
    int last = --size;
    long time = times[last];
    long seq = seqs[last];
    int tag = tags[last];
    Object payload = payloads[last];
    payloads[last] = null;
    if (size == 0) {
      return;
    }
    int i = 0;
    while (true) {
      int first = 4 * i + 1;
      if (first >= size) {
        break;
      }
      int best = first;
      int end = Math.min(first + 4, size);
      for (int c = first + 1; c < end; c++) {
        if (less(times[c], seqs[c], times[best], seqs[best])) {
          best = c;
        }
      }
      if (!less(times[best], seqs[best], time, seq)) {
        break;
      }
      move(best, i);
      i = best;
    }
    times[i] = time;
    seqs[i] = seq;
    tags[i] = tag;
    payloads[i] = payload;
  }

  private static boolean less(long t1, long s1, long t2, long s2) {
    return t1 < t2 || (t1 == t2 && s1 < s2);
  }

  private void move(int from, int to) {
    times[to] = times[from];
    seqs[to] = seqs[from];
    tags[to] = tags[from];
    payloads[to] = payloads[from];
  }

  private void grow() {
    int n = times.length * 2;
    times = Arrays.copyOf(times, n);
    seqs = Arrays.copyOf(seqs, n);
    tags = Arrays.copyOf(tags, n);
    payloads = Arrays.copyOf(payloads, n);
  }
}
