package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fuzz suite of issues 18 and 27: mutates the shipped examples of every input kind (run
 * configurations, sweep files, workload specs, CSV traces, PyTorch profiler traces plain and
 * gzip-compressed, Nsight Systems CSV reports, trace-mix lists, DRM scenarios, hardware-model
 * files, command-line values, trace parameters and every policy's parameters) with a seeded
 * generator and runs each mutant through the real command line, in this JVM. Every case must end within {@link #CASE_TIMEOUT_S} seconds either as a
 * correct run (exit 0) or as a one-line error with exit code 2: no stack trace, no hang, no
 * out-of-memory, no other exit code.
 *
 * <p>Tagged {@code fuzz}: {@code mvn verify} leaves it out, {@code .ci/run} runs it with {@code
 * mvn -pl runner -am test -Dgroups=fuzz -Dpreemptlab.test.excludedGroups=none}. The seed,
 * the number of cases and the time budget can be set with {@code -Dfuzz.seed}, {@code
 * -Dfuzz.cases} and {@code -Dfuzz.seconds}; the suite stops at whichever limit comes first and
 * fails if fewer than {@link #MIN_CASES} cases ran.
 */
@Tag("fuzz")
class FuzzTest {
  private static final long SEED = Long.getLong("fuzz.seed", 18);
  private static final int CASES = Integer.getInteger("fuzz.cases", 3000);
  private static final int SECONDS = Integer.getInteger("fuzz.seconds", 75);
  private static final int MIN_CASES = 200;
  private static final int CASE_TIMEOUT_S = 30;
  private static final String BUDGET = "100000";

  private static final Path ROOT = Path.of("..");

  private static final List<String> HOSTILE = List.of("0", "-1", "1e999999", "1e-99999999s",
      "1e99999999ns", "9223372036854775807", "9223372036854775807ns", "2147483647",
      "2147483648", "-9223372036854775808", "", " ", "~", "null", "NaN", "Infinity", "1e308",
      "0x10", "1_000", "3", "1", "true", "[]", "{}", "&a x", "*b", "\"\"", "'x'", "100000000",
      "1ns", "0ns", "99999h", "3600s", "1e-30ms", "65536", "../../x", "/dev/zero", "%", "0.5",
      "-0", "+1", "1.5", "\u00e9\u00e9", "LOW", "KERNEL", "1e30", "-1e30", "1e-99999999",
      "18446744073709551617", "99999999999999999999", "\uff11\uff12", "0-99999999999999999999",
      "3-1", "1ms", "1us", "\"true\"", "high", "x".repeat(5000));
  private static final List<String> SNIPPETS = List.of("~", "&a", "*a", "[", "{", "!!binary x",
      "<<: *a", "- ~", "a: &x [*x]", "? ", "---", "...", "\t", "#", ",,,,,,", "\"", "key: value");
  private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?");
  private static final Pattern UNIT = Pattern.compile("(\\d)(ns|us|ms|s)\\b");
  private static final Pattern VALUE = Pattern.compile("(:\\s*|=\\s*|,)([^,\\n{}\\[\\]]*)");

  /** One kind of input: its seed files and how a mutant is run. */
  private record Kind(String name, List<Path> seeds, String suffix,
      Function<Path, List<String>> command) {}

  /** What one invocation printed and returned. */
  private record Outcome(int exit, String out, String err) {}

  @Test
  void mutatedInputsOfEveryKindEndAsARunOrAOneLineUsageError(@TempDir Path dir)
      throws Exception {
    List<Kind> kinds = kinds(dir);
    SplittableRandom random = new SplittableRandom(SEED);
    Map<String, Integer> counts = new TreeMap<>();
    List<String> failures = new ArrayList<>();
    long deadline = System.nanoTime() + SECONDS * 1_000_000_000L;
    ExecutorService worker = Executors.newSingleThreadExecutor(FuzzTest::daemon);
    int cases = 0;
    try {
      while (cases < CASES && System.nanoTime() < deadline && failures.size() < 20) {
        Kind kind = kinds.get(random.nextInt(kinds.size()));
        Path seed = kind.seeds().get(random.nextInt(kind.seeds().size()));
        String text = Files.readString(seed, StandardCharsets.UTF_8);
        String mutation = "";
        int rounds = 1 + random.nextInt(3);
        for (int r = 0; r < rounds; r++) {
          String[] mutated = mutate(text, random);
          text = mutated[0];
          mutation += mutated[1] + " ";
        }
        Path file = dir.resolve("case-" + cases + kind.suffix());
        Files.writeString(file, text, StandardCharsets.UTF_8);
        List<String> args = kind.command().apply(file);
        String label = "case " + cases + " (" + kind.name() + " from " + seed.getFileName()
            + ", " + mutation.strip() + ")";
        Future<Outcome> future = worker.submit(() -> run(args));
        Outcome outcome;
        try {
          outcome = future.get(CASE_TIMEOUT_S, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
          future.cancel(true);
          worker.shutdownNow();
          worker = Executors.newSingleThreadExecutor(FuzzTest::daemon);
          failures.add(label + ": no end within " + CASE_TIMEOUT_S + " s; input:\n"
              + text.substring(0, Math.min(text.length(), 2000)));
          cases++;
          continue;
        }
        counts.merge(kind.name() + " exit " + outcome.exit(), 1, Integer::sum);
        String problem = problem(outcome);
        if (problem != null) {
          failures.add(label + ": " + problem + "; input:\n" + text.substring(0,
              Math.min(text.length(), 2000)));
        }
        Files.delete(file);
        cases++;
      }
    } finally {
      worker.shutdownNow();
    }
    System.out.printf(Locale.ROOT, "fuzz: seed %d, %d cases: %s%n", SEED, cases, counts);
    assertThat(failures).as("fuzz failures (seed %d)", SEED).isEmpty();
    assertThat(cases).as("cases run within %d s", SECONDS)
        .isGreaterThanOrEqualTo(Math.min(MIN_CASES, CASES));
  }

  /**
   * Why an outcome breaks the rule, or null if it keeps it. Two outcomes with exit code 1 are
   * correct runs that report a failure by design: a DRM scenario whose own expectations do not
   * hold, and a run stopped by the {@code --run-timeout} the command line asked for.
   */
  private static String problem(Outcome outcome) {
    String err = outcome.err().strip();
    if (outcome.exit() == Main.OK) {
      return null;
    }
    if (outcome.exit() == Main.FAILED && (err.isEmpty()
        && outcome.out().contains("some expectations FAILED")
        || err.matches("preemptlab run: run failed: timeout after \\S+ \\(--run-timeout\\).*"))) {
      return null;
    }
    if (outcome.exit() != Main.USAGE) {
      return "exit " + outcome.exit() + ": " + err;
    }
    if (err.contains("\n") || err.contains("\tat ") || err.contains("java.lang.")
        || err.contains("Exception") || err.contains("com.fasterxml")) {
      return "not a one-line error: " + err;
    }
    return null;
  }

  private static Outcome run(List<String> args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      try {
        exit = new Main(o, e).run(args.toArray(String[]::new));
      } catch (OutOfMemoryError oom) {
        return new Outcome(-1, "", "OutOfMemoryError");
      } catch (RuntimeException | Error escaped) {
        return new Outcome(-2, "", "escaped Main: " + escaped);
      }
    }
    return new Outcome(exit, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  private static List<Kind> kinds(Path dir) throws IOException {
    Path examples = ROOT.resolve("examples");
    List<Path> drm;
    try (var files = Files.list(examples.resolve("drm"))) {
      drm = files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
    }
    Path demoSpec = Path.of("src/main/resources/org/preemptlab/runner/workload/demo.yaml");
    Path h200 = ROOT.resolve("hardware-models/src/main/resources/org/preemptlab/hardware/"
        + "h200.yaml");
    Path gtx = ROOT.resolve("hardware-models/src/main/resources/org/preemptlab/hardware/"
        + "gtx480.yaml");
    int[] sweeps = {0};
    return List.of(
        new Kind("run config", List.of(examples.resolve("configs/inference-vs-training.yaml")),
            ".yaml", f -> List.of("run", "--config", f.toString(), "--max-events", BUDGET)),
        new Kind("sweep file", List.of(examples.resolve("configs/policy-sweep.yaml")), ".yaml",
            f -> List.of("sweep", "--config", f.toString(), "--jobs", "1", "--max-events",
                "20000", "--out", dir.resolve("sweep-" + sweeps[0]++).toString())),
        new Kind("workload spec", List.of(demoSpec), ".yaml",
            f -> List.of("run", "--workload", "synthetic", "--set", "workload.spec=" + f,
                "--set", "workload.duration=2ms", "--max-events", BUDGET)),
        new Kind("csv trace", List.of(examples.resolve("traces/small.csv")), ".csv",
            f -> List.of("run", "--workload", "csv-trace", "--set", "workload.path=" + f,
                "--max-events", BUDGET)),
        new Kind("drm scenario", drm, ".yaml", f -> List.of("drm-scenario", f.toString())),
        new Kind("hardware file", List.of(h200, gtx), ".yaml",
            f -> List.of("run", "--hardware", "file", "--set", "hardware.path=" + f, "--set",
                "workload.duration=2ms", "--max-events", BUDGET)),
        new Kind("command line", List.of(h200, gtx), ".yaml", FuzzTest::commandLine),
        new Kind("pytorch trace", List.of(examples.resolve("traces/inference.pt.trace.json")),
            ".json", f -> List.of("run", "--workload", "pytorch-trace", "--set",
                "workload.path=" + f, "--max-events", BUDGET)),
        new Kind("pytorch trace gzip", List.of(examples.resolve("traces/inference.pt.trace.json")),
            ".json", f -> List.of("run", "--workload", "pytorch-trace", "--set",
                "workload.path=" + gzip(f), "--max-events", BUDGET)),
        new Kind("nsight csv", List.of(examples.resolve("traces/preprocess.nsys.csv")), ".csv",
            f -> List.of("run", "--workload", "nsys-trace", "--set", "workload.path=" + f,
                "--max-events", BUDGET)),
        new Kind("trace mix", List.of(mixWithAbsolutePaths(dir, examples.resolve("traces"))),
            ".yaml", f -> List.of("run", "--workload", "trace-mix", "--set",
                "workload.path=" + f, "--max-events", BUDGET)),
        new Kind("trace parameters", List.of(examples.resolve("traces/preprocess.nsys.csv")),
            ".csv", FuzzTest::traceParameters),
        new Kind("policy parameters", List.of(examples.resolve("configs/"
            + "inference-vs-training.yaml")), ".yaml", FuzzTest::policyParameters),
        new Kind("request trace", List.of(ROOT.resolve("docs/data/llm-requests-sample.csv")),
            ".csv", f -> List.of("run", "--config", application(dir, "llm-serving",
                "{duration: 20ms, trace: " + f.toAbsolutePath() + "}").toString(),
                "--max-events", BUDGET)),
        new Kind("iteration profile", List.of(iterationProfile(dir)), ".csv",
            f -> List.of("run", "--config", application(dir, "training-loop",
                "{iterations: 2, profile-path: " + f.toAbsolutePath() + "}").toString(),
                "--max-events", BUDGET)));
  }

  /** A run configuration of one application with {@code parameters}, beside the mutants. */
  private static Path application(Path dir, String id, String parameters) {
    try {
      return Files.writeString(Files.createTempFile(dir, "app-", ".yaml"), "name: fuzz\n"
          + "workload: {generator: none}\napplications:\n  - id: " + id + "\n    parameters: "
          + parameters + "\n", StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The iteration profile that {@code preemptlab profile} writes of the example training step. */
  private static Path iterationProfile(Path dir) {
    Path profile = dir.resolve("training-step.csv");
    Outcome made = run(List.of("profile", "--trace", ROOT.resolve(
        "examples/traces/training.pt.trace.json.gz").toString(), "--out", profile.toString()));
    assertThat(made.exit()).as(made.err()).isZero();
    return profile;
  }

  /** The mutant, gzip-compressed beside it; sometimes cut short by a few bytes. */
  private static Path gzip(Path file) {
    Path gz = file.resolveSibling(file.getFileName() + ".gz");
    try {
      java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
      try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(bytes)) {
        out.write(Files.readAllBytes(file));
      }
      byte[] all = bytes.toByteArray();
      int cut = new SplittableRandom(file.toString().hashCode()).nextInt(4) == 0
          ? 1 + file.toString().length() % 8 : 0;
      Files.write(gz, java.util.Arrays.copyOf(all, all.length - cut));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    gz.toFile().deleteOnExit();
    return gz;
  }

  /** The shipped trace mix with its trace paths made absolute, so a mutant may live elsewhere. */
  private static Path mixWithAbsolutePaths(Path dir, Path traces) throws IOException {
    String text = Files.readString(traces.resolve("colocation.yaml"), StandardCharsets.UTF_8);
    for (String name : List.of("inference.pt.trace.json", "training.pt.trace.json.gz",
        "preprocess.nsys.csv")) {
      text = text.replace("path: " + name, "path: " + traces.resolve(name).toAbsolutePath()
          .normalize());
    }
    return Files.writeString(dir.resolve("mix-seed.yaml"), text);
  }

  private static final List<String> TRACE_PARAMETERS = List.of("iterations", "repeat",
      "time-scale", "window-start", "window-end", "device", "priority", "context",
      "block-scaling", "copies", "idempotent", "traced-hardware");

  /** A trace replay (PyTorch or Nsight) with one hostile trace parameter. */
  private static List<String> traceParameters(Path file) {
    SplittableRandom random = new SplittableRandom(file.toString().hashCode());
    String value = HOSTILE.get(random.nextInt(HOSTILE.size()));
    String parameter = TRACE_PARAMETERS.get(random.nextInt(TRACE_PARAMETERS.size()));
    boolean pytorch = random.nextBoolean();
    String trace = pytorch ? ROOT.resolve("examples/traces/training.pt.trace.json.gz").toString()
        : file.toString();
    return List.of("run", "--workload", pytorch ? "pytorch-trace" : "nsys-trace", "--set",
        "workload.path=" + trace, "--set", "workload." + parameter + "=" + value,
        "--max-events", BUDGET);
  }

  private static final List<String[]> POLICY_PARAMETERS = policyParameterNames();

  private static List<String[]> policyParameterNames() {
    var registry = org.preemptlab.runner.discovery.PluginRegistry.discover(
        java.util.Optional.empty());
    List<String[]> names = new ArrayList<>();
    for (var policy : registry.descriptors(org.preemptlab.api.PluginKind.SCHEDULING_POLICY)) {
      for (var spec : policy.parameters()) {
        names.add(new String[] {policy.id(), spec.name()});
      }
    }
    return List.copyOf(names);
  }

  /** The shipped example under a random policy with one hostile value of one of its parameters. */
  private static List<String> policyParameters(Path file) {
    SplittableRandom random = new SplittableRandom(file.toString().hashCode());
    String[] parameter = POLICY_PARAMETERS.get(random.nextInt(POLICY_PARAMETERS.size()));
    String value = HOSTILE.get(random.nextInt(HOSTILE.size()));
    return List.of("run", "--config", file.toString(), "--policy", parameter[0], "--set",
        "policy." + parameter[1] + "=" + value, "--max-events", BUDGET);
  }

  /**
   * A command line with one hostile value: a hardware key of the mutated file set on the
   * command line ({@code --set hardware.KEY=VALUE}), or a hostile option value.
   */
  private static List<String> commandLine(Path file) {
    SplittableRandom random = new SplittableRandom(file.toString().hashCode());
    String value = HOSTILE.get(random.nextInt(HOSTILE.size()));
    List<String> keys = List.of("hardware.sm-count", "hardware.time-slice",
        "hardware.kernel-launch", "hardware.save-bandwidth-gbps", "seed", "engine.credit-limit",
        "engine.check-invariants", "workload.duration", "policy.preempt", "name",
        "preemption.check-interval", "hardware.max-blocks-per-sm");
    String key = keys.get(random.nextInt(keys.size()));
    return switch (random.nextInt(6)) {
      case 0 -> List.of("run", "--seed", value, "--set", "workload.duration=1ms");
      case 1 -> List.of("run", "--policy", value, "--set", "workload.duration=1ms");
      case 2 -> List.of("run", "--max-events", value, "--set", "workload.duration=1ms");
      case 3 -> List.of("run", "--run-timeout", value, "--set", "workload.duration=1ms");
      default -> List.of("run", "--set", key + "=" + value, "--set", "workload.duration=1ms",
          "--max-events", BUDGET);
    };
  }

  /** One mutation of {@code text}: the new text and a word saying what was done. */
  private static String[] mutate(String text, SplittableRandom random) {
    List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
    int at = random.nextInt(Math.max(1, lines.size()));
    String hostile = HOSTILE.get(random.nextInt(HOSTILE.size()));
    switch (random.nextInt(9)) {
      case 0 -> {
        return new String[] {replaceOne(text, NUMBER, random, m -> hostile), "number=" + hostile};
      }
      case 1 -> {
        return new String[] {replaceOne(text, VALUE, random, m -> m.group(1) + hostile),
            "value=" + hostile};
      }
      case 2 -> {
        return new String[] {replaceOne(text, UNIT, random, m -> m.group(1)), "no-unit"};
      }
      case 3 -> {
        lines.remove(at);
        return new String[] {String.join("\n", lines), "delete-line"};
      }
      case 4 -> {
        lines.add(at, lines.get(at));
        return new String[] {String.join("\n", lines), "duplicate-line"};
      }
      case 5 -> {
        int cut = random.nextInt(text.length() + 1);
        return new String[] {text.substring(0, cut), "truncate"};
      }
      case 6 -> {
        String snippet = SNIPPETS.get(random.nextInt(SNIPPETS.size()));
        String line = lines.get(at);
        int pos = random.nextInt(line.length() + 1);
        lines.set(at, line.substring(0, pos) + snippet + line.substring(pos));
        return new String[] {String.join("\n", lines), "insert=" + snippet};
      }
      case 7 -> {
        int other = random.nextInt(lines.size());
        String swap = lines.get(at);
        lines.set(at, lines.get(other));
        lines.set(other, swap);
        return new String[] {String.join("\n", lines), "swap-lines"};
      }
      default -> {
        String line = lines.get(at);
        lines.set(at, line.toUpperCase(Locale.ROOT));
        return new String[] {String.join("\n", lines), "upper-case"};
      }
    }
  }

  private static String replaceOne(String text, Pattern pattern, SplittableRandom random,
      Function<Matcher, String> replacement) {
    Matcher m = pattern.matcher(text);
    List<int[]> spans = new ArrayList<>();
    List<String> replacements = new ArrayList<>();
    while (m.find()) {
      spans.add(new int[] {m.start(), m.end()});
      replacements.add(replacement.apply(m));
    }
    if (spans.isEmpty()) {
      return text;
    }
    int pick = random.nextInt(spans.size());
    int[] span = spans.get(pick);
    return text.substring(0, span[0]) + replacements.get(pick) + text.substring(span[1]);
  }

  private static Thread daemon(Runnable task) {
    Thread thread = new Thread(task, "fuzz-case");
    thread.setDaemon(true);
    return thread;
  }
}
