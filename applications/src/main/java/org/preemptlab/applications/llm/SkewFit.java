package org.preemptlab.applications.llm;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Numbers;

/**
 * LLMServingSim 2.0's correction of decode attention for batches whose decodes have cached
 * contexts of different lengths (casys-kaist/LLMServingSim, {@code serving/core/trace_generator.py},
 * {@code _lookup_attention_with_skew} and {@code _skew_alpha}; the fit is the profiler's {@code
 * profiler/core/fit_alpha.py}). The attention table is measured on uniform batches and looked up
 * at the decodes' mean context; a skewed batch is slower (tile padding and SM imbalance of the
 * varlen kernel), so the time is moved toward the lookup at the longest context:
 *
 * <pre>t = t_mean + alpha * (t_max - t_mean)</pre>
 *
 * <p>with {@code alpha} the bundle's value for the batch's bucket: the raw prefill-chunk tokens
 * {@code pc}, the decodes {@code n}, the skew rate {@code (mean - min) / (max - min)}, the longest
 * context {@code kv_max} and the cached prefill tokens {@code kp}, each binned by the edges of
 * {@code meta.yaml}'s {@code skew_fit.bucket_axes} (a value {@code v} falls in the first bin whose
 * upper edge is {@code >= v}); a bucket the table lacks takes the pooled {@code alpha_default}.
 * Applied only when {@code meta.yaml} has {@code skew_fit: enabled: true} with a {@code
 * bucket_table} for the tensor-parallel degree read; otherwise there is no correction (as
 * LLMServingSim's fallback of 0).
 *
 * @param bins the upper bin edges per axis ({@code n}, {@code skew_rate}, {@code kv_big}, {@code
 *     kp}), as {@code meta.yaml} lists them (the first is the open lower edge)
 * @param labels the labels per axis, one fewer than the edges
 * @param alphas alpha per bucket key {@code pc=<pc>|<n>|<sr>|<kvB>|<kp>}
 * @param alphaDefault the pooled alpha of buckets the table lacks
 */
record SkewFit(Map<String, double[]> bins, Map<String, List<String>> labels,
    Map<String, Double> alphas, double alphaDefault) {
  static final List<String> AXES = List.of("n", "skew_rate", "kv_big", "kp");

  /**
   * Reads the skew fit of tensor-parallel degree {@code tp} from a bundle's {@code meta.yaml} text
   * and the bucket table it names; null when the bundle supplies none (no {@code skew_fit} block,
   * not enabled, no entry for {@code tp}, or no bucket table file).
   *
   * @throws ConfigurationException naming the file (and line) of a malformed block or table
   */
  static SkewFit read(String metaText, Path metaFile, int tp) {
    Map<String, String> block = block(metaText, "skew_fit");
    if (!"true".equals(block.get("enabled"))) {
      return null;
    }
    String table = block.get("per_tp." + tp + ".bucket_table");
    if (table == null) {
      return null;
    }
    Path folder = metaFile.toAbsolutePath().normalize().getParent();
    Path tableFile = folder.resolve(table).normalize();
    if (!tableFile.startsWith(folder) || !Files.isRegularFile(tableFile)) {
      return null;
    }
    ProfileTable t = ProfileTable.read(tableFile);
    if (!t.has("n_label") && t.has("lev_label")) {
      throw new ConfigurationException(tableFile + ": LLMServingSim's later skew fit "
          + "(runtime-skew-calibration-v1: layer, decode_q_len, pc_label, lev_label, n_anchor) is "
          + "not read by this reader, only the bucket fit of @5daddb2 (pc, n_label, "
          + "skew_rate_label, kv_big_label, kp_label); set attention-skew: off to run without the "
          + "skew correction");
    }
    Map<String, double[]> bins = new HashMap<>();
    Map<String, List<String>> labels = new HashMap<>();
    for (String axis : AXES) {
      List<String> edges = list(block.get("bucket_axes." + axis + "_bins"), metaFile, axis);
      List<String> names = list(block.get("bucket_axes." + axis + "_labels"), metaFile, axis);
      if (edges.size() != names.size() + 1) {
        throw new ConfigurationException(metaFile + ": key 'skew_fit.bucket_axes." + axis
            + "_bins' must have one more edge than '" + axis + "_labels' has labels");
      }
      double[] e = new double[edges.size()];
      for (int i = 0; i < e.length; i++) {
        e[i] = number(edges.get(i), metaFile, "skew_fit.bucket_axes." + axis + "_bins");
      }
      bins.put(axis, e);
      labels.put(axis, List.copyOf(names));
    }
    String pooled = block.get("per_tp." + tp + ".alpha_default");
    double alphaDefault = pooled == null ? 0
        : number(pooled, metaFile, "skew_fit.per_tp." + tp + ".alpha_default");
    t.require(List.of("pc", "n_label", "skew_rate_label", "kv_big_label", "kp_label", "alpha"),
        "LLMServingSim skew_fit.csv");
    Map<String, Double> alphas = new HashMap<>();
    for (int r = 0; r < t.size(); r++) {
      alphas.put("pc=" + t.count(r, "pc", 0, 1L << 30) + "|" + t.text(r, "n_label") + "|"
          + t.text(r, "skew_rate_label") + "|" + t.text(r, "kv_big_label") + "|"
          + t.text(r, "kp_label"), t.decimal(r, "alpha", -1e6, 1e6));
    }
    return new SkewFit(bins, labels, alphas, alphaDefault);
  }

  /**
   * The alpha of a batch, as {@code _skew_alpha} resolves it.
   *
   * @param pc the prefill chunks' tokens, summed
   * @param n the decodes
   * @param skewRate {@code (mean - min) / (max - min)} of the decodes' cached tokens
   * @param kvMax the longest decode's cached tokens
   * @param kp the prefill chunks' cached tokens, summed
   */
  double alpha(long pc, long n, double skewRate, long kvMax, long kp) {
    String key = "pc=" + pc + "|" + label("n", n) + "|"
        + label("skew_rate", Math.max(0, Math.min(1, skewRate))) + "|" + label("kv_big", kvMax)
        + "|" + label("kp", kp);
    return alphas.getOrDefault(key, alphaDefault);
  }

  private String label(String axis, double value) {
    double[] edges = bins.get(axis);
    List<String> names = labels.get(axis);
    for (int i = 0; i < names.size(); i++) {
      if (value <= edges[i + 1]) {
        return names.get(i);
      }
    }
    return names.get(names.size() - 1);
  }

  /**
   * The {@code key: value} lines nested under the unindented {@code name:} line of a YAML text,
   * by dotted path ({@code per_tp.1.alpha_default}); list values are kept as written, a block
   * sequence ({@code - item} lines under the key, PyYAML's default style) as {@code [a, b, ...]}.
   */
  static Map<String, String> block(String yaml, String name) {
    Map<String, String> out = new HashMap<>();
    Map<String, List<String>> sequences = new LinkedHashMap<>();
    List<int[]> indents = new ArrayList<>();
    List<String> path = new ArrayList<>();
    String lastEmptyKey = null;
    boolean inside = false;
    for (String line : yaml.split("\r?\n", -1)) {
      if (line.isBlank() || line.strip().startsWith("#")) {
        continue;
      }
      int indent = line.length() - line.stripLeading().length();
      if (indent == 0) {
        inside = line.strip().equals(name + ":");
        indents.clear();
        path.clear();
        lastEmptyKey = null;
        continue;
      }
      if (inside && line.strip().startsWith("- ") && lastEmptyKey != null) {
        // a block sequence item ("- 0" under "n_bins:"), as PyYAML's default style writes lists
        sequences.computeIfAbsent(lastEmptyKey, k -> new ArrayList<>())
            .add(line.strip().substring(2).strip());
        continue;
      }
      int colon = line.indexOf(':');
      if (!inside || colon < 0) {
        continue;
      }
      while (!indents.isEmpty() && indents.get(indents.size() - 1)[0] >= indent) {
        indents.remove(indents.size() - 1);
        path.remove(path.size() - 1);
      }
      String key = line.substring(indent, colon).strip();
      String value = line.substring(colon + 1).strip();
      String dotted = path.isEmpty() ? key : String.join(".", path) + "." + key;
      if (value.isEmpty()) {
        indents.add(new int[] {indent});
        path.add(key);
        lastEmptyKey = dotted;
      } else {
        out.put(dotted, value);
        lastEmptyKey = null;
      }
    }
    sequences.forEach((k, items) -> out.put(k, "[" + String.join(", ", items) + "]"));
    return out;
  }

  private static List<String> list(String value, Path file, String axis) {
    if (value == null || !value.startsWith("[") || !value.endsWith("]")) {
      throw new ConfigurationException(file + ": key 'skew_fit.bucket_axes' must list "
          + axis + "_bins and " + axis + "_labels as [a, b, ...]");
    }
    List<String> items = new ArrayList<>();
    for (String item : value.substring(1, value.length() - 1).split(",", -1)) {
      items.add(item.strip());
    }
    return items;
  }

  private static double number(String text, Path file, String key) {
    try {
      return Numbers.decimal(text).doubleValue();
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(file + ": key '" + key + "' must be a decimal number in "
          + "ASCII digits");
    }
  }
}
