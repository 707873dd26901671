package org.preemptlab.api.application;

import org.preemptlab.api.API;
import org.preemptlab.api.model.Kernel;

/**
 * What an {@link Application} may do while a run goes on: read the simulated time, submit jobs to
 * its own queues and ask to be woken. Handed to every callback; valid only during the callback.
 *
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface ApplicationContext {

  /** The current simulated time, in ns. */
  long nowNs();

  /**
   * Submits a job now: a launch of {@code kernel} on queue {@code queueId}, one credit, no
   * deadline. Jobs of one queue run in submission order (a serial queue also waits for the
   * previous job to finish, as a CUDA stream does).
   *
   * @return the job's id, unique in the run; {@link FinishedJob#id()} names it again
   * @throws IllegalArgumentException if the queue is not one of this application's, or the
   *     kernel's block cannot fit on an SM of the device
   */
  default long submit(String queueId, Kernel kernel) {
    return submit(new JobRequest(queueId, kernel, org.preemptlab.api.model.Job.NO_DEADLINE));
  }

  /**
   * Submits a job now, as {@link #submit(String, Kernel)} does, with the request's deadline.
   *
   * @return the job's id, unique in the run
   */
  long submit(JobRequest request);

  /**
   * Asks for {@link Application#onWakeUp} at {@code timeNs}. Several wake-ups may be pending; each
   * fires once, in time order (ties in the order asked).
   *
   * @throws IllegalArgumentException if {@code timeNs} is before now
   */
  void wakeAt(long timeNs);
}
