package org.preemptlab.engine;

import org.preemptlab.api.policy.ActionOutcome;
import org.preemptlab.api.policy.PreemptScope;

/** What a policy's view and a queue's interrupt ask of the preemptor ({@link Preemptor}). */
interface PreemptionRequests {
  /**
   * Preempts the blocks of {@code victim} that {@code scope} selects, saving in one batch per SM
   * with every other preemption given the same {@code saveBatch} (null: a batch of its own).
   *
   * @param waiter the job the preemption is for, or null to take the job whose onJobBlocked
   *     callback is running, if any
   */
  ActionOutcome preempt(SimJob victim, PreemptScope scope, SimJob waiter, Object saveBatch);
}
