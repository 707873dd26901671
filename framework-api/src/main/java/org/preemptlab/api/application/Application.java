package org.preemptlab.api.application;

import java.util.Optional;
import org.preemptlab.api.API;

/**
 * A workload part that reacts to the simulation: it declares its contexts and queues, submits its
 * first jobs when the run starts, and submits more as its jobs finish or its wake-ups fire. One
 * instance per run, created by its {@link ApplicationProvider}; it must draw every random number
 * from the stream of its {@link org.preemptlab.api.PluginContext} so that a run is a function of
 * its configuration and seed.
 *
 * <p>The engine calls an application synchronously from its one event loop, in simulated-time
 * order; an application never reads the wall clock. Only {@link #resources()} and {@link
 * #start(ApplicationContext)} are abstract.
 *
 * <pre>{@code
 * // A loop of one kernel: each finish submits the next, 100 iterations.
 * final class Loop implements Application {
 *   private int left = 100;
 *   public ApplicationResources resources() {
 *     return ApplicationResources.oneQueue("loop", Priority.NORMAL);
 *   }
 *   public void start(ApplicationContext app) { app.submit("loop", KERNEL); }
 *   public void onJobFinished(FinishedJob job, ApplicationContext app) {
 *     if (--left > 0) app.submit("loop", KERNEL);
 *   }
 * }
 * }</pre>
 *
 * <p>To report metrics of its own (time to first token, iteration time), the provider implements
 * {@link org.preemptlab.api.metrics.ContributesMetrics} and the instance {@link
 * org.preemptlab.api.metrics.MetricReporter}, as for every plugin kind.
 *
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface Application {

  /**
   * The contexts and queues this application submits to, added to the run's workload before it
   * starts; asked once. Their ids must not clash with the workload's or another application's.
   */
  ApplicationResources resources();

  /** The run starts (simulated time 0): submit the first jobs or ask for a wake-up. */
  void start(ApplicationContext app);

  /**
   * One of this application's jobs finished (its last block completed, or it was reset). Called
   * after the engine has accounted the job and before anything else happens at this instant's
   * next event; jobs submitted here are submitted now.
   */
  default void onJobFinished(FinishedJob job, ApplicationContext app) {}

  /**
   * One of this application's jobs placed its first block on an SM. Off by default, since most
   * applications only react to finishes: return true from {@link #observesStarts()} to be told.
   */
  default void onJobStarted(StartedJob job, ApplicationContext app) {}

  /** Whether {@link #onJobStarted} is to be called; false by default (costs nothing then). */
  default boolean observesStarts() {
    return false;
  }

  /** A wake-up asked for with {@link ApplicationContext#wakeAt(long)} is due. */
  default void onWakeUp(ApplicationContext app) {}

  /**
   * The jobs and blocks this application expects to submit in the run, estimated from its
   * parameters before the run starts: the runner adds them to the run's work estimate, which a
   * run above the threshold must confirm with {@code --yes}. Called once, before {@link #start}.
   * The default, {@link ExpectedWork#UNKNOWN}, adds nothing.
   *
   * @since 0.2
   */
  default ExpectedWork expectedWork() {
    return ExpectedWork.UNKNOWN;
  }

  /**
   * The device memory this application holds for the whole run, known from its parameters before
   * the run starts: the runner refuses the run when it exceeds the capacity of the device (or of
   * the application's MIG instance) that the hardware model declares. The default, empty,
   * declares nothing and is never checked. Called once, before {@link #start}.
   *
   * @since 0.2
   */
  default Optional<MemoryDemand> memoryDemand() {
    return Optional.empty();
  }
}
