package org.preemptlab.api;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

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

  /**
   * Every provider of {@code type} that {@link java.util.ServiceLoader} finds through {@code
   * loader}: those registered one by one, then those its catalogs list, for a plugin that looks
   * up another by id (a trace reader finding the hardware model a trace was recorded on). The
   * runner's discovery adds load-problem reports, duplicate checks and {@code --plugin-path}.
   *
   * @param <P> the provider interface
   * @param type the provider interface, e.g. {@code HardwareModelProvider.class}
   * @param loader where to look
   * @return the providers, in discovery order
   */
  static <P extends PluginProvider<?>> List<P> providersOf(Class<P> type, ClassLoader loader) {
    List<P> all = new ArrayList<>();
    ServiceLoader.load(type, loader).forEach(all::add);
    for (PluginCatalog catalog : ServiceLoader.load(PluginCatalog.class, loader)) {
      if (catalog.providerType().equals(type)) {
        catalog.providers().forEach(provider -> all.add(type.cast(provider)));
      }
    }
    return all;
  }
}
