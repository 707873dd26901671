package org.preemptlab.policies.drm;

import org.preemptlab.api.policy.JobView;

/** The ready entities of one DRM run queue (one priority level) and how the next is chosen. */
interface RunQueue {

  /** The head job of an entity became ready. */
  void add(JobView job);

  /** The head job of the entity this run queue would serve now, or {@code null} if none. */
  JobView peek();

  /**
   * The job was dispatched: the entity was served.
   *
   * @throws IllegalStateException if the job is not held here
   */
  void remove(JobView job);

  /** The job left without being served: its entity is removed from this run queue. */
  void withdraw(JobView job);

  /** Whether no entity is ready. */
  boolean isEmpty();
}
