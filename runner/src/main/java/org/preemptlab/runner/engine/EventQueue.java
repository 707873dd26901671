package org.preemptlab.runner.engine;

import java.util.Arrays;

/**
 * A binary min-heap of events ordered by {@code (time, sequence number)}: a total order, so equal
 * times pop in the order they were pushed. Struct-of-arrays storage keeps the hot loop free of
 * per-event allocation.
 */
final class EventQueue {
  private long[] times = new long[1024];
  private long[] seqs = new long[1024];
  private int[] kinds = new int[1024];
  private int[] gens = new int[1024];
  private Object[] payloads = new Object[1024];
  private int size;
  private long nextSeq;

  void push(long time, int kind, Object payload, int gen) {
    if (size == times.length) {
      grow();
    }
    int i = size++;
    long seq = nextSeq++;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!less(time, seq, times[parent], seqs[parent])) {
        break;
      }
      move(parent, i);
      i = parent;
    }
    set(i, time, seq, kind, payload, gen);
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
    return kinds[0];
  }

  Object peekPayload() {
    return payloads[0];
  }

  int peekGen() {
    return gens[0];
  }

  /** Removes the head; read it first with the peek methods. */
  void pop() {
    int last = --size;
    long time = times[last];
    long seq = seqs[last];
    int kind = kinds[last];
    int gen = gens[last];
    Object payload = payloads[last];
    payloads[last] = null;
    int i = 0;
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      int right = child + 1;
      if (right < size && less(times[right], seqs[right], times[child], seqs[child])) {
        child = right;
      }
      if (!less(times[child], seqs[child], time, seq)) {
        break;
      }
      move(child, i);
      i = child;
    }
    if (size > 0) {
      set(i, time, seq, kind, payload, gen);
    }
  }

  private static boolean less(long t1, long s1, long t2, long s2) {
    return t1 < t2 || (t1 == t2 && s1 < s2);
  }

  private void move(int from, int to) {
    times[to] = times[from];
    seqs[to] = seqs[from];
    kinds[to] = kinds[from];
    gens[to] = gens[from];
    payloads[to] = payloads[from];
  }

  private void set(int i, long time, long seq, int kind, Object payload, int gen) {
    times[i] = time;
    seqs[i] = seq;
    kinds[i] = kind;
    gens[i] = gen;
    payloads[i] = payload;
  }

  private void grow() {
    int n = times.length * 2;
    times = Arrays.copyOf(times, n);
    seqs = Arrays.copyOf(seqs, n);
    kinds = Arrays.copyOf(kinds, n);
    gens = Arrays.copyOf(gens, n);
    payloads = Arrays.copyOf(payloads, n);
  }
}
