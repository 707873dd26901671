package org.preemptlab.applications.llm;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.preemptlab.api.ConfigurationException;

/**
 * The time of one attention call from the CTAs FlashAttention-2 launches for it ({@link
 * FlashAttentionGrid}): a tile and wave model. A CTA that computes takes {@code ctaNs + max(F /
 * SM's FLOPs + cyclesPerScore · S / SM's clock, B / (ctaBandwidth · SM's bandwidth))}, with
 * {@code F}, {@code S} and {@code B} its tile's tensor FLOPs, attention scores and bytes, and an
 * SM's share of the device's declared peak tensor FLOPs and of its boost clock (each divided among
 * the CTAs an SM holds at once) and of its DRAM bandwidth. The tensor cores run at the declared
 * peak; everything else a tile does per score (every warp reading the key and value tiles from
 * shared memory, the softmax's exponentials, rescaling and conversions) is counted in SM cycles and
 * added, not overlapped: one CTA of 4 warps per SM leaves the schedulers little to hide it
 * behind. A GeForce card's tensor cores accumulate in FP32 at half the rate of a professional
 * card's (the RTX 4090's 165.2 TFLOPS against 330.3 with FP16 accumulation, Ada whitepaper), while
 * the work outside them takes the same cycles on both. An empty CTA holds its slot {@code
 * emptyCtaNs}. The device has {@code SMs × CTAs per SM} slots (CTAs per SM: the SM's shared
 * memory over a CTA's, with the 1 KB the CUDA runtime reserves per block); the computing CTAs
 * run in {@code ceil(CTAs / slots)} waves of their mean time, the empty ones add their time over
 * the slots. The call takes {@code kernels · kernelNs + max(longest CTA, waves, DRAM bytes /
 * (memory · DRAM bandwidth))}, the DRAM bytes with the fraction {@code rereadMiss} of the
 * repeated reads: the grid is bound by its longest CTA when it is small, by its waves when it is
 * large, and by the device's bandwidth when its CTAs together would stream more.
 *
 * @param kernelNs fixed time of each kernel of the call
 * @param ctaNs fixed time of a CTA that computes (its prologue and epilogue)
 * @param emptyCtaNs time an empty CTA holds its slot
 * @param cyclesPerScore SM cycles a tile spends per attention score outside the tensor cores,
 *     &gt;= 0
 * @param ctaBandwidth a CTA's DRAM bandwidth as a multiple of an SM's share ({@code bandwidth /
 *     SMs}), &gt; 0
 * @param memory fraction of the DRAM bandwidth the whole grid reaches, (0, 1]
 * @param rereadMiss fraction of the query heads' repeated key and value reads ({@link
 *     FlashAttentionGrid.Launch#rereadBytes}) that miss the L2 cache, [0, 1]
 * @param source where the factors come from
 */
public record AttentionTiming(double kernelNs, double ctaNs, double emptyCtaNs,
    double cyclesPerScore, double ctaBandwidth, double memory, double rereadMiss, String source) {
  /** Shared memory the CUDA runtime reserves per block (compute capability 8.0 and later). */
  static final long RESERVED_PER_BLOCK = 1024;

  /** Checks the ranges. */
  public AttentionTiming {
    checkArgument(kernelNs >= 0 && ctaNs >= 0 && emptyCtaNs >= 0 && cyclesPerScore >= 0
        && ctaBandwidth > 0 && memory > 0 && memory <= 1 && rereadMiss >= 0 && rereadMiss <= 1,
        "attention timing factors out of range: %s %s %s %s %s %s %s", kernelNs, ctaNs,
        emptyCtaNs, cyclesPerScore, ctaBandwidth, memory, rereadMiss);
  }

  /** The time in ns of {@code launch} on {@code device}. */
  public double nanos(FlashAttentionGrid.Launch launch, DeviceRoof device) {
    int perSm = ctasPerSm(launch, device);
    if (device.boostClockHz() <= 0) {
      throw new ConfigurationException("device '" + device.id() + "' declares no "
          + "boost-clock-hz, which the attention tile model needs");
    }
    double smFlops = device.peakFlops() / device.sms() / perSm;
    double smCycles = device.boostClockHz() / perSm;
    double smBytes = device.dramBytesPerSecond() / device.sms();
    double longest = 0;
    double summed = 0;
    long ctas = 0;
    for (FlashAttentionGrid.Tiles t : launch.tiles()) {
      double cta = ctaNs + 1e9 * Math.max(t.flops() / smFlops + cyclesPerScore * t.scores()
          / smCycles, t.bytes() / (ctaBandwidth * smBytes));
      longest = Math.max(longest, cta);
      summed += t.count() * cta;
      ctas += t.count();
    }
    double slots = (double) device.sms() * perSm;
    double waves = Math.ceil(ctas / slots) * summed / ctas
        + launch.emptyCtas() * emptyCtaNs / slots;
    double grid = Math.max(longest, Math.max(waves,
        1e9 * (launch.dramBytes() + rereadMiss * launch.rereadBytes())
            / (memory * device.dramBytesPerSecond())));
    return launch.kernels() * kernelNs + grid;
  }

  /** CTAs of {@code launch} one SM of {@code device} holds at once (at least 1). */
  static int ctasPerSm(FlashAttentionGrid.Launch launch, DeviceRoof device) {
    if (device.sharedMemoryPerSm() <= 0) {
      throw new ConfigurationException("device '" + device.id() + "' declares no "
          + "shared-memory-per-sm, which the attention tile model needs");
    }
    return (int) Math.max(1, device.sharedMemoryPerSm()
        / (launch.sharedMemoryPerCta() + RESERVED_PER_BLOCK));
  }

  /** The keys of the text {@link #render} writes and {@link #parse} reads. */
  static final List<String> KEYS = List.of("source", "kernel-ns", "cta-ns", "empty-cta-ns",
      "cycles-per-score", "cta-bandwidth", "memory", "reread-miss");

  /** The resource of the bundled fit ({@link AttentionFit}, written by {@link RooflineFit}). */
  static final String RESOURCE = "attention-fit.txt";

  /**
   * The bundled factors the roofline generator times attention with ({@link
   * TransformerRoofline}): {@link AttentionFit}'s fit to the RTX PRO 6000's measured attention
   * table, in-sample there, as {@link RooflineFit} prints it.
   */
  public static AttentionTiming bundled() {
    try (InputStream in = AttentionTiming.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("bundled " + RESOURCE + " is missing");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), RESOURCE);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + RESOURCE, e);
    }
  }

  /** Parses the {@code key: value} text {@link #render} writes; {@code source} names it. */
  static AttentionTiming parse(String text, String source) {
    KeyValueText kv = KeyValueText.parse(text, source, KEYS);
    return new AttentionTiming(kv.real("kernel-ns", 0, 1e9), kv.real("cta-ns", 0, 1e9),
        kv.real("empty-cta-ns", 0, 1e9), kv.real("cycles-per-score", 0, 1e6),
        kv.real("cta-bandwidth", 1e-6, 1e6), kv.real("memory", 1e-6, 1),
        kv.real("reread-miss", 0, 1), kv.text("source", ""));
  }

  /** Whether {@code device} declares what this model needs: its shared memory and clock. */
  static boolean fits(DeviceRoof device) {
    return device.sharedMemoryPerSm() > 0 && device.boostClockHz() > 0;
  }

  /** The factors as {@code key: value} lines. */
  String render() {
    return String.format(Locale.ROOT, "source: %s\nkernel-ns: %.0f\ncta-ns: %.0f\n"
        + "empty-cta-ns: %.0f\ncycles-per-score: %.2f\ncta-bandwidth: %.2f\nmemory: %.2f\n"
        + "reread-miss: %.2f\n", source, kernelNs, ctaNs, emptyCtaNs, cyclesPerScore,
        ctaBandwidth, memory, rereadMiss);
  }
}
