package org.preemptlab.applications.llm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;

/**
 * A roofline profile of any decoder-only transformer on any device: every operator of {@link
 * TransformerOperators} becomes a kernel of one wave (one block per SM) whose time is {@code
 * overhead + max(F / (compute · peak FLOPs), B / (memory · DRAM bandwidth))}, with the achieved
 * efficiencies of its class and the bandwidth they are fractions of ({@link RooflineEfficiency})
 * and the FLOPs {@code F} and bytes {@code B} of the architecture ({@link ModelArchitecture}).
 *
 * <p>Attention, given a tile model ({@link AttentionTiming}), is instead one operator {@code
 * attention} per layer, as vLLM runs it: one FlashAttention call over every sequence of the batch
 * ({@link FlashAttentionGrid}), timed by the tile and wave model; the device must then declare
 * {@code shared-memory-per-sm} and {@code boost-clock-hz}. Without one, attention is the
 * roofline's {@code attention_prefill} and {@code attention_decode} with the attention group's
 * factors. The profile's {@code source} says which. {@code docs/llm-serving.md} ("The roofline")
 * has the formulas, the fits and what the roofline leaves out.
 */
public final class TransformerRoofline {
  private TransformerRoofline() {}

  /** The time in ns of {@code op} for {@code batch} on {@code device}. */
  public static double nanos(TransformerOperators.Op op, BatchShape batch, DeviceRoof device,
      RooflineEfficiency efficiency) {
    return efficiency.nanos(op.group(), op.flops().applyAsDouble(batch),
        op.bytes().applyAsDouble(batch), device);
  }

  /**
   * The time in ns of the attention call of {@code batch} (every sequence, one layer) under the
   * tile model {@code tiles}, 0 for a batch without sequences. A shape given by its aggregates
   * alone is read as {@link VidurProfile#work} reads it.
   */
  public static double attentionNanos(BatchShape batch, ModelArchitecture arch, int tp,
      DeviceRoof device, AttentionTiming tiles) {
    List<SequenceWork> work = VidurProfile.work(batch);
    if (work.isEmpty()) {
      return 0;
    }
    return tiles.nanos(FlashAttentionGrid.of(work, arch, tp, device.sms()), device);
  }

  /**
   * The profile of {@code arch} at tensor-parallel degree {@code tp} (one rank's share of every
   * layer) on {@code device}, Vidur's operator list, attention by the roofline; refused with a
   * one-line error where {@code device} lacks the bandwidth {@code efficiency}'s element-wise
   * factors are fractions of.
   */
  public static ModelProfile profile(ModelArchitecture arch, DeviceRoof device,
      RooflineEfficiency efficiency, int tp) {
    return profile(arch, device, efficiency, null, TransformerOperators.Engine.VIDUR, tp);
  }

  /**
   * The profile of {@code arch} at tensor-parallel degree {@code tp} on {@code device}, the
   * operators of {@code engine}'s list, attention by the tile model {@code tiles} ({@code null}:
   * by the roofline); refused with a one-line
   * error where {@code device} lacks the bandwidth {@code efficiency}'s element-wise factors are
   * fractions of, or what the tile model needs ({@code shared-memory-per-sm}, {@code
   * boost-clock-hz}, a head dimension of at most {@link FlashAttentionGrid#BLOCK_N}).
   */
  public static ModelProfile profile(ModelArchitecture arch, DeviceRoof device,
      RooflineEfficiency efficiency, AttentionTiming tiles, TransformerOperators.Engine engine,
      int tp) {
    efficiency.checkDevice(device);
    if (tiles != null) {
      checkTiles(arch, device, tp);
    }
    List<ModelProfile.Operator> operators = new ArrayList<>();
    boolean attentionAdded = false;
    for (TransformerOperators.Op op : TransformerOperators.of(arch, tp, engine)) {
      if (tiles != null && op.kind() == OperatorClass.ATTENTION) {
        if (!attentionAdded) {
          operators.add(new ModelProfile.Operator("attention", OperatorClass.ATTENTION,
              op.placement(), ModelProfile.THREADS, ModelProfile.REGISTERS, ModelProfile.SHARED,
              ModelProfile.timed(b -> attentionNanos(b, arch, tp, device, tiles),
                  b -> attentionBytes(arch, tp, b), device.sms()),
              "tile model of " + arch.id()));
          attentionAdded = true;
        }
        continue;
      }
      operators.add(new ModelProfile.Operator(op.name(), op.kind(), op.placement(),
          ModelProfile.THREADS, ModelProfile.REGISTERS, ModelProfile.SHARED,
          ModelProfile.timed(b -> nanos(op, b, device, efficiency), op.bytes(), device.sms()),
          "roofline of " + arch.id()));
    }
    String source = String.format(Locale.ROOT, "roofline of %s on %s (tp %d, %s's operators)",
        arch.id(), device.name(), tp, engine.id());
    String attention = tiles == null
        ? "attention by the roofline (the attention group's factors)"
        : "attention by the FlashAttention-2 tile and wave model (" + tiles.source()
            + "; vLLM's FlashAttention backend runs FlashAttention-2, but FlashAttention-3 on "
            + "Hopper, compute capability 9.0, where this model is an assumption)";
    return ModelProfile.of(source, arch.id(), device.name(), arch.kvBytesPerToken() / tp,
        arch.layers(), operators, Map.of("source", source + "; efficiencies: "
            + efficiency.source() + "; " + attention));
  }

  /**
   * Refuses, with a one-line error, a device or model the tile model cannot time: a device
   * without {@code shared-memory-per-sm} or {@code boost-clock-hz}, a head dimension above the
   * tiles'.
   */
  static void checkTiles(ModelArchitecture arch, DeviceRoof device, int tp) {
    if (!AttentionTiming.fits(device)) {
      throw new ConfigurationException("device '" + device.id() + "' declares no "
          + (device.sharedMemoryPerSm() <= 0 ? "shared-memory-per-sm" : "boost-clock-hz")
          + ", which the roofline's attention tile model needs (keys shared-memory-per-sm and "
          + "boost-clock-hz)");
    }
    if (arch.headDim() > FlashAttentionGrid.BLOCK_N || arch.heads() % tp != 0) {
      throw new ConfigurationException("model '" + arch.id() + "': the roofline's attention "
          + "tile model covers a head dimension of at most " + FlashAttentionGrid.BLOCK_N
          + " and query heads that split over the tensor-parallel degree; it has "
          + arch.headDim() + " and " + arch.heads() + " heads at tp " + tp);
    }
  }

  /** The DRAM bytes of the attention call: the roofline's prefill and decode bytes. */
  private static double attentionBytes(ModelArchitecture arch, int tp, BatchShape batch) {
    double b = arch.bytesPerValue();
    double q = (double) arch.heads() / tp * arch.headDim();
    double kv = (double) arch.kvHeads() / tp * arch.headDim();
    return TransformerOperators.prefillBytes(batch, q, kv, b)
        + TransformerOperators.decodeBytes(batch, q, kv, b);
  }
}
