package org.preemptlab.policies.rank;

import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginProviderBase;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

/** A policy provider whose id, description and parameters are fixed at construction. */
public abstract class PolicyProviderBase extends PluginProviderBase<SchedulingPolicy>
    implements SchedulingPolicyProvider {

  /** Creates the provider. */
  protected PolicyProviderBase(String id, String description, List<ParameterSpec> parameters) {
    super(id, description, parameters);
  }

  /** The common boolean parameter {@code preempt}: whether a blocked job preempts. */
  public static ParameterSpec preemptParameter(boolean defaultValue) {
    return ParameterSpec.bool("preempt", defaultValue, "Whether a launched job that cannot place "
        + "its blocks preempts, for itself, the worst-ranked resident job ranked behind it.");
  }
}
