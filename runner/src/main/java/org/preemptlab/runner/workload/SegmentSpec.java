package org.preemptlab.runner.workload;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import org.preemptlab.api.model.SegmentKind;

/**
 * One segment of a block program template. Its length is either a {@code share} of the block time
 * (shares of a program are normalised, so {@code 40%, 60%} and {@code 2, 3} mean the same) or a
 * fixed {@code duration}; a segment with neither lasts 0 ns (a yield point or a barrier that costs
 * nothing by itself).
 *
 * @param kind what the segment does
 * @param share its share of the block time left after the fixed-duration segments, or null
 * @param duration its fixed length in ns, or null
 * @param instructions dynamic instructions per thread, or null to derive them from the length and
 *     the kernel's {@code instructions-per-ns}
 * @param liveRegisters 32-bit registers per thread live at the segment's end, or null for all of
 *     the kernel's registers
 * @param liveShared bytes of shared memory live at the segment's end, or null for all of the
 *     block's shared memory
 */
public record SegmentSpec(
    SegmentKind kind,
    @JsonDeserialize(using = SpecDeserializers.Share.class) Double share,
    @JsonSerialize(using = SpecSerializers.DurationText.class)
    @JsonDeserialize(using = SpecDeserializers.DurationNs.class) Long duration,
    Long instructions,
    Integer liveRegisters,
    @JsonDeserialize(using = SpecDeserializers.Bytes.class) Long liveShared) {

  /** Validates the fields. */
  public SegmentSpec {
    SpecViolation.required(kind, "kind");
    SpecViolation.check(share == null || duration == null, "share",
        "give either share or duration, not both");
    SpecViolation.check(instructions == null || instructions >= 0, "instructions",
        "must be >= 0, got " + instructions);
    SpecViolation.check(liveRegisters == null || liveRegisters >= 0, "live-registers",
        "must be >= 0, got " + liveRegisters);
  }

  /** A segment lasting {@code share} of the block time. */
  public static SegmentSpec ofShare(SegmentKind kind, double share, Integer liveRegisters,
      Long liveShared) {
    return new SegmentSpec(kind, share, null, null, liveRegisters, liveShared);
  }

  /** Whether the segment's length is a share of the block time. */
  public boolean hasShare() {
    return share != null;
  }

  /** The fixed length in ns (0 for a segment with neither share nor duration). */
  public long fixedNs() {
    return duration == null ? 0 : duration;
  }
}
