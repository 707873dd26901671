package org.preemptlab.policies.rank;

import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

/** A policy provider whose id, description and parameters are fixed at construction. */
public abstract class PolicyProviderBase implements SchedulingPolicyProvider {

  private final String id;
  private final String description;
  private final List<ParameterSpec> parameters;

  /** Creates the provider. */
  protected PolicyProviderBase(String id, String description, List<ParameterSpec> parameters) {
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

  /** The common boolean parameter {@code preempt}: whether a blocked job preempts. */
  public static ParameterSpec preemptParameter(boolean defaultValue) {
    return ParameterSpec.bool("preempt", defaultValue, "Whether a launched job that cannot place "
        + "its blocks preempts, for itself, the worst-ranked resident job ranked behind it.");
  }
}
