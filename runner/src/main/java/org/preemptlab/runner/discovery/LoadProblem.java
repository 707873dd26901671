package org.preemptlab.runner.discovery;

import java.util.Objects;
import org.preemptlab.api.PluginKind;

/**
 * A provider that could not be loaded, instantiated or validated. Discovery records it and goes on
 * with the other providers.
 *
 * @param kind the kind the provider was registered for
 * @param provider the provider's class name, or {@code "?"} if it is not known
 * @param jar the jar it came from or was registered in, {@code "classes"}, or {@code "unknown"}
 * @param message what went wrong, one line
 */
public record LoadProblem(PluginKind kind, String provider, String jar, String message) {

  /** Checks that every field is present. */
  public LoadProblem {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(jar, "jar");
    Objects.requireNonNull(message, "message");
  }

  /** One line for logs and listings: kind, provider, jar and message. */
  public String describe() {
    return kind.label() + " provider " + provider + " (" + jar + "): " + message;
  }
}
