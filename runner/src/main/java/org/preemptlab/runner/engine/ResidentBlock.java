package org.preemptlab.runner.engine;

/**
 * One block on an SM: which block, where, and how far it has run. It is also its own event: at
 * {@code endNs} it completes, or, once a preemption has decided its fate, it reaches its stop point
 * or is flushed ({@link #gen} tells a stale event from the current one). The {@link
 * BlockScheduler} reuses a completed block for a later residency ({@link #reuse}); its generation
 * only ever grows, so an event queued for an earlier residency never fires for a later one.
 */
final class ResidentBlock implements Event {
  static final int RUNNING = 0;
  static final int DRAINING = 1;
  static final int STOPPING = 2;
  static final int SAVING = 3;
  static final int FLUSHING = 4;
  static final int PARKING = 5;

  SimJob job;
  int sm;
  int blockIndex;
  /** Real duration of the whole block, undisturbed. */
  long realDurationNs;
  /** Real progress when this residency started executing. */
  long realDoneAtStartNs;
  /** When this residency starts executing (after dispatch latency and any restore). */
  long startNs;
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
    reuse(job, sm, blockIndex, realDurationNs, realDoneAtStartNs, startNs);
  }

  /** Sets this block up for a new residency; the generation is left as it is (see the class). */
  void reuse(SimJob job, int sm, int blockIndex, long realDurationNs, long realDoneAtStartNs,
      long startNs) {
    this.job = job;
    this.sm = sm;
    this.blockIndex = blockIndex;
    this.realDurationNs = realDurationNs;
    this.realDoneAtStartNs = realDoneAtStartNs;
    this.startNs = startNs;
    this.endNs = startNs + realDurationNs - realDoneAtStartNs;
    this.execEndNs = endNs;
    this.state = RUNNING;
    this.listIndex = -1;
    this.slot = -1;
    this.stopOffsetNs = 0;
    this.restoreBytes = 0;
    this.preemption = null;
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
