package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.PluginKind;

class RunConfigChoiceTest {
  static final RunConfig CONFIG = ConfigLoader.parse("""
      hardware: {id: h100, parameters: {time-slice: 1ms}}
      policy: {id: priority, parameters: {preempt: false}}
      preemption: instruction-level
      context-save: liveness
      workload: {generator: csv-trace, parameters: {path: /t.csv}}
      """, "c.yaml");

  @Test
  void eachSectionsChoiceIsReadByItsKindInSectionOrder() {
    assertThat(RunConfig.PLUGIN_KINDS.stream().map(k -> CONFIG.choice(k).toString()))
        .containsExactly("h100(time-slice=1ms)", "priority(preempt=false)", "instruction-level",
            "liveness", "csv-trace(path=/t.csv)");
    assertThat(RunConfig.PLUGIN_KINDS.stream().map(PluginKind::key))
        .containsExactlyElementsOf(Overrides.PLUGIN_SECTIONS);
  }

  @Test
  void aChoiceWrittenBackByKindChangesThatSectionOnly() {
    for (PluginKind kind : RunConfig.PLUGIN_KINDS) {
      PluginChoice other = new PluginChoice("other-" + kind.key(), Map.of("k", "v"));
      RunConfig changed = CONFIG.withChoice(kind, other);

      assertThat(changed.choice(kind)).as(kind.key()).isEqualTo(other);
      for (PluginKind unchanged : RunConfig.PLUGIN_KINDS) {
        if (unchanged != kind) {
          assertThat(changed.choice(unchanged)).isEqualTo(CONFIG.choice(unchanged));
        }
      }
      assertThat(CONFIG.withChoice(kind, CONFIG.choice(kind))).isEqualTo(CONFIG);
    }
  }

  @Test
  void anInlineSpecIsTheSyntheticGeneratorWithoutParametersAndAGeneratorChoiceReplacesIt() {
    RunConfig spec = RunExecutorTest.SMALL;

    assertThat(spec.choice(PluginKind.WORKLOAD)).isEqualTo(PluginChoice.of("synthetic"));
    assertThat(spec.withChoice(PluginKind.WORKLOAD, PluginChoice.of("none")).workload())
        .isEqualTo(WorkloadConfig.none());
  }

  @Test
  void applicationsAreAListNotOneChoice() {
    assertThatThrownBy(() -> CONFIG.choice(PluginKind.APPLICATION))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("applications()");
    assertThatThrownBy(() -> CONFIG.withChoice(PluginKind.APPLICATION, PluginChoice.of("x")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
