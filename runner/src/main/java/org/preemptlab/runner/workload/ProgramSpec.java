package org.preemptlab.runner.workload;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.model.SegmentKind;

/**
 * The block program template of a kernel: a list of segments forming one pass, repeated a number
 * of times within the block. With {@code iteration} the pass repeats so that each lasts about that
 * long ({@code round(block time / iteration)} passes, at least one); with {@code iterations} it
 * repeats a fixed number of times; with neither it runs once.
 *
 * @param segments the segments of one pass, at least one
 * @param iterations a fixed number of passes, or null
 * @param iteration the target length of one pass in ns, or null
 */
public record ProgramSpec(
    List<SegmentSpec> segments,
    Integer iterations,
    @JsonSerialize(using = SpecSerializers.DurationText.class)
    @JsonDeserialize(using = SpecDeserializers.DurationNs.class) Long iteration) {

  /** Validates the fields. */
  public ProgramSpec {
    SpecViolation.required(segments, "segments");
    segments = List.copyOf(segments);
    SpecViolation.check(!segments.isEmpty(), "segments", "needs at least one segment");
    SpecViolation.check(iterations == null || iteration == null, "iterations",
        "give either iterations or iteration, not both");
    SpecViolation.check(iterations == null || iterations >= 1, "iterations",
        "must be >= 1, got " + iterations);
    SpecViolation.check(iteration == null || iteration >= 1, "iteration",
        "must be > 0 ns, got " + iteration);
  }

  /**
   * The program used when a kernel gives none: a typical tiled kernel. Load tiles from global
   * memory (20%), stage them in shared memory (10%), a barrier, compute on them (60%) and store the
   * results (10%). Registers are half live while loading, all live while computing and a quarter
   * live at the end; shared memory is live from staging to the end of the compute.
   *
   * @param registers the kernel's registers per thread
   * @param sharedBytes the kernel's shared memory per block
   */
  public static ProgramSpec standard(int registers, long sharedBytes) {
    List<SegmentSpec> segments = new ArrayList<>();
    segments.add(SegmentSpec.ofShare(SegmentKind.GLOBAL_MEMORY, 0.20, registers / 2, 0L));
    segments.add(SegmentSpec.ofShare(SegmentKind.SHARED_MEMORY, 0.10, registers / 2,
        sharedBytes));
    segments.add(new SegmentSpec(SegmentKind.BARRIER, null, null, null, registers / 2,
        sharedBytes));
    segments.add(SegmentSpec.ofShare(SegmentKind.COMPUTE, 0.60, registers, sharedBytes));
    segments.add(SegmentSpec.ofShare(SegmentKind.GLOBAL_MEMORY, 0.10, registers / 4, 0L));
    return new ProgramSpec(segments, null, null);
  }

  /** Whether some segment's length is a share of the block time (so a block time is needed). */
  public boolean hasShares() {
    return segments.stream().anyMatch(SegmentSpec::hasShare);
  }

  /** The number of passes in a block of the given nominal time. */
  public int passes(long blockTimeNs) {
    if (iteration != null) {
      return (int) Math.max(1, Math.min(Integer.MAX_VALUE,
          Math.round((double) blockTimeNs / iteration)));
    }
    return iterations == null ? 1 : iterations;
  }
}
