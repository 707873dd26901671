package org.preemptlab.examples.tpcmask;

import java.util.List;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.sharing.SharingMode;
import org.preemptlab.api.sharing.SharingModeProvider;

/**
 * Provides the {@code libsmctrl} sharing mode. Registered in {@code
 * META-INF/services/org.preemptlab.api.sharing.SharingModeProvider}; a run selects it with {@code
 * sharing: {mode: libsmctrl, stream-masks: "..."}}, the section's other keys being the parameters
 * below.
 */
public final class StreamMaskProvider implements SharingModeProvider {

  /** The mode's id, as written after {@code mode:}. */
  public static final String ID = "libsmctrl";
  /** Per queue, its TPC mask. */
  public static final String STREAM_MASKS = "stream-masks";
  /** SMs per TPC. */
  public static final String SMS_PER_TPC = "sms-per-tpc";
  /** Whether contexts are co-resident. */
  public static final String CONTEXTS_SHARE_SMS = "contexts-share-sms";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "libsmctrl's per-stream TPC masks (Bakita and Anderson, RTAS 2023): each queue runs "
        + "only on the TPCs its mask leaves enabled; contexts share the SMs.";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return List.of(
        ParameterSpec.text(STREAM_MASKS, "", "Per queue, the mask libsmctrl_set_stream_mask_ext "
            + "sets on its stream: QUEUE=0xHEX, comma-separated; a set bit i disables TPC i. A "
            + "queue not named may use every TPC."),
        ParameterSpec.integer(SMS_PER_TPC, 2, 1, 2, "SMs", "SMs per TPC: 2 on Volta to Hopper (and "
            + "GP100), 1 on the consumer Pascal parts; TPC t holds SMs t*k to t*k+k-1."),
        ParameterSpec.bool(CONTEXTS_SHARE_SMS, true, "Whether blocks of different contexts may "
            + "be resident at once (their processes are MPS clients, as libsmctrl's multi-process "
            + "use needs); false leaves it to the hardware model's concurrent-contexts."));
  }

  @Override
  public SharingMode create(PluginContext context) {
    return new StreamMasks(context.parameters().getString(STREAM_MASKS),
        context.parameters().getInt(SMS_PER_TPC),
        context.parameters().getBoolean(CONTEXTS_SHARE_SMS));
  }
}
