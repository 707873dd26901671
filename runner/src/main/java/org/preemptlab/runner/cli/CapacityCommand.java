package org.preemptlab.runner.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Durations;
import org.preemptlab.runner.experiment.Overrides;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;
import org.preemptlab.runner.report.RunReport;

/**
 * {@code preemptlab capacity}: the highest value of one numeric parameter (a request rate) at
 * which every objective holds, by bisection over runs, as Sarathi-Serve's capacity search
 * (Agrawal et al., OSDI 2024, Sec. 5: the highest load with P99 TBT under an SLO and the median
 * scheduling delay under 2 s). The search is deterministic: the same configuration, seed and
 * bounds give the same probes and the same answer. Every probe's run is kept in its own folder.
 */
final class CapacityCommand implements Command {
  private static final Option PARAMETER = Option.builder().longOpt("parameter").hasArg()
      .argName("KEY").desc("the parameter searched, as --set names it (default "
          + "applications[0].arrival-rate)").get();
  private static final Option LOW = Option.builder().longOpt("low").hasArg().argName("X")
      .desc("a value expected to meet the objectives (required)").get();
  private static final Option HIGH = Option.builder().longOpt("high").hasArg().argName("X")
      .desc("a value expected to miss them (required)").get();
  private static final Option STEPS = Option.builder().longOpt("steps").hasArg().argName("N")
      .desc("bisection steps after the two bounds (default 6): the answer is within "
          + "(high - low) / 2^N").get();
  private static final Option REQUIRE = Option.builder().longOpt("require").hasArg()
      .argName("METRIC<=VALUE").desc("an objective on a plugin metric of the run, e.g. "
          + "application.llm-serving.tbt-p99<=200ms (a duration takes a unit; <= or >=); "
          + "repeat for several; a metric the run leaves undefined misses it").get();
  private static final Pattern OBJECTIVE =
      Pattern.compile("\\s*([A-Za-z0-9_.\\-\\[\\]]+)\\s*(<=|>=)\\s*(\\S+)\\s*");

  /** One objective: {@code metric <= limit} or {@code >= limit}, limit in the metric's unit. */
  record Objective(String metric, boolean atMost, double limit, String text) {
    boolean met(Map<String, Double> values) {
      Double v = values.get(metric);
      return v != null && !v.isNaN() && (atMost ? v <= limit : v >= limit);
    }

    static Objective parse(String text) {
      Matcher m = OBJECTIVE.matcher(text);
      if (!m.matches()) {
        throw new ConfigurationException("--require " + text + ": expected METRIC<=VALUE or "
            + "METRIC>=VALUE, e.g. application.llm-serving.tbt-p99<=200ms");
      }
      String value = m.group(3);
      double limit;
      try {
        limit = value.matches(".*[0-9]$") ? Double.parseDouble(value) : Durations.parseNs(value);
      } catch (IllegalArgumentException e) {
        throw new ConfigurationException("--require " + text + ": '" + value + "' is not a "
            + "number or a duration with a unit (ns, us, ms, s)");
      }
      return new Objective(m.group(1), m.group(2).equals("<="), limit, text.strip());
    }
  }

  /** One probe: the value tried, what the objectives' metrics read, whether all were met. */
  record Probe(double value, List<Double> readings, boolean met, String folder) {}

  @Override
  public String name() {
    return "capacity";
  }

  @Override
  public String summary() {
    return "find the highest request rate (or other parameter) meeting objectives, by bisection";
  }

  @Override
  public Options options() {
    return new Options().addOption(RunCommand.CONFIG).addOption(RunCommand.SET)
        .addOption(RunCommand.SEED).addOption(PARAMETER).addOption(LOW).addOption(HIGH)
        .addOption(STEPS).addOption(REQUIRE).addOption(RunCommand.OUT);
  }

  @Override
  public String examples() {
    return """
          preemptlab capacity --config examples/configs/llm-capacity.yaml \\
              --low 4 --high 512 --steps 6 \\
              --require 'application.llm-serving.tbt-p99<=25ms' \\
              --require 'application.llm-serving.scheduling-delay-p50<=100ms' --out results/capacity
        """;
  }

  @Override
  public int run(CommandLine line, PrintStream out) throws Exception {
    if (!line.hasOption(RunCommand.CONFIG) || !line.hasOption(LOW) || !line.hasOption(HIGH)
        || !line.hasOption(REQUIRE) || !line.hasOption(RunCommand.OUT)) {
      throw new ConfigurationException("needs --config, --low, --high, --require and --out");
    }
    RunConfig base = RunCommand.resolve(line);
    String key = line.getOptionValue(PARAMETER, "applications[0].arrival-rate");
    double low = number(line, LOW);
    double high = number(line, HIGH);
    int steps = (int) SharedOptions.number(line, STEPS.getLongOpt(), 6, 0, 40);
    if (!(low > 0 && high > low)) {
      throw new ConfigurationException("--low and --high: need 0 < low < high, got " + low
          + " and " + high);
    }
    List<Objective> objectives = new ArrayList<>();
    for (String text : line.getOptionValues(REQUIRE)) {
      objectives.add(Objective.parse(text));
    }
    Path dir = Path.of(line.getOptionValue(RunCommand.OUT));
    RunExecutor executor = new RunExecutor(SharedOptions.registry(line));
    List<Probe> probes = new ArrayList<>();
    Probe atLow = probe(executor, base, key, low, objectives, dir, out);
    probes.add(atLow);
    Probe atHigh = probe(executor, base, key, high, objectives, dir, out);
    probes.add(atHigh);
    double answer;
    String verdict;
    if (!atLow.met()) {
      answer = Double.NaN;
      verdict = "the objectives are missed already at --low " + format(low);
    } else if (atHigh.met()) {
      answer = high;
      verdict = "the objectives are met even at --high " + format(high) + ": raise it";
    } else {
      double lo = low;
      double hi = high;
      for (int i = 0; i < steps; i++) {
        double mid = (lo + hi) / 2;
        Probe p = probe(executor, base, key, mid, objectives, dir, out);
        probes.add(p);
        if (p.met()) {
          lo = mid;
        } else {
          hi = mid;
        }
      }
      answer = lo;
      verdict = "capacity " + format(lo) + " (misses at " + format(hi) + ")";
    }
    writeCsv(dir.resolve("capacity.csv"), key, objectives, probes);
    out.println(key + ": " + verdict);
    out.println("wrote " + dir.resolve("capacity.csv") + " and one run folder per probe");
    return Double.isNaN(answer) ? 1 : 0;
  }

  private static Probe probe(RunExecutor executor, RunConfig base, String key, double value,
      List<Objective> objectives, Path dir, PrintStream out) {
    RunConfig config = Overrides.set(base, key + "=" + format(value));
    RunOutcome outcome = executor.execute(config);
    Map<String, Double> values = outcome.metrics().data().pluginValues();
    List<Double> readings = new ArrayList<>();
    boolean met = true;
    for (Objective o : objectives) {
      readings.add(values.getOrDefault(o.metric(), Double.NaN));
      met &= o.met(values);
    }
    String folder = "probe-" + format(value);
    RunReport.write(outcome, dir.resolve(folder));
    out.println(String.format(Locale.ROOT, "%s=%s: %s", key, format(value),
        met ? "met" : "missed"));
    return new Probe(value, readings, met, folder);
  }

  private static void writeCsv(Path file, String key, List<Objective> objectives,
      List<Probe> probes) {
    StringBuilder sb = new StringBuilder("probe,value");
    for (Objective o : objectives) {
      sb.append(',').append(o.metric());
    }
    sb.append(",met,folder\n");
    for (int i = 0; i < probes.size(); i++) {
      Probe p = probes.get(i);
      sb.append(i + 1).append(',').append(format(p.value()));
      for (double r : p.readings()) {
        sb.append(',').append(Double.isNaN(r) ? "" : format(r));
      }
      sb.append(',').append(p.met()).append(',').append(p.folder()).append('\n');
    }
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  private static double number(CommandLine line, Option option) {
    String text = line.getOptionValue(option);
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new ConfigurationException("--" + option.getLongOpt() + ": '" + text + "' is not a "
          + "number");
    }
  }

  /** Shortest decimal form: 12.5, 3, 0.125. */
  static String format(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
        : java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }
}
