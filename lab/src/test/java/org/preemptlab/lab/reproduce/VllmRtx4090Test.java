package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The vllm-rtx4090 targets and inputs are the bundle's, not numbers typed in. */
class VllmRtx4090Test {
  private static final Path BUNDLE = VllmRtxPro6000.root().resolve(VllmRtx4090.BUNDLE);

  /** vLLM's per-request times (s): queued, first token, last token; and the tokens. */
  private record Measured(double queued, double first, double last, int input, int output) {}

  private static List<Measured> measured() throws IOException {
    List<String> lines = Files.readAllLines(BUNDLE.resolve("vllm/requests.csv"),
        StandardCharsets.UTF_8);
    assertThat(lines.get(0))
        .isEqualTo("request_id,input_toks,output_toks,queued_ts,first_token_ts,last_token_ts");
    List<Measured> out = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] c = line.split(",");
      out.add(new Measured(Double.parseDouble(c[3]), Double.parseDouble(c[4]),
          Double.parseDouble(c[5]), Integer.parseInt(c[1]), Integer.parseInt(c[2])));
    }
    return out;
  }

  private static double mean(double[] v) {
    return Arrays.stream(v).average().orElseThrow();
  }

  private static double p99(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s[(int) Math.ceil(0.99 * s.length) - 1];
  }

  @Test
  void theTargetsAreVllmsMeasurementInTheBundle() throws IOException {
    List<Measured> m = measured();
    assertThat(m).hasSize(300);
    double[] ttft = m.stream().mapToDouble(r -> (r.first - r.queued) * 1e3).toArray();
    double[] tpot = m.stream().filter(r -> r.output > 1)
        .mapToDouble(r -> (r.last - r.first) / (r.output - 1) * 1e3).toArray();
    double[] e2e = m.stream().mapToDouble(r -> (r.last - r.queued) * 1e3).toArray();
    assertThat(mean(ttft)).isCloseTo(VllmRtx4090.TTFT_MEAN, within(0.001));
    assertThat(p99(ttft)).isCloseTo(VllmRtx4090.TTFT_P99, within(0.001));
    assertThat(mean(tpot)).isCloseTo(VllmRtx4090.TPOT_MEAN, within(0.001));
    assertThat(p99(tpot)).isCloseTo(VllmRtx4090.TPOT_P99, within(0.001));
    assertThat(mean(e2e)).isCloseTo(VllmRtx4090.E2E_MEAN, within(0.001));
    assertThat(p99(e2e)).isCloseTo(VllmRtx4090.E2E_P99, within(0.001));
    double span = m.stream().mapToDouble(Measured::last).max().orElseThrow()
        - m.stream().mapToDouble(Measured::queued).min().orElseThrow();
    double tokens = m.stream().mapToInt(Measured::output).sum();
    assertThat(tokens / span).isCloseTo(VllmRtx4090.THROUGHPUT, within(0.01));
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
    List<Measured> m = measured();
    assertThat(trace).hasSize(301);
    for (int i = 0; i < m.size(); i++) {
      String[] c = trace.get(i + 1).split(",");
      assertThat(Integer.parseInt(c[1])).isEqualTo(m.get(i).input);
      assertThat(Integer.parseInt(c[2])).isEqualTo(m.get(i).output);
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
