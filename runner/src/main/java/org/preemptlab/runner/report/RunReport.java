package org.preemptlab.runner.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.PluginKind;
import org.preemptlab.runner.discovery.PluginDescriptor;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.PreemptionRecord;
import org.preemptlab.engine.SuspensionRecord;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.metrics.GroupStats;
import org.preemptlab.runner.metrics.RunMetrics;
import org.preemptlab.runner.experiment.RunOutcome;
import org.preemptlab.runner.metrics.DisplayUnit;
import org.preemptlab.runner.metrics.Metric;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.metrics.Metrics;

/**
 * The outputs of one run: the summary printed on the terminal and the files written to its output
 * directory ({@code jobs.csv}, {@code preemptions.csv}, {@code groups.csv}, {@code
 * suspensions.csv}, {@code summary.json},
 * {@code config.yaml}). Formats: {@code docs/output-format.md}.
 */
public final class RunReport {
  private static final ObjectMapper JSON = JsonMapper.builder()
      .propertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
      .enable(SerializationFeature.INDENT_OUTPUT)
      .addMixIn(org.preemptlab.api.hardware.MemorySpec.class, MemorySpecJson.class)
      .build();

  /**
   * The memory system's figures appear in a summary only when the device declares them, so a
   * summary of a device without them reads as before they existed.
   */
  private abstract static class MemorySpecJson {
    @com.fasterxml.jackson.annotation.JsonInclude(
        com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
    abstract double achievableBytesPerNs();

    @com.fasterxml.jackson.annotation.JsonInclude(
        com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
    abstract double dramLatencyNs();
  }

  private RunReport() {}

  /** The terminal summary: the run's metrics and one line per queue. */
  public static String summary(RunOutcome outcome) {
    return summary(outcome, Metrics.builtIn());
  }

  /**
   * The console summary, as {@link #summary(RunOutcome)}, with an application run's own results
   * first: for each application, every metric it registered ({@code application.<label>.<id>}
   * in {@code registry}, in the order its provider declares them) that it reported, with its
   * title, value and unit; then the sharing mode, the run's kernel-level figures and the queue
   * table.
   */
  public static String summary(RunOutcome outcome, Metrics registry) {
    RunMetrics m = outcome.metrics();
    StringBuilder sb = new StringBuilder();
    sb.append("run '").append(outcome.config().name()).append("'  seed ")
        .append(outcome.config().seed()).append("  device ").append(outcome.device().name())
        .append('\n');
    sb.append("plugins:");
    for (PluginKind kind : EnumSet.range(PluginKind.SCHEDULING_POLICY,
        PluginKind.HARDWARE_MODEL)) { // the workload and the applications have lines of their own
      sb.append(kind == PluginKind.SCHEDULING_POLICY ? " " : ", ").append(kind.key()).append(' ')
          .append(outcome.config().choice(kind));
    }
    sb.append('\n');
    if (!outcome.choices().isEmpty()) {
      sb.append("modelling choices:");
      outcome.choices().forEach(c -> sb.append(' ').append(c.topic()).append(' ')
          .append(c.value()).append(';'));
      sb.setLength(sb.length() - 1);
      sb.append('\n');
    }
    if (outcome.config().sharing() != null) {
      sb.append("sharing: ").append(outcome.config().sharing().label()).append('\n');
    }
    applicationResults(m, registry).forEach((label, metrics) -> {
      TextTable table = new TextTable("application " + label, "value", "unit");
      for (Metric metric : metrics) {
        double value = m.data().pluginValues().get(metric.id());
        if (metric.unit() == org.preemptlab.api.metrics.MetricUnit.COUNT && value == Math.rint(value)
            && Math.abs(value) < 1e15) {
          table.row(metric.title(), Long.toString((long) value), ""); // a count: no decimals
          continue;
        }
        DisplayUnit unit = DisplayUnit.of(metric.unit(), value);
        table.row(metric.title(), unit.format(value), unit.symbol());
      }
      sb.append('\n').append(table.render());
    });
    if (sb.indexOf("\napplication ") >= 0) {
      sb.append("\nkernels (every job of the run, the applications' included):\n");
    }
    sb.append(String.format(java.util.Locale.ROOT,
        "jobs %d  makespan %s ms  throughput %s jobs/s  SM busy %s  ANTT %s  STP %s  fairness %s%n",
        m.jobs(), Numbers.ms(m.makespanNs()), Numbers.fixed(m.throughputJobsPerSec(), 1),
        Numbers.percent(m.smUtilisation()), Numbers.fixed(m.antt(), 3),
        Numbers.fixed(m.stp(), 2), Numbers.fixed(m.fairness(), 3)));
    DisplayUnit us = new DisplayUnit("us", 1e-3, 1);
    sb.append(String.format(java.util.Locale.ROOT,
        "preemptions %d  latency to the waiting job p50 %s us  p99 %s us"
            + "  to all victim blocks freed p50 %s us  p99 %s us%n"
            + "saved %s KiB/preemption  lost work %s ms  context switches %d"
            + "  deadline misses %d%n%n",
        m.preemptions(), us.format(m.value(Metrics.WAITER_LATENCY_P50)),
        us.format(m.value(Metrics.WAITER_LATENCY_P99)),
        us.format(m.value(Metrics.ALL_FREED_LATENCY_P50)),
        us.format(m.value(Metrics.ALL_FREED_LATENCY_P99)),
        new DisplayUnit("KiB", 1.0 / 1024, 1).format(m.value(
            Metrics.BYTES_SAVED_PER_PREEMPTION)),
        Numbers.ms(m.lostWorkNs()), m.contextSwitches(), m.deadlineMisses()));
    if (!m.blocksByLevel().isEmpty()) {
      int total = m.blocksByLevel().values().stream().mapToInt(Integer::intValue).sum();
      StringBuilder levels = new StringBuilder("preempted blocks by mechanism:");
      m.blocksByLevel().forEach((level, blocks) -> levels.append(' ').append(level).append(' ')
          .append(blocks).append(" (").append(Numbers.percent((double) blocks / total))
          .append(')'));
      sb.setLength(sb.length() - 1);
      sb.append(levels).append("\n\n");
    }
    TextTable table = new TextTable("queue", "jobs", "jobs/s", "turnaround p50 us",
        "p95 us", "p99 us", "waiting mean us", "slowdown", "preemptions", "deadline misses");
    for (GroupStats g : m.groups()) {
      if (g.dimension().equals("queue")) {
        table.row(g.group(), g.jobs(), Numbers.fixed(g.throughputJobsPerSec(), 1),
            Numbers.us(g.turnaroundP50Ns()), Numbers.us(g.turnaroundP95Ns()),
            Numbers.us(g.turnaroundP99Ns()), Numbers.us(g.waitingMeanNs()),
            Numbers.fixed(g.slowdownMean(), 3), g.preemptions(), g.deadlineMisses());
      }
    }
    sb.append(table.render());
    PolicyInfluence.describe(outcome).ifPresent(line -> sb.append('\n').append(line).append('\n'));
    PolicyInfluence.warning(outcome).ifPresent(line -> sb.append("note: ").append(line)
        .append('\n'));
    return sb.toString();
  }

  /**
   * The metrics a command asked for by name ({@code run --metric}): one line each with its value
   * in a unit scaled to it, {@code n/a} where the run leaves it undefined, and its direction.
   *
   * @throws ConfigurationException when a selection names a queue, context or group the run lacks
   */
  public static String requested(RunOutcome outcome, List<MetricSelection> selections) {
    TextTable table = new TextTable("metric", "value", "unit", "better");
    for (MetricSelection selection : selections) {
      try {
        outcome.metrics().data().check(selection.scope());
      } catch (ConfigurationException e) {
        throw new ConfigurationException("--metric " + selection.key() + ": " + e.getMessage(), e);
      }
      double value = outcome.metrics().value(selection);
      DisplayUnit unit = DisplayUnit.of(selection.metric().unit(), value);
      table.row(selection.key(), unit.format(value), unit.symbol(),
          selection.metric().direction());
    }
    return "requested metrics:\n" + table.render();
  }

  /**
   * Writes every output file of the run into {@code directory}, creating it if needed; the run
   * must have kept its job records (for a run that streamed them to a {@link JobsCsv}, see {@link
   * #writeAllButJobs}).
   */
  public static void write(RunOutcome outcome, Path directory) {
    try {
      Files.createDirectories(directory);
      writeJobs(outcome, directory.resolve("jobs.csv"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write outputs to " + directory, e);
    }
    writeAllButJobs(outcome, directory);
  }

  /**
   * Writes every output file of the run but {@code jobs.csv} (which a {@link JobsCsv} wrote while
   * the run went on) into {@code directory}, creating it if needed.
   */
  public static void writeAllButJobs(RunOutcome outcome, Path directory) {
    writeAllButJobs(outcome, directory, Metrics.builtIn());
  }

  /**
   * Writes every output file of the run but {@code jobs.csv}, as {@link #writeAllButJobs(RunOutcome,
   * Path)} does, with the units of the plugins' metrics taken from {@code registry} (the run's
   * metric registry: built-in and plugin metrics).
   */
  public static void writeAllButJobs(RunOutcome outcome, Path directory, Metrics registry) {
    try {
      Files.createDirectories(directory);
      writePreemptions(outcome, directory.resolve("preemptions.csv"));
      writeGroups(outcome, directory.resolve("groups.csv"));
      writeSuspensions(outcome, directory.resolve("suspensions.csv"));
      Files.writeString(directory.resolve("config.yaml"), ConfigLoader.toYaml(outcome.config()),
          StandardCharsets.UTF_8, OutputPaths.WRITE);
      Files.writeString(directory.resolve("summary.json"), summaryJson(outcome, registry) + "\n",
          StandardCharsets.UTF_8, OutputPaths.WRITE);
      for (Map.Entry<String, String> file : outcome.applicationFiles().entrySet()) {
        Path path = directory.resolve(file.getKey());
        Files.createDirectories(path.getParent());
        Files.writeString(path, file.getValue(), StandardCharsets.UTF_8, OutputPaths.WRITE);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write outputs to " + directory, e);
    }
  }

  private static void writeJobs(RunOutcome outcome, Path file) throws IOException {
    if (outcome.result().jobs().size() != outcome.metrics().jobs()) {
      throw new IllegalStateException("the run streamed its job records; write jobs.csv with "
          + "JobsCsv while it runs and the rest with writeAllButJobs");
    }
    Map<Long, Double> slowdowns = outcome.metrics().slowdowns();
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, OutputPaths.WRITE)) {
      out.write(JobsCsv.HEADER + "\n");
      for (JobRecord j : outcome.result().jobs()) {
        out.write(JobsCsv.row(j, slowdowns.get(j.jobId())) + "\n");
      }
    }
  }

  private static void writePreemptions(RunOutcome outcome, Path file) throws IOException {
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, OutputPaths.WRITE)) {
      out.write("victim_job_id,victim_queue,request_ns,point_reached_ns,resources_free_ns,"
          + "latency_ns,blocks,drained,saved,flushed,bytes_saved,levels,waiter_job_id,"
          + "waiter_latency_ns\n");
      for (PreemptionRecord p : outcome.result().preemptions()) {
        StringBuilder levels = new StringBuilder();
        new TreeMap<>(p.levels()).forEach((k, v) -> levels.append(levels.length() == 0 ? "" : ";")
            .append(k).append('=').append(v));
        out.write(p.victimJobId() + "," + p.victimQueueId() + "," + p.requestNs() + ","
            + p.pointReachedNs() + "," + p.resourcesFreeNs() + "," + p.latencyNs() + ","
            + p.blocks() + "," + p.drained() + "," + p.saved() + "," + p.flushed() + ","
            + p.bytesSaved() + "," + Csv.quote(levels.toString()) + ","
            + (p.waiterJobId() < 0 ? "" : Long.toString(p.waiterJobId())) + ","
            + (p.waiterLatencyNs() < 0 ? "" : Long.toString(p.waiterLatencyNs())) + "\n");
      }
    }
  }

  private static void writeSuspensions(RunOutcome outcome, Path file) throws IOException {
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      out.write("queue,level,request_ns,quiet_ns,resume_ns,latency_ns\n");
      for (SuspensionRecord r : outcome.result().suspensions()) {
        out.write(r.queueId() + "," + r.level() + "," + r.requestNs() + ","
            + (r.quietNs() < 0 ? "" : Long.toString(r.quietNs())) + ","
            + (r.resumeNs() < 0 ? "" : Long.toString(r.resumeNs())) + ","
            + (r.latencyNs() < 0 ? "" : Long.toString(r.latencyNs())) + "\n");
      }
    }
  }

  private static void writeGroups(RunOutcome outcome, Path file) throws IOException {
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, OutputPaths.WRITE)) {
      out.write("dimension,group,jobs,throughput_jobs_per_s,turnaround_mean_ns,turnaround_p50_ns,"
          + "turnaround_p95_ns,turnaround_p99_ns,waiting_mean_ns,slowdown_mean,preemptions,"
          + "deadline_misses\n");
      for (GroupStats g : outcome.metrics().groups()) {
        out.write(g.dimension() + "," + g.group() + "," + g.jobs() + ","
            + Numbers.fixed(g.throughputJobsPerSec(), 3) + ","
            + Numbers.fixed(g.turnaroundMeanNs(), 1) + "," + g.turnaroundP50Ns() + ","
            + g.turnaroundP95Ns() + "," + g.turnaroundP99Ns() + ","
            + Numbers.fixed(g.waitingMeanNs(), 1) + "," + Numbers.fixed(g.slowdownMean(), 6) + ","
            + g.preemptions() + "," + g.deadlineMisses() + "\n");
      }
    }
  }

  /**
   * The metrics each application registered and reported, by its label ({@code llm-serving}, the
   * second of one id {@code llm-serving-2}), in the registry's order: what the applications
   * declare, not a list kept here.
   */
  static Map<String, List<Metric>> applicationResults(RunMetrics m, Metrics registry) {
    String prefix = org.preemptlab.api.PluginKind.APPLICATION.key() + ".";
    Map<String, List<Metric>> byLabel = new LinkedHashMap<>();
    for (Metric metric : registry.all()) {
      Double value = m.data().pluginValues().get(metric.id());
      if (!metric.id().startsWith(prefix) || value == null || value.isNaN()) {
        continue;
      }
      String rest = metric.id().substring(prefix.length());
      int dot = rest.indexOf('.');
      if (dot > 0) {
        byLabel.computeIfAbsent(rest.substring(0, dot), k -> new ArrayList<>()).add(metric);
      }
    }
    return byLabel;
  }

  /** The summary JSON: configuration, seed, plugin ids and versions, device and metrics. */
  static String summaryJson(RunOutcome outcome) {
    return summaryJson(outcome, Metrics.builtIn());
  }

  /** The summary, with the unit of every metric of {@code by-id} that {@code registry} declares. */
  static String summaryJson(RunOutcome outcome, Metrics registry) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("name", outcome.config().name());
    root.put("seed", outcome.config().seed());
    root.put("preemptlab-version", Versions.project());
    List<Map<String, Object>> plugins = new ArrayList<>();
    int application = 0; // applications come in the configuration's order, one entry each
    for (PluginDescriptor d : outcome.plugins()) {
      Map<String, Object> p = PluginEntries.of(d);
      p.put("parameters", d.kind() == org.preemptlab.api.PluginKind.APPLICATION
          ? new java.util.TreeMap<>(outcome.applicationParameters().get(application++))
          : outcome.parametersOf(d.kind()));
      plugins.add(p);
    }
    root.put("plugins", plugins);
    root.put("config", outcome.config());
    root.put("device", outcome.device());
    root.put("modelling-choices", outcome.choices());
    RunMetrics m = outcome.metrics();
    Map<String, Object> applications = new LinkedHashMap<>();
    applicationResults(m, registry).forEach((label, list) -> {
      Map<String, Object> values = new LinkedHashMap<>();
      list.forEach(metric -> values.put(metric.id().substring(metric.id().lastIndexOf('.') + 1),
          m.data().pluginValues().get(metric.id())));
      applications.put(label, values);
    });
    if (!applications.isEmpty()) {
      root.put("applications", applications); // each application's own results, before the rest
    }
    Map<String, Object> metrics = new LinkedHashMap<>();
    metrics.put("jobs", m.jobs());
    metrics.put("makespan-ns", m.makespanNs());
    metrics.put("throughput-jobs-per-s", m.throughputJobsPerSec());
    metrics.put("sm-utilisation", m.smUtilisation());
    metrics.put("antt", m.antt());
    metrics.put("stp", m.stp());
    metrics.put("fairness", m.fairness());
    metrics.put("deadline-misses", m.deadlineMisses());
    metrics.put("preemptions", m.preemptions());
    metrics.put("all-freed-latency-p50-ns", m.preemptionLatencyP50Ns());
    metrics.put("all-freed-latency-p99-ns", m.preemptionLatencyP99Ns());
    metrics.put("waiter-latency-p50-ns", m.waiterLatencyP50Ns());
    metrics.put("waiter-latency-p99-ns", m.waiterLatencyP99Ns());
    metrics.put("bytes-saved-per-preemption", m.bytesSavedPerPreemption());
    metrics.put("lost-work-ns", m.lostWorkNs());
    metrics.put("context-switches", m.contextSwitches());
    metrics.put("preempted-blocks-by-level", m.blocksByLevel());
    metrics.put("events", outcome.result().events());
    Map<String, Object> byId = new LinkedHashMap<>();
    for (Metric metric : Metrics.builtIn().all()) {
      if (metric.scopedOnly()) {
        continue; // a share of the run: defined per queue, context, priority or group only
      }
      if (metric.onRequest() && !m.data().collected(metric.needs())) {
        continue; // computed on request, and this run was not asked for it
      }
      double value = m.value(metric);
      byId.put(metric.id(), Double.isNaN(value) ? null : value);
    }
    m.data().pluginValues().forEach(byId::put);
    metrics.put("by-id", byId);
    Map<String, String> units = new LinkedHashMap<>();
    byId.keySet().forEach(id -> registry.find(id).ifPresent(
        metric -> units.put(id, metric.unit().symbol())));
    metrics.put("units", units);
    metrics.put("blocks-executed", outcome.result().blocksExecuted());
    root.put("metrics", metrics);
    root.put("groups", m.groups());
    Map<String, Object> decisions = PolicyInfluence.toJson(outcome);
    if (!decisions.isEmpty()) {
      root.put("policy-decisions", decisions);
    }
    try {
      return JSON.writeValueAsString(root);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the summary", e);
    }
  }
}
