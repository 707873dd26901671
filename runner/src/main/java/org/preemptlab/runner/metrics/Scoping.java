package org.preemptlab.runner.metrics;

/** How a metric restricted to a {@link Scope} chooses its records. */
public enum Scoping {
  /** Over the jobs in the scope. */
  JOBS,
  /**
   * Over the preemptions requested on behalf of a blocked job in the scope (the waiter: the job
   * that benefits); a preemption without such a job belongs to the whole run only.
   */
  WAITER,
  /** Over the preemptions whose victim is in the scope (the job that pays). */
  VICTIM,
  /** Defined for the whole run only. */
  RUN,
  /**
   * Over the jobs in the scope as a part of the whole run (a share); defined for a scope only, so
   * it is neither recorded nor reported for the whole run.
   */
  SHARE
}
