package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.api.ConfigurationException;

class OverridesTest {
  private static final RunConfig BASE = ConfigLoader.parse("""
      hardware: {id: h200, parameters: {time-slice: 1ms}}
      policy: {id: priority, parameters: {preempt: false}}
      preemption: {id: user-yield, parameters: {x: 1}}
      context-save: {id: liveness, parameters: {y: 2}}
      workload: {generator: synthetic, parameters: {duration: 10ms}}
      """, "base.yaml");

  private static final String SPEC_CONFIG = """
      workload:
        spec:
          duration: 1ms
          contexts: [{id: app}]
          queues: [{id: q, context: app, arrival: {process: poisson, mean-interval: 1ms},
                    kernels: [{grid-blocks: 1, threads-per-block: 32, block-time: 1us}]}]
      """;

  @Test
  void choosingTheSameIdKeepsThePluginsParameters() {
    assertThat(Overrides.choose(BASE, "hardware", "h200").hardware())
        .isEqualTo(new PluginChoice("h200", Map.of("time-slice", "1ms")));
    assertThat(Overrides.choose(BASE, "policy", "priority").policy())
        .isEqualTo(new PluginChoice("priority", Map.of("preempt", "false")));
    assertThat(Overrides.choose(BASE, "preemption", "user-yield").preemption())
        .isEqualTo(new PluginChoice("user-yield", Map.of("x", "1")));
    assertThat(Overrides.choose(BASE, "context-save", "liveness").contextSave())
        .isEqualTo(new PluginChoice("liveness", Map.of("y", "2")));
  }

  @Test
  void choosingAnotherIdDropsTheParametersOfTheFileAndNothingElse() {
    RunConfig changed = Overrides.choose(BASE, "policy", "fifo");

    assertThat(changed.policy()).isEqualTo(PluginChoice.of("fifo"));
    assertThat(changed).isEqualTo(BASE.withPolicy(PluginChoice.of("fifo")));
    assertThat(Overrides.choose(BASE, "hardware", "gtx480").hardware())
        .isEqualTo(PluginChoice.of("gtx480"));
    assertThat(Overrides.choose(BASE, "preemption", "block-boundary").preemption())
        .isEqualTo(PluginChoice.of("block-boundary"));
    assertThat(Overrides.choose(BASE, "context-save", "full").contextSave())
        .isEqualTo(PluginChoice.of("full"));
  }

  @Test
  void choosingTheSameWorkloadGeneratorKeepsItsParameters() {
    assertThat(Overrides.choose(BASE, "workload", "synthetic").workload())
        .isEqualTo(new WorkloadConfig("synthetic", Map.of("duration", "10ms"), null));
  }

  @Test
  void choosingTheSyntheticGeneratorKeepsAnInlineSpec() {
    RunConfig config = ConfigLoader.parse(SPEC_CONFIG, "spec.yaml");

    assertThat(Overrides.choose(config, "workload", "synthetic")).isEqualTo(config);
  }

  @Test
  void choosingAnotherWorkloadGeneratorDropsItsParametersAndAnInlineSpec() {
    RunConfig config = ConfigLoader.parse(SPEC_CONFIG, "spec.yaml");

    assertThat(Overrides.choose(config, "workload", "csv-trace").workload())
        .isEqualTo(new WorkloadConfig("csv-trace", Map.of(), null));
    assertThat(Overrides.choose(BASE, "workload", "csv-trace").workload())
        .isEqualTo(new WorkloadConfig("csv-trace", Map.of(), null));
  }

  @Test
  void choosingAnUnknownSectionListsTheSections() {
    assertThatThrownBy(() -> Overrides.choose(BASE, "polcy", "fifo"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("unknown configuration section 'polcy'; did you mean 'policy'? valid: "
            + "context-save, hardware, policy, preemption, workload");
  }

  @Test
  void setNameAndSeed() {
    RunConfig config = Overrides.set(Overrides.set(BASE, "name=trial 3"), "seed = 7");

    assertThat(config).isEqualTo(BASE.withName("trial 3").withSeed(7));
  }

  @Test
  void setEngineKeysChangesOnlyThatKey() {
    RunConfig limited = Overrides.set(BASE, "engine.credit-limit=4");
    RunConfig unchecked = Overrides.set(limited, "engine.check-invariants=false");

    assertThat(limited.engine()).isEqualTo(new EngineConfig(4, null));
    assertThat(unchecked.engine()).isEqualTo(new EngineConfig(4, false));
    assertThat(Overrides.set(unchecked, "engine.credit-limit=2").engine())
        .isEqualTo(new EngineConfig(2, false));
  }

  @Test
  void setPluginParametersAddsToTheChosenPlugin() {
    RunConfig config = BASE;
    config = Overrides.set(config, "hardware.preemption-signal=2us");
    config = Overrides.set(config, "policy.preempt=true");
    config = Overrides.set(config, "preemption.z=3");
    config = Overrides.set(config, "context-save.w=4");
    config = Overrides.set(config, "workload.spec=my.yaml");

    assertThat(config.hardware()).isEqualTo(new PluginChoice("h200",
        Map.of("time-slice", "1ms", "preemption-signal", "2us")));
    assertThat(config.policy()).isEqualTo(new PluginChoice("priority", Map.of("preempt", "true")));
    assertThat(config.preemption())
        .isEqualTo(new PluginChoice("user-yield", Map.of("x", "1", "z", "3")));
    assertThat(config.contextSave())
        .isEqualTo(new PluginChoice("liveness", Map.of("y", "2", "w", "4")));
    assertThat(config.workload()).isEqualTo(new WorkloadConfig("synthetic",
        Map.of("duration", "10ms", "spec", "my.yaml"), null));
  }

  @Test
  void aValueMayContainAnEqualsSign() {
    assertThat(Overrides.set(BASE, "workload.path=a=b.csv").workload().parameters())
        .containsEntry("path", "a=b.csv");
  }

  @ParameterizedTest
  @ValueSource(strings = {"seed", "=7", ""})
  void anAssignmentWithoutAKeyIsMalformed(String assignment) {
    assertThatThrownBy(() -> Overrides.set(BASE, assignment))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("--set " + assignment + ": expected KEY=VALUE, e.g. policy.preempt=false or "
            + "seed=7");
  }

  @Test
  void anUnknownKeyListsTheValidKeys() {
    assertThatThrownBy(() -> Overrides.set(BASE, "foo=1"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("unknown key 'foo'; valid: applications[N].<parameter>, "
            + "context-save.<parameter>, engine.aggregate-blocks, engine.check-invariants, "
            + "engine.credit-limit, engine.in-order, engine.launch-batch, engine.launch-window, "
            + "hardware.<parameter>, name, policy.<parameter>, "
            + "preemption.<parameter>, seed, workload.<parameter>");
  }

  @Test
  void aMisspelledKeySuggestsTheClosest() {
    assertThatThrownBy(() -> Overrides.set(BASE, "sed=7"))
        .hasMessageStartingWith("unknown key 'sed'; did you mean 'seed'? valid: ");
    assertThatThrownBy(() -> Overrides.set(BASE, "polcy.preempt=false"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("unknown key 'polcy.preempt'; valid: ");
  }

  @Test
  void valuesOfTheWrongTypeAreRefused() {
    assertThatThrownBy(() -> Overrides.set(BASE, "seed=abc"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("--set seed: expected a whole number, got 'abc'");
    assertThatThrownBy(() -> Overrides.set(BASE, "engine.credit-limit=0"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("--set engine.credit-limit: expected a whole number >= 1, got '0'");
    assertThatThrownBy(() -> Overrides.set(BASE, "engine.credit-limit=3000000000"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("--set engine.credit-limit: expected a whole number >= 1, got '3000000000'");
    assertThatThrownBy(() -> Overrides.set(BASE, "engine.check-invariants=yes"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("--set engine.check-invariants: expected true or false, got 'yes'");
  }

  @Test
  void aWorkloadParameterOnAnInlineSpecIsRefused() {
    RunConfig config = ConfigLoader.parse(SPEC_CONFIG, "spec.yaml");

    assertThatThrownBy(() -> Overrides.set(config, "workload.duration=5ms"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("workload.duration: the workload is an inline spec; edit the spec in the "
            + "configuration file instead");
  }
}
