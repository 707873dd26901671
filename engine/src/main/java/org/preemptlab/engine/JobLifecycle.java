package org.preemptlab.engine;

/**
 * What block placement tells the launcher ({@link Launcher}) of a job's life: its first block
 * started, its last block completed, and a block of a suspended queue left its SM.
 */
interface JobLifecycle {
  /** A dispatched job's first block starts, at {@code startNs}: the job runs. */
  void started(SimJob job, long startNs);

  /** The job's last block completed. */
  void finish(SimJob job);

  /** Whether a job was ever held back in this run (placement need not check otherwise). */
  boolean holdsUsed();

  /** A block of {@code queue} left its SM: a suspended queue may have gone quiet. */
  void checkQuiet(SimQueue queue);
}
