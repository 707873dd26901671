package org.preemptlab.engine;

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
 * @param isolationGroups per context id, its isolation group (a MIG instance): a kernel launched
 *     into the context finds the hardware busy only when a context of its group has work, not
 *     when another group does; a context not named shares the whole device's front end
 * @param neutralClientOrder whether different contexts' (MPS clients') jobs are ordered neutrally
 *     (each client's jobs by its own queue priorities, between clients by launch) instead of by
 *     one queue-priority order across contexts
 */
public record SpatialSharing(Boolean contextsShareSms, Map<String, SmSet> contextPartitions,
    Map<String, SmSet> queuePartitions, Set<String> belowNormalContexts,
    Map<String, String> isolationGroups, boolean neutralClientOrder) {

  /** Copies the collections. */
  public SpatialSharing {
    contextPartitions = Map.copyOf(Objects.requireNonNull(contextPartitions, "contextPartitions"));
    queuePartitions = Map.copyOf(Objects.requireNonNull(queuePartitions, "queuePartitions"));
    belowNormalContexts = Set.copyOf(Objects.requireNonNull(belowNormalContexts,
        "belowNormalContexts"));
    isolationGroups = Map.copyOf(Objects.requireNonNull(isolationGroups, "isolationGroups"));
  }

  /**
   * Sharing without isolation groups, in which one hardware order ranks every context's jobs
   * (queue priority across contexts compared).
   */
  public SpatialSharing(Boolean contextsShareSms, Map<String, SmSet> contextPartitions,
      Map<String, SmSet> queuePartitions, Set<String> belowNormalContexts) {
    this(contextsShareSms, contextPartitions, queuePartitions, belowNormalContexts, Map.of(),
        false);
  }

  /**
   * The engine's form of a plugin sharing mode's layout (the same facts; its modelling choices
   * are the runner's to report).
   */
  public static SpatialSharing of(org.preemptlab.api.sharing.SharingLayout layout) {
    return new SpatialSharing(layout.contextsShareSms(), layout.contextPartitions(),
        layout.queuePartitions(), layout.belowNormalContexts(), layout.isolationGroups(),
        layout.neutralClientOrder());
  }

  /** Nothing shared in space: the hardware model decides, every queue may use every SM. */
  public static SpatialSharing none() {
    return new SpatialSharing(null, Map.of(), Map.of(), Set.of());
  }
}
