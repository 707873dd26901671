package org.preemptlab.engine;

import org.preemptlab.api.application.JobRequest;

/** What an application's host ({@link ApplicationHost}) asks of the launcher: submit a job now. */
interface ApplicationSubmissions {
  /**
   * Appends a job an application submits now, in one of its queues.
   *
   * @return its id
   * @throws IllegalArgumentException if the kernel's block fits no SM of the device
   */
  long submitFromApplication(SimQueue queue, JobRequest request);
}
