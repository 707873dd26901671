package org.preemptlab.runner.experiment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.preemptlab.api.PluginKind;
import org.preemptlab.api.model.Priority;
import org.preemptlab.runner.discovery.PluginRefusedException;
import org.preemptlab.runner.metrics.DisplayUnit;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.metrics.Metrics;
import org.preemptlab.runner.metrics.RunMetrics;
import org.preemptlab.runner.metrics.Scope;
import org.preemptlab.runner.report.TextTable;

/**
 * The default experiment behind {@code preemptlab demo}: one base configuration run once for every
 * preemption-point strategy × context-save strategy, with the same seed and so the same workload,
 * summarised as one table row each. Every column is a metric of the {@link Metrics} registry.
 */
public final class Demo {
  /** The preemption-point strategies compared, coarse to fine to cooperative. */
  public static final List<String> PREEMPTIONS =
      List.of("block-boundary", "instruction-level", "user-yield");
  /** The context-save strategies compared. */
  public static final List<String> SAVES = List.of("full", "liveness");

  /** Turnaround p50 of the highest priority present. */
  public static final MetricSelection HIGH_P50 =
      new MetricSelection(Metrics.TURNAROUND_P50, Scope.priority("highest"));
  /** Turnaround p99 of the highest priority present. */
  public static final MetricSelection HIGH_P99 =
      new MetricSelection(Metrics.TURNAROUND_P99, Scope.priority("highest"));
  /** Preemptions performed. */
  public static final MetricSelection PREEMPTIONS_DONE = MetricSelection.of(Metrics.PREEMPTIONS);
  /** The design's preemption latency (request until the waiting job is placed), p50. */
  public static final MetricSelection WAITER_P50 = MetricSelection.of(Metrics.WAITER_LATENCY_P50);
  /** The same, p99. */
  public static final MetricSelection WAITER_P99 = MetricSelection.of(Metrics.WAITER_LATENCY_P99);
  /** Preemption latency until every victim block is freed, p50. */
  public static final MetricSelection ALL_FREED_P50 =
      MetricSelection.of(Metrics.ALL_FREED_LATENCY_P50);
  /** The same, p99. */
  public static final MetricSelection ALL_FREED_P99 =
      MetricSelection.of(Metrics.ALL_FREED_LATENCY_P99);
  /** Context bytes saved per preemption. */
  public static final MetricSelection BYTES_PER_PREEMPTION =
      MetricSelection.of(Metrics.BYTES_SAVED_PER_PREEMPTION);
  /** Throughput of the lowest priority present. */
  public static final MetricSelection LOW_THROUGHPUT =
      new MetricSelection(Metrics.THROUGHPUT, Scope.priority("lowest"));
  /** Deadline misses of the highest priority present. */
  public static final MetricSelection HIGH_MISSES =
      new MetricSelection(Metrics.DEADLINE_MISSES, Scope.priority("highest"));

  /**
   * The table's columns after the two strategy columns: a metric, its header ({@code HIGH} and
   * {@code LOW} stand for the highest and lowest priority present) and the unit it is shown in.
   *
   * @param metric the metric
   * @param header the column header
   * @param unit the display unit
   */
  public record Column(MetricSelection metric, String header, DisplayUnit unit) {}

  /** The columns, in table order. */
  public static final List<Column> COLUMNS = List.of(
      new Column(HIGH_P50, "HIGH p50 us", new DisplayUnit("µs", 1e-3, 1)),
      new Column(HIGH_P99, "HIGH p99 us", new DisplayUnit("µs", 1e-3, 1)),
      new Column(PREEMPTIONS_DONE, "preemptions", new DisplayUnit("", 1, 0)),
      new Column(WAITER_P50, "to-waiter p50 us", new DisplayUnit("µs", 1e-3, 1)),
      new Column(WAITER_P99, "to-waiter p99 us", new DisplayUnit("µs", 1e-3, 1)),
      new Column(ALL_FREED_P50, "all-freed p50 us", new DisplayUnit("µs", 1e-3, 1)),
      new Column(ALL_FREED_P99, "all-freed p99 us", new DisplayUnit("µs", 1e-3, 1)),
      new Column(BYTES_PER_PREEMPTION, "KiB/preemption", new DisplayUnit("KiB", 1.0 / 1024, 1)),
      new Column(LOW_THROUGHPUT, "LOW jobs/s", new DisplayUnit("1/s", 1, 1)),
      new Column(HIGH_MISSES, "HIGH deadline misses", new DisplayUnit("", 1, 0)));

  private Demo() {}

  /**
   * One row of the demo table: every column's value in its metric's unit (NaN where undefined).
   * {@code refusal} is set (and {@code values} empty) when the configuration was refused, e.g.
   * instruction-level preemption on hardware without it.
   *
   * @param preemption the preemption-point strategy
   * @param contextSave the context-save strategy
   * @param highPriority the highest priority present in the workload, null when refused
   * @param lowPriority the lowest priority present, null when refused
   * @param values each column's value by {@link MetricSelection#key()}
   * @param refusal why the configuration was refused, or null
   */
  public record Row(String preemption, String contextSave, Priority highPriority,
      Priority lowPriority, Map<String, Double> values, String refusal) {

    /** Copies the values. */
    public Row {
      values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** The value of {@code column}'s metric; NaN where it is undefined or the row was refused. */
    public double value(MetricSelection metric) {
      return values.getOrDefault(metric.key(), Double.NaN);
    }
  }

  /** Runs every combination on {@code base} and returns the rows in table order. */
  public static List<Row> run(RunConfig base, RunExecutor executor) {
    List<Row> rows = new ArrayList<>();
    for (String preemption : PREEMPTIONS) {
      for (String save : SAVES) {
        RunConfig config = Overrides.choose(Overrides.choose(base, "preemption", preemption),
            "context-save", save);
        try {
          rows.add(row(preemption, save, executor.execute(config, null, FinishedJobs.NONE)));
        } catch (PluginRefusedException e) {
          if (e.kind() != PluginKind.PREEMPTION_STRATEGY) {
            throw e;
          }
          rows.add(new Row(preemption, save, null, null, Map.of(), e.getMessage()));
        }
      }
    }
    return rows;
  }

  private static Row row(String preemption, String save, RunOutcome outcome) {
    RunMetrics m = outcome.metrics();
    Map<String, Double> values = new LinkedHashMap<>();
    for (Column column : COLUMNS) {
      values.put(column.metric().key(), m.value(column.metric()));
    }
    return new Row(preemption, save, m.data().priority("highest").orElse(null),
        m.data().priority("lowest").orElse(null), values, null);
  }

  /** The rows as a table, with any refusals listed below it. */
  public static String render(List<Row> rows) {
    TextTable table = new TextTable(headers(rows).toArray(String[]::new));
    List<String> refusals = new ArrayList<>();
    for (Row r : rows) {
      table.row(cells(r).toArray());
      if (r.refusal() != null) {
        refusals.add(r.preemption() + " x " + r.contextSave() + ": " + r.refusal());
      }
    }
    StringBuilder sb = new StringBuilder(table.render());
    refusals.forEach(line -> sb.append("refused: ").append(line).append('\n'));
    return sb.toString();
  }

  /**
   * The rows as a Markdown table (the README's demo table is this output), with units as µs and
   * any refusals listed below it.
   */
  public static String markdown(List<Row> rows) {
    StringBuilder sb = new StringBuilder();
    List<String> headers = headers(rows).stream().map(h -> h.replace(" us", " µs")).toList();
    sb.append("| ").append(String.join(" | ", headers)).append(" |\n|");
    headers.forEach(h -> sb.append(h.equals("preemption") || h.equals("context-save") ? "---|"
        : "---:|"));
    sb.append('\n');
    for (Row r : rows) {
      sb.append("| ").append(String.join(" | ", cells(r))).append(" |\n");
    }
    for (Row r : rows) {
      if (r.refusal() != null) {
        sb.append("\nrefused: ").append(r.preemption()).append(" x ").append(r.contextSave())
            .append(": ").append(r.refusal()).append('\n');
      }
    }
    return sb.toString();
  }

  private static List<String> headers(List<Row> rows) {
    Optional<Row> sample = rows.stream().filter(r -> r.refusal() == null).findFirst();
    String high = sample.map(r -> r.highPriority().name()).orElse("HIGH");
    String low = sample.map(r -> r.lowPriority().name()).orElse("LOW");
    List<String> headers = new ArrayList<>(List.of("preemption", "context-save"));
    COLUMNS.forEach(c -> headers.add(c.header().replace("HIGH", high).replace("LOW", low)));
    return headers;
  }

  private static List<String> cells(Row r) {
    List<String> cells = new ArrayList<>(List.of(r.preemption(), r.contextSave()));
    for (Column column : COLUMNS) {
      cells.add(r.refusal() != null ? "-" : column.unit().format(r.value(column.metric())));
    }
    return cells;
  }
}
