package org.preemptlab.policies.drm;

import java.util.ArrayDeque;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.policy.JobView;

/**
 * One entity's {@code drm_sched_entity_stats} (sched_internal.h, 7.2) plus the fair policy's
 * bookkeeping: GPU time charged so far, the part already turned into vruntime, the vruntime, the
 * relative vruntime saved when it left the tree, the average job time, and its held ready jobs.
 */
final class EntityStats {
  final String id;
  final ArrayDeque<JobView> ready = new ArrayDeque<>();
  final Ewma avgJobUs = new Ewma();
  long runtimeNs;
  long prevRuntimeNs;
  long vruntime;
  long relVruntime;
  long treeSequence;
  boolean inTree;
  Priority priority = Priority.NORMAL;

  EntityStats(String id) {
    this.id = id;
  }
}
