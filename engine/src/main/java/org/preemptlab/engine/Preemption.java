package org.preemptlab.engine;

import java.util.TreeMap;

/** A preemption under way: counts blocks until every one has given up its SM. */
final class Preemption {
  /** The victim while any of its blocks are still to give up their SMs, then null. */
  SimJob victim;
  private final long victimId;
  private final String victimQueueId;
  final long requestNs;
  int outstanding;
  int blocks;
  int drained;
  int saved;
  int flushed;
  long bytesSaved;
  long pointReachedNs;
  long resourcesFreeNs;
  /** The id of the blocked job the preemption was requested for, or -1. */
  long waiterId = -1;
  /** When the waiter placed its next block after the request, or -1. */
  long waiterPlacedNs = -1;
  /** Blocks per level label, but for the run of equal labels still being counted. */
  private final TreeMap<String, Integer> levels = new TreeMap<>();
  /** The label of the last blocks counted (a preemption's blocks mostly share one), or null. */
  private String runLevel;
  /** How many blocks in a row were counted at {@link #runLevel}, not yet in {@link #levels}. */
  private int runCount;
  /**
   * What its saves batch with on an SM's save channel: itself, or a token shared by the
   * preemptions of one queue interrupt, so one interrupt pays each SM's fixed save cost once.
   */
  final Object saveBatch;

  Preemption(SimJob victim, long requestNs, Object saveBatch) {
    this.victim = victim;
    this.victimId = victim.job.id();
    this.victimQueueId = victim.job.queueId();
    this.requestNs = requestNs;
    this.saveBatch = saveBatch == null ? this : saveBatch;
    this.pointReachedNs = requestNs;
    this.resourcesFreeNs = requestNs;
  }

  /** Counts a block served at {@code level}: a run of equal labels is added to the map at once. */
  void count(String level) {
    if (level.equals(runLevel)) {
      runCount++;
      return;
    }
    addRun();
    runLevel = level;
    runCount = 1;
  }

  private void addRun() {
    if (runCount > 0) {
      levels.merge(runLevel, runCount, Integer::sum);
      runCount = 0;
    }
  }

  void pointReached(long t) {
    pointReachedNs = Math.max(pointReachedNs, t);
  }

  /** One block gave up its SM at {@code t}; true when it was the last. */
  boolean blockFreed(long t) {
    resourcesFreeNs = Math.max(resourcesFreeNs, t);
    return --outstanding == 0;
  }

  PreemptionRecord toRecord() {
    addRun();
    return new PreemptionRecord(victimId, victimQueueId, requestNs, pointReachedNs,
        resourcesFreeNs, blocks, drained, saved, flushed, bytesSaved, levels, waiterId,
        waiterPlacedNs);
  }
}
