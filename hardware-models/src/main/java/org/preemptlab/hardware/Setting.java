package org.preemptlab.hardware;

import java.util.Objects;

/**
 * One value of a model and where it was written, for error messages.
 *
 * @param text the value as written, trimmed
 * @param origin where it came from, e.g. {@code my.hw:7} or {@code h200 override}
 */
record Setting(String text, String origin) {
  Setting {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(origin, "origin");
  }
}
