package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.YamlBinding;
import org.preemptlab.runner.experiment.sweep.SweepConfig;
import org.preemptlab.runner.experiment.sweep.SweepPlan;

class SweepProvenanceTest {
  @Test
  void aSweepsProvenanceListsThePluginsOfEveryConfigurationsPlanOnceInKindOrder(
      @TempDir Path dir) throws IOException {
    SweepPlan plan = SweepPlan.of(YamlBinding.parse("""
        base: {workload: {generator: csv-trace, parameters: {path: t.csv}}}
        vary:
          policy: [k-edf, fifo]
          context-save: [full, liveness]
        """, "s.yaml", SweepConfig.class).orElseThrow());
    RunExecutor executor = new RunExecutor(PluginRegistry.discover(Optional.empty()));

    SweepCommand.writeProvenance(plan, plan.plans(executor), dir, "preemptlab sweep");

    String json = Files.readString(dir.resolve("provenance.json"));
    assertThat(json).containsSubsequence("\"id\" : \"fifo\"", "\"id\" : \"k-edf\"",
        "\"id\" : \"block-boundary\"", "\"id\" : \"full\"", "\"id\" : \"liveness\"",
        "\"id\" : \"h200\"", "\"id\" : \"csv-trace\"");
    assertThat(json.split("\"id\" : \"fifo\"", -1)).hasSize(2); // once, though in 2 configs
    assertThat(Files.readAllLines(dir.resolve("configs/k-edf__liveness.yaml")))
        .contains("  id: \"k-edf\"", "  id: \"liveness\"");
  }
}
