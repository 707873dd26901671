package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.PluginKind;
import org.preemptlab.api.metrics.MetricDeclaration;
import org.preemptlab.api.metrics.MetricReporter;
import org.preemptlab.api.metrics.MetricUnit;
import org.preemptlab.runner.discovery.PluginDescriptor;
import org.preemptlab.runner.metrics.Metrics;

/** A plugin's metric values stay inside the range its declaration gives. */
class PluginMetricsTest {
  private static final PluginDescriptor PLUGIN = new PluginDescriptor(
      PluginKind.SCHEDULING_POLICY, "p", "a test policy", "1", "", "P", List.of());
  private static final MetricDeclaration WAIT = new MetricDeclaration("wait", "wait",
      MetricUnit.NANOSECONDS, false, "time waited");
  private static final MetricDeclaration SLACK = new MetricDeclaration("slack", "slack",
      MetricUnit.NANOSECONDS, true, "deadline minus finish", true);
  private static final MetricDeclaration SHARE = new MetricDeclaration("share", "share",
      MetricUnit.FRACTION, true, "a share");

  private static Map<String, Double> collect(Map<String, Double> reported) {
    Map<String, Double> values = new TreeMap<>();
    MetricReporter reporter = () -> reported;
    PluginMetrics.collect(PLUGIN, List.of(WAIT, SLACK, SHARE), List.of(reporter), values);
    return values;
  }

  @Test
  void aNegativeValueOfAMetricThatIsNotSignedFailsTheRunNamingItsRange() {
    assertThatThrownBy(() -> collect(Map.of("wait", -5.0)))
        .hasMessageContaining("reported -5.0 for metric 'wait', outside its range [0.0, Infinity]")
        .hasMessageContaining("declare it signed if it may be negative");
    assertThatThrownBy(() -> collect(Map.of("share", 1.5)))
        .hasMessageContaining("outside its range [0.0, 1.0]");
  }

  @Test
  void aSignedMetricMayBeNegativeAndTheRegistryKnowsItsBounds() {
    assertThat(collect(Map.of("slack", -5.0, "wait", 3.0))).containsEntry("policy.slack", -5.0)
        .containsEntry("policy.wait", 3.0);
    Metrics registry = Metrics.builtIn().withPlugin("policy", List.of(WAIT, SLACK, SHARE));
    assertThat(registry.get("policy.wait").lowerBound()).isZero();
    assertThat(registry.get("policy.slack").lowerBound()).isEqualTo(Double.NEGATIVE_INFINITY);
    assertThat(registry.get("policy.share").upperBound()).isEqualTo(1);
  }
}
