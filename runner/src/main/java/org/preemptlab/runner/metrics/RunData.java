package org.preemptlab.runner.metrics;

import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.Priority;
import com.google.common.base.Preconditions;
import org.preemptlab.runner.engine.JobRecord;
import org.preemptlab.runner.engine.JobTable;
import org.preemptlab.runner.engine.PreemptionRecord;
import org.preemptlab.runner.engine.SimulationResult;

/**
 * Everything a run's metrics are computed from: the engine's records, each job's slowdown, the
 * values the plugins reported, and the user-defined groups of queues.
 *
 * @param result the engine's records
 * @param slowdowns each job's turnaround over its turnaround when run alone, by job id
 * @param pluginValues the values plugins reported, by metric id ({@code policy.boosts})
 * @param groups user-defined groups: a name and the queues it holds
 */
public record RunData(SimulationResult result, Map<Long, Double> slowdowns,
    Map<String, Double> pluginValues, Map<String, Set<String>> groups) {

  /** Copies the maps. */
  public RunData {
    Objects.requireNonNull(result, "result");
    slowdowns = slowdowns instanceof JobValues compact ? compact : Map.copyOf(slowdowns);
    pluginValues = Collections.unmodifiableMap(new TreeMap<>(pluginValues));
    Map<String, Set<String>> copy = new LinkedHashMap<>();
    groups.forEach((name, queues) -> copy.put(name, Set.copyOf(queues)));
    groups = Collections.unmodifiableMap(copy);
  }

  /**
   * The data of a run with slowdowns computed from isolated turnarounds, no plugin values and no
   * user-defined groups.
   *
   * @param isolatedNs each job's turnaround when run alone, by job id
   */
  public static RunData of(SimulationResult result, Map<Long, Long> isolatedNs) {
    return new RunData(result, slowdowns(result, isolatedNs), Map.of(), Map.of());
  }

  /**
   * The data of a run with slowdowns computed from isolated turnarounds given in job order, no
   * plugin values and no user-defined groups.
   *
   * @param isolatedNs each job's turnaround when run alone, in the order of {@code result.jobs()}
   */
  public static RunData of(SimulationResult result, long[] isolatedNs) {
    return new RunData(result, slowdowns(result, isolatedNs), Map.of(), Map.of());
  }

  /** Each job's turnaround divided by its turnaround when run alone, by job id. */
  public static Map<Long, Double> slowdowns(SimulationResult result, Map<Long, Long> isolatedNs) {
    JobTable jobs = (JobTable) result.jobs();
    long[] alone = new long[jobs.size()];
    for (int i = 0; i < alone.length; i++) {
      Long ns = isolatedNs.get(jobs.jobId(i));
      if (ns == null) {
        throw new IllegalArgumentException("no isolated turnaround for job " + jobs.jobId(i));
      }
      alone[i] = ns;
    }
    return slowdowns(result, alone);
  }

  /**
   * Each job's turnaround divided by its turnaround when run alone, by job id, held as one {@code
   * double} per job.
   *
   * @param isolatedNs each job's turnaround when run alone, in the order of {@code result.jobs()}
   */
  public static JobValues slowdowns(SimulationResult result, long[] isolatedNs) {
    JobTable jobs = (JobTable) result.jobs();
    Preconditions.checkArgument(isolatedNs.length == jobs.size(),
        "%s isolated turnarounds for %s jobs", isolatedNs.length, jobs.size());
    double[] slowdowns = new double[jobs.size()];
    for (int i = 0; i < slowdowns.length; i++) {
      slowdowns[i] = (double) jobs.turnaroundNs(i) / isolatedNs[i];
    }
    return new JobValues(jobs, slowdowns);
  }

  /** This data with other plugin values and groups. */
  public RunData with(Map<String, Double> values, Map<String, Set<String>> userGroups) {
    return new RunData(result, slowdowns, values, userGroups);
  }

  /** The value of {@code metric} over {@code scope}; NaN where it is undefined. */
  public double value(Metric metric, Scope scope) {
    return metric.compute(input(metric.scoping(), scope));
  }

  /** The value of {@code selection}; NaN where it is undefined. */
  public double value(MetricSelection selection) {
    return value(selection.metric(), selection.scope());
  }

  /**
   * The records of {@code scope} as a metric with {@code scoping} sees them.
   *
   * @throws ConfigurationException for a user-defined group that is not defined, or a scope on a
   *     run-level metric
   */
  public MetricInput input(Scoping scoping, Scope scope) {
    if (scope.isAll()) {
      return new MetricInput(result.jobs(), result.preemptions(), slowdowns, this);
    }
    if (scoping == Scoping.RUN) {
      throw new ConfigurationException("a run-level metric has no per-" + scope.dimension()
          + " value");
    }
    Predicate<JobRecord> member = member(scope);
    JobTable jobs = ((JobTable) result.jobs()).select(member);
    java.util.BitSet rows = new java.util.BitSet();
    for (int i = 0; i < jobs.size(); i++) {
      rows.set(jobs.row(i));
    }
    List<PreemptionRecord> preemptions = switch (scoping) {
      case WAITER -> result.preemptions().stream().filter(p -> inScope(rows, p.waiterJobId()))
          .toList();
      case VICTIM -> result.preemptions().stream().filter(p -> inScope(rows, p.victimJobId()))
          .toList();
      default -> List.of();
    };
    return new MetricInput(jobs, preemptions, slowdowns, this);
  }

  /** Whether job {@code jobId} is one of the run's table's {@code rows}. */
  private boolean inScope(java.util.BitSet rows, long jobId) {
    int row = ((JobTable) result.jobs()).rowOf(jobId);
    return row >= 0 && rows.get(row);
  }

  /** The names present in {@code dimension}: queues, contexts, priorities or groups, sorted. */
  public Set<String> names(String dimension) {
    Set<String> names = new TreeSet<>();
    switch (dimension) {
      case "queue" -> result.jobs().forEach(j -> names.add(j.queueId()));
      case "context" -> result.jobs().forEach(j -> names.add(j.contextId()));
      case "priority" -> result.jobs().forEach(j -> names.add(j.priority().name()));
      case "group" -> names.addAll(groups.keySet());
      default -> throw new IllegalArgumentException(dimension);
    }
    return names;
  }

  /**
   * Checks that {@code scope} names a queue, context, priority or group of this run.
   *
   * @throws ConfigurationException with the names present
   */
  public void check(Scope scope) {
    if (scope.isAll() || (scope.dimension().equals("priority")
        && (scope.name().equals("highest") || scope.name().equals("lowest")))) {
      return;
    }
    Set<String> names = names(scope.dimension());
    if (!names.contains(scope.name())) {
      throw ConfigurationException.unknown(scope.dimension(), scope.name(), names);
    }
  }

  private Predicate<JobRecord> member(Scope scope) {
    String name = scope.name();
    return switch (scope.dimension()) {
      case "queue" -> j -> j.queueId().equals(name);
      case "context" -> j -> j.contextId().equals(name);
      case "priority" -> {
        Priority priority = resolvePriority(name);
        yield j -> j.priority() == priority;
      }
      case "group" -> {
        Set<String> queues = groups.get(name);
        if (queues == null) {
          throw ConfigurationException.unknown("group", name, groups.keySet());
        }
        yield j -> queues.contains(j.queueId());
      }
      default -> throw new IllegalArgumentException(scope.dimension());
    };
  }

  /** A priority by name, or the highest or lowest present ({@code null} when there is no job). */
  private Priority resolvePriority(String name) {
    if (!name.equals("highest") && !name.equals("lowest")) {
      return Priority.valueOf(name);
    }
    Comparator<Priority> order = Comparator.naturalOrder(); // KERNEL first: highest first
    return result.jobs().stream().map(JobRecord::priority)
        .reduce((a, b) -> (order.compare(a, b) <= 0) == name.equals("highest") ? a : b)
        .orElse(null);
  }

  /** The highest or lowest priority present, or empty without jobs. */
  public java.util.Optional<Priority> priority(String highestOrLowest) {
    return java.util.Optional.ofNullable(resolvePriority(highestOrLowest));
  }
}
