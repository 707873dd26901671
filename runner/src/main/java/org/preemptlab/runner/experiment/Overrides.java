package org.preemptlab.runner.experiment;

import java.util.List;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.PluginKind;

/**
 * Command-line overrides of a run configuration: {@code --policy ID} and its siblings replace a
 * plugin (dropping the file's parameters for it when the id changes), and {@code --set KEY=VALUE}
 * sets one value. Keys: {@code name}, {@code seed}, {@code engine.credit-limit}, {@code
 * engine.check-invariants}, {@code engine.aggregate-blocks}, {@code SECTION.PARAMETER} for a plugin parameter, with SECTION one
 * of {@code hardware}, {@code policy}, {@code preemption}, {@code context-save}, {@code workload},
 * and {@code applications[N].PARAMETER} for a parameter of the configuration's N-th application
 * (from 0).
 */
public final class Overrides {
  /** The configuration sections that choose a plugin. */
  public static final List<String> PLUGIN_SECTIONS =
      RunConfig.PLUGIN_KINDS.stream().map(PluginKind::key).toList();

  private static final List<String> PLAIN_KEYS =
      List.of("name", "seed", "engine.credit-limit", "engine.launch-window",
          "engine.launch-batch", "engine.in-order", "engine.check-invariants",
          "engine.aggregate-blocks");

  /** The form of a key that sets an application's parameter: {@code applications[N].NAME}. */
  public static final java.util.regex.Pattern APPLICATION_KEY =
      java.util.regex.Pattern.compile("applications\\[(\\d{1,6})\\]\\.(.+)");

  private Overrides() {}

  /** Replaces the plugin of {@code section} with {@code id}; keeps its parameters if the id is the same. */
  public static RunConfig choose(RunConfig config, String section, String id) {
    if (id.isBlank()) {
      throw new ConfigurationException("--" + section + ": needs a plugin id (preemptlab list "
          + section + ")");
    }
    if (!PLUGIN_SECTIONS.contains(section)) {
      throw ConfigurationException.unknown("configuration section", section, PLUGIN_SECTIONS);
    }
    PluginKind kind = kindOf(section);
    // the same id keeps the plugin's parameters (and a workload's inline spec)
    return config.choice(kind).id().equals(id) ? config
        : config.withChoice(kind, PluginChoice.of(id));
  }

  /** The kind of plugin a section of {@link #PLUGIN_SECTIONS} chooses. */
  private static PluginKind kindOf(String section) {
    return RunConfig.PLUGIN_KINDS.get(PLUGIN_SECTIONS.indexOf(section));
  }

  /**
   * Applies one {@code KEY=VALUE} assignment.
   *
   * @throws ConfigurationException for a malformed assignment, an unknown key (with the valid keys)
   *     or a value of the wrong type
   */
  public static RunConfig set(RunConfig config, String assignment) {
    int eq = assignment.indexOf('=');
    if (eq <= 0) {
      throw new ConfigurationException("--set " + assignment + ": expected KEY=VALUE, e.g. "
          + "policy.preempt=false or seed=7");
    }
    String key = assignment.substring(0, eq).trim();
    String value = assignment.substring(eq + 1).trim();
    switch (key) {
      case "name" -> {
        return config.withName(value);
      }
      case "seed" -> {
        return config.withSeed(parseLong(key, value));
      }
      case "engine.credit-limit" -> {
        return config.withEngine(config.engine().withCreditLimit(positiveInt(key, value)));
      }
      case "engine.launch-window" -> {
        return config.withEngine(config.engine().withLaunchWindow(positiveInt(key, value)));
      }
      case "engine.launch-batch" -> {
        return config.withEngine(config.engine().withLaunchBatch(positiveInt(key, value)));
      }
      case "engine.in-order" -> {
        return config.withEngine(config.engine().withInOrder(bool(key, value)));
      }
      case "engine.check-invariants" -> {
        return config.withEngine(config.engine().withCheckInvariants(bool(key, value)));
      }
      case "engine.aggregate-blocks" -> {
        return config.withEngine(config.engine().withAggregateBlocks(bool(key, value)));
      }
      default -> {
        return setPluginParameter(config, key, value);
      }
    }
  }

  private static boolean bool(String key, String value) {
    if (!value.equals("true") && !value.equals("false")) {
      throw new ConfigurationException("--set " + key + ": expected true or false, got '"
          + org.preemptlab.api.Numbers.shortText(value) + "'");
    }
    return Boolean.parseBoolean(value);
  }

  private static int positiveInt(String key, String value) {
    long limit = parseLong(key, value);
    if (limit < 1 || limit > Integer.MAX_VALUE) {
      throw new ConfigurationException("--set " + key + ": expected a whole number >= 1, got '"
          + org.preemptlab.api.Numbers.shortText(value) + "'");
    }
    return (int) limit;
  }

  private static RunConfig setPluginParameter(RunConfig config, String key, String value) {
    java.util.regex.Matcher application = APPLICATION_KEY.matcher(key);
    if (application.matches()) {
      int index = Integer.parseInt(application.group(1));
      List<PluginChoice> applications = config.applications();
      if (index >= applications.size()) {
        throw new ConfigurationException(key + ": the configuration has " + (applications.isEmpty()
            ? "no applications" : applications.size() + " application(s), applications[0] to "
            + "applications[" + (applications.size() - 1) + "]"));
      }
      List<PluginChoice> changed = new java.util.ArrayList<>(applications);
      changed.set(index, applications.get(index).with(application.group(2), value));
      return config.withApplications(changed);
    }
    int dot = key.indexOf('.');
    String section = dot < 0 ? key : key.substring(0, dot);
    if (dot < 0 || !PLUGIN_SECTIONS.contains(section)) {
      List<String> valid = new java.util.ArrayList<>(PLAIN_KEYS);
      PLUGIN_SECTIONS.forEach(s -> valid.add(s + ".<parameter>"));
      valid.add("applications[N].<parameter>");
      throw ConfigurationException.unknown("key", key, valid);
    }
    String parameter = key.substring(dot + 1);
    PluginKind kind = kindOf(section);
    return kind == PluginKind.WORKLOAD // an inline spec refuses a generator parameter
        ? config.withWorkload(config.workload().with(parameter, value))
        : config.withChoice(kind, config.choice(kind).with(parameter, value));
  }

  private static long parseLong(String key, String value) {
    try {
      return org.preemptlab.api.Numbers.whole(value, Long.MIN_VALUE, Long.MAX_VALUE);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException("--set " + key + ": expected a whole number, got '"
          + org.preemptlab.api.Numbers.shortText(value) + "'");
    }
  }
}
