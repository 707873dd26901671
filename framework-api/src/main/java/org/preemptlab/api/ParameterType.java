package org.preemptlab.api;

/**
 * The type of a plugin parameter, which fixes how its text is parsed.
 *
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public enum ParameterType {
  /** A whole number ({@code long}). */
  INTEGER,
  /** A real number ({@code double}). */
  REAL,
  /** {@code true} or {@code false}. */
  BOOLEAN,
  /** One of a fixed list of words. */
  CHOICE,
  /** A duration with a unit, stored as nanoseconds; see {@link Durations}. */
  DURATION,
  /** Free text, such as a file path. */
  TEXT
}
