package org.preemptlab.runner.experiment.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;
import org.preemptlab.runner.experiment.YamlBinding;

/**
 * The bundled sweeps' runs give the same result and the same metrics with block aggregation on
 * (the default) and off: from each sweep of examples/configs, four of its runs spread over its
 * plan (all of them if it has fewer). {@code plugin-sweep.yaml} is left out: its policy is the
 * out-of-tree example plugin, which this module's tests do not build.
 */
@Tag("slow")
class AggregationSweepsTest {
  private static final Path CONFIGS = Path.of("..", "examples", "configs");
  private static final RunExecutor EXECUTOR =
      new RunExecutor(PluginRegistry.discover(Optional.empty()));

  @ParameterizedTest
  @ValueSource(strings = {"cluster-sweep.yaml", "llm-colocation.yaml", "policy-library.yaml", "policy-sweep.yaml", "sharing-comparison.yaml",
      "trace-colocation.yaml"})
  void aSweepsRunsAgreeWithAndWithoutAggregation(String file) {
    Path path = CONFIGS.resolve(file);
    SweepConfig config = YamlBinding.read(path, SweepConfig.class).orElseThrow()
        .withPathsResolvedAgainst(ConfigLoader.folderOf(path));
    List<PlannedRun> runs = SweepPlan.of(config).runs();
    int stride = Math.max(1, runs.size() / 4);
    for (int i = 0; i < runs.size(); i += stride) {
      RunConfig on = runs.get(i).config();
      RunConfig off = on.withEngine(on.engine().withAggregateBlocks(false));

      RunOutcome aggregated = EXECUTOR.execute(on);
      RunOutcome blockByBlock = EXECUTOR.execute(off);

      String what = file + " run " + i + " of " + runs.size();
      assertThat(aggregated.result()).as(what).isEqualTo(blockByBlock.result());
      assertThat(aggregated.metrics()).as(what).isEqualTo(blockByBlock.metrics());
    }
  }
}
