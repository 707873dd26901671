package org.preemptlab.runner.report.trace;

import java.util.LinkedHashMap;
import java.util.Map;
import org.preemptlab.runner.experiment.RunConfig;

/** The labels a run's timeline carries in {@code otherData}: what was run, with which seed. */
public final class TraceLabels {
  private TraceLabels() {}

  /**
   * The configuration's name, seed and plugin choices (with their parameters), and its
   * applications if it has any.
   */
  public static Map<String, String> of(RunConfig config) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("generator", "preemptlab");
    labels.put("run", config.name());
    labels.put("seed", Long.toString(config.seed()));
    for (org.preemptlab.api.PluginKind kind : RunConfig.PLUGIN_KINDS) {
      if (kind != org.preemptlab.api.PluginKind.WORKLOAD) { // the workload is the trace itself
        labels.put(kind.key(), config.choice(kind).toString());
      }
    }
    if (!config.applications().isEmpty()) {
      labels.put("applications", String.join(", ", config.applications().stream()
          .map(Object::toString).toList()));
    }
    return labels;
  }
}
