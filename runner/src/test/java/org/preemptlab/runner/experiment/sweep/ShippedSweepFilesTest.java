package org.preemptlab.runner.experiment.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.runner.experiment.YamlBinding;

/** Every sweep file shipped in examples/configs reads as a valid sweep (keys, plugins, metrics). */
class ShippedSweepFilesTest {

  @ParameterizedTest
  @ValueSource(strings = {"policy-sweep.yaml", "cluster-sweep.yaml", "trace-colocation.yaml",
      "plugin-sweep.yaml", "policy-library.yaml", "sharing-comparison.yaml",
      "llm-colocation.yaml", "idle-sms.yaml"})
  void aShippedSweepFileReadsAsAValidSweep(String name) {
    Path file = Path.of("..", "examples", "configs", name);

    assertThat(YamlBinding.read(file, SweepConfig.class)).isPresent();
  }
}
