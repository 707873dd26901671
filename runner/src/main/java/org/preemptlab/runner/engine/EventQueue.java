package org.preemptlab.runner.engine;

import java.util.Arrays;

/**
 * A 4-ary min-heap of events ordered by {@code (time, sequence number)}: a total order, so equal
 * times pop in the order they were pushed. The heap holds only primitives, three {@code long}s per
 * entry in one array: time, sequence, and the generation with the index of the event's slot in a
 * table that does not move ({@code (gen << 32) | slot}). Sifting therefore copies no references
 * (no garbage-collector write barrier per level), and a comparison reads one cache line. No
 * allocation per event: a block's own {@link ResidentBlock} is its completion event, and freed slots
 * are reused. Four children per node halve the heap's depth against a binary heap.
 */
final class EventQueue {
  private static final int STRIDE = 3;

  /** Small at first (a simulator of one kernel alone needs few); doubled as needed. */
  private static final int INITIAL_CAPACITY = 64;

  private long[] heap = new long[STRIDE * INITIAL_CAPACITY];
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
    if (STRIDE * (size + 1) > heap.length) {
      heap = Arrays.copyOf(heap, heap.length * 2);
    }
    long[] h = heap;
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 2;
      int p = STRIDE * parent;
      long pt = h[p];
      if (time > pt || (time == pt && seq > h[p + 1])) {
        break;
      }
      int at = STRIDE * i;
      h[at] = pt;
      h[at + 1] = h[p + 1];
      h[at + 2] = h[p + 2];
      i = parent;
    }
    int at = STRIDE * i;
    h[at] = time;
    h[at + 1] = seq;
    h[at + 2] = ((long) gen << 32) | slot;
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
    return heap[0];
  }

  Event peekEvent() {
    return slots[(int) heap[2]];
  }

  /** The head's generation. */
  int peekGen() {
    return (int) (heap[2] >>> 32);
  }

  /** Removes the head; read it first with the peek methods. */
  void pop() {
    long[] h = heap;
    int headSlot = (int) h[2];
    slots[headSlot] = null;
    freeSlots[freeCount++] = headSlot;
    int last = STRIDE * --size;
    long time = h[last];
    long seq = h[last + 1];
    long tag = h[last + 2];
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
      long bt = h[STRIDE * first];
      long bs = h[STRIDE * first + 1];
      int end = Math.min(first + 4, size);
      for (int c = first + 1; c < end; c++) {
        long ct = h[STRIDE * c];
        if (ct < bt || (ct == bt && h[STRIDE * c + 1] < bs)) {
          best = c;
          bt = ct;
          bs = h[STRIDE * c + 1];
        }
      }
      if (bt > time || (bt == time && bs > seq)) {
        break;
      }
      int at = STRIDE * i;
      int from = STRIDE * best;
      h[at] = bt;
      h[at + 1] = bs;
      h[at + 2] = h[from + 2];
      i = best;
    }
    int at = STRIDE * i;
    h[at] = time;
    h[at + 1] = seq;
    h[at + 2] = tag;
  }
}
