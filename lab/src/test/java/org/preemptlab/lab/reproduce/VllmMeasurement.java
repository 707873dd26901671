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

/**
 * vLLM's measured per-request times in an LLMServingSim 2.0 validation bundle
 * ({@code vllm/requests.csv}), and the seven figures a vLLM reproduction targets, recomputed from
 * them: TTFT, TPOT and end-to-end latency (mean and p99, ms) and output tokens per second.
 */
final class VllmMeasurement {
  /** One request's times (s): queued, first token, last token; and its prompt and output tokens. */
  record Request(double queued, double first, double last, int input, int output) {}

  private VllmMeasurement() {}

  /** The bundle's requests, in the file's order. */
  static List<Request> requests(Path bundle) throws IOException {
    List<String> lines = Files.readAllLines(bundle.resolve("vllm/requests.csv"),
        StandardCharsets.UTF_8);
    assertThat(lines.get(0))
        .isEqualTo("request_id,input_toks,output_toks,queued_ts,first_token_ts,last_token_ts");
    List<Request> out = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] c = line.split(",");
      out.add(new Request(Double.parseDouble(c[3]), Double.parseDouble(c[4]),
          Double.parseDouble(c[5]), Integer.parseInt(c[1]), Integer.parseInt(c[2])));
    }
    return out;
  }

  /**
   * Asserts that {@code targets} (TTFT mean, TTFT p99, TPOT mean, TPOT p99, end-to-end mean,
   * end-to-end p99 in ms, output tokens per second) are what the bundle's 300 requests give.
   */
  static void assertTargetsAreTheMeasurement(Path bundle, double... targets) throws IOException {
    List<Request> m = requests(bundle);
    assertThat(m).hasSize(300);
    double[] ttft = m.stream().mapToDouble(r -> (r.first() - r.queued()) * 1e3).toArray();
    double[] tpot = m.stream().filter(r -> r.output() > 1)
        .mapToDouble(r -> (r.last() - r.first()) / (r.output() - 1) * 1e3).toArray();
    double[] e2e = m.stream().mapToDouble(r -> (r.last() - r.queued()) * 1e3).toArray();
    double span = m.stream().mapToDouble(Request::last).max().orElseThrow()
        - m.stream().mapToDouble(Request::queued).min().orElseThrow();
    double tokens = m.stream().mapToInt(Request::output).sum();
    double[] measured = {mean(ttft), p99(ttft), mean(tpot), p99(tpot), mean(e2e), p99(e2e),
        tokens / span};
    assertThat(targets).hasSize(measured.length);
    for (int i = 0; i < measured.length; i++) {
      assertThat(measured[i]).as("row %s", i + 1)
          .isCloseTo(targets[i], within(i == measured.length - 1 ? 0.01 : 0.001));
    }
  }

  private static double mean(double[] v) {
    return Arrays.stream(v).average().orElseThrow();
  }

  /** The nearest-rank 99th percentile (the 3rd-longest of 300). */
  private static double p99(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s[(int) Math.ceil(0.99 * s.length) - 1];
  }
}
