package org.preemptlab.runner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.experiment.Overrides;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.WorkloadConfig;
import org.preemptlab.runner.report.Csv;
import org.preemptlab.runner.report.OutputPaths;

/**
 * {@code preemptlab profile}: the kernels of a recorded trace as an application's profile, one row
 * per kernel launch in launch order ({@code kernel,grid,threads,registers,shared_memory,block_ns}),
 * for {@code training-loop}'s {@code profile-path}. The trace is read and mapped by the trace
 * replay itself ({@code pytorch-trace}, or {@code nsys-trace} for a {@code .csv}), on the chosen
 * hardware model, so a block's time is what a replay of the trace would run; memory copies are
 * left out (an application's jobs are kernels on the compute engine).
 */
final class ProfileCommand implements Command {
  static final Option TRACE = Option.builder().longOpt("trace").hasArg().argName("FILE")
      .desc("the trace: a PyTorch profiler trace (.json, .json.gz) or an Nsight Systems "
          + "cuda_gpu_trace CSV (.csv)").build();
  static final Option OUT = Option.builder("o").longOpt("out").hasArg().argName("FILE")
      .desc("write the profile to FILE (a new file) instead of standard output").build();
  /** The header line of a profile; the training loop's reader expects it. */
  static final String HEADER = "kernel,grid,threads,registers,shared_memory,block_ns";

  @Override
  public String name() {
    return "profile";
  }

  @Override
  public String summary() {
    return "write the kernels of a recorded trace as an application's profile (CSV)";
  }

  @Override
  public Options options() {
    return new Options().addOption(TRACE).addOption(RunCommand.HARDWARE)
        .addOption(RunCommand.SET).addOption(OUT).addOption(SharedOptions.PLUGIN_PATH);
  }

  @Override
  public String examples() {
    return """
        preemptlab profile --trace examples/traces/training.pt.trace.json.gz \\
            --set workload.iterations=1 --out training-step.csv
        preemptlab profile --trace my.pt.trace.json.gz --hardware a100
        --set takes the trace replay's parameters as workload.NAME (preemptlab list workload)""";
  }

  @Override
  public int run(CommandLine line, PrintStream out) {
    if (!line.getArgList().isEmpty()) {
      throw new ConfigurationException("profile takes no arguments, got " + line.getArgList()
          + "; use --trace FILE");
    }
    String trace = line.getOptionValue(TRACE);
    if (trace == null) {
      throw new ConfigurationException("profile needs --trace FILE: the trace to read");
    }
    String generator = trace.endsWith(".csv") ? "nsys-trace" : "pytorch-trace";
    RunConfig config = RunConfig.defaults().withWorkload(new WorkloadConfig(generator,
        Map.of("path", trace), null));
    if (line.hasOption(RunCommand.HARDWARE)) {
      config = Overrides.choose(config, "hardware", line.getOptionValue(RunCommand.HARDWARE));
    }
    for (String assignment : line.getOptionValues(RunCommand.SET) == null ? new String[0]
        : line.getOptionValues(RunCommand.SET)) {
      if (!assignment.startsWith("workload.") && !assignment.startsWith("hardware.")) {
        throw new ConfigurationException("--set " + assignment + ": profile takes the trace's "
            + "parameters (workload.NAME) and the hardware model's (hardware.NAME)");
      }
      config = Overrides.set(config, assignment);
    }
    Workload workload = new RunExecutor(SharedOptions.registry(line)).workload(config);
    String profile = profile(workload, trace);
    String file = line.getOptionValue(OUT);
    if (file == null) {
      out.print(profile);
      return 0;
    }
    OutputPaths.checkNewFile("--out", Path.of(file));
    try {
      OutputPaths.writeNewFile(Path.of(file), profile.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
    return 0;
  }

  /** The compute kernels of {@code workload}, by submission time, then in its order. */
  static String profile(Workload workload, String source) {
    Map<String, EngineKind> engines = new HashMap<>();
    workload.queues().forEach(q -> engines.put(q.id(), q.engine()));
    List<Job> kernels = new ArrayList<>();
    for (Job job : workload.jobs()) {
      if (engines.get(job.queueId()) == EngineKind.COMPUTE) {
        kernels.add(job);
      }
    }
    if (kernels.isEmpty()) {
      throw new ConfigurationException(source + ": no kernel on the compute engine in the "
          + "selected operations");
    }
    kernels.sort(Comparator.comparingLong(Job::submitTimeNs)); // stable: ties in list order
    StringBuilder csv = new StringBuilder("# kernels of ").append(source.replace('\n', ' '))
        .append(", one row per launch in launch order (preemptlab profile)\n")
        .append(HEADER).append('\n');
    for (Job job : kernels) {
      Kernel k = job.kernel();
      csv.append(Csv.quote(k.name())).append(',').append(k.gridBlocks()).append(',')
          .append(k.threadsPerBlock()).append(',').append(k.registersPerThread()).append(',')
          .append(k.sharedMemoryPerBlock()).append(',').append(k.program().durationNs())
          .append('\n');
    }
    return csv.toString();
  }
}
