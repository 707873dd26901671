package org.preemptlab.applications.llm;

/** Where in an iteration an operator runs. */
public enum Placement {
  /** Once, before the decoder layers (embedding lookup). */
  BEFORE_LAYERS,
  /** Once in every decoder layer. */
  PER_LAYER,
  /** Once, after the decoder layers (final norm, LM head, sampling). */
  AFTER_LAYERS
}
