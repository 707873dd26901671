package org.preemptlab.applications.llm;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Attention against LLMServingSim 2.0's measured attention tables of Llama 3.1 8B: the roofline's
 * attention ({@link TransformerRoofline}) and the tile and wave model ({@link AttentionTiming}),
 * fitted on ONE table (the RTX PRO 6000's, in-sample) and checked on another GPU's (the RTX
 * 4090's, not fitted on). {@code docs/llm-serving.md} ("The roofline") shows both, printed by
 * {@link RooflineFit#main} and checked by {@code RooflineFitTest}.
 *
 * <p>The fit minimises the sum over the table's rows of the squared relative error by coordinate
 * descent on a grid (each factor in turn over its grid, the others held, until a full round
 * changes none), from a fixed start, so it finds a local minimum; the per-kernel time is solved
 * in closed form at each point (the weighted least-squares value, at least 0).
 */
public final class AttentionFit {
  /** One measured attention call. */
  record Row(int kind, double measuredNs, BatchShape batch, FlashAttentionGrid.Launch launch) {}

  /** A measured table: path, bundled device, and whether the tile model is fitted on it. */
  record Table(String path, String device, boolean fitted) {}

  /** The tables: the first is fitted on (in-sample), the second only checked. */
  static final List<Table> TABLES = List.of(
      new Table("docs/data/llmservingsim/RTXPRO6000/meta-llama/Llama-3.1-8B/bf16/tp1/"
          + "attention.csv", "rtx-pro-6000-server", true),
      new Table("docs/data/llmservingsim/RTX4090/meta-llama/Llama-3.1-8B/bf16/tp1/"
          + "attention.csv", "rtx-4090", false));

  /** The kinds of batch of an attention table's rows, as the comparison splits them. */
  static final List<String> KINDS = List.of("prefill only", "decode only",
      "prefill and decode", "all rows");

  private static final double[] CTA_NS = grid(0, 10_000, 200);
  private static final double[] EMPTY_CTA_NS = grid(0, 2_000, 25);
  private static final double[] CYCLES_PER_SCORE = grid(0, 4, 0.02);
  private static final double[] CTA_BANDWIDTH = grid(0.5, 32, 0.5);
  private static final double[] MEMORY = grid(0.30, 1, 0.02);
  private static final double[] REREAD_MISS = grid(0, 1, 0.05);

  private AttentionFit() {}

  /**
   * The rows of an LLMServingSim {@code attention.csv}: a row's batch is one prefill chunk of
   * {@code prefill_chunk} tokens after {@code kv_prefill} cached ones and {@code n_decode}
   * decodes of {@code kv_decode} cached tokens each; its measured time is the row's, of one layer
   * of Llama 3.1 8B at TP 1.
   */
  static List<Row> rows(Path csv, DeviceRoof device) {
    ModelArchitecture arch = ModelArchitecture.bundled("llama-3.1-8b", "fit");
    ProfileTable t = ProfileTable.read(csv);
    t.require(List.of("prefill_chunk", "kv_prefill", "n_decode", "kv_decode", "time_us"),
        "LLMServingSim attention.csv");
    List<Row> rows = new ArrayList<>();
    for (int r = 0; r < t.size(); r++) {
      long pc = t.count(r, "prefill_chunk", 0, 1L << 30);
      long kp = t.count(r, "kv_prefill", 0, 1L << 40);
      long nd = t.count(r, "n_decode", 0, 1L << 20);
      long kd = t.count(r, "kv_decode", 0, 1L << 40);
      List<SequenceWork> work = new ArrayList<>();
      if (pc > 0) {
        work.add(SequenceWork.prefill(pc, kp, true));
      }
      for (long i = 0; i < nd; i++) {
        work.add(SequenceWork.decode(kd));
      }
      if (work.isEmpty()) {
        continue;
      }
      int kind = pc > 0 && nd > 0 ? 2 : nd > 0 ? 1 : 0;
      rows.add(new Row(kind, t.nanos(r, "time_us", 1_000L), BatchShape.of(work),
          FlashAttentionGrid.of(work, arch, device.sms())));
    }
    return rows;
  }

  /** The roofline's attention time of {@code row}: its prefill and decode attention summed. */
  static double roofline(Row row, DeviceRoof device, RooflineEfficiency efficiency) {
    double total = 0;
    for (TransformerOperators.Op op : TransformerOperators.of(
        ModelArchitecture.bundled("llama-3.1-8b", "fit"), 1)) {
      if (op.kind() == OperatorClass.ATTENTION) {
        total += TransformerRoofline.nanos(op, row.batch(), device, efficiency);
      }
    }
    return total;
  }

  /** The tile model fitted on the first of {@link #TABLES} (in-sample there). */
  static AttentionTiming fit(Path root) {
    Table table = TABLES.get(0);
    DeviceRoof device = DeviceRoof.bundled(table.device());
    List<Row> rows = rows(root.resolve(table.path()), device);
    double[] x = {2_000, 500, 0.5, 4, 0.9, 0.5};
    double[][] grids = {CTA_NS, EMPTY_CTA_NS, CYCLES_PER_SCORE, CTA_BANDWIDTH, MEMORY,
        REREAD_MISS};
    double best = cost(rows, device, x)[0];
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int p = 0; p < x.length; p++) {
        for (double v : grids[p]) {
          double[] trial = x.clone();
          trial[p] = v;
          double c = cost(rows, device, trial)[0];
          if (c < best) {
            best = c;
            x = trial;
            changed = true;
          }
        }
      }
    }
    return timing(x, cost(rows, device, x)[1], "coordinate-descent least-squares fit "
        + "(relative error) to LLMServingSim 2.0's attention table of Llama 3.1 8B on the RTX PRO "
        + "6000 (AttentionFit, in-sample there)");
  }

  /** The sum of squared relative errors at {@code x} and the per-kernel time solved for it. */
  private static double[] cost(List<Row> rows, DeviceRoof device, double[] x) {
    AttentionTiming zero = timing(x, 0, "");
    int n = rows.size();
    double[] model = new double[n];
    double num = 0;
    double den = 0;
    for (int i = 0; i < n; i++) {
      Row r = rows.get(i);
      model[i] = zero.nanos(r.launch(), device);
      double k = r.launch().kernels();
      double m2 = r.measuredNs() * r.measuredNs();
      num += k * (r.measuredNs() - model[i]) / m2;
      den += k * k / m2;
    }
    double kernelNs = Math.max(0, num / den);
    double sum = 0;
    for (int i = 0; i < n; i++) {
      Row r = rows.get(i);
      double e = (r.launch().kernels() * kernelNs + model[i] - r.measuredNs()) / r.measuredNs();
      sum += e * e;
    }
    return new double[] {sum, kernelNs};
  }

  private static AttentionTiming timing(double[] x, double kernelNs, String source) {
    return new AttentionTiming(Math.round(kernelNs), x[0], x[1], x[2], x[3], x[4], x[5], source);
  }

  /**
   * Per kind of batch ({@link #KINDS}), the rows, the mean of {@code |R − M| / M} over them and
   * the mean of {@code (R − M) / M}, with {@code M} the measured and {@code R} the modelled time.
   */
  static Map<String, double[]> errors(List<Row> rows, ToDoubleFunction<Row> model) {
    Map<String, double[]> errors = new LinkedHashMap<>();
    for (int k = 0; k < KINDS.size(); k++) {
      int kind = k;
      double[] e = rows.stream().filter(r -> kind == 3 || r.kind() == kind)
          .mapToDouble(r -> (model.applyAsDouble(r) - r.measuredNs()) / r.measuredNs())
          .toArray();
      errors.put(KINDS.get(k), new double[] {e.length,
          java.util.Arrays.stream(e).map(Math::abs).average().orElse(Double.NaN),
          java.util.Arrays.stream(e).average().orElse(Double.NaN)});
    }
    return errors;
  }

  /** Per table, model and kind of batch: the errors, as {@link #table} prints them. */
  static Map<String, Map<String, double[]>> allErrors(Path root, RooflineEfficiency roofline,
      AttentionTiming tiles) {
    Map<String, Map<String, double[]>> all = new LinkedHashMap<>();
    for (Table table : TABLES) {
      DeviceRoof device = DeviceRoof.bundled(table.device());
      List<Row> rows = rows(root.resolve(table.path()), device);
      all.put(device.name() + "|roofline (GEMM factors)",
          errors(rows, r -> roofline(r, device, roofline)));
      all.put(device.name() + "|tiles and waves" + (table.fitted() ? " (in-sample: fitted)"
          : ""), errors(rows, r -> tiles.nanos(r.launch(), device)));
    }
    return all;
  }

  /** The attention comparison table of the docs. */
  static String table(Path root, RooflineEfficiency roofline, AttentionTiming tiles) {
    StringBuilder out = new StringBuilder();
    out.append("| measured attention (LLMServingSim, TP 1) | device | model | batches | rows | "
        + "mean abs. error | mean signed error | within 15 % |\n");
    out.append("|---|---|---|---|---|---|---|---|\n");
    allErrors(root, roofline, tiles).forEach((key, byKind) -> {
      String[] deviceAndModel = key.split("\\|");
      byKind.forEach((kind, e) -> out.append(String.format(Locale.ROOT,
          "| llama-3.1-8b | %s | %s | %s | %d | %.1f %% | %+.1f %% | %s |\n", deviceAndModel[0],
          deviceAndModel[1], kind, (long) e[0], 100 * e[1], 100 * e[2],
          e[1] <= 0.15 ? "yes" : "no")));
    });
    return out.toString();
  }

  private static double[] grid(double from, double to, double step) {
    int n = (int) Math.floor((to - from) / step + 1e-9) + 1;
    double[] g = new double[n];
    for (int i = 0; i < n; i++) {
      g[i] = Math.round((from + i * step) * 1e6) / 1e6;
    }
    return g;
  }
}
