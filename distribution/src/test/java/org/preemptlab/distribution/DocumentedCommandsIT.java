package org.preemptlab.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command the documentation shows (the {@code ./preemptlab ...} lines of code blocks in
 * README.md and docs/*.md, and the {@code examples:} of each command's {@code --help}) runs from the
 * PACKAGED jars through the {@code ./preemptlab} launcher, as a user runs it: a library missing from
 * the jars' class path (which Maven's test class path would hide) fails the build. Runs after
 * {@code package} ({@code mvn verify}, distribution/pom.xml's {@code documented-commands} execution).
 *
 * <p>Outputs go to a scratch folder instead of {@code results/}. Commands that run for minutes run
 * in a cheap form that loads the same classes ({@link #cheap}); commands that need what a reader
 * supplies (their own {@code my.yaml}, a plugin they built, a Slurm cluster) are left out, each
 * with its reason ({@link #skipReason}); both lists are printed.
 */
@Tag("slow")
class DocumentedCommandsIT {
  /** The repository root, seen from the distribution module's directory where the tests run. */
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern COMMAND = Pattern.compile("^\\s*(?:\\./)?preemptlab (?![a-z-]+:)(.*)$");
  /** Reproductions that run in seconds; every other id is checked to be listed, not run. */
  private static final Set<String> CHEAP_REPRODUCTIONS = Set.of("seed-claims", "drm-kunit");
  /** The one sweep run whole (about 20 s of CPU): the README's, with its statistics and charts. */
  private static final String WHOLE_SWEEP = "examples/configs/policy-sweep.yaml";

  @Test
  void everyDocumentedCommandRunsFromThePackagedJars(@TempDir Path scratch) throws Exception {
    assertThat(ROOT.resolve("distribution/target/preemptlab.jar")).as("run after mvn package")
        .isRegularFile();
    Set<String> documented = new LinkedHashSet<>();
    List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (var docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    for (Path page : pages) {
      documented.addAll(codeBlockCommands(Files.readString(page)));
    }
    String commands = launcher(scratch, List.of("--help")).output();
    Matcher names = Pattern.compile("(?m)^  ([a-z-]+)\\s{2,}").matcher(commands);
    int helps = 0;
    while (names.find()) {
      Result help = launcher(scratch, List.of(names.group(1), "--help"));
      assertThat(help.exit()).as(help.output()).isZero();
      documented.addAll(helpExamples(help.output()));
      helps++;
    }
    assertThat(helps).as(commands).isGreaterThanOrEqualTo(8);

    Map<String, String> skipped = new LinkedHashMap<>();
    Map<String, List<String>> ran = new LinkedHashMap<>();
    for (String command : documented) {
      Optional<String> reason = skipReason(command);
      if (reason.isPresent()) {
        skipped.put(command, reason.get());
        continue;
      }
      List<String> args = cheap(words(command), scratch.resolve("out"));
      if (ran.containsValue(args)) {
        continue;
      }
      ran.put(command, args);
      int at = args.indexOf("--out");
      if (at > 0 && !args.contains("--report") && !args.contains("--resume")) {
        deleteRecursively(Path.of(args.get(at + 1))); // a fresh folder, as in a fresh checkout
      }
      long start = System.nanoTime();
      Result result = launcher(scratch, args);
      System.out.printf("%5.1f s  %s%n", (System.nanoTime() - start) / 1e9, args);
      boolean estimateOnly = args.contains("--max-events");
      assertThat(result.exit()).as("%s%nran as: %s%n%s", command, args, result.output())
          .isEqualTo(estimateOnly ? 2 : 0);
      if (estimateOnly) { // refused by its work estimate: its file, plugins and parameters held
        assertThat(result.output()).as(command).contains("pass --yes to run it anyway");
      }
      assertThat(result.output()).as(command).doesNotContain("NoClassDefFoundError",
          "ClassNotFoundException", "Exception in thread");
    }
    System.out.println("documented commands run: " + ran.size() + ", left out: " + skipped.size());
    skipped.forEach((c, r) -> System.out.println("  left out (" + r + "): " + c));
    assertThat(ran).as("the documentation's commands were found").hasSizeGreaterThan(40);
    assertThat(ran.keySet()).as("the class-path gap of issue 50 is covered")
        .contains("./preemptlab reproduce seed-claims");
  }

  /** The {@code preemptlab} lines of fenced code blocks, continuations joined, comments cut. */
  static List<String> codeBlockCommands(String markdown) {
    List<String> found = new ArrayList<>();
    boolean inBlock = false;
    String[] lines = markdown.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (lines[i].strip().startsWith("```")) {
        inBlock = !inBlock;
        continue;
      }
      if (!inBlock || !COMMAND.matcher(lines[i]).matches()) {
        continue;
      }
      StringBuilder command = new StringBuilder(lines[i].strip());
      while (command.toString().endsWith("\\") && i + 1 < lines.length) {
        command.setLength(command.length() - 1);
        command.append(' ').append(lines[++i].strip());
      }
      found.add(normalise(command.toString()));
    }
    return found;
  }

  /** The {@code examples:} lines of a command's help, continuations joined. */
  static List<String> helpExamples(String help) {
    int at = help.indexOf("\nexamples:\n");
    if (at < 0) {
      return List.of();
    }
    return codeBlockCommands("```\n" + help.substring(at + 11) + "\n```\n");
  }

  /** {@code ./preemptlab ARGS} without a trailing comment and with single spaces. */
  private static String normalise(String command) {
    String cut = command.replaceFirst("\\s+#\\s.*$", "").strip().replaceAll("\\s+", " ");
    return cut.startsWith("./") ? cut : "./" + cut;
  }

  /**
   * Why a documented command is not run here, if it is not: it needs a file or a plugin the
   * reader writes, a Slurm cluster, or runs for minutes (each of those is then run in another,
   * cheaper documented form: a bench, a sweep, a reproduction).
   */
  static Optional<String> skipReason(String command) {
    if (command.contains("...") || Pattern.compile("(^|[\\s=/])my[.-]").matcher(command).find()
        || command.contains(" DIR") || command.contains("/tmp/training-x603")) {
      return Optional.of("a placeholder the reader fills in");
    }
    if (command.contains("/tmp/edf-policy") || command.contains("examples/custom-policy/target")
        || command.contains("examples/sharing-plugin/target")) {
      return Optional.of("needs the reader's plugin jar; .ci/run builds and runs one");
    }
    if (command.contains("--slurm") && !command.contains("--dry-run")
        || command.contains("--shard ") || command.contains("/shared/")) {
      return Optional.of("a cluster or a shard of one: cluster-sweep.yaml is checked by its local command");
    }
    Matcher sweep = Pattern.compile("sweep --config (\\S+)").matcher(command);
    if (sweep.find() && !command.contains("--report") && !command.contains("--dry-run")
        && !sweep.group(1).equals(WHOLE_SWEEP) && hasApplications(ROOT.resolve(sweep.group(1)))) {
      // a sweep with applications passes --max-events and runs for minutes: the work estimate
      // does not count applications yet (issue 54, P4); its runs are covered by run commands
      return Optional.of("applications are outside the sweep's work estimate");
    }
    if (command.contains("reproduce --all") || command.contains("--scaling")
        || command.contains("--contention")
        || command.contains("--memory") || command.contains("-Xmx4g")) {
      return Optional.of("minutes of CPU");
    }
    return Optional.empty();
  }

  /**
   * The arguments to run: the command's own, with every output path ({@code results/...},
   * {@code ~/...}, {@code /tmp/...}, a {@code profile --out} file) moved into {@code out}, and a
   * cheap form of what runs for minutes: a bench with one short repetition (with {@code --llm}, one
   * case for a simulated second), a sweep limited to its
   * work estimate ({@code --max-events 1}: refused with exit 2 after its file, plugins and
   * parameters are checked) except {@link #WHOLE_SWEEP}, run whole, and a reproduction other than
   * {@link #CHEAP_REPRODUCTIONS} checked to be listed.
   */
  static List<String> cheap(List<String> words, Path out) {
    List<String> args = new ArrayList<>();
    for (int i = 1; i < words.size(); i++) { // words[0] is ./preemptlab
      String w = words.get(i);
      if (w.startsWith("results/") || w.startsWith("~/") || w.startsWith("/tmp/")
          || w.equals("training-step.csv")) {
        w = out.resolve(w.replaceFirst("^(results/|~/|/tmp/)", "")).toString();
      }
      args.add(w);
    }
    String verb = args.isEmpty() ? "" : args.get(0);
    if (verb.equals("bench") && args.contains("--llm")) {
      option(args, "--llm-case", "conv-alone");
      option(args, "--llm-seconds", "1");
    } else if (verb.equals("bench")) {
      option(args, "--warmups", "0");
      option(args, "--repetitions", "1");
      if (args.contains("--trace")) {
        option(args, "--warmup-seconds", "0");
        option(args, "--measure-seconds", "0");
      } else {
        option(args, "--kernels", "2000");
      }
    }
    if (verb.equals("sweep") && !args.contains("--report") && !args.contains("--dry-run")
        && !args.contains(WHOLE_SWEEP)) {
      args.addAll(List.of("--max-events", "1"));
    }
    if (verb.equals("reproduce") && args.size() > 1 && !args.get(1).startsWith("-")
        && !CHEAP_REPRODUCTIONS.contains(args.get(1))) {
      return List.of("reproduce", "--list-has", args.get(1));
    }
    return args;
  }

  private static boolean hasApplications(Path sweepFile) {
    try {
      return Files.readString(sweepFile).lines().anyMatch(l -> l.strip().startsWith("applications:"));
    } catch (IOException e) {
      return false; // the command itself then reports the missing file
    }
  }

  /** Sets option {@code name} of {@code args} to {@code value}: replaced where given, else added. */
  private static void option(List<String> args, String name, String value) {
    int at = args.indexOf(name);
    if (at < 0) {
      args.addAll(List.of(name, value));
    } else {
      args.set(at + 1, value);
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var walk = Files.walk(dir)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** Splits a command line on spaces, honouring single and double quotes. */
  static List<String> words(String command) {
    List<String> words = new ArrayList<>();
    Matcher m = Pattern.compile("'([^']*)'|\"([^\"]*)\"|(\\S+)").matcher(command);
    while (m.find()) {
      words.add(m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3));
    }
    return words;
  }

  /** What one launcher invocation printed (both streams) and returned. */
  record Result(int exit, String output) {}

  /** Runs {@code ./preemptlab ARGS} from the repository root, as a user does. */
  private static Result launcher(Path scratch, List<String> args) throws IOException,
      InterruptedException {
    if (args.size() == 3 && args.get(1).equals("--list-has")) {
      Result list = launcher(scratch, List.of("reproduce"));
      return new Result(list.exit() == 0 && list.output().contains("  " + args.get(2) + " ")
          ? 0 : 1, "reproduction '" + args.get(2) + "' listed by 'reproduce'?\n" + list.output());
    }
    List<String> command = new ArrayList<>(List.of("bash", ROOT.resolve("preemptlab").toString()));
    command.addAll(args);
    Path log = Files.createTempFile(scratch, "cmd", ".log");
    ProcessBuilder builder = new ProcessBuilder(command).directory(ROOT.toFile())
        .redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().put("CI", "1");
    builder.environment().put("JAVA_TOOL_OPTIONS", "-Djava.io.tmpdir=" + scratch);
    Process process = builder.start();
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      return new Result(-1, "timed out after 5 minutes: " + args);
    }
    return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
  }
}
