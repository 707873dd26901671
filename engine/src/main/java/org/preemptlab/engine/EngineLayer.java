package org.preemptlab.engine;

/**
 * A scheduler layer above the engine's launcher, run by the engine's own event loop: the Linux DRM
 * scheduler layer ({@code engine.drm}) with its entities, run queues, rings and scenario script.
 * Its events are ordinary {@link Event}s on the engine's queue ({@link Simulator#schedule}); at each
 * instant, after the instant's events, the engine calls {@link #afterEvents()} (which may submit
 * jobs that wait for it), then the launcher dispatches and blocks are placed; it repeats that while events
 * remain at the instant, and then lets the layer
 * {@link #resume()} its own work of the instant (a script, as a test thread), after which the
 * instant is settled again. A run without a layer pays one null check per instant.
 */
public interface EngineLayer {

  /** Called once when the run starts, at time 0, after the launcher started. */
  void start(Simulator sim);

  /** After the events of an instant, before the launcher's dispatch and block placement. */
  void afterEvents();

  /**
   * Runs the layer's own work of this instant once the instant settled, if it can run now.
   *
   * @return whether it ran (the engine then settles the instant again and asks once more)
   */
  boolean resume();

  /**
   * The next instant the run goes on to, given the time of the next queued event ({@link
   * Long#MAX_VALUE} when none): the layer may bring it forward (a timed wait of its own) or end the
   * run by returning {@link Long#MAX_VALUE} (its end time passed, or only background events are
   * left).
   */
  long nextInstant(long nextEventNs);
}
