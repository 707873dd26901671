package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.ParseException;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.experiment.cluster.Slurm;
import org.preemptlab.runner.experiment.sweep.SmallSweep;

@Tag("slow")
class ClusterSweepTest {
  /** 2 x 2 configurations x 3 seeds of a workload that runs in milliseconds. */
  private static final String SWEEP = "name: t\n" + SmallSweep.BASE + """
      vary:
        policy: [fifo, priority]
        preemption: [block-boundary, user-yield]
      seeds: 3
      metrics: [turnaround-p99@priority=highest, makespan]
      """;

  private static CliRun run(String... args) {
    return CliRun.of(args);
  }

  private static Path sweep(Path dir) throws IOException {
    return Files.writeString(dir.resolve("sweep.yaml"), SWEEP);
  }

  /** Every file under {@code dir} by relative path, with its bytes as text (ISO-8859-1). */
  private static Map<String, String> files(Path dir) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path f : all.filter(Files::isRegularFile).toList()) {
        files.put(dir.relativize(f).toString(), new String(Files.readAllBytes(f),
            StandardCharsets.ISO_8859_1));
      }
    }
    return files;
  }

  @Test
  void shardsShareOneDirectoryAndTheirReportEqualsALocalRunByteForByte(@TempDir Path dir)
      throws IOException {
    String config = sweep(dir).toString();
    String sharded = dir.resolve("sharded").toString();
    List<CliRun> shards = new ArrayList<>();
    for (String shard : List.of("2/3", "0/3", "1/3")) {
      shards.add(run("sweep", "--config", config, "--out", sharded, "--shard", shard,
          "--jobs", "1"));
    }
    CliRun again = run("sweep", "--config", config, "--out", sharded, "--shard", "1/3");
    CliRun report = run("sweep", "--config", config, "--out", sharded, "--report");
    CliRun local = run("sweep", "--config", config, "--out", dir.resolve("local").toString(),
        "--jobs", "2");

    assertThat(shards).allSatisfy(r -> assertThat(r.exit()).as(r.err()).isZero());
    assertThat(shards.stream().mapToInt(r -> Integer.parseInt(r.out()
        .replaceAll("(?s).*: ran (\\d+) runs.*", "$1"))).sum()).isEqualTo(12);
    assertThat(shards.get(1).out()).startsWith("sweep 't' shard 0/3: 4 of 12 runs (")
        .contains("running 4 (0 already complete) on 1 thread ->")
        .contains("when every shard has ended: preemptlab sweep --config " + config + " --out "
            + sharded + " --report");
    assertThat(again.out()).contains("running 0 (4 already complete)");
    assertThat(report.exit()).as(report.out() + report.err()).isZero();
    assertThat(report.out()).contains("report of 12 runs (12 complete, 0 missing)");
    Map<String, String> a = files(Path.of(sharded));
    Map<String, String> b = files(dir.resolve("local"));
    assertThat(a.keySet()).isEqualTo(b.keySet()).contains("results.csv", "summary.csv",
        "summary.md", "charts/bars-makespan.png", "provenance.json");
    a.remove("command.txt");
    b.remove("command.txt");
    a.forEach((name, content) -> assertThat(b.get(name)).as(name).isEqualTo(content));
  }

  @Test
  void aShardOfAnotherSweepIsRefusedInAFolderHoldingThisSweepsResults(@TempDir Path dir)
      throws IOException { // issue 27 finding 5
    String a = sweep(dir).toString();
    String b = Files.writeString(dir.resolve("other.yaml"), SWEEP.replace("seeds: 3",
        "seeds: 2")).toString();
    String out = dir.resolve("o").toString();
    assertThat(run("sweep", "--config", a, "--out", out, "--shard", "0/4").exit()).isZero();
    Map<String, String> before = files(Path.of(out));

    CliRun other = run("sweep", "--config", b, "--out", out, "--shard", "1/4");

    assertThat(other.exit()).isEqualTo(Main.USAGE);
    assertThat(other.err().strip()).doesNotContain("\n")
        .contains("the folder holds another sweep (its sweep.yaml differs from that of " + b);
    assertThat(files(Path.of(out))).isEqualTo(before);
    assertThat(run("sweep", "--config", a, "--out", out, "--shard", "1/4").exit()).isZero();
  }

  @Test
  void aSlurmDryRunThatIsRefusedCreatesNoFolder(@TempDir Path dir) throws IOException {
    String config = sweep(dir).toString();
    Path out = dir.resolve("a folder with spaces"); // an #SBATCH line cannot carry it

    CliRun refused = run("sweep", "--config", config, "--out", out.toString(), "--slurm",
        "--dry-run");

    assertThat(refused.exit()).as(refused.err()).isEqualTo(Main.USAGE);
    assertThat(out).doesNotExist();
  }

  @Test
  void aReportOfAnUnfinishedSweepCountsTheMissingRunsAsFailedAndSaysWhichTheyAre(
      @TempDir Path dir) throws IOException {
    String config = sweep(dir).toString();
    String out = dir.resolve("o").toString();
    assertThat(run("sweep", "--config", config, "--out", out, "--shard", "0/2").exit())
        .isZero();

    CliRun report = run("sweep", "--config", config, "--out", out, "--report");

    assertThat(report.exit()).isEqualTo(Main.FAILED);
    assertThat(report.out()).contains("report of 12 runs (6 complete, 6 missing)")
        .contains("6 of 12 runs have no result yet")
        .contains("submitting the same 'preemptlab sweep --slurm' command again")
        .contains(" --out " + out + " --resume'");
    String csv = Files.readString(Path.of(out, "results.csv"));
    assertThat(csv.lines().filter(l -> l.contains(",failed,")).count()).isEqualTo(6);
    assertThat(csv).contains("missing: no result yet");
    assertThat(Path.of(out, "summary.md")).exists();
  }

  @Test
  void aDryRunWritesScriptsForTheShardsWithUnfinishedRunsOnlyAndSubmitsNothing(
      @TempDir Path dir) throws IOException {
    String config = sweep(dir).toString();
    String out = dir.resolve("o").toString();
    assertThat(run("sweep", "--config", config, "--out", out, "--shard", "0/3").exit())
        .isZero();

    CliRun dry = run("sweep", "--config", config, "--out", out, "--slurm", "--shards", "3",
        "--max-running", "4", "--jobs", "2", "--slurm-opt", "partition=cpu", "--dry-run");

    assertThat(dry.exit()).as(dry.err()).isZero();
    assertThat(dry.out()).contains("= 12 runs in 3 shards (the largest ")
        .contains("8 runs unfinished in 2 shards")
        .contains("nothing submitted (--dry-run)")
        .contains("sbatch --dependency=afterany:ARRAY_JOB_ID " + Path.of(out, "slurm",
            "report.sh"));
    String array = Files.readString(Path.of(out, "slurm", "array.sh"));
    assertThat(array).contains("#SBATCH --array=1-2%4\n", "#SBATCH --cpus-per-task=2\n",
        "#SBATCH --partition=cpu\n", "--shard \"${SLURM_ARRAY_TASK_ID}/3\"",
        "--config " + Path.of(config).toAbsolutePath());
    assertThat(array).as("the tasks run with the launcher's collector")
        .contains(" " + JvmOptions.DEFAULT_COLLECTOR + " ");
    assertThat(Files.readString(Path.of(out, "slurm", "report.sh"))).contains("--report\n");
    assertThat(Path.of(out, "slurm", "jobs.txt")).doesNotExist();
    assertThat(Path.of(out, "provenance.json")).exists();
  }

  @Test
  void withStacktraceEverySlurmTaskPassesItOnToItsShard(@TempDir Path dir) throws IOException {
    String config = sweep(dir).toString();
    String out = dir.resolve("o").toString();

    CliRun plain = run("sweep", "--config", config, "--out", out, "--slurm", "--shards", "2",
        "--dry-run");
    String withoutTraces = Files.readString(Path.of(out, "slurm", "array.sh"));
    CliRun traced = run("sweep", "--config", config, "--out", out, "--slurm", "--shards", "2",
        "--dry-run", "--stacktrace");

    assertThat(plain.exit()).as(plain.err()).isZero();
    assertThat(traced.exit()).as(traced.err()).isZero();
    assertThat(withoutTraces).doesNotContain("--stacktrace");
    assertThat(Files.readString(Path.of(out, "slurm", "array.sh")))
        .contains("--shard \"${SLURM_ARRAY_TASK_ID}/2\"").contains(" --stacktrace");
  }

  /** A Slurm that records submissions and reports the jobs it is told are active. */
  private static final class FakeSlurm implements Slurm {
    final List<String> submitted = new ArrayList<>();
    final Set<String> active = new TreeSet<>();

    @Override
    public String submit(Path script, List<String> options) {
      submitted.add(script.getFileName() + " " + String.join(" ", options));
      return String.valueOf(100 + submitted.size());
    }

    @Override
    public Set<String> active(Set<String> jobIds) {
      Set<String> result = new TreeSet<>(jobIds);
      result.retainAll(active);
      return result;
    }
  }

  private static int sweepWith(Slurm slurm, PrintStream out, String... args)
      throws ParseException {
    SweepCommand command = new SweepCommand(slurm);
    CommandLine line = DefaultParser.builder().get().parse(command.options(), args);
    return command.run(line, out);
  }

  @Test
  void theReportJobDependsOnTheArrayAndAResubmissionWaitsUntilBothHaveLeftTheQueue(
      @TempDir Path dir) throws IOException, ParseException {
    String config = sweep(dir).toString();
    String out = dir.resolve("o").toString();
    FakeSlurm slurm = new FakeSlurm();
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream stream = new PrintStream(printed, true, StandardCharsets.UTF_8);

    int exit = sweepWith(slurm, stream, "--config", config, "--out", out, "--slurm",
        "--shards", "2");

    assertThat(exit).isZero();
    assertThat(slurm.submitted).containsExactly("array.sh ",
        "report.sh --dependency=afterany:101");
    assertThat(printed.toString(StandardCharsets.UTF_8))
        .contains("submitted array job 101 (tasks 0-1) and report job 102")
        .contains("watch:   squeue -j 101,102");
    assertThat(Files.readString(Path.of(out, "slurm", "jobs.txt")))
        .isEqualTo("array 101 tasks 0-1\nreport 102\n");

    slurm.active.add("102");
    assertThatThrownBy(() -> sweepWith(slurm, stream, "--config", config, "--out", out,
        "--slurm", "--shards", "2"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("jobs 102 of an earlier submission")
        .hasMessageContaining("scancel 102");

    slurm.active.clear();
    assertThat(sweepWith(slurm, stream, "--config", config, "--out", out, "--slurm",
        "--shards", "2")).isZero();
    assertThat(slurm.submitted).hasSize(4);
  }

  @Test
  void aResubmissionOfACompleteSweepSubmitsNothing(@TempDir Path dir)
      throws IOException, ParseException {
    String config = sweep(dir).toString();
    String out = dir.resolve("o").toString();
    assertThat(run("sweep", "--config", config, "--out", out).exit()).isZero();
    FakeSlurm slurm = new FakeSlurm();
    ByteArrayOutputStream printed = new ByteArrayOutputStream();

    int exit = sweepWith(slurm, new PrintStream(printed, true, StandardCharsets.UTF_8),
        "--config", config, "--out", out, "--slurm");

    assertThat(exit).isZero();
    assertThat(slurm.submitted).isEmpty();
    assertThat(printed.toString(StandardCharsets.UTF_8))
        .contains("0 runs unfinished in 0 shards").contains("every run is complete");
  }

  @Test
  void conflictingOrMalformedClusterOptionsAreOneLineUsageErrors(@TempDir Path dir)
      throws IOException {
    String config = sweep(dir).toString();
    String out = dir.resolve("o").toString();

    CliRun both = run("sweep", "--config", config, "--out", out, "--shard", "0/2", "--report");
    CliRun dry = run("sweep", "--config", config, "--out", out, "--dry-run");
    CliRun range = run("sweep", "--config", config, "--out", out, "--shard", "2/2");
    CliRun reserved = run("sweep", "--config", config, "--out", out, "--slurm", "--dry-run",
        "--slurm-opt", "array=0-9");

    assertThat(List.of(both, dry, range, reserved)).allSatisfy(r -> {
      assertThat(r.exit()).isEqualTo(Main.USAGE);
      assertThat(r.err().lines().count()).isEqualTo(1);
    });
    assertThat(both.err()).contains("choose one of --shard, --report");
    assertThat(dry.err()).contains("--dry-run goes with --slurm");
    assertThat(range.err()).contains("--shard: index must be in [0, 1] for 2 shards");
    assertThat(reserved.err()).contains("'array' is set by PreemptLab");
    assertThat(Path.of(out)).doesNotExist();
  }
}
