package org.preemptlab.plugins.preemption.shared;

import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.preemption.PreemptionStrategyProvider;

/**
 * A preemption-strategy provider whose id, description and parameters are fixed at construction;
 * a subclass writes only {@code create}.
 */
public abstract class StrategyProviderBase implements PreemptionStrategyProvider {
  private final String id;
  private final String description;
  private final List<ParameterSpec> parameters;

  /** Creates the provider. */
  protected StrategyProviderBase(String id, String description, List<ParameterSpec> parameters) {
    this.id = id;
    this.description = description;
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
