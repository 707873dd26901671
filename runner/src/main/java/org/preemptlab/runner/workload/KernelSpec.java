package org.preemptlab.runner.workload;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.util.random.RandomGenerator;
import org.preemptlab.api.Limits;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;

/**
 * A kernel template of a queue's kernel mix. Each job of the queue picks one template (with
 * probability proportional to {@code weight}) and draws its grid size and block time.
 *
 * @param name a label for reports, or null for {@code <queue>-<index>}
 * @param weight relative frequency in the mix, > 0 (default 1)
 * @param gridBlocks blocks per grid, at least 1
 * @param threadsPerBlock threads per block, at least 1
 * @param registersPerThread 32-bit registers per thread (default 32)
 * @param sharedMemoryPerBlock bytes of shared memory per block (default 0; YAML accepts {@code
 *     16KiB})
 * @param idempotent whether a block may be flushed and re-run (default false)
 * @param blockTime nominal block time in ns; required unless {@code blockCycles} is given or every
 *     program segment has a fixed duration, and then not allowed
 * @param jitter relative half-width of per-block time jitter, in [0, 1) (default 0)
 * @param instructionsPerNs instructions per thread per ns, for segments without a count (default 1)
 * @param program the block program, or null for {@link ProgramSpec#standard}
 * @param dramBytesPerBlock bytes one block moves between its SM and device memory (DRAM) over its
 *     whole program, which the contention model shares the device's bandwidth by (DESIGN.md
 *     §3.5); null (the default) or 0 for no declared traffic. YAML accepts {@code 1MiB}. Spread
 *     over the program's global-memory segments in proportion to their durations, or over every
 *     segment when it has none
 * @param blockCycles nominal block time in SM cycles, in place of {@code blockTime}: a kernel
 *     written in cycles (a sleep loop, a cycle-calibrated spin) lasts {@code cycles / clock}, where
 *     the clock is the run's hardware model's clock under sustained load ({@link CycleClock}); null
 *     (the default) when the block time is given in ns. Each draw consumes one draw of the stream,
 *     as a block time does
 */
public record KernelSpec(
    String name,
    Double weight,
    @JsonDeserialize(using = SpecDeserializers.Counts.class) Distribution gridBlocks,
    Integer threadsPerBlock,
    Integer registersPerThread,
    @JsonDeserialize(using = SpecDeserializers.Bytes.class) Long sharedMemoryPerBlock,
    boolean idempotent,
    @JsonSerialize(using = SpecSerializers.DurationDistribution.class)
    @JsonDeserialize(using = SpecDeserializers.Durations.class) Distribution blockTime,
    Double jitter,
    Double instructionsPerNs,
    ProgramSpec program,
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonDeserialize(using = SpecDeserializers.Bytes.class) Long dramBytesPerBlock,
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonDeserialize(using = SpecDeserializers.Counts.class) Distribution blockCycles) {
  private static final BlockTiming EXACT = new BlockTiming.Exact();

  /** A template whose block time, if any, is given in ns. */
  public KernelSpec(String name, Double weight, Distribution gridBlocks, Integer threadsPerBlock,
      Integer registersPerThread, Long sharedMemoryPerBlock, boolean idempotent,
      Distribution blockTime, Double jitter, Double instructionsPerNs, ProgramSpec program,
      Long dramBytesPerBlock) {
    this(name, weight, gridBlocks, threadsPerBlock, registersPerThread, sharedMemoryPerBlock,
        idempotent, blockTime, jitter, instructionsPerNs, program, dramBytesPerBlock, null);
  }

  /** Fills in defaults and validates the template, including its program. */
  public KernelSpec {
    weight = weight == null ? 1.0 : weight;
    registersPerThread = registersPerThread == null ? 32 : registersPerThread;
    sharedMemoryPerBlock = sharedMemoryPerBlock == null ? 0L : sharedMemoryPerBlock;
    jitter = jitter == null ? 0.0 : jitter;
    instructionsPerNs = instructionsPerNs == null ? 1.0 : instructionsPerNs;
    SpecViolation.check(weight > 0 && Double.isFinite(weight), "weight",
        "must be > 0, got " + weight);
    SpecViolation.required(gridBlocks, "grid-blocks");
    SpecViolation.check(gridBlocks.min() >= 1 && gridBlocks.max() <= Limits.MAX_GRID_BLOCKS,
        "grid-blocks", "must be in [1, " + Limits.MAX_GRID_BLOCKS + "] blocks, got "
            + (gridBlocks.min() < 1 ? gridBlocks.min() : gridBlocks.max()));
    SpecViolation.required(threadsPerBlock, "threads-per-block");
    SpecViolation.check(threadsPerBlock >= 1, "threads-per-block",
        "must be >= 1, got " + threadsPerBlock);
    SpecViolation.check(registersPerThread >= 0, "registers-per-thread",
        "must be >= 0, got " + registersPerThread);
    SpecViolation.check(sharedMemoryPerBlock <= Integer.MAX_VALUE, "shared-memory-per-block",
        "is too large: " + sharedMemoryPerBlock + " bytes");
    SpecViolation.check(jitter >= 0 && jitter < 1, "jitter", "must be in [0, 1), got " + jitter);
    SpecViolation.check(instructionsPerNs >= 0 && Double.isFinite(instructionsPerNs),
        "instructions-per-ns", "must be >= 0, got " + instructionsPerNs);
    SpecViolation.check(dramBytesPerBlock == null || dramBytesPerBlock >= 0,
        "dram-bytes-per-block", "must be >= 0, got " + dramBytesPerBlock);
    SpecViolation.check(blockTime == null || blockCycles == null, "block-cycles",
        "give the block time once: block-time (ns) or block-cycles (SM cycles), not both");
    SpecViolation.check(blockCycles == null || blockCycles.min() >= 1, "block-cycles",
        "must be >= 1 cycle, got " + (blockCycles == null ? 0 : blockCycles.min()));
    program = program == null ? ProgramSpec.standard(registersPerThread, sharedMemoryPerBlock)
        : program;
    checkProgram(program, blockTime, blockCycles, registersPerThread, sharedMemoryPerBlock,
        instructionsPerNs);
  }

  private static void checkProgram(ProgramSpec program, Distribution blockTime,
      Distribution blockCycles, int registers, long sharedBytes, double instructionsPerNs) {
    for (int i = 0; i < program.segments().size(); i++) {
      SegmentSpec s = program.segments().get(i);
      String key = "program.segments[" + i + "]";
      SpecViolation.check(s.liveRegisters() == null || s.liveRegisters() <= registers,
          key + ".live-registers", s.liveRegisters() + " exceeds registers-per-thread "
              + registers);
      SpecViolation.check(s.liveShared() == null || s.liveShared() <= sharedBytes,
          key + ".live-shared", s.liveShared() + " bytes exceed shared-memory-per-block "
              + sharedBytes);
    }
    if (!program.hasShares()) {
      SpecViolation.check(blockTime == null, "block-time",
          "not allowed when every program segment has a fixed duration");
      SpecViolation.check(blockCycles == null, "block-cycles",
          "not allowed when every program segment has a fixed duration");
      SpecViolation.check(program.iteration() == null, "program.iteration",
          "needs segments with a share; use iterations");
    } else if (blockCycles != null) {
      return; // the block time in ns is known only with the run's clock: checked when drawn
    } else {
      SpecViolation.required(blockTime, "block-time");
      SpecViolation.check(blockTime.min() >= 1, "block-time", "must be > 0 ns");
    }
    try {
      long[] probes = blockTime == null ? new long[] {0} : new long[] {blockTime.min(),
          blockTime.max()};
      for (long probe : probes) {
        Programs.build(program, probe, registers, sharedBytes, instructionsPerNs);
      }
    } catch (IllegalArgumentException e) {
      throw new SpecViolation(blockTime == null ? "program" : "block-time", e.getMessage());
    }
  }

  /**
   * Draws one kernel whose block time is not given in cycles; see {@link #draw(RandomGenerator,
   * String, CycleClock)}.
   *
   * @throws SpecViolation if the block time is given in cycles
   */
  public Kernel draw(RandomGenerator random, String defaultName) {
    return draw(random, defaultName, null);
  }

  /**
   * Draws one kernel: its grid size, block time and jitter seed, in that order, each consuming
   * exactly one draw of {@code random}. A block time in cycles is drawn in cycles and turned into
   * ns at {@code clock}.
   *
   * @param defaultName the name to use when the template has none
   * @param clock the run's SM clock under load; may be null when the block time is not in cycles
   * @throws SpecViolation if the block time is in cycles and there is no clock, or the cycles at
   *     the clock leave no time for the program's share segments
   */
  public Kernel draw(RandomGenerator random, String defaultName, CycleClock clock) {
    int grid = (int) gridBlocks.sample(random);
    long nominal = 0;
    if (blockTime != null) {
      nominal = blockTime.sample(random);
    } else if (blockCycles != null) {
      SpecViolation.check(clock != null, "block-cycles",
          "needs the run's hardware model to turn cycles into ns");
      long cycles = blockCycles.sample(random);
      nominal = clock.ns(cycles);
      SpecViolation.check(nominal <= Limits.MAX_DURATION_NS, "block-cycles", cycles
          + " cycles at " + clock.text() + " last longer than 1 hour, the longest block time");
    } else {
      random.nextDouble(); // one draw per quantity, even when the program fixes the block time
    }
    long seed = random.nextLong();
    String kernelName = name == null ? defaultName : name;
    if (blockCycles == null) {
      return build(kernelName, grid, nominal, seed);
    }
    try {
      return build(kernelName, grid, nominal, seed);
    } catch (IllegalArgumentException e) {
      throw new SpecViolation("block-cycles", "at the sustained clock of " + clock.text()
          + ": " + e.getMessage());
    }
  }

  /**
   * Builds one kernel of this template with the given draws.
   *
   * @param kernelName the kernel's name
   * @param grid blocks in the grid
   * @param blockTimeNs nominal block time (ignored when every segment has a fixed duration)
   * @param jitterSeed the seed of the per-block jitter (unused when {@code jitter} is 0)
   */
  public Kernel build(String kernelName, int grid, long blockTimeNs, long jitterSeed) {
    BlockProgram blockProgram = Programs.build(program, blockTimeNs, registersPerThread,
        sharedMemoryPerBlock, instructionsPerNs);
    if (dramBytesPerBlock != null && dramBytesPerBlock > 0) {
      blockProgram = Programs.withDramBytes(blockProgram, dramBytesPerBlock);
    }
    BlockTiming timing = jitter > 0 ? new BlockTiming.UniformJitter(jitter, jitterSeed)
        : EXACT; // one shared instance: a job costs no timing object of its own
    return new Kernel(kernelName, grid, threadsPerBlock, registersPerThread,
        (int) (long) sharedMemoryPerBlock, idempotent, blockProgram, timing);
  }
}
