package org.preemptlab.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.cluster.Partition;
import org.preemptlab.runner.experiment.cluster.Shard;
import org.preemptlab.runner.experiment.cluster.WorkloadSize;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.YamlBinding;
import org.preemptlab.runner.experiment.sweep.PlannedRun;
import org.preemptlab.runner.experiment.sweep.ResultStore;
import org.preemptlab.runner.experiment.sweep.SweepConfig;
import org.preemptlab.runner.experiment.sweep.SweepPlan;

/**
 * {@code preemptlab sweep --slurm} against a real Slurm: the packaged command-line jar ({@code
 * distribution/target/preemptlab.jar}) submits the shipped {@code
 * examples/configs/cluster-sweep.yaml} as a job array and a report job, and the report must equal a local run byte for byte, also after an array task is cancelled
 * midway and the sweep submitted again.
 *
 * <p>Needs a running Slurm whose {@code sbatch}, {@code squeue}, {@code scontrol} and {@code
 * scancel} work from this machine: {@code .ci/slurm-up.sh DIR} starts a single-node one (then
 * {@code export SLURM_CONF=DIR/slurm.conf}). Runs in the {@code slurm} Maven profile, after the
 * jar is packaged: {@code mvn -Pslurm -pl distribution -am verify -Dtest=SlurmIT
 * -Dsurefire.failIfNoSpecifiedTests=false}; {@code .ci/run} does all of it.
 */
@Tag("slurm")
class SlurmIT {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path JAR = Path.of("target", "preemptlab.jar").toAbsolutePath();
  private static final Path SWEEP = ROOT.resolve("examples/configs/cluster-sweep.yaml");
  private static final Pattern SUBMITTED = Pattern.compile(
      "submitted array job (\\d+) \\(tasks ([^)]*)\\) and report job (\\d+)");
  private static final long WAIT_MS = 600_000;

  @TempDir
  static Path work;
  private static byte[] localResults;
  private static byte[] localSummary;

  /** What a command printed, and its exit code. */
  private record Output(int exit, String text) {}

  private static Output exec(List<String> command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).directory(ROOT.toFile())
        .redirectErrorStream(true).start();
    process.getOutputStream().close();
    byte[] bytes = process.getInputStream().readAllBytes();
    if (!process.waitFor(WAIT_MS, TimeUnit.MILLISECONDS)) {
      process.destroyForcibly();
      fail("timed out: " + command);
    }
    return new Output(process.exitValue(), new String(bytes, StandardCharsets.UTF_8));
  }

  private static Output preemptlab(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
        JAR.toString()));
    command.addAll(List.of(args));
    return exec(command);
  }

  @BeforeAll
  static void slurmIsUpAndTheSweepRunsLocally() throws IOException, InterruptedException {
    Output sinfo;
    try {
      sinfo = exec(List.of("sinfo", "--noheader", "--format=%T"));
    } catch (IOException e) {
      sinfo = new Output(-1, e.getMessage());
    }
    if (sinfo.exit() != 0 || sinfo.text().isBlank()) {
      fail("SlurmIT needs a running Slurm (start one with .ci/slurm-up.sh DIR and export "
          + "SLURM_CONF=DIR/slurm.conf): sinfo said " + sinfo.text().strip());
    }
    assertThat(JAR).as("the packaged jar (run in the verify phase)").exists();
    Output local = preemptlab("sweep", "--config", SWEEP.toString(), "--out",
        work.resolve("local").toString(), "--jobs", "2");
    assertThat(local.exit()).as(local.text()).isZero();
    localResults = Files.readAllBytes(work.resolve("local/results.csv"));
    localSummary = Files.readAllBytes(work.resolve("local/summary.csv"));
  }

  /** The submitted array job, its task list and the report job. */
  private record Submission(String array, String tasks, String report) {
    static Submission of(Output output) {
      assertThat(output.exit()).as(output.text()).isZero();
      Matcher m = SUBMITTED.matcher(output.text());
      assertThat(m.find()).as(output.text()).isTrue();
      return new Submission(m.group(1), m.group(2), m.group(3));
    }
  }

  /** The job's state once it has ended (COMPLETED, FAILED, CANCELLED, ...). */
  private static String awaitEnd(String job) throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + WAIT_MS;
    while (System.currentTimeMillis() < deadline) {
      String state = state(job);
      if (!state.isEmpty() && !List.of("PENDING", "RUNNING", "CONFIGURING", "COMPLETING",
          "SUSPENDED", "REQUEUED").contains(state)) {
        return state;
      }
      Thread.sleep(500);
    }
    return fail("job " + job + " did not end in " + WAIT_MS / 1000 + " s");
  }

  /** The state of a job or array task, e.g. {@code RUNNING}; empty if Slurm no longer knows it. */
  private static String state(String job) throws IOException, InterruptedException {
    Output show = exec(List.of("scontrol", "--oneliner", "show", "job", job));
    Matcher m = Pattern.compile("JobState=(\\S+)").matcher(show.text());
    return show.exit() == 0 && m.find() ? m.group(1) : "";
  }

  private static String log(Path out, String prefix, String job) throws IOException {
    return Files.readString(out.resolve("slurm/logs/" + prefix + "-job-" + job + ".out"));
  }

  @Test
  void aSweepSubmittedAsAJobArrayReportsTheSameResultsAsALocalRunByteForByte()
      throws IOException, InterruptedException {
    Path out = work.resolve("cluster");

    Submission job = Submission.of(preemptlab("sweep", "--config", SWEEP.toString(), "--out",
        out.toString(), "--slurm", "--shards", "3"));

    assertThat(job.tasks()).isEqualTo("0-2");
    assertThat(awaitEnd(job.report())).as(log(out, "report", job.report()))
        .isEqualTo("COMPLETED");
    assertThat(log(out, "report", job.report())).contains("(24 complete, 0 missing)");
    for (int task = 0; task < 3; task++) {
      assertThat(log(out, "shard-" + task, job.array())).contains("shard " + task + "/3: ran ");
    }
    assertThat(Files.readAllBytes(out.resolve("results.csv"))).isEqualTo(localResults);
    assertThat(Files.readAllBytes(out.resolve("summary.csv"))).isEqualTo(localSummary);
  }

  @Test
  void aTaskCancelledMidwayIsRunAgainOnResubmissionWithoutLosingOrRepeatingAnyRun()
      throws IOException, InterruptedException {
    Path out = work.resolve("cancelled");
    SweepPlan plan = SweepPlan.of(YamlBinding.read(SWEEP, SweepConfig.class).orElseThrow());
    Partition partition = Partition.of(plan.runs(), 3,
        new WorkloadSize(new RunExecutor(PluginRegistry.discover(Optional.empty()))));
    ResultStore store = new ResultStore(out);
    List<Path> victimFiles = partition.runs(new Shard(1, 3)).stream().map(store::file).toList();

    // One task at a time, so task 1 runs alone and can be caught between its first and last run.
    Submission first = Submission.of(preemptlab("sweep", "--config", SWEEP.toString(), "--out",
        out.toString(), "--slurm", "--shards", "3", "--max-running", "1"));
    long deadline = System.currentTimeMillis() + WAIT_MS;
    while (victimFiles.stream().noneMatch(Files::exists)) {
      assertThat(System.currentTimeMillis()).as("task 1 never wrote a result").isLessThan(deadline);
      Thread.sleep(20);
    }
    Output cancel = exec(List.of("scancel", first.array() + "_1"));
    assertThat(cancel.exit()).as(cancel.text()).isZero();

    assertThat(awaitEnd(first.report())).isEqualTo("FAILED"); // the report exits 1: runs missing
    long kept = victimFiles.stream().filter(Files::exists).count();
    assertThat(kept).as("task 1 was cancelled midway").isBetween(1L, victimFiles.size() - 1L);
    assertThat(log(out, "report", first.report()))
        .contains((24 - victimFiles.size() + kept) + " complete, "
            + (victimFiles.size() - kept) + " missing");
    Map<Path, FileTime> before = new HashMap<>();
    for (PlannedRun run : plan.runs()) {
      if (Files.exists(store.file(run))) {
        before.put(store.file(run), Files.getLastModifiedTime(store.file(run)));
      }
    }

    Submission second = Submission.of(preemptlab("sweep", "--config", SWEEP.toString(),
        "--out", out.toString(), "--slurm", "--shards", "3", "--max-running", "1"));

    assertThat(second.tasks()).isEqualTo("1%1");
    assertThat(awaitEnd(second.report())).as(log(out, "report", second.report()))
        .isEqualTo("COMPLETED");
    assertThat(log(out, "shard-1", second.array())).contains("running "
        + (victimFiles.size() - kept) + " (" + kept + " already complete)");
    for (Map.Entry<Path, FileTime> file : before.entrySet()) {
      assertThat(Files.getLastModifiedTime(file.getKey())).as("%s was not run again",
          file.getKey()).isEqualTo(file.getValue());
    }
    assertThat(Files.readAllBytes(out.resolve("results.csv"))).isEqualTo(localResults);
    assertThat(Files.readAllBytes(out.resolve("summary.csv"))).isEqualTo(localSummary);
  }
}
