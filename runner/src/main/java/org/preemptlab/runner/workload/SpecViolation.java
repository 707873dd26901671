package org.preemptlab.runner.workload;

/**
 * A spec value that breaks a rule, raised by the compact constructors of the spec records. It
 * carries the key (relative to the record that raised it) so the loader can report the full path
 * and the line of the offending key.
 */
public final class SpecViolation extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String key;

  /**
   * Creates a violation.
   *
   * @param key the offending key, relative to the record that checks it, e.g. {@code "credits"}
   *     or {@code "program.segments[2].live-registers"}
   * @param message what is wrong, without the key, e.g. {@code "must be >= 1, got 0"}
   */
  public SpecViolation(String key, String message) {
    super(key + ": " + message);
    this.key = key;
  }

  /** The offending key, relative to the record that raised the violation. */
  public String key() {
    return key;
  }

  /** The message without the key. */
  public String detail() {
    return getMessage().substring(key.length() + 2);
  }

  /**
   * Throws a violation of {@code key} unless {@code condition} holds: the one-line check of the
   * workload and scenario spec records.
   */
  public static void check(boolean condition, String key, String message) {
    if (!condition) {
      throw new SpecViolation(key, message);
    }
  }

  /** Returns {@code value}, or throws a violation saying {@code key} is required. */
  public static <T> T required(T value, String key) {
    if (value == null) {
      throw new SpecViolation(key, "is required");
    }
    return value;
  }

  /** The same violation with {@code prefix} put in front of its key. */
  SpecViolation under(String prefix) {
    return new SpecViolation(prefix + (key.startsWith("[") ? "" : ".") + key, detail());
  }
}
