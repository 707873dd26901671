package org.preemptlab.applications.llm;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the server measures over a run, up to its horizon: each finished request's latencies, the
 * tokens generated, and the KV cache's occupancy over time. Percentiles are nearest-rank, as the
 * runner's own ({@code docs/metrics.md}).
 */
final class ServingStats {
  private final long ttftSloNs;
  private final long tpotSloNs;
  private long[] ttft = new long[64];
  private long[] e2e = new long[64];
  private double[] tpot = new double[64];
  private int finished;
  private int withTpot;
  private long sloMet;
  long arrived;
  long rejected;
  long tokens;
  long iterations;
  private long kvArea;
  private long kvPeakBlocks;
  private long kvLastNs;
  private long kvBlocks;

  ServingStats(long ttftSloNs, long tpotSloNs) {
    this.ttftSloNs = ttftSloNs;
    this.tpotSloNs = tpotSloNs;
  }

  /** A request finished: its time to first token, its time per output token and its latency. */
  void finished(RequestSpec spec, long firstTokenNs, long finishNs) {
    if (finished == ttft.length) {
      ttft = Arrays.copyOf(ttft, finished * 2);
      e2e = Arrays.copyOf(e2e, finished * 2);
    }
    long t = firstTokenNs - spec.arrivalNs();
    ttft[finished] = t;
    e2e[finished] = finishNs - spec.arrivalNs();
    finished++;
    boolean met = t <= ttftSloNs;
    if (spec.outputTokens() >= 2) {
      double perToken = (double) (finishNs - firstTokenNs) / (spec.outputTokens() - 1);
      if (withTpot == tpot.length) {
        tpot = Arrays.copyOf(tpot, withTpot * 2);
      }
      tpot[withTpot++] = perToken;
      met &= perToken <= tpotSloNs;
    }
    if (met) {
      sloMet++;
    }
  }

  /** The KV cache holds {@code blocks} blocks from {@code nowNs} on. */
  void kv(long nowNs, long blocks) {
    kvArea += kvBlocks * (nowNs - kvLastNs);
    kvLastNs = nowNs;
    kvBlocks = blocks;
    kvPeakBlocks = Math.max(kvPeakBlocks, blocks);
  }

  int finishedCount() {
    return finished;
  }

  /**
   * The metric values of the run that ended at {@code horizonNs}, with {@code unfinished}
   * requests arrived and neither finished nor rejected, and a KV block of {@code blockBytes}.
   */
  Map<String, Double> values(long horizonNs, long unfinished, long blockBytes, long totalBlocks,
      long preemptions) {
    kv(horizonNs, kvBlocks);
    double seconds = horizonNs / 1e9;
    Map<String, Double> values = new LinkedHashMap<>();
    values.put("requests-arrived", (double) arrived);
    values.put("requests-finished", (double) finished);
    values.put("requests-rejected", (double) rejected);
    values.put("requests-unfinished", (double) unfinished);
    values.put("slo-met", (double) sloMet);
    values.put("goodput", sloMet / seconds);
    values.put("tokens-per-second", tokens / seconds);
    values.put("iterations", (double) iterations);
    values.put("kv-preemptions", (double) preemptions);
    values.put("kv-capacity-bytes", (double) totalBlocks * blockBytes);
    values.put("kv-peak-bytes", (double) kvPeakBlocks * blockBytes);
    values.put("kv-mean-bytes", (double) kvArea / horizonNs * blockBytes);
    if (finished > 0) {
      long[] t = Arrays.copyOf(ttft, finished);
      long[] e = Arrays.copyOf(e2e, finished);
      Arrays.sort(t);
      Arrays.sort(e);
      values.put("ttft-p50", (double) t[rank(50, finished)]);
      values.put("ttft-p99", (double) t[rank(99, finished)]);
      values.put("e2e-latency-p50", (double) e[rank(50, finished)]);
      values.put("e2e-latency-p99", (double) e[rank(99, finished)]);
      values.put("slo-attainment", (double) sloMet / finished);
    }
    if (withTpot > 0) {
      double[] p = Arrays.copyOf(tpot, withTpot);
      Arrays.sort(p);
      values.put("tpot-p50", p[rank(50, withTpot)]);
      values.put("tpot-p99", p[rank(99, withTpot)]);
    }
    return values;
  }

  /** The nearest-rank index of percentile {@code p} among {@code n >= 1} sorted values. */
  static int rank(int p, int n) {
    return Math.max(0, (int) (((long) p * n + 99) / 100) - 1);
  }
}
