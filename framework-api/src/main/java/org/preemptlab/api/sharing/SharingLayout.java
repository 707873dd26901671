package org.preemptlab.api.sharing;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.preemptlab.api.API;
import org.preemptlab.api.policy.SmSet;

/**
 * Where a {@link SharingMode} lets the run's work go: the same facts the built-in modes give the
 * engine (DESIGN.md §3.5). The confinements are SM sets; a policy sees a queue's set as its {@link
 * org.preemptlab.api.policy.QueueView#partition()}. Memory domains (bandwidth shares, as MIG's)
 * are not part of a layout: a plugin mode shares the device's DRAM bandwidth as one domain.
 *
 * @param contextsShareSms whether blocks of different contexts may be resident at once (as MPS
 *     clients), or null for the hardware model's {@code concurrent-contexts}
 * @param contextPartitions per context id, the SMs its queues are confined to; a context not named
 *     may use every SM
 * @param queuePartitions per queue id, the SMs it is confined to, taking precedence over its
 *     context's
 * @param belowNormalContexts the contexts whose jobs the hardware serves after every other
 *     context's (MPS client priority below normal)
 * @param isolationGroups per context id, its isolation group: a launch finds the hardware busy only
 *     when a context of its group has work; a context not named shares the whole device's front end
 * @param neutralClientOrder whether different contexts' jobs are ordered by launch (each context's
 *     by its own queue priorities) instead of by one queue-priority order across contexts
 * @param choices the modelling choices that decided the layout, for the run's summary; at least
 *     one
 * @since 0.4
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.4")
public record SharingLayout(Boolean contextsShareSms, Map<String, SmSet> contextPartitions,
    Map<String, SmSet> queuePartitions, Set<String> belowNormalContexts,
    Map<String, String> isolationGroups, boolean neutralClientOrder, List<Choice> choices) {

  /** Copies the collections, keeping their order; checks that a choice is given. */
  public SharingLayout {
    contextPartitions = copy(contextPartitions, "contextPartitions");
    queuePartitions = copy(queuePartitions, "queuePartitions");
    belowNormalContexts = Collections.unmodifiableSet(new LinkedHashSet<>(
        Objects.requireNonNull(belowNormalContexts, "belowNormalContexts")));
    isolationGroups = copy(isolationGroups, "isolationGroups");
    choices = List.copyOf(choices);
    checkArgument(!choices.isEmpty(), "a layout states at least one modelling choice");
  }

  /**
   * A layout that confines queues only: contexts co-resident or not as {@code contextsShareSms}
   * says, no context partitions, priorities or isolation groups, neutral client order.
   */
  public static SharingLayout ofQueues(Boolean contextsShareSms,
      Map<String, SmSet> queuePartitions, List<Choice> choices) {
    return new SharingLayout(contextsShareSms, Map.of(), queuePartitions, Set.of(), Map.of(),
        true, choices);
  }

  /**
   * One modelling choice that decided the layout, as the run's summary states it.
   *
   * @param topic what was chosen, e.g. {@code sharing}
   * @param value the choice, e.g. the mode's id
   * @param meaning what it means for the run, one line
   * @param source where it comes from: a paper and section, a document, or {@code assumption}
   */
  public record Choice(String topic, String value, String meaning, String source) {
    /** Checks that every field is given. */
    public Choice {
      Objects.requireNonNull(topic, "topic");
      Objects.requireNonNull(value, "value");
      Objects.requireNonNull(meaning, "meaning");
      Objects.requireNonNull(source, "source");
    }
  }

  private static <V> Map<String, V> copy(Map<String, V> map, String name) {
    return Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(map, name)));
  }
}
