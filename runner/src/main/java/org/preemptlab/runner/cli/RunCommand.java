package org.preemptlab.runner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.FinishedJobs;
import org.preemptlab.runner.experiment.Overrides;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;
import org.preemptlab.runner.experiment.RunPlan;
import org.preemptlab.runner.experiment.StopRequest;
import org.preemptlab.runner.experiment.WorkEstimate;
import org.preemptlab.runner.metrics.MetricSelection;
import org.preemptlab.runner.metrics.Metrics;
import org.preemptlab.runner.report.JobsCsv;
import org.preemptlab.runner.report.OutputPaths;
import org.preemptlab.runner.report.Provenance;
import org.preemptlab.runner.report.RunInputs;
import org.preemptlab.runner.report.RunReport;
import org.preemptlab.runner.report.trace.TimelineWriter;
import org.preemptlab.runner.report.trace.TraceLabels;
import org.preemptlab.runner.scenario.Scenarios;

/** {@code preemptlab run --config FILE}: one run, its summary and its output files. */
final class RunCommand implements Command {
  static final Option CONFIG = Option.builder("c").longOpt("config").hasArg().argName("FILE")
      .desc("the run configuration (YAML; docs/config-format.md), or a DRM scheduler scenario "
          + "(a top-level 'schedulers:' key; docs/drm-scheduler.md); without it, the built-in "
          + "demo configuration").get();
  static final Option POLICY = plugin("policy", "the scheduling policy");
  static final Option PREEMPTION = plugin("preemption", "the preemption-point strategy");
  static final Option CONTEXT_SAVE = plugin("context-save", "the context-save strategy");
  static final Option HARDWARE = plugin("hardware", "the hardware model");
  static final Option WORKLOAD = plugin("workload", "the workload generator");
  static final Option SEED = Option.builder().longOpt("seed").hasArg().argName("N")
      .desc("the root seed of every random stream").get();
  static final Option SET = Option.builder().longOpt("set").hasArg().argName("KEY=VALUE")
      .desc("set one value, e.g. policy.preempt=false, hardware.time-slice=1ms, seed=7, "
          + "engine.credit-limit=4, engine.launch-window=4; repeatable").get();
  static final Option CHECK_INVARIANTS = Option.builder().longOpt("check-invariants")
      .desc("fail the run if a preemption strategy stops a block inside a shared-memory, atomic or "
          + "barrier segment or flushes a non-idempotent kernel (on by default; this overrides "
          + "engine.check-invariants: false in a configuration file)").get();
  static final Option OUT = Option.builder("o").longOpt("out").hasArg().argName("DIR")
      .desc("write jobs.csv, preemptions.csv, groups.csv, suspensions.csv, summary.json and "
          + "config.yaml to DIR")
      .get();
  static final Option TRACE = Option.builder().longOpt("trace").hasArg().argName("FILE")
      .desc("write the run's timeline to FILE as Chrome Trace Event JSON, for ui.perfetto.dev "
          + "or chrome://tracing (docs/timeline.md)").get();

  static final Option YES = Option.builder("y").longOpt("yes")
      .desc("run even if the work estimate is above the threshold (see --max-events)").get();
  static final Option MAX_EVENTS = Option.builder().longOpt("max-events").hasArg().argName("N")
      .desc("the most block placements (estimated from the workload before the run; each is a "
          + "few engine events) a run may have without --yes; default "
          + String.format(java.util.Locale.ROOT, "%,d", WorkEstimate.DEFAULT_MAX_BLOCKS)
          + ", about a minute").get();
  static final Option METRIC = Option.builder().longOpt("metric").hasArg().argName("ID")
      .desc("also report this metric, e.g. sm-busy-min or slowdown-p99@queue=video (a metric "
          + "computed on request is only collected when named; ids: docs/metrics.md); "
          + "repeatable").get();
  static final Option RUN_TIMEOUT = Option.builder().longOpt("run-timeout").hasArg()
      .argName("DURATION").desc("fail the run (exit 1) if it takes longer, wall time, e.g. 30s")
      .get();

  private final Signals signals;

  /** The command, stopped by Ctrl-C through the JVM's shutdown hooks. */
  RunCommand() {
    this(Signals.JVM);
  }

  /** The command, stopped by {@code signals} (tests trigger their own). */
  RunCommand(Signals signals) {
    this.signals = signals;
  }

  private static Option plugin(String name, String what) {
    return Option.builder().longOpt(name).hasArg().argName("ID")
        .desc(what + " (ids: preemptlab list)").get();
  }

  @Override
  public String name() {
    return "run";
  }

  @Override
  public String summary() {
    return "run one configuration, print its summary and write its outputs";
  }

  @Override
  public Options options() {
    return new Options().addOption(CONFIG).addOption(POLICY).addOption(PREEMPTION)
        .addOption(CONTEXT_SAVE).addOption(HARDWARE).addOption(WORKLOAD).addOption(SEED)
        .addOption(SET).addOption(CHECK_INVARIANTS).addOption(OUT).addOption(TRACE)
        .addOption(YES).addOption(MAX_EVENTS).addOption(METRIC).addOption(RUN_TIMEOUT)
        .addOption(SharedOptions.PLUGIN_PATH);
  }

  @Override
  public String examples() {
    return """
        preemptlab run --config examples/configs/inference-vs-training.yaml --out results/run1
        preemptlab run --config examples/configs/inference-vs-training.yaml \\
            --preemption block-boundary --set hardware.time-slice=1ms --seed 7
        preemptlab run --config examples/configs/inference-vs-training.yaml --policy round-robin
        preemptlab run --config examples/configs/xsched/lv3.yaml --out results/xsched-lv3
        preemptlab run --config examples/configs/inference-vs-training.yaml \\
            --metric sm-busy-min --metric turnaround-p99@queue=inference
        preemptlab run --workload csv-trace --set workload.path=examples/traces/small.csv
        preemptlab run --trace results/run1/trace.json
        preemptlab run --config examples/drm/b1-basic-submit.yaml --out results/b1""";
  }

  @Override
  public int run(CommandLine line, PrintStream out) {
    if (!line.getArgList().isEmpty()) {
      throw new ConfigurationException("run takes no arguments, got " + line.getArgList()
          + "; use --config FILE");
    }
    String file = line.getOptionValue(CONFIG);
    if (file != null && Scenarios.isScenario(Path.of(file))) {
      return runScenario(line, Path.of(file), out);
    }
    RunConfig config = resolve(line);
    Optional<Duration> timeout = SharedOptions.timeout(line, RUN_TIMEOUT.getLongOpt());
    long maxBlocks = line.hasOption(YES) ? Long.MAX_VALUE : SharedOptions.number(line,
        MAX_EVENTS.getLongOpt(), WorkEstimate.DEFAULT_MAX_BLOCKS, 1, Long.MAX_VALUE);
    RunExecutor executor = new RunExecutor(SharedOptions.registry(line))
        .withMaxBlocks(maxBlocks);
    StopRequest stop = new StopRequest();
    try (Signals.Registration hook = signals.register(stop)) {
      return run(line, out, config, timeout, executor, stop);
    } finally {
      stop.stopped(); // a Ctrl-C waiting for the run to stop may let the JVM exit now
    }
  }

  private int run(CommandLine line, PrintStream out, RunConfig config,
      Optional<Duration> timeout, RunExecutor plainExecutor, StopRequest stop) {
    // every plugin id and parameter is checked before any output path is touched
    RunPlan plan = plainExecutor.plan(config);
    Metrics metrics = plan.metrics();
    List<MetricSelection> requested = requestedMetrics(line, metrics);
    plainExecutor = plainExecutor.reporting(requested); // collects what on-request metrics need
    String command = CommandLines.render(name(), line);
    String dir = line.getOptionValue(OUT);
    boolean newDir = dir != null
        && !Files.exists(Path.of(dir), java.nio.file.LinkOption.NOFOLLOW_LINKS);
    if (dir != null) {
      // a folder holding only the partial jobs.csv of a run that was killed is this command's too
      OutputPaths.checkDirectory("--out", Path.of(dir), d -> OutputPaths.heldBy(d, command)
          || OutputPaths.holdsOnly(d, Set.of(JobsCsv.PARTIAL_NAME, JobsCsv.SPILL_NAME)));
    }
    String trace = line.getOptionValue(TRACE);
    if (trace != null) {
      Path file = Path.of(trace);
      if (dir != null && insideOwnOutputs(file, Path.of(dir))) {
        // the folder holds this same command's earlier outputs, this timeline among them
        deleteQuietly(file);
      }
      OutputPaths.checkNewFile("--trace", file);
    }
    long[] traceEvents = {0};
    RunOutcome outcome;
    TerminalProgress progress = TerminalProgress.choose(System.console() != null,
        System.getenv());
    RunExecutor executor = progress == null ? plainExecutor : plainExecutor.withProgress(progress);
    boolean simulated = false;
    // jobs.csv is written as jobs finish, so the run keeps no job's record (memory per job)
    try (progress; JobsCsv jobsCsv = dir == null ? null
        : JobsCsv.open(Path.of(dir).resolve(JobsCsv.NAME))) {
      try {
        outcome = SharedOptions.withTimeout(timeout, () -> stop.interruptible(() -> {
          TimelineWriter timeline = trace == null ? null
              : TimelineWriter.open(Path.of(trace), TraceLabels.of(config));
          boolean done = false;
          try (timeline) {
            RunOutcome result = executor.execute(plan, timeline,
                jobsCsv == null ? FinishedJobs.NONE : jobsCsv);
            done = true;
            return result;
          } finally {
            if (timeline != null) {
              traceEvents[0] = timeline.events();
              if (!done) {
                deleteQuietly(Path.of(trace));
              }
            }
          }
        }));
      } catch (RuntimeException e) {
        if (!stop.requested()) {
          throw e;
        }
        // Ctrl-C: the simulation stopped at its next check; the partial jobs.csv is deleted
        String where = e instanceof CancellationException && e.getMessage() != null
            ? " " + e.getMessage().replaceFirst("^run interrupted ", "") : "";
        out.println("run interrupted (Ctrl-C)" + where + "; nothing written");
        out.flush();
        return Main.INTERRUPTED;
      }
      if (jobsCsv != null) {
        jobsCsv.commit(outcome.metrics().jobs()); // the workload's and the applications' jobs
      }
      simulated = true;
    } finally {
      if (!simulated && newDir) {
        // closing jobsCsv deleted its partial file: remove the folder this run created
        deleteQuietly(Path.of(dir));
      }
    }
    out.print(RunReport.summary(outcome, metrics));
    if (dir != null) {
      RunInputs.Resolved resolved = RunInputs.resolve(outcome.config(), outcome.parameters(),
          outcome.applicationParameters(), Path.of(dir));
      var parameters = resolved.parameters(outcome.parameters().keySet());
      RunReport.writeAllButJobs(outcome.withConfig(resolved.config(), parameters,
          resolved.applicationParameters()), Path.of(dir), metrics);
      out.println("\nwrote jobs.csv, preemptions.csv, groups.csv, suspensions.csv, summary.json, "
          + "config.yaml" + (resolved.inputs().stream().anyMatch(i -> !i.copy().isEmpty())
              ? ", " + RunInputs.FOLDER + "/" : "") + " to " + dir);
      new Provenance(command, outcome.plugins(),
          List.of(config.seed()), List.of("config.yaml"),
          parameters).withInputs(resolved.inputs())
          .withApplications(resolved.config().applications()).write(Path.of(dir));
      out.println("wrote provenance.json, command.txt (the command that reproduces it) to " + dir);
    }
    if (!requested.isEmpty()) { // after the outputs: a scope the run lacks loses nothing written
      out.print("\n" + RunReport.requested(outcome, requested));
    }
    if (trace != null) {
      out.println("\nwrote the timeline " + trace + " (" + traceEvents[0] + " events; open it "
          + "in ui.perfetto.dev, see docs/timeline.md)");
    }
    return 0;
  }

  /**
   * Whether {@code trace} is a plain file directly in the checked {@code --out} folder: then it is
   * this command's own earlier timeline (the folder holds nothing else), which a repeat replaces.
   */
  private static boolean insideOwnOutputs(Path trace, Path dir) {
    Path parent = trace.toAbsolutePath().normalize().getParent();
    return parent != null && parent.equals(dir.toAbsolutePath().normalize())
        && Files.isRegularFile(trace, java.nio.file.LinkOption.NOFOLLOW_LINKS);
  }

  /** Removes the partial timeline of a run that failed or was refused. */
  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // the run's own error is the one to report
    }
  }

  /**
   * A scenario file (a top-level {@code schedulers:} key): the engine with its DRM scheduler layer,
   * as {@code drm-scenario}; only {@code --policy}, {@code --out} and {@code --plugin-path} apply.
   */
  private int runScenario(CommandLine line, Path file, PrintStream out) {
    Set<String> applicable = Set.of(CONFIG.getLongOpt(), POLICY.getLongOpt(), OUT.getLongOpt(),
        SharedOptions.PLUGIN_PATH.getLongOpt());
    for (Option option : line.getOptions()) {
      if (!applicable.contains(option.getLongOpt())) {
        throw new ConfigurationException(file + " is a DRM scheduler scenario (top-level '"
            + Scenarios.MARKER + "'): option --" + option.getLongOpt() + " does not apply; "
            + "valid: --policy, --out, --plugin-path");
      }
    }
    return DrmScenarioCommand.runScenario(name(), line, file, line.getOptionValue(POLICY), false,
        line.getOptionValue(OUT), out);
  }

  /**
   * The metrics named by {@code --metric}, parsed against the run's registry (built-in and plugin
   * metrics), each once, in the order given.
   */
  private static List<MetricSelection> requestedMetrics(CommandLine line, Metrics metrics) {
    String[] ids = line.getOptionValues(METRIC);
    if (ids == null) {
      return List.of();
    }
    Map<String, MetricSelection> selections = new LinkedHashMap<>();
    for (String id : ids) {
      try {
        MetricSelection selection = MetricSelection.parse(id, metrics);
        selections.putIfAbsent(selection.key(), selection);
      } catch (ConfigurationException e) {
        throw new ConfigurationException("--metric " + id + ": " + e.getMessage(), e);
      }
    }
    return List.copyOf(selections.values());
  }

  /** The configuration file (or the demo's) with every override of the command line applied. */
  static RunConfig resolve(CommandLine line) {
    String file = line.getOptionValue(CONFIG);
    RunConfig config = file == null ? ConfigLoader.demo() : ConfigLoader.load(Path.of(file));
    config = choose(config, line, HARDWARE, "hardware");
    config = choose(config, line, POLICY, "policy");
    config = choose(config, line, PREEMPTION, "preemption");
    config = choose(config, line, CONTEXT_SAVE, "context-save");
    config = choose(config, line, WORKLOAD, "workload");
    if (line.hasOption(SEED)) {
      config = config.withSeed(SharedOptions.number(line, SEED.getLongOpt(), config.seed(),
          Long.MIN_VALUE, Long.MAX_VALUE));
    }
    String[] sets = line.getOptionValues(SET);
    if (sets != null) {
      for (String assignment : sets) {
        config = Overrides.set(config, assignment);
      }
    }
    if (line.hasOption(CHECK_INVARIANTS)) {
      config = Overrides.set(config, "engine.check-invariants=true");
    }
    return config;
  }

  private static RunConfig choose(RunConfig config, CommandLine line, Option option,
      String section) {
    String id = line.getOptionValue(option);
    return id == null ? config : Overrides.choose(config, section, id);
  }
}
