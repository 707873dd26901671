package org.preemptlab.api.model;

/** Validation of the names of contexts and queues. */
final class Ids {
  private Ids() {}

  static void check(String what, String id) {
    if (id == null || !id.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
      throw new IllegalArgumentException(what + " id '" + id
          + "' must be letters, digits, '.', '_' or '-', starting with a letter or digit");
    }
  }
}
