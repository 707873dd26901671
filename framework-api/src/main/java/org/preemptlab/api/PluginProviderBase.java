package org.preemptlab.api;

import java.util.List;
import java.util.Objects;

/**
 * A provider whose id, description and parameters are fixed when it is constructed: a subclass
 * passes them to this constructor, implements its kind's provider interface (for example {@code
 * SchedulingPolicyProvider}) and writes only {@link #create(PluginContext)}.
 *
 * <pre>{@code
 * public final class MyPolicyProvider extends PluginProviderBase<SchedulingPolicy>
 *     implements SchedulingPolicyProvider {
 *   public MyPolicyProvider() {
 *     super("my-policy", "Shortest job first.", List.of());
 *   }
 *
 *   public SchedulingPolicy create(PluginContext context) {
 *     return new MyPolicy();
 *   }
 * }
 * }</pre>
 *
 * @param <T> the plugin type the provider creates
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public abstract class PluginProviderBase<T> implements PluginProvider<T> {
  private final String id;
  private final String description;
  private final List<ParameterSpec> parameters;

  /**
   * Creates the provider.
   *
   * @param id the plugin's id, never null
   * @param description one line for {@code preemptlab list}, never null
   * @param parameters the parameters the plugin accepts, copied
   */
  protected PluginProviderBase(String id, String description, List<ParameterSpec> parameters) {
    this.id = Objects.requireNonNull(id, "id");
    this.description = Objects.requireNonNull(description, "description");
    this.parameters = List.copyOf(parameters);
  }

  @Override
  public final String id() {
    return id;
  }

  @Override
  public final String description() {
    return description;
  }

  @Override
  public final List<ParameterSpec> parameters() {
    return parameters;
  }
}
