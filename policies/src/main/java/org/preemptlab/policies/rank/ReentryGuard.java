package org.preemptlab.policies.rank;

/**
 * Runs a policy's decision one at a time. A policy that suspends, resumes or preempts queues from
 * inside a decision is called back by the engine while it does so (a suspension withdraws jobs, a
 * resumption readies them); those nested calls are dropped, because the outer decision is about to
 * see their effect anyway.
 *
 * @since 0.1
 */
public final class ReentryGuard {
  private boolean deciding;

  /** Creates a guard that is not inside a decision. */
  public ReentryGuard() {}

  /** Runs {@code decision} unless a decision of the same guard is already running. */
  public void run(Runnable decision) {
    if (deciding) {
      return;
    }
    deciding = true;
    try {
      decision.run();
    } finally {
      deciding = false;
    }
  }
}
