package org.preemptlab.api.model;

import static org.preemptlab.api.Checks.checkArgument;

/** Validation of the names of contexts and queues. */
final class Ids {
  private Ids() {}

  static void check(String what, String id) {
    checkArgument(valid(id), "%s id '%s' must be letters, digits, '.', '_' or '-', starting with "
        + "a letter or digit", what, id);
  }

  /**
   * Whether {@code id} is {@code [A-Za-z0-9][A-Za-z0-9._-]*}, tested char by char: every queue
   * and context of a run is checked, and compiling the pattern per check (String.matches) was the
   * larger part of it.
   */
  static boolean valid(String id) {
    if (id == null || id.isEmpty() || !letterOrDigit(id.charAt(0))) {
      return false;
    }
    for (int i = 1; i < id.length(); i++) {
      char c = id.charAt(i);
      if (!letterOrDigit(c) && c != '.' && c != '_' && c != '-') {
        return false;
      }
    }
    return true;
  }

  private static boolean letterOrDigit(char c) {
    return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9';
  }
}
