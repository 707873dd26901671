package org.preemptlab.runner.metrics;

import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.Priority;
import org.preemptlab.engine.PreemptionRecord;
import org.preemptlab.engine.SimulationResult;

/**
 * Everything a run's metrics are computed from: the engine's records, what the metrics keep of
 * each job (its turnaround, slowdown and queue), the values the plugins reported, and the
 * user-defined groups of queues.
 *
 * @param result the engine's records (whose job records may be empty: {@link
 *     org.preemptlab.engine.Simulator#streamJobs})
 * @param jobs what the metrics keep of every job of the run
 * @param pluginValues the values plugins reported, by metric id ({@code policy.boosts})
 * @param groups user-defined groups: a name and the queues it holds
 * @param observed what the run's {@link Observation}s collected, by observation id; only those of
 *     the metrics the run reports
 */
public record RunData(SimulationResult result, JobSamples jobs,
    Map<String, Double> pluginValues, Map<String, Set<String>> groups,
    Map<String, Object> observed) {

  /** Copies the maps. */
  public RunData {
    Objects.requireNonNull(result, "result");
    Objects.requireNonNull(jobs, "jobs");
    pluginValues = Collections.unmodifiableMap(new TreeMap<>(pluginValues));
    Map<String, Set<String>> copy = new LinkedHashMap<>();
    groups.forEach((name, queues) -> copy.put(name, Set.copyOf(queues)));
    groups = Collections.unmodifiableMap(copy);
    observed = Collections.unmodifiableMap(new TreeMap<>(observed));
  }

  /** The data of a run that collected no observation. */
  public RunData(SimulationResult result, JobSamples jobs, Map<String, Double> pluginValues,
      Map<String, Set<String>> groups) {
    this(result, jobs, pluginValues, groups, Map.of());
  }

  /**
   * What {@code observation} collected in this run.
   *
   * @throws IllegalStateException if the run did not collect it (a metric that needs it was not
   *     among those the run was told it reports)
   */
  public <T> T observed(Observation<T> observation) {
    Object value = observed.get(observation.id());
    if (value == null) {
      throw new IllegalStateException("observation '" + observation.id() + "' was not collected "
          + "in this run: its metrics are computed on request (RunExecutor.reporting)");
    }
    @SuppressWarnings("unchecked") // stored under its id by the executor, from its collector
    T typed = (T) value;
    return typed;
  }

  /** Whether {@code observation} was collected in this run. */
  public boolean collected(Observation<?> observation) {
    return observed.containsKey(observation.id());
  }

  /**
   * The data of a run whose result kept its job records, with slowdowns computed from isolated
   * turnarounds, no plugin values and no user-defined groups.
   *
   * @param isolatedNs each job's turnaround when run alone, by job id
   */
  public static RunData of(SimulationResult result, Map<Long, Long> isolatedNs) {
    return new RunData(result, JobSamples.of(result.jobs(), isolatedNs), Map.of(), Map.of());
  }

  /**
   * The data of a run whose result kept its job records, with slowdowns computed from isolated
   * turnarounds given in job order, no plugin values and no user-defined groups.
   *
   * @param isolatedNs each job's turnaround when run alone, in the order of {@code result.jobs()}
   */
  public static RunData of(SimulationResult result, long[] isolatedNs) {
    return new RunData(result, JobSamples.of(result.jobs(), isolatedNs), Map.of(), Map.of());
  }

  /** Each job's turnaround divided by its turnaround when run alone, by job id. */
  public Map<Long, Double> slowdowns() {
    return new JobValues(jobs);
  }

  /** This data with other plugin values and groups. */
  public RunData with(Map<String, Double> values, Map<String, Set<String>> userGroups) {
    return new RunData(result, jobs, values, userGroups, observed);
  }

  /** The value of {@code metric} over {@code scope}; NaN where it is undefined. */
  public double value(Metric metric, Scope scope) {
    if (metric.scopedOnly() && scope.isAll()) {
      return Double.NaN;
    }
    return metric.compute(input(metric.scoping(), scope));
  }

  /**
   * The values of built-in metrics over {@code scope}, as {@link #value(Metric, Scope)} gives
   * them, with the scope's jobs and preemptions selected once per {@link Scoping} instead of once
   * per metric: for a row of several metrics over one scope.
   */
  public ToDoubleFunction<Metric> over(Scope scope) {
    Map<Scoping, MetricInput> inputs = new EnumMap<>(Scoping.class);
    return metric -> metric.scopedOnly() && scope.isAll() ? Double.NaN
        : metric.compute(inputs.computeIfAbsent(metric.scoping(), s -> input(s, scope)));
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
      return new MetricInput(jobs, result.preemptions(), this);
    }
    if (scoping == Scoping.RUN) {
      throw new ConfigurationException("a run-level metric has no per-" + scope.dimension()
          + " value");
    }
    JobSamples scoped = jobs.select(member(scope));
    List<PreemptionRecord> preemptions = switch (scoping) {
      case WAITER -> result.preemptions().stream().filter(p -> scoped.contains(p.waiterJobId()))
          .toList();
      case VICTIM -> result.preemptions().stream().filter(p -> scoped.contains(p.victimJobId()))
          .toList();
      default -> List.of();
    };
    return new MetricInput(scoped, preemptions, this);
  }

  /** The names present in {@code dimension}: queues, contexts, priorities or groups, sorted. */
  public Set<String> names(String dimension) {
    Set<String> names = new TreeSet<>();
    switch (dimension) {
      case "queue" -> jobs.lanes().forEach(l -> names.add(l.queueId()));
      case "context" -> jobs.lanes().forEach(l -> names.add(l.contextId()));
      case "priority" -> jobs.lanes().forEach(l -> names.add(l.priority().name()));
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

  private Predicate<JobSamples.Lane> member(Scope scope) {
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
    return jobs.lanes().stream().map(JobSamples.Lane::priority)
        .reduce((a, b) -> (order.compare(a, b) <= 0) == name.equals("highest") ? a : b)
        .orElse(null);
  }

  /** The highest or lowest priority present, or empty without jobs. */
  public java.util.Optional<Priority> priority(String highestOrLowest) {
    return java.util.Optional.ofNullable(resolvePriority(highestOrLowest));
  }
}
