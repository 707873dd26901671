package org.preemptlab.runner.report;

import java.util.LinkedHashMap;
import java.util.Map;
import org.preemptlab.runner.discovery.PluginDescriptor;

/** A plugin as the run report and the provenance file write it. */
final class PluginEntries {
  private PluginEntries() {}

  /**
   * A new map of the plugin's kind, id, version, jar and jar digest, in that order, to which the
   * caller adds the plugin's parameters.
   */
  static Map<String, Object> of(PluginDescriptor plugin) {
    Map<String, Object> entry = new LinkedHashMap<>();
    entry.put("kind", plugin.kind().key());
    entry.put("id", plugin.id());
    entry.put("version", plugin.version());
    entry.put("jar", plugin.jar());
    entry.put("jar-sha256", plugin.jarSha256());
    return entry;
  }
}
