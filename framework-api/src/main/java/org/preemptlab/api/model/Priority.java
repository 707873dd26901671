package org.preemptlab.api.model;

import org.preemptlab.api.API;

/**
 * A queue's priority, as in the Linux DRM scheduler ({@code enum drm_sched_priority}): a smaller
 * ordinal is a higher priority.
 *
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public enum Priority {
  /** Reserved for the kernel's own work; the highest. */
  KERNEL,
  /** Latency-sensitive work such as inference or display. */
  HIGH,
  /** The default. */
  NORMAL,
  /** Background work such as training. */
  LOW;

  /** Whether this priority is strictly higher than {@code other}. */
  public boolean isHigherThan(Priority other) {
    return ordinal() < other.ordinal();
  }
}
