package org.preemptlab.runner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.PluginKind;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.drm.ClientStats;
import org.preemptlab.runner.drm.JobOutcome;
import org.preemptlab.runner.drm.ScenarioResult;
import org.preemptlab.runner.experiment.ScenarioRuns;
import org.preemptlab.runner.report.OutputPaths;
import org.preemptlab.runner.report.Provenance;
import org.preemptlab.runner.report.ScenarioReport;
import org.preemptlab.runner.scenario.Scenario;
import org.preemptlab.runner.scenario.Scenarios;

/**
 * {@code preemptlab drm-scenario FILE}: run a DRM scheduler scenario file on the engine with its
 * DRM scheduler layer; the same as {@code preemptlab run --config FILE} of a scenario file, with
 * {@code --jobs} in addition.
 */
final class DrmScenarioCommand implements Command {
  private static final Option POLICY = Option.builder("p").longOpt("policy").hasArg()
      .argName("ID").desc("run under this policy instead of the file's (drm-fifo, drm-rr, "
          + "drm-fair, ...)").get();
  private static final Option JOBS = Option.builder().longOpt("jobs")
      .desc("print one row per job even for large scenarios").get();
  private static final Option OUT = Option.builder("o").longOpt("out").hasArg().argName("DIR")
      .desc("write jobs.csv (every job's outcome) and, with clients, clients.csv (each client's"
          + " statistics) into DIR").get();

  @Override
  public String name() {
    return "drm-scenario";
  }

  @Override
  public String summary() {
    return "run a Linux DRM scheduler scenario file (as run --config FILE)";
  }

  @Override
  public Options options() {
    return new Options().addOption(POLICY).addOption(JOBS).addOption(OUT)
        .addOption(SharedOptions.PLUGIN_PATH);
  }

  @Override
  public String examples() {
    return """
        preemptlab drm-scenario examples/drm/b1-basic-submit.yaml
        preemptlab drm-scenario examples/drm/fairness-two-clients.yaml --policy drm-fifo
        preemptlab drm-scenario examples/drm/m1-modify-sched.yaml --jobs --out results/m1
        preemptlab drm-scenario examples/drm/hung-kernel-h200.yaml --out results/hung""";
  }

  @Override
  public int run(CommandLine line, PrintStream out) {
    List<String> args = line.getArgList();
    if (args.size() != 1) {
      throw new ConfigurationException("drm-scenario takes one scenario FILE, got " + args);
    }
    return runScenario(name(), line, Path.of(args.get(0)), line.getOptionValue(POLICY),
        line.hasOption(JOBS), line.getOptionValue(OUT), out);
  }

  /** Fails with the file and key (or option) in front of the registry's one-line error. */
  private static void known(PluginRegistry registry, PluginKind kind, String id, String where) {
    try {
      registry.descriptor(kind, id);
    } catch (ConfigurationException e) {
      throw new ConfigurationException(where + e.getMessage());
    }
  }

  /**
   * Runs a scenario file on the engine with its DRM scheduler layer, prints its report and writes
   * its outputs: {@code drm-scenario FILE} and {@code run --config FILE} of a scenario file.
   *
   * @param policy the policy to run instead of the file's, or null
   * @param outDir the folder for jobs.csv and clients.csv, or null
   */
  static int runScenario(String commandName, CommandLine line, Path file, String policy,
      boolean allJobs, String outDir, PrintStream out) {
    Scenario scenario = Scenarios.load(file);
    String command = CommandLines.render(commandName, line);
    if (outDir != null) {
      OutputPaths.checkDirectory("--out", Path.of(outDir), d -> OutputPaths.heldBy(d, command));
    }
    PluginRegistry registry = SharedOptions.registry(line);
    Path name = file.getFileName();
    String source = (name == null ? file : name) + ": ";
    known(registry, PluginKind.HARDWARE_MODEL, scenario.hardware(), source + "hardware: ");
    known(registry, PluginKind.SCHEDULING_POLICY, policy == null ? scenario.policy() : policy,
        policy == null ? source + "policy: " : "--policy: ");
    ScenarioResult result = ScenarioRuns.run(scenario, registry,
        policy == null ? scenario.policy() : policy);
    ScenarioReport.print(result, allJobs, out);
    if (outDir != null) {
      Path written = writeJobs(Path.of(outDir), result, command);
      out.println("wrote " + written);
    }
    out.println(result.passed() ? "every expectation held" : "some expectations FAILED");
    return result.passed() ? Main.OK : Main.FAILED;
  }

  private static Path writeJobs(Path dir, ScenarioResult result, String command) {
    List<String> rows = new ArrayList<>();
    rows.add("job,entity,scheduler,status,credits,submit_ns,scheduled_ns,finished_ns,freed_ns,"
        + "hardware_error,finished_error,flags");
    for (JobOutcome j : result.jobs()) {
      rows.add(String.join(",", j.name(), j.entity(), j.scheduler(), j.status().name(),
          Long.toString(j.credits()), Long.toString(j.submitNs()),
          Long.toString(j.scheduledNs()), Long.toString(j.finishedNs()),
          Long.toString(j.freedNs()), j.hardwareError().name(), j.finishedError().name(),
          "\"" + j.flags() + "\""));
    }
    try {
      Files.createDirectories(dir);
      Path file = dir.resolve("jobs.csv");
      Files.write(file, rows, OutputPaths.WRITE);
      if (!result.clients().isEmpty()) {
        List<String> clients = new ArrayList<>();
        clients.add(ClientStats.CSV_HEADER);
        result.clients().forEach(c -> clients.add(c.csvRow()));
        Files.write(dir.resolve("clients.csv"), clients, OutputPaths.WRITE);
      }
      // names the command, so that repeating it may replace these outputs (OutputPaths.heldBy)
      Files.writeString(dir.resolve(Provenance.COMMAND_FILE), "# run from "
          + Path.of("").toAbsolutePath() + "\n" + command + "\n", OutputPaths.WRITE);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
