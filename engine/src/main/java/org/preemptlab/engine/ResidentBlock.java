package org.preemptlab.engine;

/**
 * One block on an SM: which block, where, and how far it has run. It is also its own event: at
 * {@code endNs} it completes, or, once a preemption has decided its fate, it reaches its stop point
 * or is flushed ({@link #gen} tells a stale event from the current one). Block residency ({@link
 * BlockResidency}) reuses a completed block for a later residency ({@link #reuse}); its generation
 * only ever grows, so an event queued for an earlier residency never fires for a later one.
 *
 * <p>Its progress is kept as an anchor: at {@link #anchorNs} it had made {@link #anchorDoneNs} of
 * real progress, and from then on it progresses at {@link #rate} ns of program per ns (1 when it
 * runs undisturbed; less when the {@link Contention} model slows it). Without contention the
 * anchor is the residency's start and the rate stays 1, so progress is "start + elapsed" in exact
 * integers. A change of rate re-anchors the block ({@link #reanchor}); its end follows.
 */
final class ResidentBlock implements Event {
  static final int RUNNING = 0;
  static final int DRAINING = 1;
  static final int STOPPING = 2;
  static final int SAVING = 3;
  static final int FLUSHING = 4;
  static final int PARKING = 5;
  /** It was parking when its job was aborted: it has left its SM, and its parking skips it. */
  static final int DROPPED = 6;

  /** Its id in the run's {@link BlockTable}, for its whole life. */
  int id;
  /** Its job; a pooled block keeps its last one until reused (a store only when it changes). */
  SimJob job;
  int sm;
  int blockIndex;
  /** Real duration of the whole block, undisturbed. */
  long realDurationNs;
  /** When this residency starts executing (after dispatch latency and any restore). */
  long startNs;
  /** From when {@link #rate} applies: the residency's start, or the last change of rate. */
  long anchorNs;
  /** Real progress at {@link #anchorNs} (at the start: what an earlier residency had done). */
  long anchorDoneNs;
  /** Real progress per ns from {@link #anchorNs} on, in [0, 1] (0 only under an issue order). */
  double rate = 1.0;
  /** The contention class the block counts in while it executes its program, or null. */
  Contention.Share share;
  /** The issue-slot class (its job's blocks on its SM) it counts in meanwhile, or null. */
  Contention.Share issueShare;
  long endNs;
  /** When it stops executing: its end, or the stop time a preemption or switch decided. */
  long execEndNs;
  int state = RUNNING;
  int gen;
  int listIndex = -1;
  int slot = -1;
  long stopOffsetNs;
  long restoreBytes;
  Preemption preemption;
  /**
   * The next member of the group this block leads or belongs to, or null: blocks of a group
   * share the leader's completion event ({@link BlockGroups}).
   */
  ResidentBlock nextInGroup;
  /** For a group's leader, its last member (itself while alone). */
  ResidentBlock lastInGroup;
  /** For a group's leader, the sequence number its completion event was queued with. */
  long groupSeq;
  /** For a group's leader, how many blocks the group holds, itself included. */
  int groupSize;

  ResidentBlock(SimJob job, int sm, int blockIndex, long realDurationNs, long realDoneAtStartNs,
      long startNs) {
    reuse(job, sm, blockIndex, realDurationNs, realDoneAtStartNs, startNs);
  }

  /** Sets this block up for a new residency; the generation is left as it is (see the class). */
  void reuse(SimJob job, int sm, int blockIndex, long realDurationNs, long realDoneAtStartNs,
      long startNs) {
    if (this.job != job) {
      this.job = job;
    }
    this.sm = sm;
    this.blockIndex = blockIndex;
    this.realDurationNs = realDurationNs;
    this.startNs = startNs;
    this.anchorNs = startNs;
    this.anchorDoneNs = realDoneAtStartNs;
    this.rate = 1.0;
    this.share = null;
    this.issueShare = null;
    this.endNs = startNs + realDurationNs - realDoneAtStartNs;
    this.execEndNs = endNs;
    this.state = RUNNING;
    this.listIndex = -1;
    this.slot = -1;
    this.stopOffsetNs = 0;
    this.restoreBytes = 0;
    this.preemption = null;
    this.nextInGroup = null;
    this.lastInGroup = null;
  }

  @Override
  public void fire(Simulator sim, int eventGen) {
    if (eventGen == gen) {
      sim.blocks().blockEvent(this);
    }
  }

  /** SM time it has executed by {@code now} in this residency (0 while dispatching or restoring). */
  long executedNs(long now) {
    return Math.max(0, Math.min(now, execEndNs) - startNs);
  }

  /**
   * Real progress at time {@code t} (at or after the anchor's last move), between the progress at
   * the anchor and the block's end, rounded down to a whole ns. Before the anchor (while the block
   * is dispatched or restored) it is the progress at the anchor.
   */
  long realProgressAt(long t) {
    if (t >= endNs) {
      return realDurationNs;
    }
    if (t <= anchorNs) {
      return anchorDoneNs;
    }
    long ran = rate == 1.0 ? t - anchorNs : (long) Math.floor((t - anchorNs) * rate);
    return Math.min(realDurationNs, anchorDoneNs + ran);
  }

  /**
   * When the block reaches real progress {@code realNs} at its current rate, rounding up; for a
   * progress below the anchor's, the time it would have reached it at that rate (callers take the
   * later of this and the time they act).
   */
  long timeToReach(long realNs) {
    long left = realNs - anchorDoneNs;
    if (rate == 0) { // waiting for issue slots (an issue order by start): not before they free
      return left <= 0 ? anchorNs + left : Long.MAX_VALUE;
    }
    return anchorNs + (rate == 1.0 ? left : (long) Math.ceil(left / rate));
  }

  /**
   * From {@code t} on the block progresses at {@code newRate}: the anchor moves to {@code t} (or
   * stays at the residency's start if it has not started executing), and its end follows. The
   * caller queues the new end; the generation changes, so the old end's event is stale.
   */
  void reanchor(long t, double newRate) {
    if (t > anchorNs) {
      anchorDoneNs = realProgressAt(t);
      anchorNs = t;
    }
    rate = newRate;
    endNs = timeToReach(realDurationNs);
    execEndNs = endNs;
    gen++;
  }

  /** Converts a real progress into an offset of the job's executed program (rounding down). */
  long nominalOf(long realNs) {
    if (realNs >= realDurationNs) {
      return job.nominalNs;
    }
    return (long) Math.floor((double) realNs * job.nominalNs / realDurationNs);
  }

  /** Converts a program offset into real progress of this block (rounding up). */
  long realOf(long nominalOffsetNs) {
    if (nominalOffsetNs >= job.nominalNs) {
      return realDurationNs;
    }
    return Math.min(realDurationNs,
        (long) Math.ceil((double) nominalOffsetNs * realDurationNs / job.nominalNs));
  }
}
