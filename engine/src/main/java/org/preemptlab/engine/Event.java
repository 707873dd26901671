package org.preemptlab.engine;

/**
 * Something that happens at a simulated instant. Each kind of event knows the part of the engine
 * that handles it, so the event loop only pops and fires. A block's {@link ResidentBlock} is its
 * own event (no allocation per block); the other kinds are the small records of {@link Events} and
 * the events of an {@link EngineLayer} (the DRM scheduler layer's, in {@code engine.drm}), which
 * it pushes with {@link Simulator#schedule}.
 */
public interface Event {

  /**
   * Applies the event.
   *
   * @param sim the running simulation
   * @param gen the generation the event was pushed with; an event whose subject has moved on since
   *     (a block that was preempted, a slice that was cancelled) compares it and does nothing
   */
  void fire(Simulator sim, int gen);
}
