package org.preemptlab.applications.llm;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The roofline's achieved-efficiency factors, one set per operator class: an operator of {@code F}
 * FLOPs and {@code B} DRAM bytes takes {@code overhead + max(F / (compute · peak FLOPs), B /
 * (memory · DRAM bandwidth))}. The bundled factors ({@code roofline-fit.txt}) are a least-squares
 * fit ({@link RooflineFit}) to one measured profile, in-sample there and checked on others
 * ({@code docs/llm-serving.md}, "The roofline").
 *
 * @param factors per class, the compute efficiency, the memory efficiency and the fixed overhead
 * @param source where the factors come from
 */
public record RooflineEfficiency(Map<String, Factors> factors, String source) {

  /**
   * One class's factors.
   *
   * @param compute fraction of the peak FLOPs achieved (0, 1]
   * @param memory fraction of the DRAM bandwidth achieved (0, 1]
   * @param overheadNs fixed time per kernel in ns (launch tail, small-kernel floor)
   */
  public record Factors(double compute, double memory, double overheadNs) {
    /** Checks the ranges. */
    public Factors {
      checkArgument(compute > 0 && compute <= 1 && memory > 0 && memory <= 1 && overheadNs >= 0,
          "efficiencies must be in (0, 1] and the overhead >= 0: %s %s %s", compute, memory,
          overheadNs);
    }

    /** The time in ns of {@code flops} and {@code bytes} on {@code device}. */
    public double nanos(double flops, double bytes, DeviceRoof device) {
      if (flops <= 0 && bytes <= 0) {
        return 0;
      }
      return overheadNs + 1e9 * Math.max(flops / (compute * device.peakFlops()),
          bytes / (memory * device.dramBytesPerSecond()));
    }
  }

  /** Checks that every group ({@link TransformerOperators#GROUPS}) has factors. */
  public RooflineEfficiency {
    factors = Map.copyOf(factors);
    for (String group : TransformerOperators.GROUPS) {
      checkArgument(factors.containsKey(group), "no efficiency factors for group %s", group);
    }
  }

  /** The factors of operator group {@code group}. */
  public Factors of(String group) {
    return factors.get(group);
  }

  /** The bundled fit ({@code roofline-fit.txt}, written by {@link RooflineFit}). */
  public static RooflineEfficiency bundled() {
    try (InputStream in = RooflineEfficiency.class.getResourceAsStream("roofline-fit.txt")) {
      if (in == null) {
        throw new IllegalStateException("bundled roofline-fit.txt is missing");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), "roofline-fit.txt");
    } catch (IOException e) {
      throw new IllegalStateException("cannot read roofline-fit.txt", e);
    }
  }

  /** Parses the {@code key: value} text {@link #render} writes. */
  static RooflineEfficiency parse(String text, String source) {
    List<String> keys = new java.util.ArrayList<>(List.of("source"));
    for (String g : TransformerOperators.GROUPS) {
      keys.add(g + "-compute");
      keys.add(g + "-memory");
      keys.add(g + "-overhead-ns");
    }
    KeyValueText kv = KeyValueText.parse(text, source, keys);
    Map<String, Factors> factors = new java.util.LinkedHashMap<>();
    for (String g : TransformerOperators.GROUPS) {
      factors.put(g, new Factors(kv.real(g + "-compute", 1e-6, 1),
          kv.real(g + "-memory", 1e-6, 1), kv.real(g + "-overhead-ns", 0, 1e9)));
    }
    return new RooflineEfficiency(factors, kv.text("source", ""));
  }

  /** The text of these factors, as {@link #parse} reads it. */
  String render() {
    StringBuilder out = new StringBuilder();
    out.append("source: ").append(source).append('\n');
    for (String g : TransformerOperators.GROUPS) {
      Factors f = factors.get(g);
      out.append(String.format(Locale.ROOT, "%s-compute: %.2f\n%s-memory: %.2f\n"
          + "%s-overhead-ns: %.0f\n", g, f.compute(), g, f.memory(), g, f.overheadNs()));
    }
    return out.toString();
  }
}
