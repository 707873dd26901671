package org.preemptlab.engine;

import java.util.Arrays;

/**
 * The run's events, popped in {@code (time, sequence number)} order: a total order, so equal times
 * pop in the order they were pushed.
 *
 * <p>A <b>radix heap</b> with 64 buckets per 6-bit digit of the time, which relies on what a
 * discrete-event simulation guarantees: nothing is pushed earlier than the last event popped (the
 * simulated clock never goes back). Let {@code last} be that event's time. An entry whose time
 * first differs from {@code last} in digit {@code L} (counting from the lowest) is in bucket
 * {@code (L, d)}, where {@code d} is its own digit {@code L}; the entries at {@code last} itself
 * are in bucket 0. Every entry of a bucket is earlier than every entry of a later bucket (by level,
 * then digit), so the next event is the smallest entry of the first non-empty bucket, found with
 * two bit masks. A push is a few bit operations and a link. Popping an entry of bucket {@code
 * (L, d)} moves {@code last} up to its time and redistributes the rest of that bucket into lower
 * levels; an entry thus moves at most once per digit of the times' spread (once or twice on the
 * standard workload, whose completions lie within 100 µs), instead of the unpredictable
 * comparisons of a comparison heap's sift at every pop (which took about half of the engine's time
 * on the standard workload). The pop order does not depend on the layout: {@code (time,
 * sequence)} is a total order, so every result is the same as with any other exact priority
 * queue.
 *
 * <p>Bucket 0's entries share one time, so they are a small binary heap by sequence number (a
 * split group's members are pushed with sequence numbers taken earlier, so they can come after
 * later ones). A push earlier than {@code last} is still correct: the buckets are rebuilt around
 * it (the engine never does this; only a direct user of the queue could).
 *
 * <p>A bucket is a singly linked list through one pool of entries (parallel arrays indexed by
 * entry; freed entries are reused): an entry is written once, when it is pushed, and a move to
 * another bucket only relinks it. (With an array per bucket, each move copied the entry's three
 * values into its new bucket's array and read that array's length, from a header that was rarely
 * in cache; see docs/performance-log.md, "Buckets as lists".) An entry leaves a bucket only with the
 * whole bucket, when its head is popped, so each bucket keeps its smallest entry as entries are
 * linked, and finding the next event reads it instead of walking a list.
 *
 * <p>Entries are primitives: time, sequence number and {@code (gen << 32) | slot}, where the slot
 * indexes a table of events that does not move; freed slots are reused. No allocation per event:
 * a block's own {@link ResidentBlock} is its completion event. A block's entry names it by its id
 * in the run's {@link BlockTable} instead ({@link #pushBlock}), so that queueing it stores no
 * reference (see {@link BlockTable} for why that matters).
 */
final class EventQueue {
  /** Tag bit: the entry's low bits are a block's id in {@link #blocks}, not a slot. */
  private static final long BLOCK_TAG = 1L << 31;
  private static final int INDEX_MASK = Integer.MAX_VALUE;
  /** Bits per digit: 64 buckets per level, one {@code long} of masks per level. */
  private static final int DIGIT_BITS = 6;
  /** Levels of digits in a {@code long} time. */
  private static final int LEVELS = (63 + DIGIT_BITS) / DIGIT_BITS;
  /** A bit's level (its digit's position). */
  private static final int[] LEVEL_OF_BIT = new int[64];
  /** Small at first (a simulator of one kernel alone needs few); doubled as needed. */
  private static final int INITIAL_CAPACITY = 64;
  /** {@link #headBucket} when the next event is bucket 0's top. */
  private static final int ZERO = -1;
  /** {@link #headBucket} when the next event is not known yet. */
  private static final int UNKNOWN = -2;
  /** The end of a list of entries. */
  private static final int NONE = -1;

  static {
    for (int bit = 0; bit < 64; bit++) {
      LEVEL_OF_BIT[bit] = bit / DIGIT_BITS;
    }
  }

  /** The time of the last event popped: no entry is earlier (bucket 0 holds those at it). */
  private long last;
  /**
   * The entries outside bucket 0, by index: time, sequence number, tag, and the next entry of the
   * same bucket ({@link #NONE} at a list's end; for a free index, the next free one).
   */
  private long[] times = new long[INITIAL_CAPACITY];
  private long[] seqs = new long[INITIAL_CAPACITY];
  private long[] tags = new long[INITIAL_CAPACITY];
  private int[] nexts = new int[INITIAL_CAPACITY];
  /** The first free entry, or {@link #NONE}; the indices from {@link #usedEntries} on are free. */
  private int freeEntry = NONE;
  private int usedEntries;
  /** Bucket {@code (L, d)}'s first entry, at index {@code (L << 6) | d}, or {@link #NONE}. */
  private final int[] heads = new int[LEVELS << DIGIT_BITS];
  /**
   * A non-empty bucket's smallest entry, kept as entries are linked (an entry leaves a bucket only
   * when the whole bucket is popped and refiled), so that finding the next event does not walk a
   * list.
   */
  private final int[] smallest = new int[LEVELS << DIGIT_BITS];
  /** Bit L: some bucket of level L is not empty. */
  private long levels;
  /** Bit d of word L: bucket (L, d) is not empty. */
  private final long[] digits = new long[LEVELS];
  /** Bucket 0: a binary heap by sequence number of the entries at {@code last}, (sequence, tag). */
  private long[] zero = new long[2 * 16];
  private int zeroCount;
  /**
   * Where the next event is, once known: {@link #ZERO} for bucket 0's top, else its bucket (and
   * its entry, {@link #headEntry}); {@link #UNKNOWN} until the next peek finds it.
   */
  private int headBucket = UNKNOWN;
  private int headEntry;
  /** The next event's time, sequence number and tag, once it is known. */
  private long headTime;
  private long headSeq;
  private long headTag;
  /** Where a block's entry finds its block. */
  private final BlockTable blocks;
  private Event[] slots = new Event[INITIAL_CAPACITY];
  /** Free slot indices, a stack. */
  private int[] freeSlots = new int[INITIAL_CAPACITY];
  private int freeCount;
  private int usedSlots;
  private int size;
  private long nextSeq;
  /** Events queued so far with a sequence number taken earlier ({@link #pushWithSeq}). */
  private long reservedPushes;

  /** A queue whose block entries are blocks of {@code blocks}. */
  EventQueue(BlockTable blocks) {
    this.blocks = blocks;
    Arrays.fill(heads, NONE);
  }

  /** A queue of events that are not blocks. */
  EventQueue() {
    this(new BlockTable());
  }

  /**
   * Adds an event.
   *
   * @param gen a generation number the event compares when it fires, to detect that it is stale
   */
  void push(long time, Event payload, int gen) {
    queue(time, payload, gen, nextSeq++);
  }

  /**
   * How many events were queued so far with a sequence number taken earlier: while it does not
   * change, every event queued since has a sequence number above all those taken before.
   */
  long reservedPushes() {
    return reservedPushes;
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
    reservedPushes++;
    queue(time, payload, gen, seq);
  }

  private void queue(long time, Event payload, int gen, long seq) {
    int slot = takeSlot();
    slots[slot] = payload;
    insert(time, seq, ((long) gen << 32) | slot);
  }

  /** Adds a block's event at {@code time}, with its current generation. */
  void pushBlock(long time, ResidentBlock block) {
    insert(time, nextSeq++, ((long) block.gen << 32) | BLOCK_TAG | block.id);
  }

  /** {@link #pushBlock} with a sequence number taken earlier ({@link #skipSeq}). */
  void pushBlockWithSeq(long time, ResidentBlock block, long seq) {
    reservedPushes++;
    insert(time, seq, ((long) block.gen << 32) | BLOCK_TAG | block.id);
  }

  private void insert(long time, long seq, long tag) {
    if (time < last) {
      rebase(time);
    }
    size++;
    file(time, seq, tag);
  }

  /** Files an entry no earlier than {@code last}: in bucket 0 or in its bucket. */
  private void file(long time, long seq, long tag) {
    if (time == last) {
      zeroPush(seq, tag);
      headBucket = UNKNOWN; // bucket 0's top, which may be this entry
      return;
    }
    int e = takeEntry();
    times[e] = time;
    seqs[e] = seq;
    tags[e] = tag;
    int b = bucketOf(time);
    link(b, e, time, seq);
    if (headBucket >= 0 && (time < headTime || (time == headTime && seq < headSeq))) {
      setHead(b, e, time, seq, tag);
    }
  }

  private int takeEntry() {
    int e = freeEntry;
    if (e != NONE) {
      freeEntry = nexts[e];
      return e;
    }
    if (usedEntries == times.length) {
      int capacity = 2 * usedEntries;
      times = Arrays.copyOf(times, capacity);
      seqs = Arrays.copyOf(seqs, capacity);
      tags = Arrays.copyOf(tags, capacity);
      nexts = Arrays.copyOf(nexts, capacity);
    }
    return usedEntries++;
  }

  private void releaseEntry(int e) {
    nexts[e] = freeEntry;
    freeEntry = e;
  }

  private void setHead(int bucket, int entry, long time, long seq, long tag) {
    headBucket = bucket;
    headEntry = entry;
    headTime = time;
    headSeq = seq;
    headTag = tag;
  }

  /** The bucket of a time later than {@code last}: its first differing digit's level and value. */
  private int bucketOf(long time) {
    int level = LEVEL_OF_BIT[63 - Long.numberOfLeadingZeros(time ^ last)];
    int digit = (int) (time >>> (DIGIT_BITS * level)) & ((1 << DIGIT_BITS) - 1);
    return (level << DIGIT_BITS) | digit;
  }

  /** Puts entry {@code e}, at {@code (time, seq)}, at the front of bucket {@code b}'s list. */
  private void link(int b, int e, long time, long seq) {
    int first = heads[b];
    nexts[e] = first;
    heads[b] = e;
    if (first == NONE) {
      int level = b >>> DIGIT_BITS;
      digits[level] |= 1L << b; // (a shift by b uses its low 6 bits: the digit)
      levels |= 1L << level;
      smallest[b] = e;
    } else {
      int s = smallest[b];
      if (time < times[s] || (time == times[s] && seq < seqs[s])) {
        smallest[b] = e;
      }
    }
  }

  /** Adds an entry at time {@code last} to bucket 0's heap. */
  private void zeroPush(long seq, long tag) {
    if (2 * zeroCount == zero.length) {
      zero = Arrays.copyOf(zero, 2 * zero.length);
    }
    long[] z = zero;
    int i = zeroCount++;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (z[2 * parent] < seq) {
        break;
      }
      z[2 * i] = z[2 * parent];
      z[2 * i + 1] = z[2 * parent + 1];
      i = parent;
    }
    z[2 * i] = seq;
    z[2 * i + 1] = tag;
  }

  /** Removes bucket 0's top (its smallest sequence number). */
  private void zeroPop() {
    long[] z = zero;
    int n = --zeroCount;
    long seq = z[2 * n];
    long tag = z[2 * n + 1];
    int i = 0;
    while (true) {
      int child = 2 * i + 1;
      if (child >= n) {
        break;
      }
      if (child + 1 < n && z[2 * (child + 1)] < z[2 * child]) {
        child++;
      }
      if (z[2 * child] > seq) {
        break;
      }
      z[2 * i] = z[2 * child];
      z[2 * i + 1] = z[2 * child + 1];
      i = child;
    }
    z[2 * i] = seq;
    z[2 * i + 1] = tag;
  }

  /** Moves {@code last} back to {@code time} and files every entry again around it. */
  private void rebase(long time) {
    long[] all = new long[3 * size]; // (time, sequence, tag) of every entry
    int n = 0;
    for (int i = 0; i < zeroCount; i++) {
      all[n++] = last;
      all[n++] = zero[2 * i];
      all[n++] = zero[2 * i + 1];
    }
    zeroCount = 0;
    for (int b = 0; b < heads.length; b++) {
      for (int e = heads[b]; e != NONE; ) {
        all[n++] = times[e];
        all[n++] = seqs[e];
        all[n++] = tags[e];
        int next = nexts[e];
        releaseEntry(e);
        e = next;
      }
      heads[b] = NONE;
    }
    levels = 0;
    Arrays.fill(digits, 0);
    headBucket = UNKNOWN;
    last = time;
    for (int i = 0; i < n; i += 3) {
      file(all[i], all[i + 1], all[i + 2]);
    }
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

  /** Finds the next event: bucket 0's top, else the first non-empty bucket's smallest entry. */
  private void findHead() {
    if (zeroCount > 0) {
      setHead(ZERO, NONE, last, zero[0], zero[1]);
      return;
    }
    int level = Long.numberOfTrailingZeros(levels);
    int b = (level << DIGIT_BITS) | Long.numberOfTrailingZeros(digits[level]);
    int best = smallest[b];
    setHead(b, best, times[best], seqs[best], tags[best]);
  }

  /** The next event's time; the queue must not be empty. */
  long peekTime() {
    if (headBucket == UNKNOWN) {
      findHead();
    }
    return headTime;
  }

  /** The next event's {@code (gen << 32) | slot}. */
  private long headTag() {
    if (headBucket == UNKNOWN) {
      findHead();
    }
    return headTag;
  }

  Event peekEvent() {
    long tag = headTag();
    int index = (int) tag & INDEX_MASK;
    return (tag & BLOCK_TAG) != 0 ? blocks.get(index) : slots[index];
  }

  /** The next event's sequence number; the queue must not be empty. */
  long peekSeq() {
    if (headBucket == UNKNOWN) {
      findHead();
    }
    return headSeq;
  }

  /** The head's generation. */
  int peekGen() {
    return (int) (headTag() >>> 32);
  }

  /** Removes the head; read it first with the peek methods. */
  void pop() {
    long tag = headTag();
    int b = headBucket;
    headBucket = UNKNOWN;
    if (b == ZERO) {
      zeroPop();
    } else {
      int h = headEntry;
      last = headTime;
      int first = heads[b];
      heads[b] = NONE;
      int level = b >>> DIGIT_BITS;
      digits[level] &= ~(1L << b);
      if (digits[level] == 0) {
        levels &= ~(1L << level);
      }
      if (first != h || nexts[h] != NONE) {
        refile(first, h);
      }
      releaseEntry(h);
    }
    if ((tag & BLOCK_TAG) == 0) {
      int headSlot = (int) tag;
      slots[headSlot] = null;
      freeSlots[freeCount++] = headSlot;
    }
    size--;
  }

  /**
   * Files every entry of a popped bucket's list (from {@code first}) but its head {@code h} again,
   * in a lower level (or bucket 0) around the new {@code last}; the next peek finds the smallest.
   * The entries stay where they are; only their links change. A method of its own, so that {@link
   * #pop} stays small enough for the JIT to inline it into the run loop (a JVM-specific trick:
   * {@code preemptlab bench --jvm-tricks} checks that it still pays, docs/performance.md); a
   * bucket of one entry needs none of this.
   */
  private void refile(int first, int h) {
    for (int e = first; e != NONE; ) {
      int following = nexts[e];
      if (e != h) {
        long time = times[e];
        if (time == last) {
          zeroPush(seqs[e], tags[e]);
          releaseEntry(e);
        } else {
          link(bucketOf(time), e, time, seqs[e]);
        }
      }
      e = following;
    }
  }
}
