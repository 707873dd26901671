package org.preemptlab.applications.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.application.ApplicationContext;
import org.preemptlab.api.application.FinishedJob;
import org.preemptlab.api.application.JobRequest;
import org.preemptlab.api.metrics.MetricReporter;
import org.preemptlab.api.model.Priority;

/** The loop's logic against a hand-driven context; the engine runs it in ApplicationRunTest. */
class TrainingLoopTest {
  private static final TrainingLoopProvider PROVIDER = new TrainingLoopProvider();

  private static Map<String, String> shapes() {
    Map<String, String> p = new HashMap<>();
    for (String phase : TrainingLoopProvider.PHASES) {
      p.put(phase + "-grid", "8");
      p.put(phase + "-threads", "128");
      p.put(phase + "-registers", "32");
      p.put(phase + "-block-time", "10us");
    }
    return p;
  }

  private static Application create(Map<String, String> values) {
    return PROVIDER.create(new PluginContext(Parameters.of(PROVIDER.parameters(), values), null,
        new SplittableRandom(1)));
  }

  /** A context whose clock the test moves and which records what is submitted. */
  private static final class Driver implements ApplicationContext {
    long now;
    long nextId;
    final List<JobRequest> submitted = new ArrayList<>();

    @Override
    public long nowNs() {
      return now;
    }

    @Override
    public long submit(JobRequest request) {
      submitted.add(request);
      return nextId++;
    }

    @Override
    public void wakeAt(long timeNs) {
      throw new AssertionError("the loop never sleeps");
    }
  }

  @Test
  void eachIterationLaunchesItsPhasesAndTheNextStartsWhenTheOptimizerStepEnds() {
    Map<String, String> values = shapes();
    values.put("iterations", "3");
    values.put("forward-kernels", "2");
    values.put("batch-size", "16");
    values.put("priority", "NORMAL");
    Application loop = create(values);
    Driver app = new Driver();

    assertThat(loop.resources().queues()).singleElement()
        .satisfies(q -> {
          assertThat(q.id()).isEqualTo("training");
          assertThat(q.priority()).isEqualTo(Priority.NORMAL);
          assertThat(q.serial()).isTrue();
        });
    loop.start(app);
    assertThat(app.submitted).extracting(r -> r.kernel().name())
        .containsExactly("forward", "forward", "backward", "optimizer");
    // a kernel other than the optimizer step finishing launches nothing
    loop.onJobFinished(new FinishedJob(2, "training", 0, 5, 100), app);
    assertThat(app.submitted).hasSize(4);
    long[] ends = {1_000, 3_500, 5_000};
    for (int i = 0; i < 3; i++) {
      app.now = ends[i];
      loop.onJobFinished(new FinishedJob(app.nextId - 1, "training", 0, 0, ends[i]), app);
    }

    assertThat(app.submitted).hasSize(12); // three iterations, none after the last
    Map<String, Double> metrics = ((MetricReporter) loop).metricValues();
    assertThat(metrics).containsEntry("iterations", 3.0)
        .containsEntry("iteration-mean", (1_000 + 2_500 + 1_500) / 3.0)
        .containsEntry("iteration-p50", 1_500.0)
        .containsEntry("iteration-p99", 2_500.0)
        .containsEntry("samples-per-second", 16 * 3 * 1e9 / 5_000);
  }

  @Test
  void beforeAnyIterationEndsOnlyTheCountIsDefined() {
    Application loop = create(shapes());
    loop.start(new Driver());

    assertThat(((MetricReporter) loop).metricValues()).containsOnlyKeys("iterations")
        .containsEntry("iterations", 0.0);
  }

  @Test
  void aPhaseWithoutItsShapeIsRefusedNamingTheKeys() {
    Map<String, String> values = shapes();
    values.remove("backward-grid");
    values.remove("backward-block-time");

    assertThatThrownBy(() -> create(values)).isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("training-loop: set backward-grid, backward-block-time (the "
            + "backward kernel's shape;");
  }

  @Test
  void anIterationNeedsAnOptimizerStep() {
    Map<String, String> values = shapes();
    values.put("optimizer-kernels", "0");

    assertThatThrownBy(() -> create(values)).isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("optimizer-kernels must be at least 1");
  }

  @Test
  void aPhaseOfNoKernelsNeedsNoShape() {
    Map<String, String> values = shapes();
    values.put("backward-kernels", "0");
    values.remove("backward-grid");
    Driver app = new Driver();

    create(values).start(app);

    assertThat(app.submitted).extracting(r -> r.kernel().name())
        .containsExactly("forward", "optimizer");
  }

  @Test
  void nearestRankPercentiles() {
    long[] sorted = {10, 20, 30, 40};
    assertThat(TrainingLoop.nearestRank(sorted, 50)).isEqualTo(20);
    assertThat(TrainingLoop.nearestRank(sorted, 99)).isEqualTo(40);
    assertThat(TrainingLoop.nearestRank(new long[] {7}, 1)).isEqualTo(7);
  }
}
