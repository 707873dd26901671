package org.preemptlab.runner.experiment.sweep;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.experiment.Overrides;
import org.preemptlab.runner.experiment.PluginChoice;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.metrics.Metrics;
import org.preemptlab.runner.metrics.Scope;
import org.preemptlab.runner.report.OutputPaths;
import org.preemptlab.runner.workload.SpecViolation;

/**
 * A sweep: a base run configuration, the keys to vary and their values, the seeds, the baseline
 * configuration that paired differences are taken against, and the metrics to report. Bound from
 * YAML (format: {@code docs/experiments.md}); every configuration of the cartesian product of the
 * varied values runs once per seed.
 *
 * @param name a label for reports and the default output directory; default {@code sweep}
 * @param base the run configuration every configuration starts from (the run-config format);
 *     default the built-in defaults
 * @param vary each varied key with its values, in the order written: a plugin section ({@code
 *     policy: [fifo, priority]}, a value being an id or a mapping with {@code id} and {@code
 *     parameters}) or a {@code --set} key ({@code hardware.time-slice: [1ms, 2ms]}); default none
 * @param seeds the root seeds; default the one seed of {@code base}
 * @param baseline the configuration paired differences are taken against, one value per varied
 *     key; default the first value of every key. Its entry {@value #PER} names varied keys whose
 *     every value forms a group with a baseline of its own ({@code baseline: {policy: priority,
 *     per: sharing}}: each configuration against {@code priority} with the same sharing)
 * @param metrics the metrics to report, each a metric id with an optional scope ({@code
 *     turnaround-p99@queue=video}, see {@link MetricSelection#parse}); default {@link #DEFAULT_METRICS}
 * @param groups user-defined groups of queues, by name, for scopes such as {@code
 *     deadline-misses@group=interactive}; default none
 * @param tradeOffs charts of one reported metric against another, one point per configuration;
 *     default none
 */
public record SweepConfig(
    String name,
    RunConfig base,
    Map<String, List<Object>> vary,
    Seeds seeds,
    Map<String, Object> baseline,
    List<String> metrics,
    Map<String, List<String>> groups,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<TradeOff> tradeOffs) {

  /**
   * A trade-off chart: the mean of metric {@code y} against the mean of metric {@code x}, one
   * point per configuration (a line through the values of a varied number).
   *
   * @param x a metric of {@code metrics}, exactly as written there
   * @param y another metric of {@code metrics}
   */
  public record TradeOff(String x, String y) {}

  /** What a sweep reports when its file names no {@code metrics}. */
  public static final List<String> DEFAULT_METRICS = List.of("turnaround-p50@priority=highest",
      "turnaround-p99@priority=highest", "waiter-latency-p99", "all-freed-latency-p99",
      "bytes-saved-per-preemption", "throughput@priority=lowest", "makespan", "antt", "stp",
      "fairness", "deadline-misses");
  private static final List<String> PLUGIN_METRIC_KINDS =
      List.of("policy", "preemption", "context-save", "application");

  /** The entry of {@code baseline} that names the keys of groups with a baseline each. */
  public static final String PER = "per";

  /** The key whose values are whole {@code sharing} sections (or {@code none}). */
  static final String SHARING = "sharing";

  private static final List<String> PLAIN_KEYS =
      List.of("engine.credit-limit", "engine.launch-window", "engine.launch-batch",
          "engine.in-order", "engine.check-invariants", "engine.aggregate-blocks");

  /** Fills in the defaults and checks every key and value. */
  public SweepConfig {
    name = name == null ? "sweep" : name;
    try {
      OutputPaths.checkName(name);
    } catch (IllegalArgumentException e) {
      throw new SpecViolation("name", e.getMessage());
    }
    base = base == null ? RunConfig.defaults() : base;
    vary = vary == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(vary));
    seeds = seeds == null ? new Seeds(List.of(base.seed())) : seeds;
    baseline = baseline == null ? Map.of()
        : Collections.unmodifiableMap(new LinkedHashMap<>(baseline));
    metrics = metrics == null ? DEFAULT_METRICS : List.copyOf(metrics);
    groups = groups == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(groups));
    tradeOffs = tradeOffs == null ? List.of() : List.copyOf(tradeOffs);
    List<Factor> factors = factors(vary);
    checkBaseline(baseline, factors);
    checkGroups(groups);
    if (metrics.isEmpty()) {
      throw new SpecViolation("metrics", "name at least one metric, or leave the key out for "
          + "the default set");
    }
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (int i = 0; i < metrics.size(); i++) {
      String text = metrics.get(i);
      try {
        checkMetric(text == null ? "" : text, groups);
      } catch (ConfigurationException e) {
        throw new SpecViolation("metrics[" + i + "]", e.getMessage());
      }
      if (!seen.add(text.strip())) {
        throw new SpecViolation("metrics[" + i + "]", "'" + text + "' appears twice");
      }
    }
    for (int i = 0; i < tradeOffs.size(); i++) {
      TradeOff t = tradeOffs.get(i);
      checkTradeOffMetric(t == null ? null : t.x(), "trade-offs[" + i + "].x", seen);
      checkTradeOffMetric(t == null ? null : t.y(), "trade-offs[" + i + "].y", seen);
      if (t.x().strip().equals(t.y().strip())) {
        throw new SpecViolation("trade-offs[" + i + "]", "x and y are the same metric");
      }
    }
  }

  private static void checkTradeOffMetric(String text, String where, java.util.Set<String> metrics) {
    if (text == null || text.isBlank()) {
      throw new SpecViolation(where, "name a metric of 'metrics'");
    }
    if (!metrics.contains(text.strip())) {
      throw new SpecViolation(where, "'" + text.strip() + "' is not among 'metrics'; add it there"
          + " (" + ConfigurationException.unknown("metric", text.strip(), metrics).getMessage()
          + ")");
    }
  }

  private static void checkMetric(String text, Map<String, List<String>> groups) {
    String id = text.contains("@") ? text.substring(0, text.indexOf('@')).strip() : text.strip();
    Scope scope = text.contains("@") ? Scope.parse(text.substring(text.indexOf('@') + 1))
        : Scope.ALL;
    if (id.contains(".")) { // a plugin's metric: checked against its declarations later
      String kind = id.substring(0, id.indexOf('.'));
      if (!PLUGIN_METRIC_KINDS.contains(kind)) {
        throw new ConfigurationException("metric '" + id + "': " + ConfigurationException
            .unknown("plugin kind", kind, PLUGIN_METRIC_KINDS).getMessage());
      }
      if (!scope.isAll()) {
        throw new ConfigurationException("plugin metric '" + id + "' is defined for the whole "
            + "run only; drop '" + scope.suffix() + "'");
      }
      return;
    }
    MetricSelection.parse(text, Metrics.builtIn());
    if (scope.dimension().equals("group") && !groups.containsKey(scope.name())) {
      throw groups.isEmpty() ? new ConfigurationException("no group '" + scope.name()
          + "': define it under 'groups', e.g. groups: {" + scope.name() + ": [queue-a, queue-b]}")
          : ConfigurationException.unknown("group", scope.name(), groups.keySet());
    }
  }

  private static void checkGroups(Map<String, List<String>> groups) {
    groups.forEach((name, queues) -> {
      if (!name.matches("[A-Za-z0-9._+-]+")) {
        throw new SpecViolation("groups." + name, "a group name may hold letters, digits, '.', "
            + "'_', '+' and '-' only");
      }
      if (queues == null || queues.isEmpty()) {
        throw new SpecViolation("groups." + name, "needs a list of at least one queue id");
      }
    });
  }

  /**
   * The metrics to report, in the order written, resolved against {@code registry} (the built-in
   * metrics and those the sweep's plugins declare).
   *
   * @throws ConfigurationException naming the valid metrics for a plugin metric no plugin declares
   */
  public List<MetricSelection> selections(Metrics registry) {
    List<MetricSelection> selections = new ArrayList<>();
    for (int i = 0; i < metrics.size(); i++) {
      try {
        selections.add(MetricSelection.parse(metrics.get(i), registry));
      } catch (ConfigurationException e) {
        throw new ConfigurationException("metrics[" + i + "]: " + e.getMessage(), e);
      }
    }
    return selections;
  }

  /** The user-defined groups as sets of queue ids. */
  @JsonIgnore
  public Map<String, java.util.Set<String>> groupSets() {
    Map<String, java.util.Set<String>> sets = new LinkedHashMap<>();
    groups.forEach((name, queues) -> sets.put(name, new java.util.TreeSet<>(queues)));
    return sets;
  }

  /** The varied keys with their values, in the order written. */
  @JsonIgnore
  public List<Factor> factors() {
    return factors(vary);
  }

  /**
   * The baseline's value label for every varied key, in factor order; a key of {@link
   * #groupKeys()} takes its first value (the first group's baseline).
   */
  @JsonIgnore
  public Map<String, String> baselineLabels() {
    Map<String, String> labels = new LinkedHashMap<>();
    for (Factor factor : factors()) {
      Object value = baseline.get(factor.key());
      labels.put(factor.key(), value == null ? factor.levels().get(0).label()
          : level(factor.key(), value, "baseline." + factor.key()).label());
    }
    return labels;
  }

  /**
   * The value labels of the baseline that the configuration with {@code values} is compared
   * against: {@link #baselineLabels()} with the configuration's own value for every key of
   * {@link #groupKeys()}.
   */
  public Map<String, String> baselineLabelsFor(Map<String, String> values) {
    Map<String, String> labels = baselineLabels();
    for (String key : groupKeys()) {
      labels.put(key, values.get(key));
    }
    return labels;
  }

  /**
   * The varied keys under {@code baseline.per}, in the order written: each combination of their
   * values is a group compared against a baseline of its own; empty for one baseline.
   */
  @JsonIgnore
  public List<String> groupKeys() {
    return perKeys(baseline.get(PER));
  }

  private static List<String> perKeys(Object per) {
    if (per == null) {
      return List.of();
    }
    List<?> keys = per instanceof List<?> list ? list : List.of(per);
    return keys.stream().map(k -> k == null ? "" : String.valueOf(k).strip()).toList();
  }

  private static List<Factor> factors(Map<String, List<Object>> vary) {
    List<Factor> factors = new ArrayList<>();
    vary.forEach((key, values) -> {
      checkKey(key);
      String where = "vary." + key;
      if (values == null || values.isEmpty()) {
        throw new SpecViolation(where, "needs a list of at least one value");
      }
      List<Level> levels = new ArrayList<>();
      for (int i = 0; i < values.size(); i++) {
        Level level = level(key, values.get(i), where + "[" + i + "]");
        if (levels.stream().anyMatch(l -> l.label().equals(level.label()))) {
          throw new SpecViolation(where + "[" + i + "]", "'" + level.label() + "' appears twice");
        }
        levels.add(level);
      }
      factors.add(new Factor(key, levels));
    });
    return factors;
  }

  private static void checkKey(String key) {
    if (key.equals("seed")) {
      throw new SpecViolation("vary.seed", "list the seeds under 'seeds', not under 'vary'");
    }
    if (Overrides.PLUGIN_SECTIONS.contains(key) || PLAIN_KEYS.contains(key)
        || Overrides.APPLICATION_KEY.matcher(key).matches() || key.equals(SHARING)) {
      return;
    }
    int dot = key.indexOf('.');
    if (dot > 0 && dot < key.length() - 1
        && Overrides.PLUGIN_SECTIONS.contains(key.substring(0, dot))) {
      return;
    }
    List<String> valid = new ArrayList<>(Overrides.PLUGIN_SECTIONS);
    valid.addAll(PLAIN_KEYS);
    valid.add(SHARING);
    Overrides.PLUGIN_SECTIONS.forEach(s -> valid.add(s + ".<parameter>"));
    valid.add("applications[N].<parameter>");
    throw new SpecViolation("vary." + key,
        ConfigurationException.unknown("key", key, valid).getMessage());
  }

  private static Level level(String key, Object value, String where) {
    if (key.equals(SHARING)) {
      return sharingLevel(value, where);
    }
    if (value instanceof Map<?, ?> map) {
      if (!Overrides.PLUGIN_SECTIONS.contains(key)) {
        throw new SpecViolation(where, "expected a single value, got a mapping");
      }
      return Level.of(plugin(map, where));
    }
    if (value == null || value instanceof List<?>) {
      throw new SpecViolation(where, "expected a single value, got " + (value == null ? "nothing"
          : "a list"));
    }
    String label = String.valueOf(value).strip();
    if (label.isEmpty()) {
      throw new SpecViolation(where, "must not be empty");
    }
    return Level.of(label);
  }

  /**
   * A value of {@code sharing}: {@code none}, a mode without settings ({@code mps}), or a whole
   * section as a mapping ({@code {mode: mig, name: mig-3g-4g, instances: [...], contexts: ...}}).
   */
  private static Level sharingLevel(Object value, String where) {
    if ("none".equals(value)) {
      return Level.of((org.preemptlab.runner.experiment.sharing.SharingConfig) null);
    }
    Object section = value instanceof String mode ? Map.of("mode", mode) : value;
    if (!(section instanceof Map<?, ?>)) {
      throw new SpecViolation(where, "expected none, a sharing mode or a sharing section, got "
          + (value == null ? "nothing" : value));
    }
    try {
      return Level.of(org.preemptlab.runner.workload.YamlMappers.strict().convertValue(section,
          org.preemptlab.runner.experiment.sharing.SharingConfig.class));
    } catch (IllegalArgumentException e) {
      Throwable cause = e;
      while (cause != null && !(cause instanceof SpecViolation)) {
        cause = cause.getCause();
      }
      if (cause instanceof SpecViolation violation) {
        throw new SpecViolation(where + "." + violation.key(), violation.detail());
      }
      if (e.getCause() instanceof com.fasterxml.jackson.databind.exc.InvalidTypeIdException id) {
        throw new SpecViolation(where + ".mode",
            org.preemptlab.runner.experiment.sharing.SharingConfig.unknownMode(id.getTypeId()));
      }
      String message = e.getMessage() == null ? "not a sharing section" : e.getMessage();
      int newline = message.indexOf('\n');
      throw new SpecViolation(where, newline < 0 ? message : message.substring(0, newline));
    }
  }

  private static PluginChoice plugin(Map<?, ?> map, String where) {
    for (Object key : map.keySet()) {
      if (!"id".equals(key) && !"parameters".equals(key)) {
        throw new SpecViolation(where + "." + key, ConfigurationException.unknown("key",
            String.valueOf(key), List.of("id", "parameters")).getMessage());
      }
    }
    if (!(map.get("id") instanceof String id)) {
      throw new SpecViolation(where, "missing 'id': write the plugin's id, e.g. 'fifo'");
    }
    Map<String, String> parameters = new LinkedHashMap<>();
    Object given = map.get("parameters");
    if (given instanceof Map<?, ?> values) {
      values.forEach((k, v) -> parameters.put(String.valueOf(k), String.valueOf(v)));
    } else if (given != null) {
      throw new SpecViolation(where + ".parameters", "expected a mapping of parameter values");
    }
    return new PluginChoice(id, parameters);
  }

  private static void checkBaseline(Map<String, Object> baseline, List<Factor> factors) {
    List<String> keys = factors.stream().map(Factor::key).toList();
    if (baseline.containsKey(PER)) {
      checkPer(baseline, keys);
    }
    for (Map.Entry<String, Object> entry : baseline.entrySet()) {
      if (entry.getKey().equals(PER)) {
        continue;
      }
      String where = "baseline." + entry.getKey();
      if (!keys.contains(entry.getKey())) {
        throw new SpecViolation(where, keys.isEmpty() ? "nothing is varied, so there is no "
            + "baseline to choose" : ConfigurationException.unknown("varied key", entry.getKey(),
            keys).getMessage());
      }
      Factor factor = factors.get(keys.indexOf(entry.getKey()));
      String label = level(factor.key(), entry.getValue(), where).label();
      if (!factor.labels().contains(label)) {
        throw new SpecViolation(where, ConfigurationException.unknown("value", label,
            factor.labels()).getMessage() + " (the values of vary." + factor.key() + ")");
      }
    }
  }

  private static void checkPer(Map<String, Object> baseline, List<String> keys) {
    Object per = baseline.get(PER);
    String where = "baseline." + PER;
    if (per instanceof Map<?, ?> || per instanceof List<?> list && list.isEmpty()) {
      throw new SpecViolation(where, "expected a varied key or a list of them, e.g. per: sharing");
    }
    List<String> named = perKeys(per);
    for (int i = 0; i < named.size(); i++) {
      String key = named.get(i);
      String at = per instanceof List<?> ? where + "[" + i + "]" : where;
      if (!keys.contains(key)) {
        throw new SpecViolation(at, keys.isEmpty() ? "nothing is varied, so there are no groups"
            : ConfigurationException.unknown("varied key", key, keys).getMessage());
      }
      if (named.indexOf(key) != i) {
        throw new SpecViolation(at, "'" + key + "' appears twice");
      }
      if (baseline.containsKey(key)) {
        throw new SpecViolation(at, "'" + key + "' has a baseline value and groups the "
            + "configurations; write it under one of 'baseline." + key + "' or 'baseline.per'");
      }
    }
    if (named.size() == keys.size()) {
      throw new SpecViolation(where, "every varied key is under 'per', so each configuration "
          + "would be its own baseline; leave at least one key out of 'per'");
    }
  }

  /**
   * A copy whose base configuration has its relative file paths resolved against {@code dir}, the
   * sweep file's folder (see {@link RunConfig#withPathsResolvedAgainst}).
   */
  public SweepConfig withPathsResolvedAgainst(java.nio.file.Path dir) {
    return new SweepConfig(name, base.withPathsResolvedAgainst(dir), vary, seeds, baseline,
        metrics, groups, tradeOffs);
  }
}
