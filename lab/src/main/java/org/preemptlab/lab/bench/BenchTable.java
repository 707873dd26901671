package org.preemptlab.lab.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Renders a {@link Benchmark.Report} as plain text: a header, a speed table, a results table. */
final class BenchTable {
  /** The speed table's column headers. */
  static final List<String> SPEED_COLUMNS = List.of("implementation", "blocks", "events",
      "median wall ms", "blocks/s", "events/s", "kernels/s", "ns/block", "median CPU ms");
  /** The memory table's column headers. */
  static final List<String> MEMORY_COLUMNS = List.of("implementation", "input MiB",
      "peak heap MiB", "run peak MiB", "allocated B/block");
  /** The results table's column headers. */
  static final List<String> RESULT_COLUMNS = List.of("implementation", "makespan ns",
      "turnaround sum ns", "blocks", "makespan", "turnaround");
  /** Starts the line with the engine-to-baseline throughput ratio. */
  static final String RATIO_LABEL = "engine/baseline blocks/s";
  /** Starts the line with the same ratio on the threads' CPU time. */
  static final String CPU_RATIO_LABEL = "engine/baseline blocks per CPU second";

  /** Starts the line with the same ratio per repetition, paired. */
  static final String PAIRED_RATIO_LABEL = "per repetition, blocks per CPU second";

  private BenchTable() {}

  static String render(Benchmark.Report report) {
    BenchSettings settings = report.settings();
    StringBuilder out = new StringBuilder();
    out.append("preemptlab bench: the standard workload of docs/standard-workload.md\n");
    out.append(String.format(Locale.ROOT, "N = %,d kernels | JVM %s | %d cores | %d warm-up%s, "
            + "%d repetition%s (median reported)%n", settings.kernels(), report.jvm(),
        report.cores(), settings.warmups(), plural(settings.warmups()), settings.repetitions(),
        plural(settings.repetitions())));
    out.append("engine: policy ").append(Benchmark.POLICY).append(", preemption ")
        .append(Benchmark.PREEMPTION).append(", context-save ").append(Benchmark.CONTEXT_SAVE)
        .append(", unlimited credits, block aggregation off\n");
    out.append("timed: baseline = BaselineEventLoop.run(kernels); engine = new Simulator(...)"
        + ".run(). Building the kernel list / Workload and creating the plugins are outside the"
        + " timed section.\n");
    out.append("events: engine = events it processed; baseline = block completions + kernel"
        + " arrivals it processed.\n");
    out.append("repetitions: baseline and engine interleaved (alternating which goes first);"
        + " medians reported.\n");
    out.append("memory: input = heap its input holds after a GC; peak heap = largest sum of the"
        + " heap pools' peak used bytes over repetitions, reset after System.gc() (includes both"
        + " inputs); run peak = peak heap minus the heap live at the start; allocated = median"
        + " bytes the measuring thread allocated per repetition (JVM per-thread counter) per"
        + " block.\n");
    out.append('\n');

    List<List<String>> speed = new ArrayList<>();
    for (Measurement m : List.of(report.baseline(), report.engine())) {
      speed.add(List.of(m.name(), count(m.outcome().blocks()), count(m.outcome().events()),
          String.format(Locale.ROOT, "%,.2f", m.medianWallNs() / 1e6), rate(m.blocksPerSecond()),
          rate(m.eventsPerSecond()), rate(m.kernelsPerSecond()),
          String.format(Locale.ROOT, "%,.1f", m.nanosPerBlock()),
          m.medianCpuNs() < 0 ? "n/a" : String.format(Locale.ROOT, "%,.2f",
              m.medianCpuNs() / 1e6)));
    }
    out.append(table(SPEED_COLUMNS, speed));
    out.append(String.format(Locale.ROOT, "%s: %.3f%n", RATIO_LABEL,
        report.engineToBaselineBlocksPerSecond()));
    out.append(String.format(Locale.ROOT, "%s: %.3f (thread CPU time: the check when the machine"
            + " is busy)%n", CPU_RATIO_LABEL, report.engineToBaselineBlocksPerCpuSecond()));
    List<Double> pairs = report.pairedCpuRatios();
    if (!pairs.isEmpty()) {
      out.append(String.format(Locale.ROOT, "%s: median %.3f, lowest %.3f, highest %.3f over %d"
          + " repetition%s (each the two runs back to back)%n", PAIRED_RATIO_LABEL,
          Measurement.median(pairs), pairs.get(0), pairs.get(pairs.size() - 1), pairs.size(),
          plural(pairs.size())));
    }
    out.append(Benchmark.guardVerdict(settings.kernels(),
        report.engineToBaselineBlocksPerCpuSecond())).append('\n');
    out.append('\n');

    List<List<String>> memory = new ArrayList<>();
    for (Measurement m : List.of(report.baseline(), report.engine())) {
      memory.add(List.of(m.name(), mib(m.inputBytes()), mib(m.maxPeakHeapBytes()),
          mib(m.maxRunPeakBytes()), m.allocatedBytesPerBlock() < 0 ? "n/a"
              : String.format(Locale.ROOT, "%,.2f", m.allocatedBytesPerBlock())));
    }
    out.append(table(MEMORY_COLUMNS, memory));
    out.append('\n');

    List<List<String>> results = new ArrayList<>();
    results.add(report.expected()
        .map(row -> List.of("expected", count(row.makespanNs()), count(row.turnaroundSumNs()),
            count(row.blocks()), "", ""))
        .orElse(List.of("expected", "n/a", "n/a", "n/a", "", "")));
    for (Measurement m : List.of(report.baseline(), report.engine())) {
      results.add(List.of(m.name(), count(m.outcome().makespanNs()),
          count(m.outcome().turnaroundSumNs()), m.blocksVerdict().label(),
          m.makespanVerdict().label(), m.turnaroundVerdict().label()));
    }
    out.append(table(RESULT_COLUMNS, results));
    out.append("engine and baseline: ").append(report.implementationsAgree() ? "AGREE" : "DIFFER")
        .append('\n');
    for (Measurement m : List.of(report.baseline(), report.engine())) {
      if (!m.repeatable()) {
        out.append(m.name()).append(": results differ between runs (MISMATCH)\n");
      }
    }
    out.append("result: ").append(report.passed() ? "PASS" : "FAIL").append('\n');
    return out.toString();
  }

  /** Columns padded to their widest cell; the first left-aligned, the rest right-aligned. */
  static String table(List<String> header, List<List<String>> rows) {
    int[] widths = new int[header.size()];
    for (List<String> row : concat(header, rows)) {
      for (int c = 0; c < widths.length; c++) {
        widths[c] = Math.max(widths[c], row.get(c).length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (List<String> row : concat(header, rows)) {
      StringBuilder line = new StringBuilder();
      for (int c = 0; c < widths.length; c++) {
        String cell = row.get(c);
        String pad = " ".repeat(widths[c] - cell.length());
        line.append(c == 0 ? cell + pad : "  " + pad + cell);
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }

  private static List<List<String>> concat(List<String> header, List<List<String>> rows) {
    List<List<String>> all = new ArrayList<>();
    all.add(header);
    all.addAll(rows);
    return all;
  }

  static String mib(long bytes) {
    return String.format(Locale.ROOT, "%,.1f", bytes / (1024.0 * 1024.0));
  }

  static String count(long value) {
    return String.format(Locale.ROOT, "%,d", value);
  }

  private static String rate(double perSecond) {
    return String.format(Locale.ROOT, "%,.0f", perSecond);
  }

  private static String plural(int n) {
    return n == 1 ? "" : "s";
  }
}
