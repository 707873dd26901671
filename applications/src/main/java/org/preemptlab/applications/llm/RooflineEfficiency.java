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
 * (memory · DRAM bandwidth))}. The DRAM bandwidth is the datasheet's for GEMMs and attention; for
 * the element-wise groups it is the one {@code elementwiseBandwidth} names (the datasheet's, or
 * the device's measured sustained bandwidth), or the L2's measured rate where the kernel's bytes
 * fit the device's L2 ({@link DeviceRoof.L2}). The bundled factors ({@code roofline-fit.txt},
 * datasheet; {@code roofline-fit-achievable.txt}, sustained) are least-squares fits ({@link
 * RooflineFit}) to one measured profile, in-sample there and checked on others ({@code
 * docs/llm-serving.md}, "The roofline").
 *
 * @param factors per class, the compute efficiency, the memory efficiency and the fixed overhead
 * @param elementwiseBandwidth the bandwidth the element-wise groups' memory efficiencies are
 *     fractions of
 * @param source where the factors come from
 */
public record RooflineEfficiency(Map<String, Factors> factors,
    DeviceRoof.Bandwidth elementwiseBandwidth, String source) {

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

    /**
     * The time in ns of {@code flops} and {@code bytes} at {@code peakFlops} and {@code
     * bytesPerSecond}.
     */
    public double nanos(double flops, double bytes, double peakFlops, double bytesPerSecond) {
      if (flops <= 0 && bytes <= 0) {
        return 0;
      }
      return overheadNs + 1e9 * Math.max(flops / (compute * peakFlops),
          bytes / (memory * bytesPerSecond));
    }
  }

  /** Checks that every group ({@link TransformerOperators#GROUPS}) has factors. */
  public RooflineEfficiency {
    factors = Map.copyOf(factors);
    checkArgument(elementwiseBandwidth != null, "no bandwidth basis for the element-wise groups");
    for (String group : TransformerOperators.GROUPS) {
      checkArgument(factors.containsKey(group), "no efficiency factors for group %s", group);
    }
  }

  /** The factors of operator group {@code group}. */
  public Factors of(String group) {
    return factors.get(group);
  }

  /** Whether {@code group} is one of the element-wise groups (neither GEMM nor attention). */
  static boolean elementwise(String group) {
    return !group.equals("gemm") && !group.equals("attention");
  }

  /**
   * The rate {@code group}'s memory efficiency is a fraction of, on {@code device}, for a kernel
   * moving {@code bytes}: the datasheet's DRAM bandwidth for GEMMs and attention; for an
   * element-wise group the L2's measured rate where the bytes fit the L2's resident bytes
   * ({@link DeviceRoof#elementwiseBandwidth}), else the DRAM bandwidth of {@code
   * elementwiseBandwidth}.
   */
  public double bandwidth(String group, double bytes, DeviceRoof device) {
    return elementwise(group) ? device.elementwiseBandwidth(bytes, elementwiseBandwidth)
        : device.bandwidth(DeviceRoof.Bandwidth.DATASHEET);
  }

  /**
   * Whether {@code device} declares the bandwidth this fit's element-wise efficiencies are
   * fractions of (every device declares the datasheet's; not every one a sustained one).
   */
  public boolean fits(DeviceRoof device) {
    return elementwiseBandwidth == DeviceRoof.Bandwidth.DATASHEET
        || device.achievableDramBytesPerSecond() > 0;
  }

  /**
   * Refuses, with a one-line error, a device that lacks the bandwidth this fit's element-wise
   * efficiencies are fractions of (a sustained-bandwidth fit on a device declaring none).
   */
  public void checkDevice(DeviceRoof device) {
    device.bandwidth(elementwiseBandwidth);
  }

  /** The time in ns of group {@code group}'s {@code flops} and {@code bytes} on {@code device}. */
  public double nanos(String group, double flops, double bytes, DeviceRoof device) {
    if (flops <= 0 && bytes <= 0) {
      return 0;
    }
    return of(group).nanos(flops, bytes, device.peakFlops(), bandwidth(group, bytes, device));
  }

  /**
   * The bundled fit the serving roofline uses ({@code roofline-fit-achievable.txt}, written by
   * {@link RooflineFit}): element-wise efficiencies as fractions of each device's measured
   * sustained bandwidth, which carry between devices better than fractions of the datasheet's
   * (docs/llm-serving.md, "The roofline"). A device that declares no sustained bandwidth (the
   * bundled RTX PRO 6000 and RTX 4090) is refused with a one-line error when a profile is built
   * on it ({@link #fits}), not served silently with the datasheet fit.
   */
  public static RooflineEfficiency bundled() {
    return bundled(DeviceRoof.Bandwidth.ACHIEVABLE);
  }

  /** The bundled fit whose element-wise efficiencies are fractions of {@code basis}. */
  public static RooflineEfficiency bundled(DeviceRoof.Bandwidth basis) {
    return load(resource(basis));
  }

  /**
   * The bundled fit for {@code engine}'s kernels: for {@link TransformerOperators.Engine#VLLM}
   * {@code roofline-fit-vllm.txt} (element-wise factors fitted on vLLM's own kernels, {@link
   * RooflineFit#fitVllm}); for {@link TransformerOperators.Engine#VIDUR} the sustained-bandwidth
   * fit to Vidur's profile ({@link #bundled()}).
   */
  public static RooflineEfficiency bundled(TransformerOperators.Engine engine) {
    return engine == TransformerOperators.Engine.VLLM ? load(VLLM_RESOURCE) : bundled();
  }

  /** The resource of the fit for vLLM's kernels ({@link #bundled(TransformerOperators.Engine)}). */
  static final String VLLM_RESOURCE = "roofline-fit-vllm.txt";

  private static RooflineEfficiency load(String name) {
    try (InputStream in = RooflineEfficiency.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("bundled " + name + " is missing");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), name);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + name, e);
    }
  }

  /** The resource of the bundled fit of {@code basis}. */
  static String resource(DeviceRoof.Bandwidth basis) {
    return basis == DeviceRoof.Bandwidth.DATASHEET ? "roofline-fit.txt"
        : "roofline-fit-achievable.txt";
  }

  /** Parses the {@code key: value} text {@link #render} writes. */
  static RooflineEfficiency parse(String text, String source) {
    List<String> keys = new java.util.ArrayList<>(List.of("source", "elementwise-bandwidth"));
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
    String basis = kv.text("elementwise-bandwidth", DeviceRoof.Bandwidth.DATASHEET.id());
    for (DeviceRoof.Bandwidth b : DeviceRoof.Bandwidth.values()) {
      if (b.id().equals(basis)) {
        return new RooflineEfficiency(factors, b, kv.text("source", ""));
      }
    }
    throw new org.preemptlab.api.ConfigurationException(source + ": key 'elementwise-bandwidth' "
        + "must be one of datasheet, achievable");
  }

  /** The text of these factors, as {@link #parse} reads it. */
  String render() {
    StringBuilder out = new StringBuilder();
    out.append("source: ").append(source).append('\n');
    out.append("elementwise-bandwidth: ").append(elementwiseBandwidth.id()).append('\n');
    for (String g : TransformerOperators.GROUPS) {
      Factors f = factors.get(g);
      out.append(String.format(Locale.ROOT, "%s-compute: %.2f\n%s-memory: %.2f\n"
          + "%s-overhead-ns: %.0f\n", g, f.compute(), g, f.memory(), g, f.overheadNs()));
    }
    return out.toString();
  }
}
