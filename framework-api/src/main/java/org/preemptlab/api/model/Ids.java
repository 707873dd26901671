package org.preemptlab.api.model;

import static org.preemptlab.api.Checks.checkArgument;

/** Validation of the names of contexts and queues. */
final class Ids {
  private Ids() {}

  static void check(String what, String id) {
    checkArgument(id != null && id.matches("[A-Za-z0-9][A-Za-z0-9._-]*"), "%s id '%s' must be "
        + "letters, digits, '.', '_' or '-', starting with a letter or digit", what, id);
  }
}
