package org.preemptlab.runner.experiment;

import java.util.function.LongSupplier;

/**
 * Watches a long run's phases for a progress display: the simulation (jobs finished) and the
 * isolation runs that measure each job alone (jobs measured). {@code done} is read from the
 * display's own thread while the run goes on; it is a monotone estimate, never part of the
 * results.
 */
public interface RunProgress {
  /** Shows nothing. */
  RunProgress NONE = (phase, total, done) -> {};

  /**
   * A phase starts (and the previous one, if any, ended).
   *
   * @param phase what it does, e.g. {@code simulate}
   * @param total units of work in it, or -1 when unknown (the jobs of a run with applications,
   *     which submit theirs as it goes on)
   * @param done how many are done so far
   */
  void phase(String phase, long total, LongSupplier done);

  /** The run ended; default: nothing to do. */
  default void end() {}
}
