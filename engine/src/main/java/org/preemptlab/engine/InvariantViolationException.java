package org.preemptlab.engine;

import org.preemptlab.api.PluginKind;

/**
 * A plugin broke a rule of the model: a policy selected a job it does not hold, a preemption
 * strategy stopped a block inside a shared-memory, atomic or barrier segment, flushed a kernel that
 * is not idempotent, or a context-save strategy returned a negative size. The run fails with this
 * exception; other runs of a sweep go on.
 */
public final class InvariantViolationException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  /** The kind of the plugin whose return value broke the rule, or null. */
  private final transient PluginKind plugin;
  /** The message without the plugin's name, or null. */
  private final String detail;

  InvariantViolationException(String message) {
    super(message);
    this.plugin = null;
    this.detail = null;
  }

  /**
   * A value that a plugin of {@code plugin}'s kind returned, out of the model's range.
   *
   * @param message the whole message, naming the plugin
   * @param detail the message without the plugin's name ({@code returned ... from ...()})
   */
  InvariantViolationException(PluginKind plugin, String message, String detail) {
    super(message);
    this.plugin = plugin;
    this.detail = detail;
  }

  /** The kind of the plugin whose return value broke the rule, if the violation is a value's. */
  public java.util.Optional<PluginKind> plugin() {
    return java.util.Optional.ofNullable(plugin);
  }

  /** The message without the plugin's name ({@code returned ... from ...()}), or the message. */
  public String detail() {
    return detail == null ? getMessage() : detail;
  }
}
