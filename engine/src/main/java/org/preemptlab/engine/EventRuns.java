package org.preemptlab.engine;

import java.util.Arrays;

/**
 * Events of blocks with consecutive sequence numbers at one instant, settled as one queued entry
 * ({@link EngineOptions#aggregateBlocks()}): the stop points of a preempted wave's blocks that stop
 * at the same instant, the saves of its blocks that are written at the same instant (equal save
 * channels), and the completions of a split group's members ({@link BlockGroups#split}), which a
 * preemption makes stale. The entry has the first member's sequence number; each later member's
 * is reserved ({@link EventQueue#skipSeq}, or already by its group). A stop point or a save joins
 * a run only if nothing was queued since its last member and the run has not fired, so the
 * members' sequence numbers are consecutive and no other event can come between two of them.
 *
 * <p>When the entry fires, each member's event is applied in turn exactly as its own would have
 * been (a block's stop point or flush as {@link ResidentBlock#fire}, a save written as {@link
 * Events.SaveDone}): one whose block's generation changed since it was queued does nothing, and
 * each later member counts as an event. The one way another event could come between two members
 * is an event queued during a member's with a sequence number reserved earlier and below the next
 * member's (a split group's member, {@link BlockGroups}); then the rest of the run is queued again
 * as an entry at the next member's sequence number, and the order is again that of one event per
 * member. With the option off, or with a contention model (as {@link BlockGroups}), every event
 * is queued on its own.
 */
final class EventRuns {
  /** A block's own event: its stop point or its flush ({@link ResidentBlock#fire}). */
  private static final int BLOCK = 0;
  /** A stopped block's save is written ({@link Events.SaveDone}). */
  private static final int SAVE_DONE = 1;

  /** What a member's event does when it fires. */
  interface Member {
    /**
     * Applies a member's event: a block's own ({@code save} false) or its save written, queued
     * when the block had generation {@code gen}.
     */
    void apply(boolean save, ResidentBlock block, int gen, Simulator sim);

    /**
     * Applies the saves written of a run's members whose events are not stale, {@code
     * blocks[0, count)} in order; by default one by one. Such an event queues no event.
     */
    default void saves(ResidentBlock[] blocks, int count, Simulator sim) {
      for (int i = 0; i < count; i++) {
        apply(true, blocks[i], blocks[i].gen, sim);
      }
    }
  }

  /** The engine's members: as {@link ResidentBlock#fire} and {@link Events.SaveDone#fire}. */
  private static final Member ENGINE = new Member() {
    @Override
    public void apply(boolean save, ResidentBlock block, int gen, Simulator sim) {
      if (!save) {
        block.fire(sim, gen);
      } else if (gen == block.gen) {
        sim.preemptor().saveDone(block);
      }
    }

    @Override
    public void saves(ResidentBlock[] blocks, int count, Simulator sim) {
      sim.preemptor().savesDone(blocks, count);
    }
  };

  private final RunServices run;
  private final boolean aggregate;
  private final Member member;
  /** The run of events with reserved sequence numbers being gathered, not yet queued, or null. */
  private Run reserving;
  /** The run that the next event of its kind at its time may join, or null. */
  private Run open;
  /** The sequence number the next member of {@link #open} would have as its own event. */
  private long openNextSeq;
  /** The members of a run of saves not stale, in order ({@link #settleSaves}). */
  private ResidentBlock[] fresh = new ResidentBlock[16];
  /** Runs that fired, for reuse. */
  private Run[] pool = new Run[8];
  private int pooled;
  /** Block events settled as a later member of a run (a measure). */
  private long blockMembers;
  /** Saves written settled as a later member of a run (a measure). */
  private long saveMembers;

  /** @param aggregate whether events may be settled in runs */
  EventRuns(RunServices run, boolean aggregate) {
    this(run, aggregate, ENGINE);
  }

  /** Runs whose members' events {@code member} applies (tests of the order). */
  EventRuns(RunServices run, boolean aggregate, Member member) {
    this.run = run;
    this.aggregate = aggregate;
    this.member = member;
  }

  /** Block events settled as a later member of a run, without an entry of their own. */
  long blockMembers() {
    return blockMembers;
  }

  /** Saves written settled as a later member of a run, without an entry of their own. */
  long saveMembers() {
    return saveMembers;
  }

  /** Queues a block's own event (its stop point or flush) at {@code time}, with its generation. */
  void pushBlock(long time, ResidentBlock block) {
    if (aggregate) {
      add(BLOCK, time, block);
    } else {
      run.events.pushBlock(time, block);
    }
  }

  /** Queues the end of a block's save at {@code time} ({@link Events.SaveDone}). */
  void pushSaveDone(long time, ResidentBlock block) {
    if (aggregate) {
      add(SAVE_DONE, time, block);
    } else {
      run.events.push(time, new Events.SaveDone(block), block.gen);
    }
  }

  /**
   * Queues a block's own event (its completion) at {@code time} with the sequence number {@code
   * seq} it reserved earlier ({@link EventQueue#skipSeq}): a split group's member ({@link
   * BlockGroups}). Consecutive calls at one time with consecutive numbers gather one run, queued
   * as one entry by {@link #queueReserved}, which the caller calls after the last.
   */
  void pushReservedBlock(long time, ResidentBlock block, long seq) {
    if (!aggregate) {
      run.events.pushBlockWithSeq(time, block, seq);
      return;
    }
    Run r = reserving;
    if (r == null || r.time != time || r.firstSeq + r.count != seq) {
      queueReserved();
      r = take();
      r.start(BLOCK, time, seq);
      reserving = r;
    }
    r.add(block);
  }

  /** Queues the run {@link #pushReservedBlock} gathered, if any. */
  void queueReserved() {
    Run r = reserving;
    if (r != null) {
      reserving = null;
      run.events.pushWithSeq(r.time, r, 0, r.firstSeq);
    }
  }

  private Run take() {
    return pooled > 0 ? pool[--pooled] : new Run();
  }

  private void add(int kind, long time, ResidentBlock block) {
    EventQueue events = run.events;
    Run joined = open;
    if (joined != null && joined.kind == kind && joined.time == time
        && events.nextSeq() == openNextSeq) {
      joined.add(block);
      events.skipSeq();
    } else {
      joined = take();
      joined.start(kind, time, events.nextSeq());
      joined.add(block);
      open = joined;
      events.push(time, joined, 0);
    }
    openNextSeq = events.nextSeq();
  }

  /** Applies a run's members from its next one on, in order (see the class). */
  private void settle(Run r, Simulator sim) {
    if (open == r) {
      open = null;
    }
    EventQueue events = run.events;
    long reserved = events.reservedPushes();
    if (r.kind == SAVE_DONE) {
      settleSaves(r, sim);
      if (events.reservedPushes() != reserved) {
        throw new InvariantViolationException("a save written queued an event with a sequence "
            + "number taken earlier at " + r.time + " ns; its run of saves cannot keep the order");
      }
      release(r);
      return;
    }
    for (int i = r.next; i < r.count; i++) {
      if (i > r.next) {
        long seq = r.firstSeq + i;
        if (events.reservedPushes() != reserved && !events.isEmpty()
            && events.peekTime() == r.time && events.peekSeq() < seq) {
          r.next = i; // an event reserved before this member's comes first: queue the rest again
          events.pushWithSeq(r.time, r, 0, seq);
          return;
        }
        run.countEvent();
        if (r.kind == BLOCK) {
          blockMembers++;
        } else {
          saveMembers++;
        }
      }
      member.apply(r.kind == SAVE_DONE, run.blocks.get(r.ids[i]), r.gens[i], sim);
    }
    release(r);
  }

  /**
   * A run of saves written: each member counts as an event, and those not stale are applied at
   * once ({@link Member#saves}); a save written queues no event, so nothing can come between two.
   */
  private void settleSaves(Run r, Simulator sim) {
    if (fresh.length < r.count) {
      fresh = new ResidentBlock[Math.max(r.count, 2 * fresh.length)];
    }
    int n = 0;
    for (int i = r.next; i < r.count; i++) {
      if (i > r.next) {
        run.countEvent();
        saveMembers++;
      }
      ResidentBlock block = run.blocks.get(r.ids[i]);
      if (r.gens[i] == block.gen) {
        fresh[n++] = block;
      }
    }
    member.saves(fresh, n, sim);
    Arrays.fill(fresh, 0, n, null);
  }

  private void release(Run r) {
    if (pooled == pool.length) {
      pool = Arrays.copyOf(pool, 2 * pooled);
    }
    pool[pooled++] = r;
  }

  /**
   * One run: its members' block ids and their generations when queued; member {@code i} has the
   * sequence number {@code firstSeq + i}.
   */
  private final class Run implements Event {
    int kind;
    long time;
    long firstSeq;
    /** The first member not yet applied. */
    int next;
    int count;
    int[] ids = new int[16];
    int[] gens = new int[16];

    void start(int kind, long time, long firstSeq) {
      this.kind = kind;
      this.time = time;
      this.firstSeq = firstSeq;
      this.next = 0;
      this.count = 0;
    }

    void add(ResidentBlock block) {
      if (count == ids.length) {
        ids = Arrays.copyOf(ids, 2 * count);
        gens = Arrays.copyOf(gens, 2 * count);
      }
      ids[count] = block.id;
      gens[count] = block.gen;
      count++;
    }

    @Override
    public void fire(Simulator sim, int gen) {
      settle(this, sim);
    }
  }
}
