package org.preemptlab.runner.report.trace;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunConfig;

class TraceLabelsTest {
  @Test
  void aTimelineIsLabelledWithTheRunAndEachPluginChoiceButTheWorkloadInSectionOrder() {
    RunConfig config = ConfigLoader.parse("""
        name: labelled
        seed: 4
        hardware: {id: h100, parameters: {time-slice: 1ms}}
        policy: {id: priority, parameters: {preempt: false}}
        workload: {generator: csv-trace, parameters: {path: /t.csv}}
        applications: [training-loop, {id: training-loop, parameters: {queue: b}}]
        """, "c.yaml");

    assertThat(TraceLabels.of(config)).containsExactly(
        entry("generator", "preemptlab"), entry("run", "labelled"), entry("seed", "4"),
        entry("hardware", "h100(time-slice=1ms)"), entry("policy", "priority(preempt=false)"),
        entry("preemption", "block-boundary"), entry("context-save", "full"),
        entry("applications", "training-loop, training-loop(queue=b)"));
  }

  private static java.util.Map.Entry<String, String> entry(String key, String value) {
    return java.util.Map.entry(key, value);
  }
}
