package org.preemptlab.runner.engine;

/**
 * One block on an SM: which block, where, and how far it has run. It is also its own event: at
 * {@code endNs} it completes, or, once a preemption has decided its fate, it reaches its stop point
 * or is flushed ({@link #gen} tells a stale event from the current one).
 */
final class ResidentBlock implements Event {
  static final int RUNNING = 0;
  static final int DRAINING = 1;
  static final int STOPPING = 2;
  static final int SAVING = 3;
  static final int FLUSHING = 4;
  static final int PARKING = 5;

  final SimJob job;
  final int sm;
  final int blockIndex;
  /** Real duration of the whole block, undisturbed. */
  final long realDurationNs;
  /** Real progress when this residency started executing. */
  final long realDoneAtStartNs;
  /** When this residency starts executing (after dispatch latency and any restore). */
  final long startNs;
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

  ResidentBlock(SimJob job, int sm, int blockIndex, long realDurationNs, long realDoneAtStartNs,
      long startNs) {
    this.job = job;
    this.sm = sm;
    this.blockIndex = blockIndex;
    this.realDurationNs = realDurationNs;
    this.realDoneAtStartNs = realDoneAtStartNs;
    this.startNs = startNs;
    this.endNs = startNs + realDurationNs - realDoneAtStartNs;
    this.execEndNs = endNs;
  }

  @Override
  public void fire(Simulator sim, int eventGen) {
    if (eventGen == gen) {
      sim.blocks.blockEvent(this);
    }
  }

  /** SM time it has executed by {@code now} in this residency (0 while dispatching or restoring). */
  long executedNs(long now) {
    return Math.max(0, Math.min(now, execEndNs) - startNs);
  }

  /** Real progress at time {@code t}, between the progress at start and the block's end. */
  long realProgressAt(long t) {
    long ran = Math.max(0, Math.min(t, endNs) - startNs);
    return Math.min(realDurationNs, realDoneAtStartNs + ran);
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
