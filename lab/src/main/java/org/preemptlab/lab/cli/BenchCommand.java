package org.preemptlab.lab.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.cli.Command;
import org.preemptlab.runner.cli.Main;
import org.preemptlab.runner.cli.SharedOptions;
import org.preemptlab.lab.bench.BenchSettings;
import org.preemptlab.lab.bench.Benchmark;
import org.preemptlab.lab.bench.ContentionCost;
import org.preemptlab.lab.bench.JvmTricks;
import org.preemptlab.lab.bench.LlmServingRate;
import org.preemptlab.lab.bench.MemoryPerJob;
import org.preemptlab.lab.bench.Scaling;
import org.preemptlab.lab.bench.TraceMemoryPerJob;
import org.preemptlab.lab.bench.TraceReplayRate;

/**
 * {@code preemptlab bench}: the engine's speed on the standard workload of {@code
 * docs/standard-workload.md}, next to a minimal hand-written event loop measured in the
 * same process; exits 1 if either implementation does not reproduce the published results. Found
 * by the command line through {@link Command}'s service file.
 */
public final class BenchCommand implements Command {
  /** Default warm-up time of {@code --trace}: past the JIT's busiest seconds on two cores. */
  static final int TRACE_WARMUP_SECONDS = 5;
  /** Default least time of {@code --trace}'s measured runs: hundreds of a small trace's runs. */
  static final int TRACE_MEASURE_SECONDS = 1;
  /** Default rounds of {@code --jvm-tricks}: each a fresh JVM with and one without each trick. */
  static final int JVM_TRICK_ROUNDS = 3;
  private static final Option KERNELS = Option.builder("n").longOpt("kernels").hasArg()
      .argName("N").desc("kernels of the standard workload (default 10000; published results "
          + "exist for 200, 2000, 10000, 100000)").get();
  private static final Option WARMUPS = Option.builder().longOpt("warmups").hasArg()
      .argName("W").desc("unmeasured runs of each implementation first (default "
          + BenchSettings.DEFAULT_WARMUPS + ", 1 with --scaling)").get();
  private static final Option REPETITIONS = Option.builder().longOpt("repetitions").hasArg()
      .argName("R").desc("measured runs of each implementation, interleaved; the median is "
          + "reported (default " + BenchSettings.DEFAULT_REPETITIONS + ", 1 with --scaling)").get();
  private static final Option SCALING = Option.builder().longOpt("scaling")
      .desc("measure N = 2000, 10000 and 100000 (time per block) and parallel runs on 1 and 2 "
          + "threads; --kernels does not apply").get();
  private static final Option CONTENTION = Option.builder().longOpt("contention")
      .desc("measure the cost per block of the contention model: the standard workload with "
          + "declared DRAM traffic, without and with max-min fair bandwidth sharing (default N "
          + ContentionCost.DEFAULT_KERNELS + ")").get();
  private static final Option TRACE = Option.builder().longOpt("trace").hasArg().argName("FILE")
      .desc("replay a PyTorch profiler (.json, .json.gz) or Nsight Systems (.csv) trace and "
          + "report simulated seconds per wall second, with and without block aggregation, "
          + "alternating (default: warm-up runs for at least 1 run and " + TRACE_WARMUP_SECONDS
          + " s, then measured runs for at least 3 runs and " + TRACE_MEASURE_SECONDS
          + " s)").get();
  private static final Option WARMUP_SECONDS = Option.builder().longOpt("warmup-seconds")
      .hasArg().argName("S").desc("with --trace: go on with warm-up runs until S seconds have "
          + "passed too (default " + TRACE_WARMUP_SECONDS + "; 0 for none): a small trace's code "
          + "is still being compiled after many runs").get();
  private static final Option MEASURE_SECONDS = Option.builder().longOpt("measure-seconds")
      .hasArg().argName("S").desc("with --trace: go on with measured runs until S seconds have "
          + "passed too (default " + TRACE_MEASURE_SECONDS + "; 0 for none)").get();
  private static final Option HARDWARE = Option.builder().longOpt("hardware").hasArg()
      .argName("ID").desc("with --trace: the hardware model to replay on (default h200)").get();
  private static final Option LLM = Option.builder().longOpt("llm")
      .desc("measure LLM serving: the 300-request vLLM validation workload and requests of the "
          + "Azure conversation trace's shape, alone and beside a training loop under MPS and "
          + "time slicing; simulated seconds per wall and per CPU second, results checked equal "
          + "with aggregation off on two threads").get();
  private static final Option LLM_SECONDS = Option.builder().longOpt("llm-seconds").hasArg()
      .argName("S").desc("with --llm: simulated seconds of the conversation cases (default "
          + LlmServingRate.DEFAULT_HORIZON_NS / 1_000_000_000L + "; 3600 for the trace's hour)")
      .get();
  private static final Option LLM_CASE = Option.builder().longOpt("llm-case").hasArg()
      .argName("NAME").desc("with --llm: run one case only (vllm-300, conv-alone, conv-mps, "
          + "conv-time-slicing)").get();
  private static final Option LLM_NO_CHECK = Option.builder().longOpt("llm-no-check")
      .desc("with --llm: time each case only, without running it again with aggregation off (an "
          + "hour's check would double the time)").get();
  private static final Option JVM_TRICKS = Option.builder().longOpt("jvm-tricks")
      .desc("check that each JVM-specific trick the engine keeps still pays: the engine alone "
          + "in fresh JVMs with and without it, alternating (--repetitions rounds, default "
          + JVM_TRICK_ROUNDS + "; --warmups per JVM; --kernels N); HELD or BELOW per trick").get();
  private static final Option MEMORY = Option.builder().longOpt("memory")
      .desc("measure the live heap a run keeps per job at N = 100000 and 1000000, then the "
          + "heap the trace readers need per job (give it -Xmx1g or more); no other option "
          + "applies").get();

  @Override
  public String name() {
    return "bench";
  }

  @Override
  public String summary() {
    return "measure engine speed on the standard workload against a minimal baseline loop";
  }

  @Override
  public Options options() {
    return new Options().addOption(KERNELS).addOption(WARMUPS).addOption(REPETITIONS)
        .addOption(SCALING).addOption(MEMORY).addOption(CONTENTION).addOption(TRACE)
        .addOption(HARDWARE).addOption(WARMUP_SECONDS).addOption(MEASURE_SECONDS)
        .addOption(LLM).addOption(LLM_SECONDS).addOption(LLM_CASE).addOption(LLM_NO_CHECK)
        .addOption(JVM_TRICKS)
        .addOption(SharedOptions.PLUGIN_PATH);
  }

  @Override
  public String examples() {
    return """
        preemptlab bench
        preemptlab bench --kernels 100000 --warmups 0 --repetitions 1
        preemptlab bench --contention
        preemptlab bench --jvm-tricks
        preemptlab bench --llm
        preemptlab bench --llm --llm-case conv-mps --llm-seconds 60
        PREEMPTLAB_JAVA_OPTS=-Xmx6g preemptlab bench --llm --llm-case conv-mps --llm-seconds 3600 --llm-no-check
        preemptlab bench --trace examples/traces/training.pt.trace.json.gz
        preemptlab bench --trace examples/traces/preprocess.nsys.csv --warmup-seconds 20
        PREEMPTLAB_JAVA_OPTS=-Xmx1g preemptlab bench --scaling
        PREEMPTLAB_JAVA_OPTS=-Xmx1g preemptlab bench --memory
        PREEMPTLAB_JAVA_OPTS=-Xmx4g preemptlab bench --repetitions 7""";
  }

  @Override
  public int run(CommandLine line, PrintStream out) {
    if (!line.getArgList().isEmpty()) {
      throw new ConfigurationException("bench takes no arguments, got " + line.getArgList());
    }
    if (line.hasOption(HARDWARE) && !line.hasOption(TRACE)) {
      throw new ConfigurationException("bench --hardware goes with --trace FILE");
    }
    for (Option traceOnly : List.of(WARMUP_SECONDS, MEASURE_SECONDS)) {
      if (line.hasOption(traceOnly) && !line.hasOption(TRACE)) {
        throw new ConfigurationException("bench --" + traceOnly.getLongOpt()
            + " goes with --trace FILE");
      }
    }
    for (Option llmOnly : List.of(LLM_SECONDS, LLM_CASE, LLM_NO_CHECK)) {
      if (line.hasOption(llmOnly) && !line.hasOption(LLM)) {
        throw new ConfigurationException("bench --" + llmOnly.getLongOpt() + " goes with --llm");
      }
    }
    if (line.hasOption(JVM_TRICKS)) {
      for (Option other : List.of(SCALING, CONTENTION, MEMORY, TRACE, LLM)) {
        if (line.hasOption(other)) {
          throw new ConfigurationException("bench --jvm-tricks and --" + other.getLongOpt()
              + " are separate measurements; give one");
        }
      }
      BenchSettings defaults = BenchSettings.defaults();
      JvmTricks.Report report = JvmTricks.run(new BenchSettings(
          (int) SharedOptions.number(line, "kernels", defaults.kernels(), 1, 1_000_000),
          (int) SharedOptions.number(line, "warmups", defaults.warmups(), 0, 100),
          (int) SharedOptions.number(line, "repetitions", JVM_TRICK_ROUNDS, 1, 100)));
      out.print(JvmTricks.render(report));
      return report.outcomesAgree() ? Main.OK : Main.FAILED;
    }
    if (line.hasOption(LLM)) {
      for (Option other : List.of(KERNELS, WARMUPS, REPETITIONS, SCALING, CONTENTION, MEMORY,
          TRACE)) {
        if (line.hasOption(other)) {
          throw new ConfigurationException("bench --llm runs each case once; --"
              + other.getLongOpt() + " does not apply");
        }
      }
      LlmServingRate.Report report = LlmServingRate.run(SharedOptions.registry(line),
          SharedOptions.number(line, LLM_SECONDS.getLongOpt(),
              LlmServingRate.DEFAULT_HORIZON_NS / 1_000_000_000L, 1, 86_400) * 1_000_000_000L,
          line.getOptionValue(LLM_CASE, "").strip(), !line.hasOption(LLM_NO_CHECK));
      out.print(LlmServingRate.render(report));
      return report.repeatable() ? Main.OK : Main.FAILED;
    }
    if (line.hasOption(TRACE)) {
      for (Option other : List.of(KERNELS, SCALING, CONTENTION, MEMORY)) {
        if (line.hasOption(other)) {
          throw new ConfigurationException("bench --trace replays one trace; --"
              + other.getLongOpt() + " does not apply");
        }
      }
      String hardware = line.getOptionValue(HARDWARE, "h200").strip();
      if (hardware.isEmpty()) {
        throw new ConfigurationException("bench --hardware: needs a hardware model id (see "
            + "preemptlab list hardware)");
      }
      TraceReplayRate.Report report = TraceReplayRate.run(SharedOptions.registry(line),
          Path.of(line.getOptionValue(TRACE)), hardware,
          (int) SharedOptions.number(line, "warmups", 1, 0, 100),
          SharedOptions.number(line, "warmup-seconds", TRACE_WARMUP_SECONDS, 0, 600)
              * 1_000_000_000L,
          (int) SharedOptions.number(line, "repetitions", 3, 1, 1000),
          SharedOptions.number(line, "measure-seconds", TRACE_MEASURE_SECONDS, 0, 600)
              * 1_000_000_000L);
      out.print(TraceReplayRate.render(report));
      return report.repeatable() ? Main.OK : Main.FAILED;
    }
    if (line.hasOption(MEMORY)) {
      for (Option other : List.of(KERNELS, WARMUPS, REPETITIONS, SCALING, CONTENTION)) {
        if (line.hasOption(other)) {
          throw new ConfigurationException("bench --memory measures N = " + MemoryPerJob.JOBS
              + " once; --" + other.getLongOpt() + " does not apply");
        }
      }
      out.print(MemoryPerJob.render(MemoryPerJob.run()));
      out.println();
      out.print(TraceMemoryPerJob.render(TraceMemoryPerJob.run()));
      return Main.OK;
    }
    if (line.hasOption(CONTENTION)) {
      if (line.hasOption(SCALING)) {
        throw new ConfigurationException("bench --contention and --scaling are separate"
            + " measurements; give one");
      }
      BenchSettings defaults = BenchSettings.defaults();
      ContentionCost.Report report = ContentionCost.run(new BenchSettings(
          (int) SharedOptions.number(line, "kernels", ContentionCost.DEFAULT_KERNELS, 1, 1_000_000),
          (int) SharedOptions.number(line, "warmups", defaults.warmups(), 0, 100),
          (int) SharedOptions.number(line, "repetitions", defaults.repetitions(), 1, 100)));
      out.print(ContentionCost.render(report));
      return report.passed() ? Main.OK : Main.FAILED;
    }
    if (line.hasOption(SCALING)) {
      if (line.hasOption(KERNELS)) {
        throw new ConfigurationException("bench --scaling measures N = " + Scaling.KERNELS
            + "; --kernels does not apply");
      }
      Scaling.Report report = Scaling.run(
          (int) SharedOptions.number(line, "warmups", 1, 0, 100),
          (int) SharedOptions.number(line, "repetitions", 1, 1, 100));
      out.print(Scaling.render(report));
      return report.passed() ? Main.OK : Main.FAILED;
    }
    BenchSettings defaults = BenchSettings.defaults();
    BenchSettings settings = new BenchSettings(
        (int) SharedOptions.number(line, "kernels", defaults.kernels(), 1, 1_000_000),
        (int) SharedOptions.number(line, "warmups", defaults.warmups(), 0, 100),
        (int) SharedOptions.number(line, "repetitions", defaults.repetitions(), 1, 100));
    Benchmark.Report report = Benchmark.run(settings);
    out.print(Benchmark.render(report));
    return report.passed() ? Main.OK : Main.FAILED;
  }
}
