package org.preemptlab.applications.training;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.metrics.MetricReporter;
import org.preemptlab.applications.FakeApplicationContext;
import org.preemptlab.testkit.TestDevices;

class TrainingLoopDurationTest {
  private static Application loop(String duration) {
    TrainingLoopProvider provider = new TrainingLoopProvider();
    Map<String, String> p = new HashMap<>(Map.of("iterations", "100", "batch-size", "8",
        "forward-kernels", "0", "backward-kernels", "0", "optimizer-grid", "1",
        "optimizer-threads", "2048", "optimizer-registers", "1", "optimizer-block-time", "10us"));
    p.put("duration", duration);
    return provider.create(new PluginContext(Parameters.of(provider.parameters(), p),
        TestDevices.ONE_SM, new SplittableRandom(1)));
  }

  @Test
  void noIterationIsLaunchedAtOrAfterTheDuration() {
    Application bounded = loop("35us");
    new FakeApplicationContext(TestDevices.ONE_SM).run(bounded, Long.MAX_VALUE);
    // Iterations of 10 us launched at 0, 10, 20 and 30 us; the one that would start at 40 is not.
    assertThat(((MetricReporter) bounded).metricValues()).containsEntry("iterations", 4.0)
        .containsEntry("samples-per-second", 8 * 4 * 1e9 / 40_000);

    Application unbounded = loop("0ns");
    new FakeApplicationContext(TestDevices.ONE_SM).run(unbounded, Long.MAX_VALUE);
    assertThat(((MetricReporter) unbounded).metricValues()).containsEntry("iterations", 100.0);
  }
}
