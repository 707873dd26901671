package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The vllm-rtx4090 targets and inputs are the bundle's, not numbers typed in. */
class VllmRtx4090Test {
  private static final Path BUNDLE = VllmRtxPro6000.root().resolve(VllmRtx4090.BUNDLE);

  @Test
  void theTargetsAreVllmsMeasurementInTheBundle() throws IOException {
    VllmMeasurement.assertTargetsAreTheMeasurement(BUNDLE, VllmRtx4090.TTFT_MEAN, VllmRtx4090.TTFT_P99,
        VllmRtx4090.TPOT_MEAN, VllmRtx4090.TPOT_P99, VllmRtx4090.E2E_MEAN, VllmRtx4090.E2E_P99, VllmRtx4090.THROUGHPUT);
  }

  @Test
  void theMeansAgreeWithLlmServingSimsOwnSummaryOfTheBundle() throws IOException {
    var summary = VllmRtxPro6000.summary(BUNDLE.resolve("validation/summary.txt"));
    assertThat(summary.get("TTFT Mean")).containsExactly("65456.6", "65820.2", "+0.6%");
    assertThat(Double.parseDouble(summary.get("TPOT Mean")[0]))
        .isCloseTo(VllmRtx4090.TPOT_MEAN, within(0.05));
    assertThat(Double.parseDouble(summary.get("Latency Mean")[0]))
        .isCloseTo(VllmRtx4090.E2E_MEAN, within(0.05));
  }

  @Test
  void theTraceIsTheBundlesThreeHundredRequestsInOrder() throws IOException {
    List<String> trace = Files.readAllLines(BUNDLE.resolve("trace.csv"), StandardCharsets.UTF_8);
    List<VllmMeasurement.Request> m = VllmMeasurement.requests(BUNDLE);
    assertThat(trace).hasSize(301);
    for (int i = 0; i < m.size(); i++) {
      String[] c = trace.get(i + 1).split(",");
      assertThat(Integer.parseInt(c[1])).isEqualTo(m.get(i).input());
      assertThat(Integer.parseInt(c[2])).isEqualTo(m.get(i).output());
    }
  }

  @Test
  void theKvCacheAndBudgetsAreWhatVllmReported() throws IOException {
    String meta = Files.readString(BUNDLE.resolve("vllm/meta.json"));
    assertThat(meta).contains("\"num_gpu_blocks\": 2588", "\"block_size\": 16",
        "\"max_num_seqs\": 256", "\"max_num_batched_tokens\": 2048",
        "\"device_name\": \"NVIDIA GeForce RTX 4090\"");
    // Llama 3.1 8B: 2 (K and V) x 8 KV heads x 128 x 32 layers x 2 B = 131,072 B a token
    assertThat(VllmRtx4090.KV_CACHE_BYTES).isEqualTo(2588L * 16 * 131_072);
    assertThat(VllmRtx4090.config(VllmRtxPro6000.root())).contains("max-batch-seqs: 256",
        "kv-cache-bytes: " + VllmRtx4090.KV_CACHE_BYTES);
  }
}
