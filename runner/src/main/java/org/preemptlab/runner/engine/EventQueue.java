package org.preemptlab.runner.engine;

import java.util.Arrays;

/**
 * A 4-ary min-heap of events ordered by {@code (time, sequence number)}: a total order, so equal
 * times pop in the order they were pushed. The heap holds only primitives, in two arrays: the
 * entries' times alone ({@code times}), which is all that most comparisons read, so that the times
 * of a heap of thousands of events stay in the first-level cache and the four children of a node
 * are four adjacent {@code long}s; and, beside it, each entry's sequence number and the generation
 * with the index of the event's slot in a table that does not move ({@code (gen << 32) | slot}),
 * read on equal times and when an entry moves. Sifting therefore copies no references (no
 * garbage-collector write barrier per level). No allocation per event: a block's own {@link
 * ResidentBlock} is its completion event, and freed slots are reused. Four children per node
 * halve the heap's depth against a binary heap.
 */
final class EventQueue {
  /** Small at first (a simulator of one kernel alone needs few); doubled as needed. */
  private static final int INITIAL_CAPACITY = 64;

  /** Entry i's time. */
  private long[] times = new long[INITIAL_CAPACITY];
  /** Entry i's sequence number at {@code 2 i} and its {@code (gen << 32) | slot} at {@code 2 i + 1}. */
  private long[] keys = new long[2 * INITIAL_CAPACITY];
  private Event[] slots = new Event[INITIAL_CAPACITY];
  /** Free slot indices, a stack. */
  private int[] freeSlots = new int[INITIAL_CAPACITY];
  private int freeCount;
  private int usedSlots;
  private int size;
  private long nextSeq;

  /**
   * Adds an event.
   *
   * @param gen a generation number the event compares when it fires, to detect that it is stale
   */
  void push(long time, Event payload, int gen) {
    pushWithSeq(time, payload, gen, nextSeq++);
  }

  /** The sequence number the next {@link #push} will take. */
  long nextSeq() {
    return nextSeq;
  }

  /**
   * Takes the next sequence number without queueing an event: a block that completes together
   * with the group it joined keeps its place in the order (see {@link BlockScheduler}), so that
   * the group's members can be queued one by one later ({@link #pushWithSeq}) exactly where they
   * would have been.
   */
  void skipSeq() {
    nextSeq++;
  }

  /**
   * Adds an event with a sequence number taken earlier ({@link #skipSeq}); no other queued event
   * may have it.
   */
  void pushWithSeq(long time, Event payload, int gen, long seq) {
    int slot = takeSlot();
    slots[slot] = payload;
    if (size == times.length) {
      times = Arrays.copyOf(times, size * 2);
      keys = Arrays.copyOf(keys, size * 4);
    }
    long[] t = times;
    long[] k = keys;
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 2;
      long pt = t[parent];
      if (time > pt || (time == pt && seq > k[2 * parent])) {
        break;
      }
      t[i] = pt;
      k[2 * i] = k[2 * parent];
      k[2 * i + 1] = k[2 * parent + 1];
      i = parent;
    }
    t[i] = time;
    k[2 * i] = seq;
    k[2 * i + 1] = ((long) gen << 32) | slot;
  }

  private int takeSlot() {
    if (freeCount > 0) {
      return freeSlots[--freeCount];
    }
    if (usedSlots == slots.length) {
      slots = Arrays.copyOf(slots, usedSlots * 2);
      freeSlots = Arrays.copyOf(freeSlots, usedSlots * 2);
    }
    return usedSlots++;
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
    return slots[(int) keys[1]];
  }

  /** The head's generation. */
  int peekGen() {
    return (int) (keys[1] >>> 32);
  }

  /** Removes the head; read it first with the peek methods. */
  void pop() {
    long[] t = times;
    long[] k = keys;
    int headSlot = (int) k[1];
    slots[headSlot] = null;
    freeSlots[freeCount++] = headSlot;
    int n = --size;
    long time = t[n];
    long seq = k[2 * n];
    long tag = k[2 * n + 1];
    if (n == 0) {
      return;
    }
    int i = 0;
    while (true) {
      int first = 4 * i + 1;
      if (first >= n) {
        break;
      }
      int best = first;
      long bt = t[first];
      int end = Math.min(first + 4, n);
      for (int c = first + 1; c < end; c++) {
        long ct = t[c];
        if (ct < bt || (ct == bt && k[2 * c] < k[2 * best])) {
          best = c;
          bt = ct;
        }
      }
      if (bt > time || (bt == time && k[2 * best] > seq)) {
        break;
      }
      t[i] = bt;
      k[2 * i] = k[2 * best];
      k[2 * i + 1] = k[2 * best + 1];
      i = best;
    }
    t[i] = time;
    k[2 * i] = seq;
    k[2 * i + 1] = tag;
  }
}
