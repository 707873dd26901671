package org.preemptlab.runner.experiment;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.preemptlab.api.PluginProvider;
import org.preemptlab.api.metrics.ContributesMetrics;
import org.preemptlab.api.metrics.MetricDeclaration;
import org.preemptlab.api.metrics.MetricReporter;
import org.preemptlab.api.metrics.WritesRunFiles;
import org.preemptlab.runner.discovery.PluginDescriptor;
import org.preemptlab.runner.discovery.PluginFailureException;

/**
 * Reads the metrics plugins contribute through {@code org.preemptlab.api.metrics}: the
 * declarations of a provider and the values its instances report after a run.
 */
final class PluginMetrics {
  private PluginMetrics() {}

  /**
   * What {@code provider} declares; none when it does not implement {@link ContributesMetrics}.
   *
   * @throws PluginFailureException when the declarations throw, are null or repeat an id
   */
  static List<MetricDeclaration> declared(PluginDescriptor plugin, PluginProvider<?> provider) {
    if (!(provider instanceof ContributesMetrics contributor)) {
      return List.of();
    }
    List<MetricDeclaration> declared;
    try {
      declared = contributor.metrics();
    } catch (RuntimeException e) {
      throw new PluginFailureException(plugin, "metrics()", e);
    }
    if (declared == null) {
      throw new PluginFailureException(plugin, "returned null from metrics()");
    }
    Set<String> ids = new HashSet<>();
    for (MetricDeclaration d : declared) {
      if (d == null || !ids.add(d.id())) {
        throw new PluginFailureException(plugin, "declares " + (d == null ? "a null metric"
            : "the metric '" + d.id() + "' twice") + " in metrics()");
      }
    }
    return List.copyOf(declared);
  }

  /**
   * Adds the values the {@code instances} of {@code plugin} report to {@code values}, as {@code
   * <kind>.<id>}, summing over instances (one policy per hardware engine).
   *
   * @throws PluginFailureException when an instance reports an undeclared metric, a null value
   *     or throws
   */
  static void collect(PluginDescriptor plugin, List<MetricDeclaration> declared,
      List<?> instances, Map<String, Double> values) {
    collect(plugin, plugin.kind().key(), declared, instances, values);
  }

  /**
   * As {@link #collect(PluginDescriptor, List, List, Map)}, naming the values {@code
   * <prefix>.<id>}: an application's are {@code application.<label>.<id>} (several applications
   * of one run report separately).
   */
  static void collect(PluginDescriptor plugin, String prefix, List<MetricDeclaration> declared,
      List<?> instances, Map<String, Double> values) {
    List<String> ids = declared.stream().map(MetricDeclaration::id).toList();
    for (Object instance : instances) {
      if (!(instance instanceof MetricReporter reporter)) {
        continue;
      }
      Map<String, Double> reported;
      try {
        reported = reporter.metricValues();
      } catch (RuntimeException e) {
        throw new PluginFailureException(plugin, "metricValues()", e);
      }
      if (reported == null) {
        throw new PluginFailureException(plugin, "returned null from metricValues()");
      }
      for (Map.Entry<String, Double> e : new java.util.TreeMap<>(reported).entrySet()) {
        int at = ids.indexOf(e.getKey());
        if (at < 0) {
          throw new PluginFailureException(plugin, "reported the undeclared metric '"
              + e.getKey() + "' from metricValues(); its provider declares " + (ids.isEmpty()
              ? "none (implement ContributesMetrics)" : String.join(", ", ids)));
        }
        if (e.getValue() == null) {
          throw new PluginFailureException(plugin, "reported null for metric '" + e.getKey()
              + "'; leave an undefined metric out of the map");
        }
        MetricDeclaration d = declared.get(at);
        double v = e.getValue();
        if (v < d.lowerBound() || v > d.upperBound()) {
          throw new PluginFailureException(plugin, "reported " + v + " for metric '" + e.getKey()
              + "', outside its range [" + d.lowerBound() + ", " + d.upperBound() + "]"
              + (d.signed() ? "" : "; declare it signed if it may be negative"));
        }
        values.merge(prefix + "." + e.getKey(), e.getValue(), Double::sum);
      }
    }
  }

  /**
   * Adds the files an application {@code instance} writes of its own ({@link WritesRunFiles}) to
   * {@code files}, as {@code <label>/<name>}; nothing when it writes none.
   *
   * @throws PluginFailureException when it throws, returns null or names a file badly
   */
  static void collectFiles(PluginDescriptor plugin, String label, Object instance,
      Map<String, String> files) {
    if (!(instance instanceof WritesRunFiles writer)) {
      return;
    }
    Map<String, String> written;
    try {
      written = writer.runFiles();
    } catch (RuntimeException e) {
      throw new PluginFailureException(plugin, "runFiles()", e);
    }
    if (written == null) {
      throw new PluginFailureException(plugin, "returned null from runFiles()");
    }
    for (Map.Entry<String, String> e : written.entrySet()) {
      if (e.getKey() == null || !e.getKey().matches("[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}")
          || e.getValue() == null) {
        throw new PluginFailureException(plugin, "returned the file name '" + e.getKey()
            + "' or a null text from runFiles(); a name is letters, digits, '.', '-' and '_', "
            + "not starting with '.'");
      }
      files.put(label + "/" + e.getKey(), e.getValue());
    }
  }
}
