package org.preemptlab.applications.llm;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the server measures over a run: per request its time to first token, time per output
 * token and latency, every gap between two consecutive tokens of a request, the tokens generated,
 * and the KV cache's occupancy over time. Percentiles are nearest-rank, as the runner's own
 * ({@code docs/metrics.md}); means are arithmetic.
 */
final class ServingStats {
  private final long ttftSloNs;
  private final long tpotSloNs;
  long arrived;
  long rejected;
  long iterations;
  private long kvArea;
  private long kvPeakBlocks;
  private long kvLastNs;
  private long kvBlocks;

  ServingStats(long ttftSloNs, long tpotSloNs) {
    this.ttftSloNs = ttftSloNs;
    this.tpotSloNs = tpotSloNs;
  }

  /** The KV cache holds {@code blocks} blocks from {@code nowNs} on. */
  void kv(long nowNs, long blocks) {
    kvArea += kvBlocks * (nowNs - kvLastNs);
    kvLastNs = nowNs;
    kvBlocks = blocks;
    kvPeakBlocks = Math.max(kvPeakBlocks, blocks);
  }

  /** A request's time per output token, or -1 with fewer than 2 output tokens. */
  static double tpot(RequestSpec spec, long firstTokenNs, long finishNs) {
    return spec.outputTokens() < 2 ? -1
        : (double) (finishNs - firstTokenNs) / (spec.outputTokens() - 1);
  }

  /**
   * The metric values of a run whose requests (every one admitted to the queue, in arrival order)
   * ended as they are; rates and the KV mean are over {@code [0, spanNs)}.
   */
  Map<String, Double> values(List<ContinuousBatcher.Request> requests, long spanNs,
      long blockBytes, long totalBlocks, long preemptions, long swapPreemptions) {
    kv(spanNs, kvBlocks);
    Map<String, Double> values = new LinkedHashMap<>();
    int n = requests.size();
    long[] ttft = new long[n];
    long[] e2e = new long[n];
    double[] tpot = new double[n];
    int finished = 0;
    int withTpot = 0;
    int withoutToken = 0;
    long sloMet = 0;
    long tokens = 0;
    long gapCount = 0;
    for (ContinuousBatcher.Request r : requests) {
      long[] times = r.tokenTimes();
      tokens += times.length;
      gapCount += Math.max(0, times.length - 1);
      if (times.length == 0) {
        withoutToken++;
      }
      if (!r.finished()) {
        continue;
      }
      long t = r.firstTokenNs - r.spec.arrivalNs();
      ttft[finished] = t;
      e2e[finished++] = r.finishNs - r.spec.arrivalNs();
      double perToken = tpot(r.spec, r.firstTokenNs, r.finishNs);
      boolean met = t <= ttftSloNs;
      if (perToken >= 0) {
        tpot[withTpot++] = perToken;
        met &= perToken <= tpotSloNs;
      }
      if (met) {
        sloMet++;
      }
    }
    double[] delays = requests.stream().filter(r -> r.firstScheduledNs >= 0)
        .mapToDouble(r -> r.firstScheduledNs - r.spec.arrivalNs()).sorted().toArray();
    if (delays.length > 0) {
      values.put("scheduling-delay-p50", delays[rank(50, delays.length)]);
      values.put("scheduling-delay-p99", delays[rank(99, delays.length)]);
    }
    long[] gaps = new long[Math.toIntExact(gapCount)];
    int g = 0;
    for (ContinuousBatcher.Request r : requests) {
      long[] times = r.tokenTimes();
      for (int i = 1; i < times.length; i++) {
        gaps[g++] = times[i] - times[i - 1];
      }
    }
    double seconds = spanNs / 1e9;
    values.put("requests-arrived", (double) arrived);
    values.put("requests-finished", (double) finished);
    values.put("requests-rejected", (double) rejected);
    values.put("requests-unfinished", (double) (n - finished));
    values.put("requests-without-token", (double) withoutToken);
    values.put("slo-met", (double) sloMet);
    values.put("goodput", sloMet / seconds);
    values.put("tokens-per-second", tokens / seconds);
    values.put("serving-span", (double) spanNs);
    values.put("iterations", (double) iterations);
    values.put("kv-preemptions", (double) preemptions);
    values.put("kv-swap-preemptions", (double) swapPreemptions);
    values.put("kv-capacity-bytes", (double) totalBlocks * blockBytes);
    values.put("kv-peak-bytes", (double) kvPeakBlocks * blockBytes);
    values.put("kv-mean-bytes", (double) kvArea / spanNs * blockBytes);
    if (finished > 0) {
      summarize(values, "ttft", Arrays.stream(ttft, 0, finished).asDoubleStream().toArray());
      summarize(values, "e2e-latency",
          Arrays.stream(e2e, 0, finished).asDoubleStream().toArray());
      values.put("slo-attainment", (double) sloMet / finished);
    }
    if (withTpot > 0) {
      summarize(values, "tpot", Arrays.copyOf(tpot, withTpot));
    }
    if (gaps.length > 0) {
      Arrays.sort(gaps);
      values.put("tbt-p50", (double) gaps[rank(50, gaps.length)]);
      values.put("tbt-p90", (double) gaps[rank(90, gaps.length)]);
      values.put("tbt-p99", (double) gaps[rank(99, gaps.length)]);
    }
    return values;
  }

  /** Puts {@code <name>-mean}, {@code -p50}, {@code -p90} and {@code -p99} of {@code v}. */
  private static void summarize(Map<String, Double> values, String name, double[] v) {
    double sum = 0;
    for (double x : v) {
      sum += x;
    }
    Arrays.sort(v);
    values.put(name + "-mean", sum / v.length);
    values.put(name + "-p50", v[rank(50, v.length)]);
    values.put(name + "-p90", v[rank(90, v.length)]);
    values.put(name + "-p99", v[rank(99, v.length)]);
  }

  /** The nearest-rank index of percentile {@code p} among {@code n >= 1} sorted values. */
  static int rank(int p, int n) {
    return Math.max(0, (int) (((long) p * n + 99) / 100) - 1);
  }
}
