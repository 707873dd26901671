package org.preemptlab.runner.discovery;

/** One-line descriptions of exceptions for messages. */
final class Throwables {
  private Throwables() {}

  /** {@code SimpleName: message}, followed by the root cause's if there is a different one. */
  static String describe(Throwable t) {
    String text = line(t);
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root == t ? text : text + " (caused by " + line(root) + ")";
  }

  private static String line(Throwable t) {
    String message = t.getMessage();
    String name = t.getClass().getSimpleName();
    return message == null || message.isBlank() ? name : name + ": " + message.strip();
  }
}
