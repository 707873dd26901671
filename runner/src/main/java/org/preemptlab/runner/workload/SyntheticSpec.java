package org.preemptlab.runner.workload;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.preemptlab.api.ConfigurationException;

/**
 * The spec of a synthetic workload, usually bound from YAML by {@link SyntheticSpecs}: contexts,
 * queues with their arrival processes and kernel mixes, and a horizon. See {@code
 * docs/workloads.md} for the format.
 *
 * @param description free text for people, or null
 * @param duration the horizon in ns: no job is submitted at or after it; or null, and then every
 *     queue must limit its {@code jobs}
 * @param contexts the contexts, at least one
 * @param queues the queues, at least one
 * @param actions timed actions on the queues (suspend, resume, priority, weight), or null for none
 */
public record SyntheticSpec(
    String description,
    @JsonDeserialize(using = SpecDeserializers.DurationNs.class) Long duration,
    List<ContextSpec> contexts,
    List<QueueSpec> queues,
    List<ActionSpec> actions) {

  /** A spec without timed actions. */
  public SyntheticSpec(String description, Long duration, List<ContextSpec> contexts,
      List<QueueSpec> queues) {
    this(description, duration, contexts, queues, null);
  }

  /** Validates the references between contexts and queues and that every queue is bounded. */
  public SyntheticSpec {
    SpecViolation.required(contexts, "contexts");
    SpecViolation.required(queues, "queues");
    contexts = List.copyOf(contexts);
    queues = List.copyOf(queues);
    SpecViolation.check(!contexts.isEmpty(), "contexts", "needs at least one context");
    SpecViolation.check(!queues.isEmpty(), "queues", "needs at least one queue");
    SpecViolation.check(duration == null || duration > 0, "duration", "must be > 0 ns");
    Set<String> contextIds = new HashSet<>();
    for (int i = 0; i < contexts.size(); i++) {
      SpecViolation.check(contextIds.add(contexts.get(i).id()), "contexts[" + i + "].id",
          "duplicate context id '" + contexts.get(i).id() + "'");
    }
    Set<String> queueIds = new HashSet<>();
    for (int i = 0; i < queues.size(); i++) {
      QueueSpec queue = queues.get(i);
      String key = "queues[" + i + "]";
      SpecViolation.check(queueIds.add(queue.id()), key + ".id",
          "duplicate queue id '" + queue.id() + "'");
      if (!contextIds.contains(queue.context())) {
        throw new SpecViolation(key + ".context",
            ConfigurationException.unknown("context", queue.context(), contextIds).getMessage());
      }
      SpecViolation.check(duration != null || queue.jobs() != null, key + ".jobs",
          "is required when the spec has no duration (the queue would never stop)");
    }
    actions = actions == null ? List.of() : List.copyOf(actions);
    for (int i = 0; i < actions.size(); i++) {
      ActionSpec action = actions.get(i);
      String key = "actions[" + i + "]";
      SpecViolation.check(action != null, key, "is empty; an action is a mapping");
      if (!queueIds.contains(action.queue())) {
        throw new SpecViolation(key + ".queue",
            ConfigurationException.unknown("queue", action.queue(), queueIds).getMessage());
      }
      SpecViolation.check(action.every() == null || duration != null, key + ".every",
          "needs the spec's duration (repeated actions stop at the horizon)");
    }
  }

  /** The same spec with another horizon. */
  public SyntheticSpec withDuration(long durationNs) {
    return new SyntheticSpec(description, durationNs, contexts, queues, actions);
  }

  /** The horizon in ns, or {@link Long#MAX_VALUE} when the spec has none. */
  public long horizonNs() {
    return duration == null ? Long.MAX_VALUE : duration;
  }
}
