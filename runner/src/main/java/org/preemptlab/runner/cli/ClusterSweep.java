package org.preemptlab.runner.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunPlan;
import org.preemptlab.runner.experiment.YamlBinding;
import org.preemptlab.runner.experiment.cluster.Partition;
import org.preemptlab.runner.experiment.cluster.Shard;
import org.preemptlab.runner.experiment.cluster.Slurm;
import org.preemptlab.runner.experiment.cluster.SlurmJob;
import org.preemptlab.runner.experiment.cluster.WorkloadSize;
import org.preemptlab.runner.experiment.sweep.PlannedRun;
import org.preemptlab.runner.experiment.sweep.ResultStore;
import org.preemptlab.runner.experiment.sweep.RunResult;
import org.preemptlab.runner.experiment.sweep.SweepAnalysis;
import org.preemptlab.runner.experiment.sweep.SweepPlan;
import org.preemptlab.runner.experiment.sweep.SweepProgress;
import org.preemptlab.runner.experiment.sweep.SweepRunner;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.report.OutputPaths;
import org.preemptlab.runner.report.Provenance;
import org.preemptlab.runner.report.sweep.Summaries;
import org.preemptlab.runner.report.sweep.SweepCharts;
import org.preemptlab.runner.report.sweep.SweepReport;

/**
 * The parts of {@code preemptlab sweep} that spread a sweep over several processes or machines:
 * {@code --shard I/N} runs one shard, {@code --report} builds the reports from whatever results
 * are complete, and {@code --slurm} writes and submits a Slurm job array of shards followed by a
 * report job. Format and behaviour: {@code docs/cluster.md}.
 */
final class ClusterSweep {
  static final Option SHARD = Option.builder().longOpt("shard").hasArg().argName("I/N")
      .desc("run only shard I of N (I from 0), skipping runs already complete in --out").get();
  static final Option REPORT = Option.builder().longOpt("report")
      .desc("build results.csv, statistics and charts from the complete results in --out; "
          + "say which runs are missing").get();
  static final Option SLURM = Option.builder().longOpt("slurm")
      .desc("write a Slurm job array (one task per shard) and a report job, and submit both "
          + "with sbatch; submitting again re-runs only unfinished runs").get();
  static final Option SHARDS = Option.builder().longOpt("shards").hasArg().argName("N")
      .desc("with --slurm: shards (array tasks); default the runs, at most "
          + ClusterSweep.DEFAULT_SHARDS).get();
  static final Option MAX_RUNNING = Option.builder().longOpt("max-running").hasArg()
      .argName("K").desc("with --slurm: at most K array tasks at once (--array=...%K)").get();
  static final Option SLURM_OPT = Option.builder().longOpt("slurm-opt").hasArg()
      .argName("KEY=VALUE").desc("with --slurm: an sbatch option for both jobs, e.g. "
          + "partition=cpu, time=01:00:00, mem=8G, account=proj; repeatable").get();
  static final Option SLURM_SETUP = Option.builder().longOpt("slurm-setup").hasArg()
      .argName("LINE").desc("with --slurm: a shell line run before Java in both jobs, e.g. "
          + "'module load java/17'; repeatable").get();
  static final Option JAVA = Option.builder().longOpt("java").hasArg().argName("PATH")
      .desc("with --slurm: the java command on the compute nodes (default: this JVM's)").get();
  static final Option DRY_RUN = Option.builder().longOpt("dry-run")
      .desc("with --slurm: write the batch scripts and print how to submit them, submit "
          + "nothing").get();

  /** The default number of shards when the sweep has more runs. */
  static final int DEFAULT_SHARDS = 16;
  /** The error of a run whose result file does not exist (yet), in a report. */
  static final String MISSING = "missing: no result yet (its shard has not run, or was "
      + "cancelled or timed out)";

  private final CommandLine line;
  private final PrintStream out;
  private final Path file;
  private final SweepPlan plan;
  private final List<RunPlan> runPlans;
  private final RunExecutor executor;
  private final Path dir;
  private final ResultStore store;
  private final Optional<Duration> timeout;
  private final String command;
  private final SweepMetrics metrics;

  /**
   * The metrics a sweep reports and records, and its user-defined groups.
   *
   * @param selected the metrics the summary reports
   * @param recorded the metrics every run records
   * @param groups the sweep file's groups
   */
  record SweepMetrics(List<MetricSelection> selected, List<MetricSelection> recorded,
      Map<String, Set<String>> groups) {

    List<String> keys() {
      return recorded.stream().map(MetricSelection::key).toList();
    }
  }

  ClusterSweep(CommandLine line, PrintStream out, Path file, SweepPlan plan,
      List<RunPlan> runPlans, RunExecutor executor, Path dir, Optional<Duration> timeout,
      String command, SweepMetrics metrics) {
    this.metrics = metrics;
    this.line = line;
    this.out = out;
    this.file = file;
    this.plan = plan;
    this.runPlans = runPlans;
    this.executor = executor;
    this.dir = dir;
    this.store = new ResultStore(dir);
    this.timeout = timeout;
    this.command = command;
  }

  /** The options this class reads. */
  static List<Option> options() {
    return List.of(SHARD, REPORT, SLURM, SHARDS, MAX_RUNNING, SLURM_OPT, SLURM_SETUP, JAVA,
        DRY_RUN);
  }

  /**
   * Whether {@code line} asks for a shard, a report or a Slurm submission; checks that it asks
   * for at most one, and that the Slurm options come with {@code --slurm}.
   */
  static boolean applies(CommandLine line) {
    List<String> modes = new ArrayList<>();
    for (Option mode : List.of(SHARD, REPORT, SLURM)) {
      if (line.hasOption(mode)) {
        modes.add("--" + mode.getLongOpt());
      }
    }
    if (modes.size() > 1) {
      throw new ConfigurationException("choose one of " + String.join(", ", modes));
    }
    if (!line.hasOption(SLURM)) {
      for (Option option : List.of(SHARDS, MAX_RUNNING, SLURM_OPT, SLURM_SETUP, JAVA,
          DRY_RUN)) {
        if (line.hasOption(option)) {
          throw new ConfigurationException("--" + option.getLongOpt() + " goes with --slurm");
        }
      }
    }
    return !modes.isEmpty();
  }

  /** Runs the mode the command line asks for; returns the exit code. */
  int run(Slurm slurm) {
    checkFolder();
    if (line.hasOption(SHARD)) {
      return shard(Shard.parse("--shard", line.getOptionValue(SHARD)));
    }
    if (line.hasOption(REPORT)) {
      return report();
    }
    return submit(slurm);
  }

  /**
   * Checks, without creating anything, that {@code --out} is this sweep's folder, as a plain
   * sweep and {@code --resume} do: a folder whose {@code sweep.yaml} (the resolved sweep) is
   * another sweep's, or that holds anything but results without one, is refused, so no shard
   * mixes its results into another sweep's folder.
   *
   * @throws ConfigurationException naming the folder and what it holds
   */
  private void checkFolder() {
    Path marker = dir.resolve("sweep.yaml");
    if (Files.isRegularFile(marker, LinkOption.NOFOLLOW_LINKS)) {
      String held;
      try {
        held = Files.size(marker) <= Limits.MAX_TEXT_FILE_BYTES
            ? Files.readString(marker, StandardCharsets.UTF_8) : "";
      } catch (IOException | UncheckedIOException e) {
        held = "";
      }
      if (!held.equals(YamlBinding.toYaml(plan.config()))) {
        throw new ConfigurationException("--out " + dir + ": the folder holds another sweep "
            + "(its sweep.yaml differs from that of " + file + "); name this sweep's own folder,"
            + " nothing is overwritten");
      }
    } else if (Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) && !holdsOnlyResults(dir)) {
      throw new ConfigurationException("--out " + dir + ": the folder already holds other "
          + "files (not this sweep's outputs); name a new or empty folder, nothing is "
          + "overwritten");
    }
  }

  /** Checks and creates the folder, then marks it as this sweep's before any result is written. */
  private void claimFolder() {
    OutputPaths.checkDirectory("--out", dir, d -> true); // checkFolder() judged the contents
    try {
      ResultStore.writeAtomically(dir.resolve("sweep.yaml"),
          YamlBinding.toYaml(plan.config()).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write to " + dir, e);
    }
  }

  /** Whether {@code dir} is empty or holds results only (shards' of an earlier version). */
  private static boolean holdsOnlyResults(Path dir) {
    try (java.util.stream.Stream<Path> entries = Files.list(dir)) {
      return entries.allMatch(p -> p.getFileName().toString().equals("runs")
          && Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS));
    } catch (IOException | UncheckedIOException e) {
      return false;
    }
  }

  private Partition partition(int count) {
    return Partition.of(plan.runs(), count, new WorkloadSize(executor));
  }

  private int shard(Shard shard) {
    int jobs = (int) SharedOptions.number(line, SweepCommand.JOBS.getLongOpt(),
        Runtime.getRuntime().availableProcessors(), 1, 4096);
    Partition partition = partition(shard.count());
    List<PlannedRun> mine = partition.runs(shard);
    List<PlannedRun> todo = mine.stream().filter(r -> !complete(r)).toList();
    claimFolder();
    long total = partition.costs().stream().mapToLong(Long::longValue).sum();
    out.printf(Locale.ROOT, "sweep '%s' shard %s: %d of %d runs (%.1f%% of the expected cost); "
        + "running %d (%d already complete) on %d thread%s -> %s%n", plan.config().name(), shard,
        mine.size(), plan.runs().size(), 100.0 * partition.costs().get(shard.index()) / total,
        todo.size(), mine.size() - todo.size(), jobs, jobs == 1 ? "" : "s", dir);
    out.flush();
    long start = System.nanoTime();
    int failed;
    try (SweepProgress progress = SweepProgress.choose(System.console() != null,
        System.getenv(), System.err)) {
      progress.start(mine.size(), mine.size() - todo.size());
      SweepRunner runner = new SweepRunner(executor, store, jobs, timeout, metrics.recorded(),
          metrics.groups()).resolvedAs(plan, runPlans);
      if (line.hasOption("stacktrace")) {
        runner.printingStackTraces(System.err);
      }
      failed = runner.run(todo, progress);
    }
    out.printf(Locale.ROOT, "shard %s: ran %d runs in %.1f s, %d failed; when every shard has "
        + "ended: %s%n", shard, todo.size(), (System.nanoTime() - start) / 1e9, failed,
        reportCommand());
    return failed > 0 ? Main.FAILED : Main.OK;
  }

  /** Whether {@code run} has a result that records every metric this sweep needs. */
  private boolean complete(PlannedRun run) {
    return store.completed(run).filter(r -> r.covers(metrics.keys())).isPresent();
  }

  private String reportCommand() {
    return "preemptlab sweep --config " + CommandLines.quote(file.toString()) + " --out "
        + CommandLines.quote(dir.toString()) + " --report";
  }

  private int report() {
    List<PlannedRun> runs = plan.runs();
    List<RunResult> results = new ArrayList<>();
    Map<String, List<Long>> missing = new LinkedHashMap<>();
    for (PlannedRun run : runs) {
      Optional<RunResult> done = store.completed(run).filter(r -> r.covers(metrics.keys()))
          .map(RunResult::withoutTurnarounds); // the store reads them again for the reports
      if (done.isEmpty()) {
        missing.computeIfAbsent(run.point().key(), k -> new ArrayList<>()).add(run.seed());
      }
      results.add(done.orElseGet(() -> RunResult.failed(run, MISSING)));
    }
    if (!Files.isRegularFile(dir.resolve(Provenance.FILE))) {
      SweepCommand.writeProvenance(plan, runPlans, dir, command);
    }
    SweepAnalysis analysis = SweepAnalysis.of(plan, metrics.selected(), metrics.recorded(),
        results, store);
    List<String> written = SweepReport.write(analysis, dir,
        SweepCommand.charts(line, plan, metrics.selected()));
    out.print(Summaries.text(analysis));
    int absent = missing.values().stream().mapToInt(List::size).sum();
    out.printf(Locale.ROOT, "%nreport of %d runs (%d complete, %d missing); wrote %s and %d "
        + "charts to %s%n", runs.size(), runs.size() - absent, absent,
        String.join(", ", written.stream().filter(f -> !f.startsWith("charts/")).toList()),
        written.stream().filter(f -> f.startsWith("charts/")).count()
            / SweepCharts.FORMATS.size(), dir);
    if (absent > 0) {
      out.println(absent + " of " + runs.size() + " runs have no result yet (counted as failed "
          + "runs above, left out of every statistic):");
      missing.forEach((key, seeds) -> out.println("  " + key + ": seeds "
          + seeds.stream().map(String::valueOf).collect(Collectors.joining(","))));
      out.println("run them by submitting the same 'preemptlab sweep --slurm' command again, or "
          + "here with 'preemptlab sweep --config " + CommandLines.quote(file.toString())
          + " --out " + CommandLines.quote(dir.toString()) + " --resume'");
      return Main.FAILED;
    }
    int failed = analysis.failures().size();
    if (failed > 0) {
      out.println(failed + " of " + runs.size() + " runs failed; see 'failed runs' above");
      return Main.FAILED;
    }
    return Main.OK;
  }

  private int submit(Slurm slurm) {
    List<PlannedRun> runs = plan.runs();
    int shards = (int) Math.min(runs.size(), SharedOptions.number(line, SHARDS.getLongOpt(),
        DEFAULT_SHARDS, 1, 100_000));
    int cpus = (int) SharedOptions.number(line, SweepCommand.JOBS.getLongOpt(), 1, 1, 4096);
    OptionalInt maxRunning = line.hasOption(MAX_RUNNING) ? OptionalInt.of((int) SharedOptions
        .number(line, MAX_RUNNING.getLongOpt(), 1, 1, 100_000)) : OptionalInt.empty();
    Map<String, String> options = SlurmJob.options(values(SLURM_OPT));
    boolean dryRun = line.hasOption(DRY_RUN);

    Partition partition = partition(shards);
    List<Integer> pending = new ArrayList<>();
    int unfinished = 0;
    for (int s = 0; s < shards; s++) {
      long open = partition.runs(new Shard(s, shards)).stream()
          .filter(r -> !complete(r)).count();
      unfinished += (int) open;
      if (open > 0) {
        pending.add(s);
      }
    }
    Path slurmDir = dir.resolve("slurm");
    Path jobsFile = slurmDir.resolve("jobs.txt");
    if (!dryRun) {
      Set<String> active = slurm.active(earlierJobs(jobsFile));
      if (!active.isEmpty()) {
        String ids = String.join(",", active);
        throw new ConfigurationException("jobs " + ids + " of an earlier submission to " + dir
            + " are still queued or running; wait for them (squeue -j " + ids + ") or cancel "
            + "them (scancel " + ids.replace(',', ' ') + ") before submitting again");
      }
    }
    long total = partition.costs().stream().mapToLong(Long::longValue).sum();
    long largest = partition.costs().stream().mapToLong(Long::longValue).max().orElse(0);
    out.printf(Locale.ROOT, "sweep '%s': %d configurations x %d seeds = %d runs in %d shards "
        + "(the largest %.1f%% of the expected cost); %d runs unfinished in %d shard%s -> %s%n",
        plan.config().name(), plan.points().size(), plan.seeds().size(), runs.size(), shards,
        100.0 * largest / total, unfinished, pending.size(), pending.size() == 1 ? "" : "s", dir);
    if (pending.isEmpty()) {
      out.println("every run is complete; nothing to submit. Reports: " + reportCommand());
      return Main.OK;
    }
    SlurmJob job = new SlurmJob("preemptlab-" + plan.config().name(), shards, pending,
        maxRunning, cpus, options, values(SLURM_SETUP), java(), javaOptions(), classpath(),
        Path.of("").toAbsolutePath(), slurmDir.toAbsolutePath().resolve("logs"),
        sweepArguments()); // checked before anything is written: a refusal leaves no folder
    SweepCommand.writeProvenance(plan, runPlans, dir, command);
    Path array = slurmDir.resolve("array.sh");
    Path report = slurmDir.resolve("report.sh");
    try {
      Files.createDirectories(job.logDir());
      ResultStore.writeAtomically(array, job.arrayScript().getBytes(StandardCharsets.UTF_8));
      ResultStore.writeAtomically(report, job.reportScript().getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the batch scripts to " + slurmDir, e);
    }
    if (dryRun) {
      out.println("wrote " + array + " (array tasks " + SlurmJob.arraySpec(pending, maxRunning)
          + ") and " + report + "; nothing submitted (--dry-run). Submit them with:");
      out.println("  sbatch " + array);
      out.println("  sbatch --dependency=afterany:ARRAY_JOB_ID " + report);
      return Main.OK;
    }
    String arrayId = slurm.submit(array.toAbsolutePath(), List.of());
    record(jobsFile, "array " + arrayId + " tasks " + SlurmJob.arraySpec(pending, maxRunning));
    String reportId = slurm.submit(report.toAbsolutePath(),
        List.of("--dependency=afterany:" + arrayId));
    record(jobsFile, "report " + reportId);
    out.println("submitted array job " + arrayId + " (tasks "
        + SlurmJob.arraySpec(pending, maxRunning) + ") and report job " + reportId
        + " (starts when the array has ended, whatever its tasks' outcome)");
    out.println("  watch:   squeue -j " + arrayId + "," + reportId);
    out.println("  logs:    " + job.logDir());
    out.println("  results: " + dir.resolve("summary.md") + " once job " + reportId
        + " has ended; if runs are missing (a task failed, timed out or was cancelled), "
        + "submit this command again: it submits only the shards with unfinished runs");
    return Main.OK;
  }

  /** Appends a line to the record of submitted jobs, which a later submission checks. */
  private static void record(Path jobsFile, String row) {
    try {
      Files.writeString(jobsFile, row + "\n", StandardCharsets.UTF_8,
          StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + jobsFile, e);
    }
  }

  private List<String> values(Option option) {
    String[] values = line.getOptionValues(option);
    return values == null ? List.of() : Arrays.asList(values);
  }

  /** The array and report job ids recorded by earlier submissions into this directory. */
  private static Set<String> earlierJobs(Path jobsFile) {
    Set<String> ids = new LinkedHashSet<>();
    if (!Files.isRegularFile(jobsFile)) {
      return ids;
    }
    try {
      for (String row : Files.readAllLines(jobsFile, StandardCharsets.UTF_8)) {
        String[] words = row.strip().split("\\s+");
        if (words.length >= 2 && words[1].matches("\\d+")) {
          ids.add(words[1]);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + jobsFile, e);
    }
    return ids;
  }

  private String java() {
    String given = line.getOptionValue(JAVA);
    return given != null ? given
        : Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** PREEMPTLAB_JAVA_OPTS as the launcher passes them, with its default collector. */
  private static String javaOptions() {
    String options = System.getenv("PREEMPTLAB_JAVA_OPTS");
    return JvmOptions.withDefaultCollector(options == null ? "" : options);
  }

  /** This JVM's class path with every entry absolute, for the compute nodes. */
  private static String classpath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(e -> !e.isEmpty())
        .map(e -> Path.of(e).toAbsolutePath().normalize().toString())
        .collect(Collectors.joining(File.pathSeparator));
  }

  /** What every task passes to {@code preemptlab sweep}, with absolute paths. */
  private List<String> sweepArguments() {
    List<String> args = new ArrayList<>(List.of("--config", file.toAbsolutePath().toString(),
        "--out", dir.toAbsolutePath().toString()));
    String plugins = line.getOptionValue(SharedOptions.PLUGIN_PATH);
    if (plugins != null) {
      args.add("--plugin-path");
      args.add(Path.of(plugins).toAbsolutePath().toString());
    }
    if (timeout.isPresent()) {
      args.add("--" + SweepCommand.RUN_TIMEOUT.getLongOpt());
      args.add(line.getOptionValue(SweepCommand.RUN_TIMEOUT));
    }
    if (line.hasOption("stacktrace")) {
      args.add("--stacktrace"); // each task's failed runs print their traces to its .err file
    }
    return args;
  }
}
