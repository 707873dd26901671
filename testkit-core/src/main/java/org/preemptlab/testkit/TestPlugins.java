package org.preemptlab.testkit;

import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.SplittableRandom;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.PluginProvider;
import org.preemptlab.api.hardware.DeviceSpec;

/**
 * Creates plugins through their providers as the runner does: parameters validated against the
 * provider's declarations with defaults filled in, a device, and a seeded random stream.
 */
public final class TestPlugins {
  /** The seed of every context's random stream. */
  public static final long SEED = 1;

  private TestPlugins() {}

  /** A context without parameters on {@code device} (which may be null for hardware models). */
  public static PluginContext context(DeviceSpec device) {
    return new PluginContext(Parameters.defaults(List.of()), device, new SplittableRandom(SEED));
  }

  /**
   * A context for {@code provider} with the given parameter values, validated, on {@code device}.
   *
   * @throws org.preemptlab.api.ConfigurationException if a value is unknown or invalid
   */
  public static PluginContext context(PluginProvider<?> provider, DeviceSpec device,
      Map<String, String> parameters) {
    return new PluginContext(Parameters.of(provider.id(), provider.parameters(), parameters),
        device, new SplittableRandom(SEED));
  }

  /** Creates a plugin of {@code provider} with the given parameter values on {@code device}. */
  public static <T> T create(PluginProvider<T> provider, DeviceSpec device,
      Map<String, String> parameters) {
    return provider.create(context(provider, device, parameters));
  }

  /** Creates a plugin of {@code provider} with its defaults on {@code device}. */
  public static <T> T create(PluginProvider<T> provider, DeviceSpec device) {
    return create(provider, device, Map.of());
  }

  /**
   * The ids of the plugins of one provider type on the test class path, sorted (found with
   * {@link ServiceLoader}, as the runner finds them).
   */
  public static List<String> ids(Class<? extends PluginProvider<?>> providerType) {
    return ServiceLoader.load(providerType).stream().map(p -> p.get().id()).sorted().toList();
  }

  /**
   * The provider of plugin {@code id} among those of {@code providerType} on the test class path.
   *
   * @throws ConfigurationException naming the ids found if none has that id
   */
  public static <P extends PluginProvider<?>> P provider(Class<P> providerType, String id) {
    return ServiceLoader.load(providerType).stream().map(ServiceLoader.Provider::get)
        .filter(p -> p.id().equals(id)).findFirst()
        .orElseThrow(() -> ConfigurationException.unknown(providerType.getSimpleName(), id,
            ids(providerType)));
  }
}
