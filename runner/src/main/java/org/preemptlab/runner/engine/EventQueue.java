package org.preemptlab.runner.engine;

import java.util.Arrays;

/**
 * A 4-ary min-heap of events ordered by {@code (time, sequence number)}: a total order, so equal
 * times pop in the order they were pushed. Struct-of-arrays storage (time, sequence, generation,
 * event) keeps the hot loop free of per-event allocation: a block's own {@link ResidentBlock} is its
 * completion event. Four children per node halve the heap's depth against a binary heap.
 */
final class EventQueue {
  private long[] times = new long[1024];
  private long[] seqs = new long[1024];
  private int[] tags = new int[1024];
  private Event[] payloads = new Event[1024];
  private int size;
  private long nextSeq;

  /**
   * Adds an event.
   *
   * @param gen a generation number the event compares when it fires, to detect that it is stale
   */
  void push(long time, Event payload, int gen) {
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
    tags[i] = gen;
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

  Event peekEvent() {
    return payloads[0];
  }

  /** The head's generation. */
  int peekGen() {
    return tags[0];
  }

  /** Removes the head; read it first with the peek methods. */
  void pop() {
    int last = --size;
    long time = times[last];
    long seq = seqs[last];
    int tag = tags[last];
    Event payload = payloads[last];
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
