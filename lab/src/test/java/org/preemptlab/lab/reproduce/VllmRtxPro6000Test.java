package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The vllm-rtxpro6000 targets are vLLM's measurement in the bundle, not numbers typed in. */
class VllmRtxPro6000Test {
  private static final Path BUNDLE = VllmRtxPro6000.root().resolve(VllmRtxPro6000.BUNDLE);

  @Test
  void theTargetsAreVllmsMeasurementInTheBundle() throws IOException {
    VllmMeasurement.assertTargetsAreTheMeasurement(BUNDLE, VllmRtxPro6000.TTFT_MEAN, VllmRtxPro6000.TTFT_P99,
        VllmRtxPro6000.TPOT_MEAN, VllmRtxPro6000.TPOT_P99, VllmRtxPro6000.E2E_MEAN, VllmRtxPro6000.E2E_P99, VllmRtxPro6000.THROUGHPUT);
  }

  @Test
  void theMeansAgreeWithLlmServingSimsOwnSummaryOfTheBundle() throws IOException {
    Map<String, String[]> summary = VllmRtxPro6000.summary(BUNDLE.resolve(
        "validation/summary.txt"));
    assertThat(summary.get("TTFT Mean")).containsExactly("7097.2", "6815.7", "-4.0%");
    assertThat(Double.parseDouble(summary.get("TPOT Mean")[0]))
        .isCloseTo(VllmRtxPro6000.TPOT_MEAN, within(0.05));
    assertThat(Double.parseDouble(summary.get("Latency Mean")[0]))
        .isCloseTo(VllmRtxPro6000.E2E_MEAN, within(0.05));
  }

  @Test
  void theTraceIsTheBundlesThreeHundredRequestsInOrder() throws IOException {
    List<String> trace = Files.readAllLines(BUNDLE.resolve("trace.csv"), StandardCharsets.UTF_8);
    List<VllmMeasurement.Request> m = VllmMeasurement.requests(BUNDLE);
    assertThat(trace).hasSize(301);
    for (int i = 0; i < m.size(); i++) {
      assertThat(Integer.parseInt(trace.get(i + 1).split(",")[2])).isEqualTo(m.get(i).output());
    }
  }

  @Test
  void theToleranceIsFivePercentOnMeansAndTenOnP99() {
    assertThat(VllmRtxPro6000.TARGETS).hasSize(7);
    assertThat(VllmRtxPro6000.TARGETS.get(0).tolerance().accepts(VllmRtxPro6000.TTFT_MEAN * 1.049))
        .isTrue();
    assertThat(VllmRtxPro6000.TARGETS.get(0).tolerance().accepts(VllmRtxPro6000.TTFT_MEAN * 1.051))
        .isFalse();
    assertThat(VllmRtxPro6000.TARGETS.get(1).tolerance().accepts(VllmRtxPro6000.TTFT_P99 * 0.901))
        .isTrue();
    assertThat(VllmRtxPro6000.TARGETS.get(1).tolerance().accepts(VllmRtxPro6000.TTFT_P99 * 0.899))
        .isFalse();
  }

  @Test
  void theReproductionAppliesTheBundlesSkewCorrectionAndTheAblationLeavesItOut() {
    Path root = VllmRtxPro6000.root();
    assertThat(VllmRtxPro6000.config(root)).contains("attention-skew: profile");
    assertThat(VllmRtxPro6000.config(root, false, true)).contains("attention-skew: off");
    assertThat(VllmRtxPro6000.config(root)).contains("prefix-caching: true")
        .contains("trace-format: llmservingsim");
    assertThat(root.resolve(VllmRtxPro6000.PROFILE).resolve("tp1/skew_fit.csv")).isRegularFile();
  }

  @Test
  void theServingDocsQuoteTheTtftMeansThePageShowsWithAndWithoutTheSkewCorrection()
      throws IOException {
    Path root = VllmRtxPro6000.root();
    String row = Files.readAllLines(root.resolve("docs/reproductions/vllm-rtxpro6000.md"),
        StandardCharsets.UTF_8).stream().filter(l -> l.startsWith("| TTFT mean (ms) | "))
        .findFirst().orElseThrow();
    String[] cells = row.split("\\|");
    // | row | vLLM | llm-serving | llm-serving, no skew correction | LLMServingSim |
    String docs = Files.readString(root.resolve("docs/llm-serving.md"));
    assertThat(docs).contains(cells[3].strip() + " against vLLM's " + cells[2].strip()
        + " ms; without it " + cells[4].strip() + " ms");
  }
}
