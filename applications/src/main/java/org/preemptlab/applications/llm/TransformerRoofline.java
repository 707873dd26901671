package org.preemptlab.applications.llm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A roofline profile of any decoder-only transformer on any device: every operator of {@link
 * TransformerOperators} becomes a kernel of one wave (one block per SM) whose time is {@code
 * overhead + max(F / (compute · peak FLOPs), B / (memory · DRAM bandwidth))}, with the achieved
 * efficiencies of its class and the bandwidth they are fractions of ({@link RooflineEfficiency})
 * and the FLOPs {@code F} and bytes {@code B} of the architecture ({@link ModelArchitecture}).
 * {@code docs/llm-serving.md} ("The roofline") has the formulas, the fit and what the roofline
 * leaves out.
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
   * The profile of {@code arch} at tensor-parallel degree {@code tp} (one rank's share of every
   * layer) on {@code device}; refused with a one-line error where {@code device} lacks the
   * bandwidth {@code efficiency}'s element-wise factors are fractions of.
   */
  public static ModelProfile profile(ModelArchitecture arch, DeviceRoof device,
      RooflineEfficiency efficiency, int tp) {
    efficiency.checkDevice(device);
    List<ModelProfile.Operator> operators = new ArrayList<>();
    for (TransformerOperators.Op op : TransformerOperators.of(arch, tp)) {
      operators.add(new ModelProfile.Operator(op.name(), op.kind(), op.placement(),
          ModelProfile.THREADS, ModelProfile.REGISTERS, ModelProfile.SHARED,
          ModelProfile.timed(b -> nanos(op, b, device, efficiency), op.bytes(), device.sms()),
          "roofline of " + arch.id()));
    }
    String source = String.format(Locale.ROOT, "roofline of %s on %s (tp %d)", arch.id(),
        device.name(), tp);
    return ModelProfile.of(source, arch.id(), device.name(), arch.kvBytesPerToken() / tp,
        arch.layers(), operators, Map.of("source", source + "; efficiencies: "
            + efficiency.source()));
  }
}
