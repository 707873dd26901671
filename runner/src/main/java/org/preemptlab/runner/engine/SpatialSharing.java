package org.preemptlab.runner.engine;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.preemptlab.api.policy.SmSet;

/**
 * How the device is shared in space (DESIGN.md §3.5), in the engine's terms: which contexts may be
 * resident together, the SMs each context and queue is confined to, and the contexts whose MPS
 * client priority is below normal. The run configuration's {@code sharing} section (MPS, MIG,
 * green contexts) resolves into one; {@link Simulator#withSharing} applies it. The confinements are
 * SM sets, the engine's one primitive for where blocks may go ({@link SmSet}); a policy sees a
 * queue's set as its {@link org.preemptlab.api.policy.QueueView#partition()} and may restrict
 * within it.
 *
 * @param contextsShareSms whether blocks of different contexts may be resident at once (MPS, MIG:
 *     no time slicing between contexts), or null for the hardware model's {@code
 *     concurrent-contexts}
 * @param contextPartitions per context id, the SMs its queues are confined to (an MPS client's
 *     share, a MIG instance); a context not named may use every SM
 * @param queuePartitions per queue id, the SMs it is confined to (a green context), taking
 *     precedence over its context's
 * @param belowNormalContexts the contexts whose MPS client priority is {@code BELOW_NORMAL}: the
 *     hardware block scheduler serves every job of a normal-priority context first, then by
 *     stream (queue) priority and launch order
 */
public record SpatialSharing(Boolean contextsShareSms, Map<String, SmSet> contextPartitions,
    Map<String, SmSet> queuePartitions, Set<String> belowNormalContexts) {

  /** Copies the collections. */
  public SpatialSharing {
    contextPartitions = Map.copyOf(Objects.requireNonNull(contextPartitions, "contextPartitions"));
    queuePartitions = Map.copyOf(Objects.requireNonNull(queuePartitions, "queuePartitions"));
    belowNormalContexts = Set.copyOf(Objects.requireNonNull(belowNormalContexts,
        "belowNormalContexts"));
  }

  /** Nothing shared in space: the hardware model decides, every queue may use every SM. */
  public static SpatialSharing none() {
    return new SpatialSharing(null, Map.of(), Map.of(), Set.of());
  }
}
