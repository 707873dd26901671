package org.preemptlab.engine;

import java.util.Objects;
import java.util.function.Function;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.PreemptionPointStrategy;

/**
 * The plugin instances of one run.
 *
 * @param policyId the scheduling policy's id, for messages
 * @param policies creates the policy instance of each hardware engine (called once per engine)
 * @param preemptionId the preemption-point strategy's id, for messages
 * @param preemption the preemption-point strategy
 * @param contextSaveId the context-save strategy's id, for messages
 * @param contextSave the context-save strategy
 */
public record RunPlugins(
    String policyId,
    Function<EngineKind, SchedulingPolicy> policies,
    String preemptionId,
    PreemptionPointStrategy preemption,
    String contextSaveId,
    ContextSaveStrategy contextSave) {

  /** Checks that nothing is null. */
  public RunPlugins {
    Objects.requireNonNull(policyId, "policyId");
    Objects.requireNonNull(policies, "policies");
    Objects.requireNonNull(preemptionId, "preemptionId");
    Objects.requireNonNull(preemption, "preemption");
    Objects.requireNonNull(contextSaveId, "contextSaveId");
    Objects.requireNonNull(contextSave, "contextSave");
  }
}
