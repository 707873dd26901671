package org.preemptlab.runner.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.PluginKind;
import org.preemptlab.runner.discovery.PluginDescriptor;
import org.preemptlab.runner.discovery.PluginFailureException;
import org.preemptlab.engine.ApplicationFailure;
import org.preemptlab.engine.InvariantViolationException;

/**
 * Which plugin of one run a failure came from, so that it fails that run with one line naming the
 * plugin, its jar, its class and the method the engine called, whatever it threw: an unchecked
 * exception, a {@link java.lang.Error}, or a checked exception its code threw without declaring
 * it. The method is found in the failure's stack: the outermost frame of one of the run's plugin
 * classes (an instance the run created, or a class nested in a provider), which is where the
 * engine's call entered the plugin. A value a plugin returned out of range ({@link
 * InvariantViolationException#plugin()}) is named the same way.
 */
final class PluginBlame {
  private record Suspect(String className, PluginDescriptor plugin) {}

  private final List<Suspect> suspects = new ArrayList<>();
  private final List<PluginDescriptor> plugins = new ArrayList<>();

  /** Records that {@code instance} (possibly null) belongs to {@code plugin}. */
  PluginBlame saw(PluginDescriptor plugin, Object instance) {
    if (!plugins.contains(plugin)) {
      plugins.add(plugin);
      suspects.add(new Suspect(plugin.providerClass(), plugin));
    }
    if (instance != null) {
      suspects.add(new Suspect(instance.getClass().getName(), plugin));
    }
    return this;
  }

  /**
   * {@code failure} as the run reports it: a {@link PluginFailureException} when a plugin of the
   * run is to blame, otherwise the failure itself (a checked one wrapped).
   */
  RuntimeException translate(Throwable failure) {
    if (failure instanceof OutOfMemoryError error) {
      throw error; // the JVM is in no state to look further
    }
    if (failure instanceof ConfigurationException || failure instanceof PluginFailureException
        || failure instanceof CancellationException) {
      return (RuntimeException) failure;
    }
    if (failure instanceof ApplicationFailure application) { // named by the application's frame
      RuntimeException cause = translate(application.getCause());
      return cause instanceof PluginFailureException ? cause : application;
    }
    if (failure instanceof InvariantViolationException violation) {
      return violation.plugin().flatMap(this::ofKind)
          .<RuntimeException>map(p -> new PluginFailureException(p, violation.detail()))
          .orElse(violation);
    }
    StackTraceElement[] stack = failure.getStackTrace();
    for (int i = stack.length - 1; i >= 0; i--) {
      PluginDescriptor plugin = owner(stack[i].getClassName());
      if (plugin != null) {
        return new PluginFailureException(plugin, stack[i].getMethodName() + "() of "
            + stack[i].getClassName(), failure);
      }
    }
    if (failure instanceof RuntimeException runtime) {
      return runtime;
    }
    if (failure instanceof Error error) {
      throw error;
    }
    return new IllegalStateException(failure);
  }

  private java.util.Optional<PluginDescriptor> ofKind(PluginKind kind) {
    return plugins.stream().filter(p -> p.kind() == kind).findFirst();
  }

  /** The plugin whose class (or a class nested in it) {@code className} is, or null. */
  private PluginDescriptor owner(String className) {
    for (Suspect suspect : suspects) {
      String name = suspect.className();
      if (className.equals(name) || className.startsWith(name + "$")) {
        return suspect.plugin();
      }
    }
    return null;
  }
}
