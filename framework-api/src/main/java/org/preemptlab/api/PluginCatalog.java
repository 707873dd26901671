package org.preemptlab.api;

import java.util.List;

/**
 * Several providers of one kind behind one service entry, for plugins that are data rather than
 * code: the bundled hardware models are a parameter file each, named in a resource index, and one
 * catalog turns every file into a provider, so a new model is a file, not a class. Register the
 * catalog with {@link java.util.ServiceLoader} under this interface; discovery treats every
 * provider it returns as if it were registered on its own (the same id rules and duplicate
 * checks), reported with the catalog's jar.
 *
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public interface PluginCatalog {
  /** The provider interface of the plugins it lists, e.g. {@code HardwareModelProvider.class}. */
  Class<? extends PluginProvider<?>> providerType();

  /**
   * Its providers, in listing order; called once each time the plugins of {@link #providerType()}
   * are discovered.
   */
  List<? extends PluginProvider<?>> providers();
}
