package org.preemptlab.examples.tpcmask;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.policy.SmSet;
import org.preemptlab.api.sharing.SharingLayout;
import org.preemptlab.api.sharing.SharingMode;
import org.preemptlab.api.sharing.SharingRequest;

/**
 * libsmctrl's per-stream TPC masks as a sharing mode. {@code libsmctrl_set_stream_mask_ext(stream,
 * mask)} makes the hardware launch the stream's kernels only on the TPCs (thread-processing
 * clusters) whose bit in {@code mask} is clear (Bakita and Anderson, "Hardware Compute
 * Partitioning on NVIDIA GPUs", RTAS 2023; libsmctrl's header {@code libsmctrl.h}); a TPC holds
 * {@code smsPerTpc} SMs. Each queue named in the masks is confined to its TPCs' SMs; contexts are
 * co-resident (MPS clients) or not as {@code contextsShareSms} says.
 *
 * <p>What the simulator assumes beyond the paper: TPC {@code t} holds SMs {@code t*k} to {@code
 * t*k+k-1} (the engine's SM numbers are not the hardware's, whose TPC-to-SM order follows its GPC
 * layout), and a mask changes nothing else (launch costs, bandwidth, time slicing).
 */
final class StreamMasks implements SharingMode {
  private final String masks;
  private final int smsPerTpc;
  private final boolean contextsShareSms;

  StreamMasks(String masks, int smsPerTpc, boolean contextsShareSms) {
    this.masks = masks;
    this.smsPerTpc = smsPerTpc;
    this.contextsShareSms = contextsShareSms;
  }

  @Override
  public SharingLayout layout(SharingRequest request) {
    int smCount = request.device().smCount();
    if (smCount % smsPerTpc != 0) {
      throw new ConfigurationException(StreamMaskProvider.SMS_PER_TPC + ": '"
          + request.deviceId() + "' has " + smCount + " SMs, not a whole number of TPCs of "
          + smsPerTpc + " SMs");
    }
    int tpcs = smCount / smsPerTpc;
    Map<String, SmSet> partitions = new LinkedHashMap<>();
    for (Map.Entry<String, BigInteger> entry : parse(masks, request).entrySet()) {
      int[] sms = IntStream.range(0, tpcs).filter(t -> !entry.getValue().testBit(t))
          .flatMap(t -> IntStream.range(t * smsPerTpc, (t + 1) * smsPerTpc)).toArray();
      if (sms.length == 0) {
        throw new ConfigurationException(StreamMaskProvider.STREAM_MASKS + ": the mask of queue '"
            + entry.getKey() + "' disables all " + tpcs + " TPCs of '" + request.deviceId()
            + "'; clear at least one of bits 0-" + (tpcs - 1));
      }
      partitions.put(entry.getKey(), SmSet.of(sms));
    }
    List<SharingLayout.Choice> choices = List.of(
        new SharingLayout.Choice("sharing", StreamMaskProvider.ID, "each masked queue runs on the"
            + " TPCs its mask leaves enabled, " + smsPerTpc + " SM" + (smsPerTpc == 1 ? "" : "s")
            + " per TPC; a mask costs nothing at launch", "Bakita and Anderson, RTAS 2023"),
        new SharingLayout.Choice("tpc numbering", "tpc t = sms " + smsPerTpc + "t.."
            + smsPerTpc + "t+" + (smsPerTpc - 1), "the engine's SM numbers, not the hardware's"
            + " GPC order", "assumption"));
    return SharingLayout.ofQueues(contextsShareSms ? Boolean.TRUE : null, partitions, choices);
  }

  /**
   * The masks of {@code text}, {@code QUEUE=0xHEX} separated by commas, by queue in the order
   * written.
   *
   * @throws ConfigurationException naming {@code stream-masks} for an entry that is not {@code
   *     QUEUE=0xHEX}, a queue the run does not have, or a queue given twice
   */
  static Map<String, BigInteger> parse(String text, SharingRequest request) {
    Map<String, BigInteger> masks = new LinkedHashMap<>();
    String key = StreamMaskProvider.STREAM_MASKS + ": ";
    for (String entry : text.split(",")) {
      String item = entry.strip();
      if (item.isEmpty()) {
        continue;
      }
      int equals = item.indexOf('=');
      String queue = equals < 0 ? "" : item.substring(0, equals).strip();
      String mask = equals < 0 ? "" : item.substring(equals + 1).strip();
      if (queue.isEmpty() || !mask.matches("0[xX][0-9a-fA-F]{1,32}")) {
        throw new ConfigurationException(key + "'" + item + "' is not QUEUE=MASK with MASK a "
            + "hexadecimal TPC mask of at most 128 bits (libsmctrl: a set bit disables the TPC), "
            + "e.g. hp=0xf0");
      }
      if (request.contextOf(queue) == null) {
        throw new ConfigurationException(key + "unknown queue '" + queue + "'; valid: "
            + String.join(", ", request.queueIds()));
      }
      if (masks.put(queue, new BigInteger(mask.substring(2), 16)) != null) {
        throw new ConfigurationException(key + "queue '" + queue + "' has two masks");
      }
    }
    return masks;
  }
}
