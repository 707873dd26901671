package org.preemptlab.engine;

/**
 * What block placement tells the preemptor ({@link Preemptor}) of the blocks a preemption asked
 * to stop: one reached its stop point, one is flushed, one left its SM.
 */
interface StopPoints {
  /** A stopping block reached its stop point: its context is written. */
  void reachStopPoint(ResidentBlock block);

  /** A flushed block's time has come: it leaves its SM and restarts later. */
  void flush(ResidentBlock block);

  /** One block taking part in {@code preemption} has given up its SM. */
  void blockFreed(Preemption preemption);
}
