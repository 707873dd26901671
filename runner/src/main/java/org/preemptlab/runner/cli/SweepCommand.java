package org.preemptlab.runner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
import org.preemptlab.runner.discovery.PluginDescriptor;
import org.preemptlab.runner.discovery.PluginFailureException;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunPlan;
import org.preemptlab.runner.experiment.StopRequest;
import org.preemptlab.runner.experiment.WorkEstimate;
import org.preemptlab.runner.experiment.YamlBinding;
import org.preemptlab.runner.experiment.cluster.Slurm;
import org.preemptlab.runner.experiment.sweep.PlannedRun;
import org.preemptlab.runner.experiment.sweep.ResultStore;
import org.preemptlab.runner.metrics.Metric;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.metrics.Metrics;
import org.preemptlab.runner.experiment.sweep.RunResult;
import org.preemptlab.runner.experiment.sweep.SweepAnalysis;
import org.preemptlab.runner.experiment.sweep.SweepConfig;
import org.preemptlab.runner.experiment.sweep.SweepPlan;
import org.preemptlab.runner.experiment.sweep.SweepPoint;
import org.preemptlab.runner.experiment.sweep.SweepProgress;
import org.preemptlab.runner.experiment.sweep.SweepRunner;
import org.preemptlab.runner.report.OutputPaths;
import org.preemptlab.runner.report.Provenance;
import org.preemptlab.runner.report.sweep.ChartSelection;
import org.preemptlab.runner.report.sweep.Summaries;
import org.preemptlab.runner.report.sweep.SweepCharts;
import org.preemptlab.runner.report.sweep.SweepReport;

/**
 * {@code preemptlab sweep --config FILE}: every configuration of a sweep file times its seeds, in
 * parallel, each result stored as it completes; then statistics, reports and charts.
 */
final class SweepCommand implements Command {
  static final Option CONFIG = Option.builder("c").longOpt("config").hasArg().argName("FILE")
      .desc("the sweep file (YAML; docs/experiments.md)").get();
  static final Option JOBS = Option.builder("j").longOpt("jobs").hasArg().argName("N")
      .desc("runs in parallel (default: the number of processors); with --slurm: the CPUs and "
          + "parallel runs of each array task (default 1)").get();
  static final Option RESUME = Option.builder().longOpt("resume")
      .desc("keep the complete results already in the output directory and run only the rest")
      .get();
  static final Option RUN_TIMEOUT = Option.builder().longOpt("run-timeout").hasArg()
      .argName("DURATION").desc("record a run that takes longer (wall time) as failed, e.g. 30s")
      .get();
  static final Option OUT = Option.builder("o").longOpt("out").hasArg().argName("DIR")
      .desc("the output directory (default results/NAME, NAME from the sweep file)").get();
  static final Option YES = Option.builder("y").longOpt("yes")
      .desc("run even if the work estimate is above the threshold (see --max-events)").get();
  static final Option MAX_EVENTS = Option.builder().longOpt("max-events").hasArg().argName("N")
      .desc("the most block placements (estimated from each configuration's workload, times the "
          + "runs) the sweep may have without --yes; default "
          + String.format(Locale.ROOT, "%,d", WorkEstimate.DEFAULT_MAX_BLOCKS)).get();

  static final Option CHARTS = Option.builder().longOpt("charts").hasArg()
      .argName("KEY=VALUE").desc("which charts and how (repeatable): metrics=KEY,KEY; "
          + "configs=KEY:VALUE|VALUE;KEY:VALUE; size=WIDTHxHEIGHT; bars=auto|vertical|horizontal; "
          + "legend=below|right (docs/experiments.md#charts)").get();

  /** Left in the output folder of a sweep stopped by Ctrl-C until {@code --resume} completes it. */
  static final String INTERRUPTED_FILE = "interrupted.txt";

  private final Slurm slurm;
  private final Signals signals;

  /** The command, submitting to Slurm with its command-line tools. */
  SweepCommand() {
    this(Slurm.commands());
  }

  /** The command, submitting to {@code slurm} (tests use a fake). */
  SweepCommand(Slurm slurm) {
    this(slurm, Signals.JVM);
  }

  /** The command, submitting to {@code slurm} and stopped by {@code signals} (tests use both). */
  SweepCommand(Slurm slurm, Signals signals) {
    this.slurm = slurm;
    this.signals = signals;
  }

  @Override
  public String name() {
    return "sweep";
  }

  @Override
  public String summary() {
    return "run every configuration of a sweep file over many seeds; statistics and charts";
  }

  @Override
  public Options options() {
    Options options = new Options().addOption(CONFIG).addOption(JOBS).addOption(RESUME)
        .addOption(RUN_TIMEOUT).addOption(OUT).addOption(YES).addOption(MAX_EVENTS)
        .addOption(CHARTS).addOption(SharedOptions.PLUGIN_PATH);
    ClusterSweep.options().forEach(options::addOption);
    return options;
  }

  @Override
  public String examples() {
    return """
        preemptlab sweep --config examples/configs/policy-sweep.yaml --out results/policy-sweep
        preemptlab sweep --config examples/configs/policy-sweep.yaml --out results/policy-sweep \\
            --resume --jobs 4 --run-timeout 30s
        preemptlab sweep --config examples/configs/policy-sweep.yaml --out /shared/policy-sweep \\
            --slurm --shards 32 --slurm-opt partition=cpu --slurm-opt time=00:30:00
        preemptlab sweep --config examples/configs/policy-sweep.yaml --out DIR --shard 3/32
        preemptlab sweep --config examples/configs/policy-sweep.yaml --out DIR --report
        preemptlab sweep --config examples/configs/policy-sweep.yaml --out DIR --report \\
            --charts metrics=antt,stp --charts configs=policy:fifo|priority --charts size=1200x800
        Format and how to read the results: docs/experiments.md; on a cluster: docs/cluster.md.""";
  }

  @Override
  public int run(CommandLine line, PrintStream out) {
    if (!line.getArgList().isEmpty()) {
      throw new ConfigurationException("sweep takes no arguments, got " + line.getArgList()
          + "; use --config FILE");
    }
    String file = line.getOptionValue(CONFIG);
    if (file == null) {
      throw new ConfigurationException("sweep needs --config FILE, a sweep file (format: "
          + "docs/experiments.md)");
    }
    SweepConfig config = YamlBinding.read(Path.of(file), SweepConfig.class).orElseThrow(() ->
        new ConfigurationException(file + ": the sweep file is empty; it needs at least a "
            + "'base' or a 'vary' key (docs/experiments.md)"))
        .withPathsResolvedAgainst(ConfigLoader.folderOf(Path.of(file)));
    int jobs = (int) SharedOptions.number(line, JOBS.getLongOpt(),
        Runtime.getRuntime().availableProcessors(), 1, 4096);
    Optional<Duration> timeout = SharedOptions.timeout(line, RUN_TIMEOUT.getLongOpt());
    long maxBlocks = line.hasOption(YES) ? Long.MAX_VALUE : SharedOptions.number(line,
        MAX_EVENTS.getLongOpt(), WorkEstimate.DEFAULT_MAX_BLOCKS, 1, Long.MAX_VALUE);
    PluginRegistry registry = SharedOptions.registry(line);
    RunExecutor executor = new RunExecutor(registry);
    SweepPlan plan = SweepPlan.of(config);
    List<RunPlan> runPlans = plan.plans(executor); // each configuration's plugins, checked
    Metrics metrics = Metrics.builtIn();
    for (RunPlan runPlan : runPlans) {
      for (Metric metric : runPlan.metrics().all()) {
        if (metrics.find(metric.id()).isEmpty()) {
          metrics = metrics.plus(metric);
        }
      }
    }
    List<MetricSelection> selected;
    try {
      selected = config.selections(metrics);
    } catch (ConfigurationException e) {
      throw new ConfigurationException(file + ": " + e.getMessage(), e);
    }
    ChartSelection charts = charts(line, plan, selected); // checked before anything runs
    List<MetricSelection> recorded = RunResult.recorded(metrics, selected);
    executor = executor.reporting(recorded); // runs observe what the recorded metrics need
    List<String> keys = recorded.stream().map(MetricSelection::key).toList();
    Path dir = Path.of(line.getOptionValue(OUT, "results/" + config.name()));
    if (ClusterSweep.applies(line)) { // --shard, --report, --slurm: docs/cluster.md
      return new ClusterSweep(line, out, Path.of(file), plan, runPlans, executor, dir, timeout,
          CommandLines.render(name(), line),
          new ClusterSweep.SweepMetrics(selected, recorded, config.groupSets())).run(slurm);
    }
    // a local sweep: its work is estimated and its output folder checked before anything runs
    checkWork(plan, runPlans, executor, maxBlocks, timeout);
    String sweepYaml = YamlBinding.toYaml(plan.config());
    OutputPaths.checkDirectory("--out", dir, d -> holdsSweep(d, sweepYaml));
    ResultStore store = new ResultStore(dir);
    boolean resume = line.hasOption(RESUME);
    if (!resume && !store.isEmpty()) {
      throw new ConfigurationException(dir + " already holds sweep results; pass --resume to "
          + "complete them, or choose another --out");
    }
    store.removeTemporaryFiles();
    writeProvenance(plan, runPlans, dir, CommandLines.render(name(), line));

    List<PlannedRun> runs = plan.runs();
    List<PlannedRun> todo = new ArrayList<>();
    for (PlannedRun run : runs) {
      if (!resume || store.completed(run).filter(r -> r.covers(keys)).isEmpty()) {
        todo.add(run);
      }
    }
    out.printf(Locale.ROOT, "sweep '%s': %d configurations x %d seeds = %d runs; %s on %d "
        + "thread%s -> %s%n", config.name(), plan.points().size(), plan.seeds().size(),
        runs.size(), todo.size() == runs.size() ? "running all"
            : "running " + todo.size() + " (" + (runs.size() - todo.size()) + " already complete)",
        jobs, jobs == 1 ? "" : "s", dir);
    out.flush();
    long start = System.nanoTime();
    StopRequest stop = new StopRequest();
    try (Signals.Registration hook = signals.register(stop)) {
      try (SweepProgress progress = SweepProgress.choose(System.console() != null,
          System.getenv(), System.err)) {
        progress.start(runs.size(), runs.size() - todo.size());
        SweepRunner runner = new SweepRunner(executor, store, jobs, timeout, recorded,
            config.groupSets()).resolvedAs(plan, runPlans);
        if (line.hasOption("stacktrace")) {
          runner.printingStackTraces(System.err);
        }
        runner.run(todo, progress, stop);
      }
      if (stop.requested()) {
        return interrupted(runs, store, dir, CommandLines.render(name(), line), out);
      }
    } finally {
      stop.stopped(); // a Ctrl-C waiting for the sweep to stop may let the JVM exit now
    }
    try {
      Files.deleteIfExists(dir.resolve(INTERRUPTED_FILE)); // --resume completed it
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove " + dir.resolve(INTERRUPTED_FILE), e);
    }
    double seconds = (System.nanoTime() - start) / 1e9;

    List<RunResult> results = store.readAll(runs); // without turnarounds: the store reads them
    SweepAnalysis analysis = SweepAnalysis.of(plan, selected, recorded, results, store);
    List<String> written = SweepReport.write(analysis, dir, charts);
    out.println();
    out.print(Summaries.text(analysis));
    out.printf(Locale.ROOT, "%nran %d runs in %.1f s; wrote %s and %d charts (PNG, SVG, PDF, CSV) to %s%n",
        todo.size(), seconds, String.join(", ", written.stream()
            .filter(f -> !f.startsWith("charts/")).toList()),
        written.stream().filter(f -> f.startsWith("charts/")).count() / SweepCharts.FORMATS.size(),
        dir);
    policyNotes(results).forEach((configuration, note) -> out.printf(Locale.ROOT,
        "note: configuration '%s': %s%n", configuration, note));
    int failed = analysis.failures().size();
    if (failed > 0) {
      out.println(failed + " of " + runs.size() + " runs failed; see 'failed runs' above");
      return Main.FAILED;
    }
    return Main.OK;
  }

  /**
   * A sweep stopped by Ctrl-C: its complete results stay; {@code interrupted.txt} and the last
   * line say how many and how to finish with {@code --resume}.
   */
  private static int interrupted(List<PlannedRun> runs, ResultStore store, Path dir,
      String command, PrintStream out) {
    long complete = runs.stream().filter(run -> store.completed(run).isPresent()).count();
    String resume = command.contains(" --resume") ? command : command + " --resume";
    String text = "sweep interrupted (Ctrl-C): " + complete + " of " + runs.size()
        + " runs complete, kept in " + dir.resolve(ResultStore.RUNS) + "; finish with: " + resume
        + "\n";
    try {
      ResultStore.writeAtomically(dir.resolve(INTERRUPTED_FILE),
          text.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + dir.resolve(INTERRUPTED_FILE), e);
    }
    out.println();
    out.print(text);
    out.flush();
    return Main.INTERRUPTED;
  }

  /**
   * Estimates the sweep's work before anything runs: each configuration's workload (generated for
   * its first seed) times its seeds, against the threshold.
   */
  private static void checkWork(SweepPlan plan, List<RunPlan> runPlans, RunExecutor executor,
      long maxBlocks, Optional<Duration> timeout) {
    long blocks = 0;
    long jobs = 0;
    long seeds = plan.seeds().size();
    for (int i = 0; i < plan.points().size(); i++) {
      SweepPoint point = plan.points().get(i);
      WorkEstimate one;
      try {
        RunPlan first = runPlans.get(i).withSeed(plan.seeds().get(0));
        one = SharedOptions.withTimeout(timeout, () -> executor.estimate(first));
      } catch (ConfigurationException e) {
        throw new ConfigurationException("configuration " + point.key() + ": " + e.getMessage(),
            e);
      } catch (PluginFailureException | SharedOptions.RunTimeoutException e) {
        continue; // a plugin's failure or hang: its runs fail by themselves, the others run
      }
      one.checkTime();
      blocks = saturatedAdd(blocks, saturatedMultiply(one.work(), seeds));
      jobs = saturatedAdd(jobs, saturatedMultiply(one.jobs(), seeds));
    }
    new WorkEstimate(jobs, blocks, 0).checkSize(maxBlocks, "the sweep ("
        + plan.points().size() * seeds + " runs)");
  }

  private static long saturatedAdd(long a, long b) {
    long sum = a + b;
    return ((a ^ sum) & (b ^ sum)) < 0 ? Long.MAX_VALUE : sum;
  }

  private static long saturatedMultiply(long a, long b) {
    long high = Math.multiplyHigh(a, b);
    long low = a * b;
    return high != 0 || low < 0 ? Long.MAX_VALUE : low;
  }

  /** Whether {@code dir} holds this sweep's earlier outputs: the same resolved sweep.yaml. */
  private static boolean holdsSweep(Path dir, String sweepYaml) {
    Path file = dir.resolve("sweep.yaml");
    try {
      return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)
          && Files.size(file) <= Limits.MAX_TEXT_FILE_BYTES
          && Files.readString(file, StandardCharsets.UTF_8).equals(sweepYaml);
    } catch (IOException e) {
      return false;
    }
  }

  /** The charts {@code --charts} asks for, checked against the sweep. */
  static ChartSelection charts(CommandLine line, SweepPlan plan, List<MetricSelection> metrics) {
    String[] specs = line.getOptionValues(CHARTS.getLongOpt());
    return specs == null ? ChartSelection.ALL : ChartSelection.parse(List.of(specs), plan,
        metrics);
  }

  /**
   * Writes the resolved sweep ({@code sweep.yaml}), each configuration's resolved run
   * configuration ({@code configs/KEY.yaml}), {@code provenance.json} and {@code command.txt},
   * before the first run, so that even an interrupted sweep says where it came from.
   */
  static void writeProvenance(SweepPlan plan, List<RunPlan> runPlans, Path dir,
      String command) {
    List<String> configs = new ArrayList<>();
    List<PluginDescriptor> plugins = new ArrayList<>();
    try {
      Files.createDirectories(dir.resolve("configs"));
      ResultStore.writeAtomically(dir.resolve("sweep.yaml"),
          YamlBinding.toYaml(plan.config()).getBytes(StandardCharsets.UTF_8));
      for (int i = 0; i < plan.points().size(); i++) {
        SweepPoint point = plan.points().get(i);
        String name = "configs/" + point.key() + ".yaml";
        ResultStore.writeAtomically(dir.resolve(name),
            ConfigLoader.toYaml(point.config()).getBytes(StandardCharsets.UTF_8));
        configs.add(name);
        plugins.addAll(runPlans.get(i).descriptors());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write to " + dir, e);
    }
    List<String> files = new ArrayList<>(List.of("sweep.yaml"));
    files.addAll(configs);
    new Provenance(command, plugins, plan.seeds(), files).write(dir);
  }

  /**
   * For each configuration whose every successful run's policy could not have changed the outcome
   * (or only drained its preemptions), the first such run's note, in the order of the results.
   */
  static Map<String, String> policyNotes(List<RunResult> results) {
    Map<String, String> notes = new LinkedHashMap<>();
    Set<String> without = new HashSet<>();
    for (RunResult result : results) {
      if (result.status() != RunResult.Status.OK) {
        continue;
      }
      if (result.policyNote() == null) {
        without.add(result.configuration());
        notes.remove(result.configuration());
      } else if (!without.contains(result.configuration())) {
        notes.putIfAbsent(result.configuration(), result.policyNote());
      }
    }
    return notes;
  }
}
