package org.preemptlab.runner.experiment;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.metrics.MetricDeclaration;
import org.preemptlab.runner.discovery.PluginDescriptor;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.metrics.Metric;
import org.preemptlab.runner.metrics.Metrics;

/**
 * The words figures use for what a sweep varies and measures, from the registry: every built-in
 * metric's title, stored unit and direction, every plugin's declared metrics and the unit of
 * every plugin parameter (a name whose kinds' plugins declare different units has none). The
 * Java chart previews title their axes and legends with it ({@link #keyTitle}), and {@link
 * #json()} is {@code python/preemptlab_results/vocabulary.json}, which the Python paper figures
 * read: both word a key alike, e.g. {@code applications[0].arrival-rate} as {@code arrival rate
 * of application 1 (requests/s)}.
 *
 * @param metrics per built-in metric id, its title, unit symbol and direction
 * @param pluginMetrics per plugin kind, per declared metric id, the same
 * @param parameterUnits per plugin kind, per parameter name, its unit ({@code ""} for none)
 */
public record Vocabulary(Map<String, Entry> metrics, Map<String, Map<String, Entry>> pluginMetrics,
    Map<String, Map<String, String>> parameterUnits) {

  /** Words for the varied keys that choose a plugin or a section, or name an engine setting. */
  public static final Map<String, String> KEY_WORDS = orderedMap(
      "policy", "scheduling policy",
      "preemption", "preemption-point strategy",
      "context-save", "context-save strategy",
      "hardware", "hardware model",
      "workload", "workload",
      "sharing", "sharing mode",
      "engine.credit-limit", "credit limit",
      "engine.launch-window", "launch window",
      "engine.launch-batch", "launch batch");

  /** How the words of a key are written when they are acronyms (or abbreviations). */
  public static final Map<String, String> ACRONYMS = orderedMap(
      "ttft", "TTFT", "tpot", "TPOT", "tbt", "TBT", "slo", "SLO", "antt", "ANTT", "stp", "STP",
      "sm", "SM", "kv", "KV", "mps", "MPS", "mig", "MIG", "e2e", "end-to-end");

  private static final Pattern APPLICATION_KEY = Pattern.compile("applications\\[(\\d+)]\\.(.+)");
  private static volatile Vocabulary shipped;

  /**
   * A metric's words.
   *
   * @param title its title, e.g. {@code turnaround p99}
   * @param unit its stored unit's symbol, e.g. {@code ns}
   * @param higherIsBetter its direction
   */
  public record Entry(String title, String unit, boolean higherIsBetter) {}

  /** Makes the maps unmodifiable. */
  public Vocabulary {
    metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    pluginMetrics = Collections.unmodifiableMap(new TreeMap<>(pluginMetrics));
    parameterUnits = Collections.unmodifiableMap(new TreeMap<>(parameterUnits));
  }

  /** The vocabulary of the built-in metrics and of the plugins {@code registry} holds. */
  public static Vocabulary of(PluginRegistry registry) {
    Map<String, Entry> metrics = new LinkedHashMap<>();
    for (Metric m : Metrics.builtIn().all()) {
      metrics.put(m.id(), new Entry(m.title(), m.unit().symbol(), m.higherIsBetter()));
    }
    Map<String, Map<String, Entry>> pluginMetrics = new TreeMap<>();
    Map<String, Map<String, String>> units = new TreeMap<>();
    Map<String, Set<String>> conflicting = new TreeMap<>();
    for (PluginDescriptor plugin : registry.descriptors()) {
      String kind = plugin.kind().key();
      for (MetricDeclaration d : PluginMetrics.declared(plugin,
          registry.provider(plugin.kind(), plugin.id()))) {
        pluginMetrics.computeIfAbsent(kind, k -> new TreeMap<>())
            .putIfAbsent(d.id(), new Entry(d.title(), d.unit().symbol(), d.higherIsBetter()));
      }
      for (ParameterSpec p : plugin.parameters()) {
        String unit = p.unit() == null ? "" : p.unit();
        String known = units.computeIfAbsent(kind, k -> new TreeMap<>()).putIfAbsent(p.name(),
            unit);
        if (known != null && !known.equals(unit)) {
          conflicting.computeIfAbsent(kind, k -> new TreeSet<>()).add(p.name());
        }
      }
    }
    conflicting.forEach((kind, names) -> names.forEach(units.get(kind)::remove));
    return new Vocabulary(metrics, pluginMetrics, units);
  }

  /** The vocabulary of the built-in metrics and the shipped plugins (those on the class path). */
  public static Vocabulary shipped() {
    Vocabulary v = shipped;
    if (v == null) {
      v = of(PluginRegistry.discover(Optional.empty()));
      shipped = v;
    }
    return v;
  }

  /**
   * A varied key in words, with {@code unitSymbol} or else its parameter's declared unit (none
   * for a duration, whose unit its values carry): {@code applications[0].arrival-rate} → {@code
   * arrival rate of application 1 (requests/s)}, {@code hardware.contention} → {@code
   * contention}, {@code policy} → {@code scheduling policy}.
   */
  public String keyTitle(String key, String unitSymbol) {
    String words;
    String kind = null;
    String name = null;
    Matcher application = APPLICATION_KEY.matcher(key);
    if (KEY_WORDS.containsKey(key)) {
      words = KEY_WORDS.get(key);
    } else if (application.matches()) {
      kind = "application";
      name = application.group(2);
      words = words(name) + " of application " + (Integer.parseInt(application.group(1)) + 1);
    } else if (key.contains(".")) {
      kind = key.substring(0, key.indexOf('.'));
      name = key.substring(key.indexOf('.') + 1);
      words = words(name);
    } else {
      words = words(key);
    }
    String unit = unitSymbol;
    if (unit.isEmpty() && kind != null) {
      unit = parameterUnits.getOrDefault(kind, Map.of()).getOrDefault(name, "");
      unit = unit.equals("ns") ? "" : unit; // a duration's unit comes from its values
    }
    return unit.isEmpty() ? words : words + " (" + unit + ")";
  }

  /** {@link #keyTitle(String, String)} with the parameter's declared unit. */
  public String keyTitle(String key) {
    return keyTitle(key, "");
  }

  /** A name's words: split at {@code -} and {@code _}, acronyms in capitals. */
  public static String words(String name) {
    StringBuilder sb = new StringBuilder();
    for (String w : name.split("[-_]")) {
      if (!w.isEmpty()) {
        sb.append(sb.length() == 0 ? "" : " ").append(ACRONYMS.getOrDefault(w, w));
      }
    }
    return sb.toString();
  }

  /**
   * The vocabulary as {@code python/preemptlab_results/vocabulary.json}: {@code metrics}, {@code
   * plugin-metrics}, {@code parameter-units}, {@code key-words} and {@code acronyms}, indented,
   * LF line ends.
   */
  public String json() {
    Map<String, Object> all = new LinkedHashMap<>();
    all.put("about", "Generated by PythonVocabularyTest.main from the metric registry and the "
        + "shipped plugins' declarations (org.preemptlab.runner.experiment.Vocabulary, which "
        + "also titles the Java charts); do not edit.");
    all.put("metrics", jsonEntries(metrics));
    Map<String, Object> declared = new TreeMap<>();
    pluginMetrics.forEach((kind, entries) -> declared.put(kind, jsonEntries(entries)));
    all.put("plugin-metrics", declared);
    all.put("parameter-units", parameterUnits);
    all.put("key-words", KEY_WORDS);
    all.put("acronyms", ACRONYMS);
    try {
      return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
          .writerWithDefaultPrettyPrinter().writeValueAsString(all).replace("\r\n", "\n") + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Map<String, Object> jsonEntries(Map<String, Entry> entries) {
    Map<String, Object> out = new LinkedHashMap<>();
    entries.forEach((id, e) -> {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("title", e.title());
      m.put("unit", e.unit());
      m.put("higher-is-better", e.higherIsBetter());
      out.put(id, m);
    });
    return out;
  }

  private static Map<String, String> orderedMap(String... pairs) {
    Map<String, String> map = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      map.put(pairs[i], pairs[i + 1]);
    }
    return Collections.unmodifiableMap(map);
  }
}
