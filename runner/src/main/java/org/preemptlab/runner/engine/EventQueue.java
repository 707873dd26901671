package org.preemptlab.runner.engine;

import java.util.Arrays;

/**
 * A 4-ary min-heap of events ordered by {@code (time, sequence number)}: a total order, so equal
 * times pop in the order they were pushed. The ordering key of entry {@code i} lives in {@code
 * keys[2i]} (time) and {@code keys[2i + 1]} (sequence), so a comparison reads one cache line; the
 * generation and the event sit in arrays of their own that are only moved, never compared. No
 * allocation per event: a block's own {@link ResidentBlock} is its completion event. Four children
 * per node halve the heap's depth against a binary heap.
 */
final class EventQueue {
  private long[] keys = new long[2 * 1024];
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
    if (size == tags.length) {
      grow();
    }
    int i = size++;
    long seq = nextSeq++;
    long[] k = keys;
    while (i > 0) {
      int parent = (i - 1) >>> 2;
      long pt = k[2 * parent];
      if (time > pt || (time == pt && seq > k[2 * parent + 1])) {
        break;
      }
      move(parent, i);
      i = parent;
    }
    k[2 * i] = time;
    k[2 * i + 1] = seq;
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
    return keys[0];
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
    long[] k = keys;
    long time = k[2 * last];
    long seq = k[2 * last + 1];
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
      long bt = k[2 * first];
      long bs = k[2 * first + 1];
      int end = Math.min(first + 4, size);
      for (int c = first + 1; c < end; c++) {
        long ct = k[2 * c];
        if (ct < bt || (ct == bt && k[2 * c + 1] < bs)) {
          best = c;
          bt = ct;
          bs = k[2 * c + 1];
        }
      }
      if (bt > time || (bt == time && bs > seq)) {
        break;
      }
      move(best, i);
      i = best;
    }
    k[2 * i] = time;
    k[2 * i + 1] = seq;
    tags[i] = tag;
    payloads[i] = payload;
  }

  private void move(int from, int to) {
    keys[2 * to] = keys[2 * from];
    keys[2 * to + 1] = keys[2 * from + 1];
    tags[to] = tags[from];
    payloads[to] = payloads[from];
  }

  private void grow() {
    int n = tags.length * 2;
    keys = Arrays.copyOf(keys, 2 * n);
    tags = Arrays.copyOf(tags, n);
    payloads = Arrays.copyOf(payloads, n);
  }
}
