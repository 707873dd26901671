package org.preemptlab.runner.drm;

/** How a job of a DRM scenario ended, or where it stands when the simulation stops. */
public enum JobStatus {
  /** Never submitted. */
  NOT_SUBMITTED,
  /** Rejected by {@code drm_sched_job_init} (0 credits: -EINVAL). */
  REJECTED,
  /** Pushed to a killed (stopped) entity: it never runs ("Trying to push to a killed entity"). */
  PUSHED_TO_KILLED_ENTITY,
  /** Queued in its entity, never handed to the hardware. */
  QUEUED,
  /** Handed to the hardware and not done. */
  RUNNING,
  /** Done by the hardware; still on the pending list. */
  DONE_NOT_FREED,
  /** Done and freed. */
  FINISHED,
  /** Done, but its finished fence carries -ECANCELED because its context is guilty. */
  FINISHED_GUILTY,
  /** Its timeout handler reset it: hardware fence -ETIMEDOUT, never DONE. */
  TIMED_OUT,
  /** Its context exceeded the hang limit: cancelled with -ECANCELED by the timeout handler. */
  GUILTY_CANCELLED,
  /** Its timeout handler reported the device gone (ENODEV). */
  DEVICE_GONE,
  /** Its entity was killed while it was queued: finished with -ESRCH, never ran. */
  KILLED,
  /** Its scheduler was torn down while it was pending: -ECANCELED. */
  CANCELLED
}
