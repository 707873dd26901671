package org.preemptlab.runner.drm;

/**
 * The hardware below one DRM scheduler, as the driver's ring sees it ({@code run_job} and the
 * hardware fence): the scheduler hands it each dispatched job, and the ring signals the job's
 * hardware fence through {@link DrmLayer#hardwareSignalled} when the job completes. One
 * implementation per kind of device: {@link MockRing}, the KUnit mock GPU's serial timeline, for a
 * hardware model that is a serial timeline ({@code HardwareModel.serialTimeline()}).
 */
interface DrmRing {

  /** {@code run_job}: the job starts on the hardware (after the ring's earlier jobs, if serial). */
  void run(DrmJob job);

  /**
   * Takes a job off the hardware without signalling its fence (the timeout handler, a reset or a
   * teardown signals it itself); nothing if the job is not on the ring.
   */
  void unlink(DrmJob job);

  /**
   * {@code drm_mock_sched_advance}: completes the next {@code count} jobs by sequence number, as a
   * KUnit test does by hand; returns how many it completed.
   */
  int advance(int count);
}
