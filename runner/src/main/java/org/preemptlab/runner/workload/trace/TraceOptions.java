package org.preemptlab.runner.workload.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Numbers;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.model.Priority;

/**
 * How a trace is replayed: the parameters shared by {@code pytorch-trace} and {@code nsys-trace}.
 *
 * @param rank the distributed rank the trace must be of, or -1 for any
 * @param device the GPU index whose operations are replayed, or -1 for the only one
 * @param firstStep the first {@code ProfilerStep#N} kept, or -1 to keep every operation
 * @param lastStep the last step kept (inclusive), or -1
 * @param windowStartNs operations starting before this time after the device's first operation are
 *     dropped
 * @param windowEndNs operations starting at or after it are dropped; 0 for no end
 * @param repeat how many times the kept operations are replayed, one after the other
 * @param priority the priority of every queue of the trace
 * @param context the context id of the trace (with several CUDA contexts: the prefix of theirs)
 * @param timeScale the factor applied to submission times and to the repeat period
 * @param tracedHardware the id of the hardware model of the traced GPU, or empty for the run's
 * @param scaling how block durations carry over to another GPU
 * @param copies whether memory copies and sets are replayed (on the copy engine)
 * @param idempotent whether the kernels' blocks may be flushed and re-run
 * @param dramBandwidthShare the share of the traced GPU's DRAM bandwidth each kernel is taken to
 *     have used while it ran, in [0, 1] (the traces record no DRAM traffic; 0: none declared)
 * @param dramBytesByKernel DRAM bytes per launch by full kernel name, from the file named by
 *     {@code dram-annotations}; an annotated kernel takes these instead of the share; empty for none
 */
public record TraceOptions(int rank, int device, long firstStep, long lastStep, long windowStartNs,
    long windowEndNs, int repeat, Priority priority, String context, double timeScale,
    String tracedHardware, BlockDurations.Scaling scaling, boolean copies, boolean idempotent,
    double dramBandwidthShare, java.util.Map<String, Long> dramBytesByKernel) {
  /** A GpuContext id's rule, compiled once rather than at every run's options. */
  private static final Pattern CONTEXT_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");
  /** A character that an id may not hold. */
  private static final Pattern NOT_IN_ID = Pattern.compile("[^A-Za-z0-9._-]");

  /** Copies the annotations. */
  public TraceOptions {
    dramBytesByKernel = java.util.Map.copyOf(dramBytesByKernel);
  }

  /** Options without per-kernel DRAM annotations. */
  public TraceOptions(int rank, int device, long firstStep, long lastStep, long windowStartNs,
      long windowEndNs, int repeat, Priority priority, String context, double timeScale,
      String tracedHardware, BlockDurations.Scaling scaling, boolean copies, boolean idempotent,
      double dramBandwidthShare) {
    this(rank, device, firstStep, lastStep, windowStartNs, windowEndNs, repeat, priority, context,
        timeScale, tracedHardware, scaling, copies, idempotent, dramBandwidthShare,
        java.util.Map.of());
  }

  /** Options that declare no DRAM traffic ({@code dram-bandwidth-share} 0). */
  public TraceOptions(int rank, int device, long firstStep, long lastStep, long windowStartNs,
      long windowEndNs, int repeat, Priority priority, String context, double timeScale,
      String tracedHardware, BlockDurations.Scaling scaling, boolean copies, boolean idempotent) {
    this(rank, device, firstStep, lastStep, windowStartNs, windowEndNs, repeat, priority, context,
        timeScale, tracedHardware, scaling, copies, idempotent, 0);
  }

  static final long DAY_NS = 86_400_000_000_000L;
  private static final Pattern STEPS = Pattern.compile("(\\d+)(?:\\s*-\\s*(\\d+))?");

  /** The parameters both trace workloads declare; {@code steps} adds {@code iterations}. */
  public static List<ParameterSpec> parameters(boolean steps, String format) {
    List<ParameterSpec> specs = new ArrayList<>();
    specs.add(ParameterSpec.text("path", "", "Path of the " + format + "; required"));
    specs.add(ParameterSpec.integer("device", -1, -1, 1 << 20, "",
        "GPU index (rank's device) whose operations are replayed; -1 = the only one in the trace"));
    if (steps) {
      specs.add(ParameterSpec.integer("rank", -1, -1, 1 << 20, "",
          "Distributed rank the trace must be of (distributedInfo.rank; each rank writes its own "
              + "file); -1 = any"));
      specs.add(ParameterSpec.text("iterations", "",
          "ProfilerStep numbers to keep: N or N-M (inclusive); empty = every operation"));
    }
    specs.add(ParameterSpec.duration("window-start", 0, 0, DAY_NS,
        "Drop operations that start earlier than this after the device's first operation"));
    specs.add(ParameterSpec.duration("window-end", 0, 0, DAY_NS,
        "Drop operations that start at or after this time after the device's first operation; "
            + "0 = no end"));
    specs.add(ParameterSpec.integer("repeat", 1, 1, 10_000, "times",
        "Replay the kept operations this many times, each copy one trace span after the last"));
    specs.add(ParameterSpec.choice("priority", "NORMAL",
        List.of("KERNEL", "HIGH", "NORMAL", "LOW"), "Priority of every queue of the trace"));
    specs.add(ParameterSpec.text("context", "",
        "Context id of the trace; empty = the file name without extensions"));
    specs.add(ParameterSpec.real("time-scale", 1.0, 1e-6, 1e6, "",
        "Factor on submission times and the repeat period (0.5 = launches twice as fast)"));
    specs.add(ParameterSpec.text("traced-hardware", "",
        "Hardware model of the GPU the trace was recorded on; empty = the run's hardware model"));
    specs.add(ParameterSpec.choice("block-scaling", "clock", List.of("clock", "none"),
        "How block durations carry over to another GPU: keep cycles (clock) or keep ns (none)"));
    specs.add(ParameterSpec.bool("copies", true,
        "Replay memory copies and sets on the copy engine"));
    specs.add(ParameterSpec.bool("idempotent", false,
        "Whether the kernels' blocks may be flushed and re-run (the trace cannot tell)"));
    specs.add(ParameterSpec.real("dram-bandwidth-share", 0.0, 0.0, 1.0, "",
        "Share of the traced GPU's DRAM bandwidth each kernel used while it ran, for contention "
            + "(the trace records none); 0 = no DRAM traffic declared"));
    specs.add(ParameterSpec.text("dram-annotations", "",
        "CSV file of DRAM bytes per launch by kernel name (kernel,dram_bytes), for contention; an"
            + " annotated kernel takes it instead of dram-bandwidth-share; empty = none"));
    return List.copyOf(specs);
  }

  /**
   * Reads the options from validated parameter values.
   *
   * @param defaultContext the context id when the parameter {@code context} is empty
   */
  public static TraceOptions of(Parameters values, String defaultContext) {
    long first = -1;
    long last = -1;
    String steps = values.asText().getOrDefault("iterations", "").trim();
    if (!steps.isEmpty()) {
      Matcher m = STEPS.matcher(steps);
      if (!m.matches()) {
        throw new ConfigurationException("parameter 'iterations': expected N or N-M (ProfilerStep "
            + "numbers), got '" + Numbers.shortText(steps) + "'");
      }
      try {
        first = Numbers.whole(m.group(1), 0, Long.MAX_VALUE);
        last = m.group(2) == null ? first : Numbers.whole(m.group(2), 0, Long.MAX_VALUE);
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException("parameter 'iterations': step numbers must be in [0, "
            + Long.MAX_VALUE + "], got '" + Numbers.shortText(steps) + "'");
      }
      if (last < first) {
        throw new ConfigurationException("parameter 'iterations': " + steps + " is empty; write "
            + "the smaller step first");
      }
    }
    long windowStart = values.getDurationNs("window-start");
    long windowEnd = values.getDurationNs("window-end");
    if (windowEnd != 0 && windowEnd <= windowStart) {
      throw new ConfigurationException("parameter 'window-end' must be after 'window-start' (or 0"
          + " for no end)");
    }
    String context = values.getString("context").trim();
    if (context.isEmpty()) {
      context = defaultContext;
    }
    if (!CONTEXT_ID.matcher(context).matches()) {
      throw new ConfigurationException("parameter 'context': '" + Numbers.shortText(context)
          + "' is not a valid id; use letters, digits, '.', '_' or '-', starting with a letter or "
          + "digit");
    }
    int rank = values.asText().containsKey("rank") ? values.getInt("rank") : -1;
    return new TraceOptions(rank, values.getInt("device"), first, last, windowStart, windowEnd,
        values.getInt("repeat"), Priority.valueOf(values.getString("priority")), context,
        values.getDouble("time-scale"), values.getString("traced-hardware").trim(),
        BlockDurations.Scaling.valueOf(values.getString("block-scaling").toUpperCase(Locale.ROOT)),
        values.getBoolean("copies"), values.getBoolean("idempotent"),
        values.getDouble("dram-bandwidth-share"), annotations(values));
  }

  /** The DRAM annotations the parameter {@code dram-annotations} names, or none. */
  private static java.util.Map<String, Long> annotations(Parameters values) {
    String path = values.asText().getOrDefault("dram-annotations", "").trim();
    return path.isEmpty() ? java.util.Map.of()
        : DramAnnotations.read(java.nio.file.Path.of(path));
  }

  /** A context id made from a file name: without directories and extensions, invalid chars as _. */
  public static String contextFromFile(String fileName) {
    String stem = fileName;
    for (String suffix : List.of(".gz", ".json", ".csv", ".pt.trace")) {
      if (stem.endsWith(suffix)) {
        stem = stem.substring(0, stem.length() - suffix.length());
      }
    }
    stem = NOT_IN_ID.matcher(stem).replaceAll("_");
    return stem.isEmpty() ? "trace" : stem;
  }

  /** Whether the options keep only some iterations. */
  public boolean selectsSteps() {
    return firstStep >= 0;
  }
}
