package org.preemptlab.runner.discovery;

import java.util.Objects;
import org.preemptlab.api.PluginKind;

/**
 * A plugin failed with an exception that is not a {@link
 * org.preemptlab.api.ConfigurationException}: a bug in the plugin rather than a mistake of the
 * user. It names the plugin's kind, id and jar, so that a sweep can fail the one run and report
 * whose fault it was.
 */
public class PluginFailureException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final PluginKind kind;
  private final String id;
  private final String jar;

  /**
   * Creates the exception.
   *
   * @param plugin the plugin that failed
   * @param action what it was doing, for example {@code "create()"}
   * @param cause what it threw
   */
  public PluginFailureException(PluginDescriptor plugin, String action, Throwable cause) {
    super(plugin.displayName() + " from " + plugin.jar() + " failed in " + action + ": "
        + Throwables.describe(cause), cause);
    this.kind = plugin.kind();
    this.id = plugin.id();
    this.jar = plugin.jar();
  }

  /**
   * Creates the exception with a message of its own, for a failure that is not an exception (for
   * example a plugin returning null).
   *
   * @param plugin the plugin that failed
   * @param message what went wrong
   */
  public PluginFailureException(PluginDescriptor plugin, String message) {
    super(plugin.displayName() + " from " + plugin.jar() + " " + Objects.requireNonNull(message));
    this.kind = plugin.kind();
    this.id = plugin.id();
    this.jar = plugin.jar();
  }

  /** The kind of the plugin that failed. */
  public PluginKind kind() {
    return kind;
  }

  /** The id of the plugin that failed. */
  public String id() {
    return id;
  }

  /** The jar of the plugin that failed. */
  public String jar() {
    return jar;
  }
}
