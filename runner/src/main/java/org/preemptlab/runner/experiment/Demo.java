package org.preemptlab.runner.experiment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.preemptlab.api.PluginKind;
import org.preemptlab.runner.discovery.PluginRefusedException;
import org.preemptlab.api.model.Priority;
import org.preemptlab.runner.report.Numbers;
import org.preemptlab.runner.report.TextTable;

/**
 * The default experiment behind {@code preemptlab demo}: one base configuration run once for every
 * preemption-point strategy × context-save strategy, with the same seed and so the same workload,
 * summarised as one table row each.
 */
public final class Demo {
  /** The preemption-point strategies compared, coarse to fine to cooperative. */
  public static final List<String> PREEMPTIONS =
      List.of("block-boundary", "instruction-level", "user-yield");
  /** The context-save strategies compared. */
  public static final List<String> SAVES = List.of("full", "liveness");

  private Demo() {}

  /**
   * One row of the demo table. Latencies in ns; {@code refusal} is set (and the numbers are 0) when
   * the configuration was refused, e.g. instruction-level preemption on hardware without it.
   *
   * @param preemption the preemption-point strategy
   * @param contextSave the context-save strategy
   * @param highPriority the highest priority present in the workload
   * @param highP50Ns median turnaround of its jobs
   * @param highP99Ns 99th percentile turnaround of its jobs
   * @param highDeadlineMisses its jobs that missed their deadline
   * @param preemptions preemptions performed
   * @param preemptionP50Ns median preemption latency
   * @param preemptionP99Ns 99th percentile preemption latency
   * @param bytesPerPreemption mean bytes saved per preemption
   * @param lowPriority the lowest priority present
   * @param lowThroughput its jobs per simulated second
   * @param refusal why the configuration was refused, or null
   */
  public record Row(String preemption, String contextSave, Priority highPriority, long highP50Ns,
      long highP99Ns, int highDeadlineMisses, int preemptions, long preemptionP50Ns,
      long preemptionP99Ns, double bytesPerPreemption, Priority lowPriority, double lowThroughput,
      String refusal) {}

  /** Runs every combination on {@code base} and returns the rows in table order. */
  public static List<Row> run(RunConfig base, RunExecutor executor) {
    List<Row> rows = new ArrayList<>();
    for (String preemption : PREEMPTIONS) {
      for (String save : SAVES) {
        RunConfig config = Overrides.choose(Overrides.choose(base, "preemption", preemption),
            "context-save", save);
        try {
          rows.add(row(preemption, save, executor.execute(config)));
        } catch (PluginRefusedException e) {
          if (e.kind() != PluginKind.PREEMPTION_STRATEGY) {
            throw e;
          }
          rows.add(new Row(preemption, save, null, 0, 0, 0, 0, 0, 0, 0, null, 0, e.getMessage()));
        }
      }
    }
    return rows;
  }

  private static Row row(String preemption, String save, RunOutcome outcome) {
    RunMetrics m = outcome.metrics();
    List<GroupStats> priorities = m.groups().stream()
        .filter(g -> g.dimension().equals("priority"))
        .sorted(Comparator.comparing(g -> Priority.valueOf(g.group())))
        .toList();
    GroupStats high = priorities.get(0);
    GroupStats low = priorities.get(priorities.size() - 1);
    return new Row(preemption, save, Priority.valueOf(high.group()), high.turnaroundP50Ns(),
        high.turnaroundP99Ns(), high.deadlineMisses(), m.preemptions(),
        m.preemptionLatencyP50Ns(), m.preemptionLatencyP99Ns(), m.bytesSavedPerPreemption(),
        Priority.valueOf(low.group()), low.throughputJobsPerSec(), null);
  }

  /** The rows as a table, with any refusals listed below it. */
  public static String render(List<Row> rows) {
    Optional<Row> sample = rows.stream().filter(r -> r.refusal() == null).findFirst();
    String high = sample.map(r -> r.highPriority().name()).orElse("HIGH");
    String low = sample.map(r -> r.lowPriority().name()).orElse("LOW");
    TextTable table = new TextTable("preemption", "context-save", high + " p50 us",
        high + " p99 us", "preemptions", "preempt p50 us", "preempt p99 us", "KiB/preemption",
        low + " jobs/s", high + " deadline misses");
    List<String> refusals = new ArrayList<>();
    for (Row r : rows) {
      if (r.refusal() != null) {
        table.row(r.preemption(), r.contextSave(), "-", "-", "-", "-", "-", "-", "-", "-");
        refusals.add(r.preemption() + " x " + r.contextSave() + ": " + r.refusal());
        continue;
      }
      table.row(r.preemption(), r.contextSave(), Numbers.us(r.highP50Ns()),
          Numbers.us(r.highP99Ns()), r.preemptions(), Numbers.us(r.preemptionP50Ns()),
          Numbers.us(r.preemptionP99Ns()), Numbers.kib(r.bytesPerPreemption()),
          Numbers.fixed(r.lowThroughput(), 1), r.highDeadlineMisses());
    }
    StringBuilder sb = new StringBuilder(table.render());
    refusals.forEach(line -> sb.append("refused: ").append(line).append('\n'));
    return sb.toString();
  }
}
