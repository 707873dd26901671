package org.preemptlab.runner.workload;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayList;
import java.util.List;
import org.preemptlab.api.Durations;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;

/**
 * Turns a {@link ProgramSpec} into the {@link BlockProgram} of one kernel. Fixed-duration segments
 * keep their length; the rest of each pass is split among the share segments in proportion to their
 * shares, rounding so that the passes add up to the block time exactly.
 */
public final class Programs {
  /**
   * The most segments one block program may have, passes included: a block of 100 s with an
   * iteration of 100 µs would otherwise be a million segments per job.
   */
  public static final int MAX_SEGMENTS = 10_000;

  private Programs() {}

  /**
   * Builds the program of a block.
   *
   * @param spec the template
   * @param blockTimeNs the nominal block time; ignored when no segment has a share
   * @param registers the kernel's registers per thread: the default live registers
   * @param sharedBytes the kernel's shared memory per block: the default live shared bytes
   * @param instructionsPerNs instructions per thread per ns, for segments that give no count
   * @throws IllegalArgumentException if the block time leaves no room for the share segments, or
   *     the program would have more than {@link #MAX_SEGMENTS} segments
   */
  public static BlockProgram build(ProgramSpec spec, long blockTimeNs, int registers,
      long sharedBytes, double instructionsPerNs) {
    long fixedPerPass = 0;
    double totalShare = 0;
    boolean hasShares = false; // spec.hasShares(), in the same pass over the segments
    for (SegmentSpec segment : spec.segments()) {
      fixedPerPass = Math.addExact(fixedPerPass, segment.fixedNs());
      totalShare += segment.hasShare() ? segment.share() : 0;
      hasShares |= segment.hasShare();
    }
    checkArgument(!hasShares || totalShare > 0, "the shares of the program add up to 0");
    int passes = hasShares ? spec.passes(blockTimeNs) : spec.passes(0);
    if ((long) passes * spec.segments().size() > MAX_SEGMENTS) { // durations formatted only here
      checkArgument(false, "block time %s in %s pass(es) of %s segments makes more than %s "
          + "segments per block, the limit of a block program; lengthen 'iteration' or lower "
          + "'iterations'", Durations.format(blockTimeNs), passes, spec.segments().size(),
          MAX_SEGMENTS);
    }
    List<Segment> segments = new ArrayList<>();
    for (int pass = 0; pass < passes; pass++) {
      long shareNs = 0;
      if (hasShares) {
        long passNs = blockTimeNs * (pass + 1) / passes - blockTimeNs * pass / passes;
        shareNs = passNs - fixedPerPass;
        if (shareNs <= 0) { // durations formatted only for the message
          checkArgument(false, "block time %s in %s pass(es) leaves no time for the share "
              + "segments after %s of fixed-duration segments per pass",
              Durations.format(blockTimeNs), passes, Durations.format(fixedPerPass));
        }
      }
      addPass(segments, spec, shareNs, totalShare, registers, sharedBytes, instructionsPerNs);
    }
    return new BlockProgram(segments);
  }

  /**
   * The program with {@code bytes} of DRAM traffic per block, spread over its global-memory
   * segments in proportion to their durations (over every segment when it has none, or when they
   * last 0 ns), rounding so that the segments add up to {@code bytes} exactly.
   */
  public static BlockProgram withDramBytes(BlockProgram program, long bytes) {
    List<Segment> segments = program.segments();
    long carrying = 0;
    for (Segment s : segments) {
      carrying += s.kind() == SegmentKind.GLOBAL_MEMORY ? s.durationNs() : 0;
    }
    boolean all = carrying == 0;
    long total = all ? program.durationNs() : carrying;
    List<Segment> out = new ArrayList<>(segments.size());
    long cumulative = 0;
    long given = 0;
    for (Segment s : segments) {
      boolean carries = all || s.kind() == SegmentKind.GLOBAL_MEMORY;
      cumulative += carries ? s.durationNs() : 0;
      long upTo = carries ? (long) Math.floor((double) bytes * cumulative / total) : given;
      if (carries && cumulative == total) {
        upTo = bytes;
      }
      out.add(s.withDramBytes(upTo - given));
      given = upTo;
    }
    return new BlockProgram(out);
  }

  private static void addPass(List<Segment> out, ProgramSpec spec, long shareNs,
      double totalShare, int registers, long sharedBytes, double instructionsPerNs) {
    double cumulative = 0;
    long previousEnd = 0;
    for (SegmentSpec s : spec.segments()) {
      long durationNs;
      if (s.hasShare()) {
        cumulative += s.share();
        long end = Math.round(cumulative / totalShare * shareNs);
        durationNs = end - previousEnd;
        previousEnd = end;
      } else {
        durationNs = s.fixedNs();
      }
      long instructions = s.instructions() != null ? s.instructions()
          : Math.round(durationNs * instructionsPerNs);
      int liveRegisters = s.liveRegisters() != null ? s.liveRegisters() : registers;
      long liveShared = s.liveShared() != null ? s.liveShared() : sharedBytes;
      out.add(new Segment(s.kind(), instructions, durationNs, liveRegisters, liveShared));
    }
  }
}
