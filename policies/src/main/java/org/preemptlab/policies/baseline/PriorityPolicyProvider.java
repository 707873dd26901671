package org.preemptlab.policies.baseline;

import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;

/**
 * Provides {@link PriorityPolicy} under the id {@code priority}, with one parameter, {@value
 * #PREEMPT}, that turns preemption of lower-priority jobs on or off.
 */
public final class PriorityPolicyProvider implements SchedulingPolicyProvider {

  /** The name of the boolean parameter that enables preemption (default {@code true}). */
  public static final String PREEMPT = "preempt";

  private static final List<ParameterSpec> PARAMETERS = List.of(ParameterSpec.bool(PREEMPT, true,
      "Whether a job that cannot place its blocks preempts resident jobs of strictly lower "
          + "priority."));

  /** Creates the provider; ServiceLoader calls this. */
  public PriorityPolicyProvider() {}

  @Override
  public String id() {
    return "priority";
  }

  @Override
  public String description() {
    return "Strict priority (KERNEL > HIGH > NORMAL > LOW), round-robin within a level; "
        + "preempts lower-priority jobs.";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return PARAMETERS;
  }

  @Override
  public SchedulingPolicy create(PluginContext context) {
    return new PriorityPolicy(context.parameters().getBoolean(PREEMPT));
  }
}
