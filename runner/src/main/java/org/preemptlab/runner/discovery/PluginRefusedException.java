package org.preemptlab.runner.discovery;

import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.PluginKind;

/**
 * A plugin refused its configuration in {@code create} (for example instruction-level preemption
 * on hardware without it): a user mistake like any {@link ConfigurationException}, with the same
 * message, that also says which plugin refused, so that a caller comparing plugins can report the
 * refusal as a result instead of failing.
 */
public final class PluginRefusedException extends ConfigurationException {
  private static final long serialVersionUID = 1L;

  private final PluginKind kind;
  private final String id;

  PluginRefusedException(PluginKind kind, String id, ConfigurationException cause) {
    super(cause.getMessage(), cause);
    this.kind = kind;
    this.id = id;
  }

  /** The kind of the plugin that refused. */
  public PluginKind kind() {
    return kind;
  }

  /** The id of the plugin that refused. */
  public String id() {
    return id;
  }
}
