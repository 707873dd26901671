package org.preemptlab.engine;

import java.util.List;

/**
 * What the time slicer asks of block placement ({@link BlockScheduler}): which context's work
 * waits, and parking and unparking a context's blocks in a switch. The slicer decides when and
 * to whom the device switches; placement owns the blocks and the SMs.
 */
interface ContextResidency {
  /** Whether no job waits for placement. */
  boolean nothingToPlace();

  /** The context of the first job in placement order (the one the device serves first). */
  SimContext firstContextToPlace();

  /**
   * Whether {@code context} has a launched job that could place a block now: one with blocks to
   * place that is neither held back nor waiting for the job before it in its queue.
   */
  boolean hasPlaceableWork(SimContext context);

  /** Whether {@code context} has blocks on SMs. */
  boolean hasResidentBlocks(SimContext context);

  /** Whether {@code context} has blocks a switch saved, waiting to be restored. */
  boolean hasParkedBlocks(SimContext context);

  /**
   * Stops {@code context}'s running blocks when the switch request reaches the SMs, at {@code
   * reactionNs}, and saves them: each SM writes its blocks in one save.
   *
   * @return the blocks being parked, and when the slowest SM's save ends
   */
  Parking park(SimContext context, long reactionNs);

  /** The saves of {@code parking} are written: its blocks leave their SMs and wait for restore. */
  void parked(Parking parking);

  /**
   * Restores {@code context}'s parked blocks on the SMs they left, each SM in one restore; a block
   * whose SM is held waits for placement like a preempted one.
   *
   * @return when the slowest SM's restore ends, or now when nothing is restored
   */
  long unpark(SimContext context);

  /**
   * A context's blocks being parked by a switch.
   *
   * @param context the outgoing context
   * @param blocks its blocks that were running when the request reached the SMs
   * @param savedAtNs when the slowest SM's save ends
   */
  record Parking(SimContext context, List<ResidentBlock> blocks, long savedAtNs) {}

  /** A block saved by a context switch, to be restored on the same SM. */
  record Parked(SimJob job, int sm, int blockIndex, long realDurationNs, long realDoneNs,
      long bytes) {}
}
