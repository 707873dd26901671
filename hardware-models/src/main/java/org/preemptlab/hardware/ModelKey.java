package org.preemptlab.hardware;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.preemptlab.api.Limits;
import org.preemptlab.api.ParameterSpec;

/**
 * Every key a hardware-model file may hold: its name, how its value is parsed, its valid range,
 * its unit, one sentence of documentation and whether a file must set it. The bundled files and
 * the parameters of the bundled providers are both checked against this one table.
 */
enum ModelKey {
  NAME("name", ValueKind.TEXT, "", "The device's label in reports."),
  SM_COUNT("sm-count", whole(1, Limits.MAX_SM_COUNT), "SMs", "Streaming multiprocessors on the device."),
  MAX_THREADS_PER_SM("max-threads-per-sm", whole(1, 1 << 16), "threads", "Resident threads per SM."),
  MAX_BLOCKS_PER_SM("max-blocks-per-sm", whole(1, 1 << 10), "blocks", "Resident blocks per SM."),
  REGISTERS_PER_SM("registers-per-sm", whole(1, 1 << 24), "registers", "32-bit registers per SM."),
  SHARED_MEMORY_PER_SM("shared-memory-per-sm", whole(0, 1 << 30), "bytes", "Shared memory per SM."),
  SHARED_MEMORY_RESERVED_PER_BLOCK("shared-memory-reserved-per-block", whole(0, 1 << 30), "bytes",
      "Shared memory the system reserves for each resident block."),
  CLOCK_MHZ("clock-mhz", real(1, 1e5), "MHz", "SM clock, to turn cycles into time."),
  SUSTAINED_CLOCK_MHZ("sustained-clock-mhz", real(1, 1e5), "MHz",
      "SM clock under sustained load, at most clock-mhz, to turn a workload's block-cycles into"
          + " time (optional; clock-mhz if absent)."),
  DRAM_BANDWIDTH_GBPS("dram-bandwidth-gbps", real(0.001, 1e6), "GB/s",
      "Peak device-memory (DRAM) bandwidth that co-resident blocks share under contention"
          + " (optional; needed by contention: max-min-fair and memory-system)."),
  // the memory system from measurable parameters (docs/model.md, "The memory system")
  DRAM_ACHIEVABLE_GBPS("dram-achievable-gbps", real(0.001, 1e6), "GB/s",
      "Device-memory bandwidth a streaming benchmark sustains, bytes read and written, at most"
          + " dram-bandwidth-gbps (optional; needed by contention: memory-system, which shares it)."),
  DRAM_LATENCY_NS("dram-latency-ns", real(1, 1e6), "ns",
      "Latency of one DRAM access as a pointer-chasing benchmark measures it, against which a"
          + " block's bytes in flight give its bandwidth alone (optional)."),
  DRAM_QUEUEING_NS("dram-queueing-ns", real(0, 1e6), "ns",
      "Scale of the DRAM queueing delay under contention: memory-system, each access then taking"
          + " dram-latency-ns + this x U / (1 - U) at a share U of dram-achievable-gbps in use"
          + " (the extra latency at U = 1/2); needs dram-latency-ns (optional; 0 or absent: no"
          + " queueing delay)."),
  MEMORY_CAPACITY_GB("memory-capacity-gb", real(0.001, 1e6), "GB",
      "Device memory capacity from the datasheet, in GB of 10^9 B, against which the memory an"
          + " application holds (an LLM server's weights and KV cache) is checked (optional; not"
          + " checked if absent)."),
  CONTENTION("contention", ValueKind.TEXT, "",
      "How co-resident blocks slow each other down: none (each block lasts its program),"
          + " max-min-fair (blocks share dram-bandwidth-gbps max-min fairly), memory-system (blocks"
          + " share dram-achievable-gbps max-min fairly), issue-rate (blocks on one SM share its"
          + " issue-slots-per-sm), or one DRAM rule and issue-rate, comma-separated; optional, none"
          + " if absent."),
  WARP_SIZE("warp-size", whole(1, 1024), "threads",
      "Threads per warp (wavefront), to count a block's warps (optional; needed by contention:"
          + " issue-rate)."),
  ISSUE_SLOTS_PER_SM("issue-slots-per-sm", whole(1, 64), "warps",
      "Warp schedulers (SIMDs) per SM, each issuing for one warp at a time (optional; needed by"
          + " contention: issue-rate)."),
  ISSUE_ORDER("issue-order", ValueKind.TEXT, "",
      "Which blocks get an SM's issue slots first under contention: issue-rate: equal (shared"
          + " max-min fairly), oldest-first (the kernel that started first), youngest-first (the"
          + " kernel that started last), a kernel starting when its first block is placed;"
          + " optional, equal if absent."),
  KERNEL_LAUNCH("kernel-launch", ValueKind.COST, "",
      "Time from dispatching a kernel on an idle device until its first block can be placed."),
  KERNEL_LAUNCH_BUSY("kernel-launch-busy", ValueKind.COST, "",
      "Launch time when a block is resident or a launched kernel is unfinished (optional;"
          + " kernel-launch if absent)."),
  BLOCK_DISPATCH("block-dispatch", duration(0), "",
      "Time from placing a block on an SM until it starts executing."),
  PREEMPTION_SIGNAL("preemption-signal", ValueKind.COST, "",
      "Time from a preemption request until the SMs see it."),
  SAVE_BANDWIDTH_GBPS("save-bandwidth-gbps", real(0.001, 1e6), "GB/s",
      "Device-wide context-save bandwidth, shared equally by the SMs."),
  SAVE_PER_THREAD_NS("save-per-thread-ns", real(0, 1e6), "ns/thread",
      "Extra save time per resident thread of an SM (optional; 0 if absent)."),
  SAVE_FIXED("save-fixed", ValueKind.COST, "",
      "Fixed cost of one SM's save of its blocks' state in a context switch."),
  RESTORE_BANDWIDTH_GBPS("restore-bandwidth-gbps", real(0.001, 1e6), "GB/s",
      "Device-wide context-restore bandwidth, shared equally by the SMs."),
  RESTORE_PER_THREAD_NS("restore-per-thread-ns", real(0, 1e6), "ns/thread",
      "Extra restore time per resident thread of an SM (optional; 0 if absent)."),
  RESTORE_FIXED("restore-fixed", ValueKind.COST, "", "Fixed cost of one restore on one SM."),
  CONTEXT_SWITCH("context-switch", ValueKind.COST, "",
      "Fixed cost of one switch of the device between contexts, on top of saves and restores."),
  INSTRUCTION_PREEMPTION("instruction-preemption", ValueKind.COST, "",
      "Fixed cost on one SM of stopping blocks for a preemption inside a context, in place of"
          + " save-fixed (optional; save-fixed if absent)."),
  TIME_SLICE("time-slice", duration(1_000), "",
      "Time a context keeps the device while other contexts wait."),
  PREEMPTION_CHECK_CYCLES("preemption-check-cycles", real(0, 1e6), "cycles",
      "Issue cost of one compiled-in preemption check."),
  INSTRUCTION_LEVEL_PREEMPTION("instruction-level-preemption", ValueKind.BOOLEAN, "",
      "Whether an SM can stop a block at (almost) any instruction and save its state."),
  CONCURRENT_CONTEXTS("concurrent-contexts", ValueKind.BOOLEAN, "",
      "Whether blocks of different contexts may share SMs at once (MPS-like)."),
  CONTEXT_ORDER("context-order", ValueKind.TEXT, "",
      "Order of time-sliced contexts: runlist (next after the active one, in registration order) "
          + "or fcfs (longest runnable first); optional, runlist if absent."),
  // ---- sharing the device in space (docs/sharing.md): all optional ----
  MPS("mps", ValueKind.TEXT, "",
      "The device's Multi-Process Service: none, pre-volta (clients co-resident) or volta (also"
          + " an active-thread percentage per client); optional, none if absent."),
  MIG_PROFILES("mig-profiles", ValueKind.TEXT, "",
      "The MIG GPU-instance profiles, comma-separated, each 'NAME SMS SMs M/N memory max K' such"
          + " as '3g.71gb 60 SMs 4/8 memory max 2'; optional, no MIG if absent."),
  GREEN_CONTEXT_MIN_SMS("green-context-min-sms", whole(1, Limits.MAX_SM_COUNT), "SMs",
      "The fewest SMs of a green-context partition (optional; no green contexts if absent)."),
  GREEN_CONTEXT_SM_MULTIPLE("green-context-sm-multiple", whole(1, Limits.MAX_SM_COUNT), "SMs",
      "A green-context partition's SMs are a multiple of this (optional; needed with"
          + " green-context-min-sms).");

  /** The keys a model file may leave out. */
  private static final java.util.Set<ModelKey> OPTIONAL = java.util.EnumSet.of(
      SAVE_PER_THREAD_NS, RESTORE_PER_THREAD_NS, KERNEL_LAUNCH_BUSY, INSTRUCTION_PREEMPTION,
      CONTEXT_ORDER, DRAM_BANDWIDTH_GBPS, DRAM_ACHIEVABLE_GBPS, DRAM_LATENCY_NS, DRAM_QUEUEING_NS,
      MEMORY_CAPACITY_GB, CONTENTION,
      WARP_SIZE, ISSUE_SLOTS_PER_SM, ISSUE_ORDER,
      SUSTAINED_CLOCK_MHZ, MPS, MIG_PROFILES, GREEN_CONTEXT_MIN_SMS, GREEN_CONTEXT_SM_MULTIPLE);

  private static final Map<String, ModelKey> BY_ID =
      Arrays.stream(values()).collect(Collectors.toMap(ModelKey::id, Function.identity()));

  private final String id;
  private final ValueKind kind;
  private final double min;
  private final double max;
  private final String unit;
  private final String doc;

  ModelKey(String id, Range range, String unit, String doc) {
    this.id = id;
    this.kind = range.kind();
    this.min = range.min();
    this.max = range.max();
    this.unit = unit;
    this.doc = doc;
  }

  ModelKey(String id, ValueKind kind, String unit, String doc) {
    // a cost (a duration or quantile points) is at most 1 s: measured costs are micro- to
    // milliseconds, and a bound keeps runs finite and simulated time far from overflow
    this(id, kind == ValueKind.COST ? new Range(kind, 0, 1_000_000_000L)
        : new Range(kind, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY), unit, doc);
  }

  /** The kebab-case key as written in a file and as a parameter name. */
  String id() {
    return id;
  }

  /** Whether every model file must set this key. */
  boolean required() {
    return !OPTIONAL.contains(this);
  }

  /** The key named {@code id}, if there is one. */
  static Optional<ModelKey> byId(String id) {
    return Optional.ofNullable(BY_ID.get(id));
  }

  /** Every valid key, in file order. */
  static List<String> ids() {
    return Arrays.stream(values()).map(ModelKey::id).toList();
  }

  /**
   * Parses a value of this key.
   *
   * @throws IllegalArgumentException with a message such as {@code expected a whole number >= 1,
   *     got 'x'}
   */
  Object parse(String raw) {
    return kind.parse(raw, min, max);
  }

  /** This key as a plugin parameter whose default is {@code defaultText}, a valid value. */
  ParameterSpec parameter(String defaultText) {
    // a cost is text to the parameter (a duration or quantile points); its range is checked here
    boolean text = kind.parameterType() == org.preemptlab.api.ParameterType.TEXT;
    ParameterSpec spec = new ParameterSpec(id, kind.parameterType(), defaultText.trim(), unit, doc,
        text ? Double.NEGATIVE_INFINITY : min, text ? Double.POSITIVE_INFINITY : max, List.of());
    spec.parse(spec.defaultValue());
    return spec;
  }

  // Every range has a top, so that no value can make a run absurd (a device of 2^31 SMs) or
  // overflow simulated time; durations end at Limits.MAX_DURATION_NS (1 hour).
  private static Range whole(int min, int max) {
    return new Range(ValueKind.WHOLE, min, max);
  }

  private static Range real(double min, double max) {
    return new Range(ValueKind.REAL, min, max);
  }

  private static Range duration(long minNs) {
    return new Range(ValueKind.DURATION, minNs, Limits.MAX_DURATION_NS);
  }

  /** A value kind and its inclusive range. */
  private record Range(ValueKind kind, double min, double max) {}
}
