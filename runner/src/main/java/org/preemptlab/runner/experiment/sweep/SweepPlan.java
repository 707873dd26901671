package org.preemptlab.runner.experiment.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunPlan;

/**
 * The configurations and runs of a sweep: the cartesian product of the varied values, in the
 * order written (the last key varies fastest), times the seeds. Runs are listed configuration by
 * configuration, seed by seed; reports use this order, never the order runs complete in.
 *
 * @param config the sweep
 * @param points every configuration, in product order
 * @param baseline the configuration paired differences are taken against (with {@code
 *     baseline.per}, the first group's: {@link #baselineOf})
 */
public record SweepPlan(SweepConfig config, List<SweepPoint> points, SweepPoint baseline) {

  /** Copies the points. */
  public SweepPlan {
    points = List.copyOf(points);
  }

  /** Expands {@code config} into its configurations. */
  public static SweepPlan of(SweepConfig config) {
    List<Factor> factors = config.factors();
    List<SweepPoint> points = new ArrayList<>();
    int total = factors.stream().mapToInt(f -> f.levels().size()).reduce(1, Math::multiplyExact);
    for (int index = 0; index < total; index++) {
      points.add(point(config.base(), factors, index));
    }
    Map<String, String> baselineValues = config.baselineLabels();
    SweepPoint baseline = points.stream().filter(p -> p.values().equals(baselineValues))
        .findFirst().orElseThrow(); // the config checked that every baseline value is varied
    return new SweepPlan(config, points, baseline);
  }

  private static SweepPoint point(RunConfig base, List<Factor> factors, int index) {
    Level[] chosen = new Level[factors.size()];
    int rest = index;
    for (int f = factors.size() - 1; f >= 0; f--) {
      List<Level> levels = factors.get(f).levels();
      chosen[f] = levels.get(rest % levels.size());
      rest /= levels.size();
    }
    Map<String, String> values = new LinkedHashMap<>();
    RunConfig config = base;
    for (int f = 0; f < factors.size(); f++) {
      values.put(factors.get(f).key(), chosen[f].label());
      if (factors.get(f).choosesPlugin()) {
        config = factors.get(f).apply(config, chosen[f]);
      }
    }
    for (int f = 0; f < factors.size(); f++) {
      if (!factors.get(f).choosesPlugin()) { // parameters after plugins: hardware, then its slice
        config = factors.get(f).apply(config, chosen[f]);
      }
    }
    String key = SweepPoint.keyOf(values);
    return new SweepPoint(key, values, config.withName(key));
  }

  /**
   * The configuration that {@code point}'s paired differences are taken against: {@link
   * #baseline()}, or with {@code baseline.per} the baseline of {@code point}'s group.
   */
  public SweepPoint baselineOf(SweepPoint point) {
    if (config.groupKeys().isEmpty()) {
      return baseline;
    }
    Map<String, String> values = config.baselineLabelsFor(point.values());
    return points.stream().filter(p -> p.values().equals(values)).findFirst().orElseThrow();
  }

  /** The varied keys, in the order written. */
  public List<Factor> factors() {
    return config.factors();
  }

  /** The root seeds. */
  public List<Long> seeds() {
    return config.seeds().values();
  }

  /** Every run, configuration by configuration and seed by seed. */
  public List<PlannedRun> runs() {
    List<PlannedRun> runs = new ArrayList<>();
    for (SweepPoint point : points) {
      for (long seed : seeds()) {
        runs.add(new PlannedRun(point, seed));
      }
    }
    return runs;
  }

  /**
   * Each configuration's plugins resolved ({@link RunExecutor#plan}), in the order of {@link
   * #points}: every plugin id and parameter is checked before anything runs.
   *
   * @throws ConfigurationException naming the first configuration with a mistake
   */
  public List<RunPlan> plans(RunExecutor executor) {
    List<RunPlan> plans = new ArrayList<>();
    for (SweepPoint point : points) {
      try {
        plans.add(executor.plan(point.config()));
      } catch (ConfigurationException e) {
        throw new ConfigurationException((points.size() == 1 ? ""
            : "configuration " + point.key() + ": ") + e.getMessage(), e);
      }
    }
    return List.copyOf(plans);
  }
}
