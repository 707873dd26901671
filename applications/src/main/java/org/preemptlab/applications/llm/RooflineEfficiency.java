package org.preemptlab.applications.llm;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
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
public record RooflineEfficiency(Map<OperatorClass, Factors> factors, String source) {

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

  /** Checks that every modelled class has factors. */
  public RooflineEfficiency {
    factors = Map.copyOf(new EnumMap<>(factors));
    for (OperatorClass c : List.of(OperatorClass.GEMM, OperatorClass.ELEMENTWISE,
        OperatorClass.ATTENTION)) {
      checkArgument(factors.containsKey(c), "no efficiency factors for class %s", c.id());
    }
  }

  /** The factors of {@code kind}. */
  public Factors of(OperatorClass kind) {
    return factors.get(kind);
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
    for (OperatorClass c : OperatorClass.values()) {
      keys.add(c.id() + "-compute");
      keys.add(c.id() + "-memory");
      keys.add(c.id() + "-overhead-ns");
    }
    KeyValueText kv = KeyValueText.parse(text, source, keys);
    Map<OperatorClass, Factors> factors = new EnumMap<>(OperatorClass.class);
    for (OperatorClass c : List.of(OperatorClass.GEMM, OperatorClass.ELEMENTWISE,
        OperatorClass.ATTENTION)) {
      factors.put(c, new Factors(kv.real(c.id() + "-compute", 1e-6, 1),
          kv.real(c.id() + "-memory", 1e-6, 1), kv.real(c.id() + "-overhead-ns", 0, 1e9)));
    }
    return new RooflineEfficiency(factors, kv.text("source", ""));
  }

  /** The text of these factors, as {@link #parse} reads it. */
  String render() {
    StringBuilder out = new StringBuilder();
    out.append("source: ").append(source).append('\n');
    for (OperatorClass c : List.of(OperatorClass.GEMM, OperatorClass.ELEMENTWISE,
        OperatorClass.ATTENTION)) {
      Factors f = factors.get(c);
      out.append(String.format(Locale.ROOT, "%s-compute: %.3f\n%s-memory: %.3f\n"
          + "%s-overhead-ns: %.0f\n", c.id(), f.compute(), c.id(), f.memory(), c.id(),
          f.overheadNs()));
    }
    return out.toString();
  }
}
