package org.preemptlab.engine;

/**
 * What the queue actions ({@link QueueActions}) ask of the launcher ({@link Launcher}): take a
 * suspended queue's ready job back, offer a resumed queue's next job, and note that a job was
 * held back (placement checks holds only once one was used).
 */
interface LaunchGate {
  /** Withdraws the queue's ready job, if it has one: it is offered again on resume. */
  void withdrawReady(SimQueue queue);

  /** Offers the queue's next job to its policy if nothing holds it back. */
  void offerNext(SimQueue queue);

  /** A job was held back (its own hold, or a suspension above launch level). */
  void holdUsed();
}
