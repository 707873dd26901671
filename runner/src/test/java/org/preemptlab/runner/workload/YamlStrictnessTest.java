package org.preemptlab.runner.workload;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.YamlBinding;

/** YAML read as docs/config-format.md says: no empty sections, no aliases, booleans true/false. */
class YamlStrictnessTest {
  @ParameterizedTest
  @ValueSource(strings = {"policy: ~\n", "hardware:\n", "sharing: null\n",
      "context-save: ~\n", "policy: {id: fifo, parameters: ~}\n"})
  void aSectionLeftEmptyIsAnErrorNotItsDefault(String yaml) {
    assertThatThrownBy(() -> YamlBinding.parse("name: x\n" + yaml, "c.yaml", RunConfig.class))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("c.yaml:2:")
        .hasMessageContaining("a value is never empty or ~ (null)");
  }

  @Test
  void anAliasIsRefusedInsteadOfBeingReadAsItsName() {
    assertThatThrownBy(() -> YamlBinding.parse("name: *undefined\n", "c.yaml", RunConfig.class))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("c.yaml:1:7: an alias (*name) is not supported; write the value out");
    assertThatThrownBy(() -> YamlBinding.parse("name: &x run\nseed: 1\n", "c.yaml",
        RunConfig.class))
        .hasMessageContaining("c.yaml:1:7: an anchor (&name) is not supported");
  }

  @ParameterizedTest
  @ValueSource(strings = {"on", "off", "yes", "No", "Y"})
  void yesNoOnOffAreNotBooleans(String word) {
    assertThatThrownBy(() -> YamlBinding.parse("name: x\nengine: {in-order: " + word + "}\n",
        "c.yaml", RunConfig.class))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("in-order");
  }

  @Test
  void trueFalseAndAWholeDocumentOfTildeAreStillRead() {
    assertThatCode(() -> YamlBinding.parse("name: x\nengine: {in-order: true}\n", "c.yaml",
        RunConfig.class)).doesNotThrowAnyException();
    assertThatCode(() -> YamlBinding.parse("~\n", "c.yaml", RunConfig.class))
        .doesNotThrowAnyException();
  }
}
