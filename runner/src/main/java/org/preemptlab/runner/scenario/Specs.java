package org.preemptlab.runner.scenario;

import java.util.Collection;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Durations;
import org.preemptlab.runner.workload.SpecViolation;

/**
 * Checks shared by the scenario records; each failure is a {@link SpecViolation} of one key (the
 * plain checks are {@link SpecViolation#check} and {@link SpecViolation#required}).
 */
final class Specs {
  private Specs() {}

  /** Parses a duration such as {@code 200ms}, {@code 1000us}, {@code 0}; {@code fallback} if null. */
  static long duration(String text, String key, long fallback) {
    if (text == null) {
      return fallback;
    }
    try {
      long ns = Durations.parseNs(text);
      SpecViolation.check(ns >= 0, key, "must be >= 0, got '" + text + "'");
      return ns;
    } catch (IllegalArgumentException e) {
      if (e instanceof SpecViolation v) {
        throw v;
      }
      throw new SpecViolation(key, "expected a duration such as 200ms, 1000us or 1s, got '"
          + text + "'");
    }
  }

  /** A violation of {@code key} for a name that is not one of {@code valid}, with a suggestion. */
  static SpecViolation unknown(String key, String what, String name, Collection<String> valid) {
    return new SpecViolation(key, ConfigurationException.unknown(what, name, valid).getMessage());
  }
}
