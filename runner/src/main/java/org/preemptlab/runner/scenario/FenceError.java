package org.preemptlab.runner.scenario;

/** The error a fence signals with, as the kernel's negative errno values. */
public enum FenceError {
  /** Signalled without error. */
  NONE,
  /** -ECANCELED: cancelled at scheduler teardown, or its context is guilty. */
  ECANCELED,
  /** -ESRCH: its entity was killed before it ran. */
  ESRCH,
  /** -ETIMEDOUT: its timeout handler reset it. */
  ETIMEDOUT,
  /** -EINVAL: {@code drm_sched_job_init} rejected it (0 credits). */
  EINVAL,
  /** -ENODEV: the device is gone. */
  ENODEV
}
