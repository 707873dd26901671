package org.preemptlab.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.runner.drm.ScenarioResult;
import org.preemptlab.runner.experiment.ScenarioRuns;

/**
 * The DRM scheduler scenarios run through the engine (the DRM scheduler is its layer): every
 * bundled scenario under each DRM policy ends with the same result, job by job, with block
 * aggregation on (the default) and off.
 */
@Tag("slow")
class AggregationScenarioTest {
  private static final Path DRM = Path.of(System.getProperty("user.dir")).getParent()
      .resolve("examples/drm");

  @Test
  void everyBundledScenarioEndsAlikeWithAndWithoutAggregation() throws IOException {
    PluginRegistry registry = PluginRegistry.discover(Optional.empty());
    List<Path> files;
    try (Stream<Path> list = Files.list(DRM)) {
      files = list.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
    }
    assertThat(files).hasSizeGreaterThan(20);
    EngineOptions on = EngineOptions.defaults();
    EngineOptions off = on.withAggregateBlocks(false);
    for (Path file : files) {
      Scenario scenario = Scenarios.load(file);
      for (String policy : List.of("drm-fifo", "drm-rr", "drm-fair")) {
        ScenarioResult aggregated = ScenarioRuns.run(scenario, registry, policy, on);
        ScenarioResult blockByBlock = ScenarioRuns.run(scenario, registry, policy, off);

        assertThat(aggregated).as(file.getFileName() + " under " + policy)
            .isEqualTo(blockByBlock);
      }
    }
  }
}
