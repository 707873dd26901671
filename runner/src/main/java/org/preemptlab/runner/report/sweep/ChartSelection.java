package org.preemptlab.runner.report.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.experiment.sweep.Factor;
import org.preemptlab.runner.experiment.sweep.SweepPlan;
import org.preemptlab.runner.experiment.sweep.SweepPoint;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.report.chart.ChartOptions;

/**
 * Which charts a sweep draws and how: {@code sweep --charts KEY=VALUE} (repeatable), checked
 * against the sweep before anything runs.
 *
 * <ul>
 *   <li>{@code metrics=KEY,KEY...}: bar (and against-parameter) charts of these of the sweep's
 *       metrics only, e.g. {@code metrics=antt,turnaround-p99@queue=video};
 *   <li>{@code configs=KEY:VALUE|VALUE;KEY:VALUE}: only the configurations with these values of
 *       these varied keys, e.g. {@code configs=policy:fifo|edf;preemption:block-boundary};
 *   <li>{@code size=WIDTHxHEIGHT}: in pixels, e.g. {@code size=1200x800};
 *   <li>{@code bars=auto|vertical|horizontal} and {@code legend=below|right}: the style.
 * </ul>
 *
 * @param metrics the metric keys to chart; empty for all
 * @param configs per varied key, the values to keep; a key not named keeps every value
 * @param options the size and style
 */
public record ChartSelection(List<String> metrics, Map<String, Set<String>> configs,
    ChartOptions options) {
  /** Every chart, in the default size and style. */
  public static final ChartSelection ALL = new ChartSelection(List.of(), Map.of(),
      ChartOptions.DEFAULT);

  /** Copies the collections. */
  public ChartSelection {
    metrics = List.copyOf(metrics);
    Map<String, Set<String>> copy = new LinkedHashMap<>();
    configs.forEach((k, v) -> copy.put(k, Set.copyOf(v)));
    configs = java.util.Collections.unmodifiableMap(copy);
    Objects.requireNonNull(options, "options");
  }

  /**
   * The selection that {@code specs} (each {@code KEY=VALUE}) describe for {@code plan}, whose
   * charted metrics are {@code metrics}.
   *
   * @throws ConfigurationException naming the option, the key and the valid choices
   */
  public static ChartSelection parse(List<String> specs, SweepPlan plan,
      List<MetricSelection> metrics) {
    List<String> chosen = new ArrayList<>();
    Map<String, Set<String>> configs = new LinkedHashMap<>();
    int width = ChartOptions.DEFAULT.width();
    int height = ChartOptions.DEFAULT.height();
    ChartOptions.Bars bars = ChartOptions.DEFAULT.bars();
    ChartOptions.Legend legend = ChartOptions.DEFAULT.legend();
    for (String spec : specs) {
      int eq = spec.indexOf('=');
      if (eq <= 0) {
        throw error(spec, "expected KEY=VALUE with KEY one of metrics, configs, size, bars, "
            + "legend");
      }
      String key = spec.substring(0, eq).trim();
      String value = spec.substring(eq + 1).trim();
      switch (key) {
        case "metrics" -> {
          List<String> valid = metrics.stream().map(MetricSelection::key).toList();
          for (String m : value.split(",")) {
            if (!valid.contains(m.trim())) {
              throw error(spec, "'" + m.trim() + "' is not one of the sweep's metrics " + valid);
            }
            chosen.add(m.trim());
          }
        }
        case "configs" -> {
          for (String clause : value.split(";")) {
            int colon = clause.indexOf(':');
            String factorKey = colon < 0 ? clause.trim() : clause.substring(0, colon).trim();
            Factor factor = plan.factors().stream().filter(f -> f.key().equals(factorKey))
                .findFirst().orElseThrow(() -> error(spec, "'" + factorKey + "' is not a varied "
                    + "key; varied: " + plan.factors().stream().map(Factor::key).toList()));
            if (colon < 0) {
              throw error(spec, "expected " + factorKey + ":VALUE|VALUE");
            }
            Set<String> values = new LinkedHashSet<>();
            for (String v : clause.substring(colon + 1).split("\\|")) {
              if (!factor.labels().contains(v.trim())) {
                throw error(spec, "'" + v.trim() + "' is not a value of " + factorKey + "; "
                    + "values: " + factor.labels());
              }
              values.add(v.trim());
            }
            configs.put(factorKey, values);
          }
        }
        case "size" -> {
          String[] parts = value.toLowerCase(Locale.ROOT).split("x");
          try {
            width = Integer.parseInt(parts[0].trim());
            height = Integer.parseInt(parts[1].trim());
          } catch (RuntimeException e) {
            throw error(spec, "expected size=WIDTHxHEIGHT in pixels, e.g. size=1200x800");
          }
          if (width < 400 || width > 4000 || height < 300 || height > 4000) {
            throw error(spec, "the width must be 400 to 4000 and the height 300 to 4000");
          }
        }
        case "bars" -> bars = choice(spec, value, ChartOptions.Bars.class);
        case "legend" -> legend = choice(spec, value, ChartOptions.Legend.class);
        default -> throw error(spec, "unknown key '" + key + "'; valid: metrics, configs, size, "
            + "bars, legend");
      }
    }
    ChartSelection selection = new ChartSelection(chosen, configs,
        new ChartOptions(width, height, bars, legend));
    if (plan.points().stream().noneMatch(selection::keeps)) {
      throw new ConfigurationException("--charts configs=...: no configuration of the sweep has "
          + "all of " + configs);
    }
    return selection;
  }

  private static <E extends Enum<E>> E choice(String spec, String value, Class<E> type) {
    for (E e : type.getEnumConstants()) {
      if (e.name().equalsIgnoreCase(value)) {
        return e;
      }
    }
    List<String> valid = java.util.Arrays.stream(type.getEnumConstants())
        .map(e -> e.name().toLowerCase(Locale.ROOT)).toList();
    throw error(spec, "'" + value + "' is not one of " + valid);
  }

  private static ConfigurationException error(String spec, String message) {
    return new ConfigurationException("--charts " + spec + ": " + message + " (docs/experiments.md"
        + "#charts)");
  }

  /** Whether the charts show {@code point}. */
  public boolean keeps(SweepPoint point) {
    for (Map.Entry<String, Set<String>> e : configs.entrySet()) {
      String value = point.values().get(e.getKey());
      if (value != null && !e.getValue().contains(value)) {
        return false;
      }
    }
    return true;
  }

  /** Whether the charts include {@code metric}. */
  public boolean charts(MetricSelection metric) {
    return metrics.isEmpty() || metrics.contains(metric.key());
  }
}
