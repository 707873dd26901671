package org.preemptlab.lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.runner.experiment.PluginChoice;

/** The cases of {@code bench --llm} and its report. */
class LlmServingRateTest {

  @Test
  void theConversationCasesServeTheTraceShapeAloneAndBesideATrainingLoop() {
    List<LlmServingRate.Case> cases = LlmServingRate.cases(Path.of(".."), 3_000_000_000L);

    assertThat(cases).extracting(LlmServingRate.Case::name).containsExactly("vllm-300",
        "conv-alone", "conv-mps", "conv-time-slicing");
    for (LlmServingRate.Case c : cases.subList(1, 4)) {
      PluginChoice server = c.config().applications().get(0);
      assertThat(server.id()).isEqualTo("llm-serving");
      assertThat(server.parameters()).containsAllEntriesOf(Map.of("duration", "3000000000ns",
          "arrival-rate", "5.53", "prompt-tokens", "1155", "output-tokens", "211",
          "length-distribution", "exponential"));
      assertThat(c.config().hardware().id()).isEqualTo("h200");
    }
    assertThat(cases.get(1).config().applications()).hasSize(1);
    assertThat(cases.get(2).config().applications()).extracting(PluginChoice::id)
        .containsExactly("llm-serving", "training-loop");
    assertThat(cases.get(2).config().sharing()).isNotNull();
    assertThat(cases.get(3).config().applications()).hasSize(2);
    assertThat(cases.get(3).config().sharing()).isNull();
  }

  @Test
  void aCaseThatDiffersWithTheEngineOptionsChangedIsMarkedAndFailsTheReport() {
    LlmServingRate.CaseResult same = new LlmServingRate.CaseResult("conv-alone", 2_000_000_000L,
        10, 100, 110, 4_000_000_000L, 1_000_000_000L, 1_500_000_000L, 3L << 20, 1L << 20, true,
        true);
    LlmServingRate.CaseResult differs = new LlmServingRate.CaseResult("conv-mps", 2_000_000_000L,
        10, 100, 110, 4_000_000_000L, -1, -1, 0, 0, true, false);
    LlmServingRate.Report report = new LlmServingRate.Report(2_000_000_000L, List.of(same,
        differs));

    String text = LlmServingRate.render(report);

    assertThat(report.repeatable()).isFalse();
    assertThat(same.simulatedPerCpuSecond()).isEqualTo(2.0);
    assertThat(text).containsPattern("conv-alone +2\\.000 +10 +100 +4\\.00 +1\\.00 +0\\.5000 "
        + "+2\\.0000 +1,800 +1\\.50 +3 +1 +EQUAL")
        .containsPattern("conv-mps .* n/a +n/a +n/a +0 +0 +DIFFER")
        .contains("DIFFERENT results in the cases marked DIFFER");
  }
}
