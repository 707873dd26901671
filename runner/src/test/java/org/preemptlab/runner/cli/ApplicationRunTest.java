package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code preemptlab run} and {@code sweep} with an application: {@code training-loop}. */
@Tag("slow")
class ApplicationRunTest {
  private static final Path ROOT = Path.of("..");
  private static final String CONFIG = ROOT.resolve("examples/configs/training-loop.yaml")
      .toString();
  /** Kernels per iteration in that file: 4 forward, 8 backward, 1 optimizer. */
  private static final int KERNELS = 13;

  private static CliRun run(String... args) {
    return CliRun.of(args);
  }

  private static String oneLineError(CliRun result) {
    assertThat(result.exit()).as(result.err()).isEqualTo(Main.USAGE);
    assertThat(result.err().lines().toList()).as(result.err()).hasSize(1);
    assertThat(result.err()).doesNotContain("\tat ");
    return result.err().strip();
  }

  @Test
  void aRunWithATrainingLoopWritesItsJobsAndItsIterationTimes(@TempDir Path dir)
      throws IOException {
    CliRun result = run("run", "--config", CONFIG, "--out", dir.resolve("o").toString());

    assertThat(result.exit()).as(result.err()).isZero();
    List<String[]> rows = Files.readAllLines(dir.resolve("o/jobs.csv")).stream().skip(1)
        .map(line -> line.split(",", -1)).toList();
    List<String[]> workload = rows.stream().filter(r -> r[1].equals("inference")).toList();
    List<String[]> training = rows.stream().filter(r -> r[1].equals("training")).toList();
    assertThat(workload).isNotEmpty();
    assertThat(training).hasSize(10 * KERNELS);
    // the workload's rows first, then the application's, ids above the workload's
    assertThat(rows.subList(0, workload.size())).allMatch(r -> r[1].equals("inference"));
    long lastWorkloadId = Long.parseLong(workload.get(workload.size() - 1)[0]);
    assertThat(Long.parseLong(training.get(0)[0])).isEqualTo(lastWorkloadId + 1);
    // columns: 7 submit_ns, 11 finish_ns. An iteration: its first kernel's submission to its
    // optimizer step's finish; the next one is submitted at that finish.
    double sum = 0;
    long[] times = new long[10];
    for (int i = 0; i < 10; i++) {
      String[] first = training.get(i * KERNELS);
      String[] last = training.get(i * KERNELS + KERNELS - 1);
      assertThat(last[5]).isEqualTo("optimizer");
      times[i] = Long.parseLong(last[11]) - Long.parseLong(first[7]);
      sum += times[i];
      if (i > 0) {
        assertThat(first[7]).isEqualTo(training.get(i * KERNELS - 1)[11]);
      }
    }
    JsonNode byId = new ObjectMapper().readTree(dir.resolve("o/summary.json").toFile())
        .path("metrics").path("by-id");
    assertThat(byId.path("application.training-loop.iterations").asDouble()).isEqualTo(10);
    assertThat(byId.path("application.training-loop.iteration-mean").asDouble())
        .isEqualTo(sum / 10);
    java.util.Arrays.sort(times);
    assertThat(byId.path("application.training-loop.iteration-p50").asDouble())
        .isEqualTo(times[4]);
    assertThat(byId.path("application.training-loop.iteration-p99").asDouble())
        .isEqualTo(times[9]);
    long span = Long.parseLong(training.get(training.size() - 1)[11])
        - Long.parseLong(training.get(0)[7]);
    assertThat(byId.path("application.training-loop.samples-per-second").asDouble())
        .isCloseTo(32 * 10 * 1e9 / span, org.assertj.core.data.Offset.offset(1e-6));
    // the inference kernels preempt training: iterations are not all as long as alone
    assertThat(times[9]).isGreaterThan(times[0]);
    assertThat(Files.readString(dir.resolve("o/summary.json")))
        .contains("\"kind\" : \"application\"", "\"id\" : \"training-loop\"",
            "\"forward-grid\" : \"264\"");
  }

  @Test
  void twoRunsOfTheSameConfigurationWriteTheSameJobs(@TempDir Path dir) throws IOException {
    assertThat(run("run", "--config", CONFIG, "--out", dir.resolve("a").toString()).exit())
        .isZero();
    assertThat(run("run", "--config", CONFIG, "--out", dir.resolve("b").toString()).exit())
        .isZero();

    assertThat(Files.readString(dir.resolve("b/jobs.csv")))
        .isEqualTo(Files.readString(dir.resolve("a/jobs.csv")));
    assertThat(Files.readString(dir.resolve("b/summary.json")))
        .isEqualTo(Files.readString(dir.resolve("a/summary.json")));
  }

  @Test
  void anApplicationOnlyRunNeedsNoWorkload(@TempDir Path dir) throws IOException {
    Path config = dir.resolve("alone.yaml");
    Files.writeString(config, Files.readString(Path.of(CONFIG))
        .replaceAll("(?s)\nworkload:.*?\napplications:", "\napplications:"));

    CliRun result = run("run", "--config", config.toString(), "--set",
        "applications[0].iterations=3", "--out", dir.resolve("o").toString());

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(Files.readAllLines(dir.resolve("o/jobs.csv"))).hasSize(1 + 3 * KERNELS);
  }

  @Test
  void aTrainingLoopRunsTheKernelsOfOneStepOfARecordedTraceAsItsProfile(@TempDir Path dir)
      throws IOException {
    Path profile = dir.resolve("step.csv");
    CliRun written = run("profile", "--trace",
        ROOT.resolve("examples/traces/training.pt.trace.json.gz").toString(),
        "--set", "workload.iterations=1", "--out", profile.toString());
    assertThat(written.exit()).as(written.err()).isZero();
    List<String> rows = Files.readAllLines(profile).stream().filter(l -> !l.startsWith("#"))
        .toList();
    assertThat(rows.get(0)).isEqualTo("kernel,grid,threads,registers,shared_memory,block_ns");
    // step 1 of the example trace: 26 kernels, the fused optimizer step (multi_tensor_apply) last
    assertThat(rows).hasSize(1 + 26);
    assertThat(rows.get(rows.size() - 1)).contains("multi_tensor", ",320,512,64,0,");
    Path config = dir.resolve("loop.yaml");
    Files.writeString(config, "hardware: h200\napplications:\n  - id: training-loop\n"
        + "    parameters: {iterations: 3, profile-path: step.csv}\n");

    CliRun result = run("run", "--config", config.toString(), "--out",
        dir.resolve("o").toString());

    assertThat(result.exit()).as(result.err()).isZero();
    List<String> jobs = Files.readAllLines(dir.resolve("o/jobs.csv"));
    assertThat(jobs).hasSize(1 + 3 * 26);
    assertThat(jobs.get(26)).contains("multi_tensor");
  }

  /**
   * examples/traces/training-step.csv (the LLM co-location study's training side) is the phase
   * shapes of examples/configs/training-loop.yaml with DRAM bytes: without contention it runs
   * exactly as they do, and with the memory system on it runs alone as fast as without, since
   * its derivation keeps every wave at or below the achievable bandwidth.
   */
  @Test
  void theBundledTrainingStepRunsAsThePhaseShapesAndAloneIsNotSlowedByTheMemorySystem(
      @TempDir Path dir) throws IOException {
    String phases = Files.readString(Path.of(CONFIG));
    String loop = phases.substring(phases.indexOf("      forward-kernels: 4"));
    Path phaseConfig = dir.resolve("phases.yaml");
    Files.writeString(phaseConfig, "hardware: h200\napplications:\n  - id: training-loop\n"
        + "    parameters:\n      iterations: 3\n      batch-size: 32\n" + loop);
    Path profileConfig = dir.resolve("profile.yaml");
    Files.writeString(profileConfig, "hardware: h200\napplications:\n  - id: training-loop\n"
        + "    parameters: {iterations: 3, batch-size: 32, profile-path: "
        + ROOT.resolve("examples/traces/training-step.csv").toAbsolutePath() + "}\n");

    assertThat(run("run", "--config", phaseConfig.toString(), "--out",
        dir.resolve("phases").toString()).exit()).isZero();
    assertThat(run("run", "--config", profileConfig.toString(), "--out",
        dir.resolve("profile").toString()).exit()).isZero();
    CliRun contended = run("run", "--config", profileConfig.toString(), "--set",
        "hardware.contention=memory-system", "--out", dir.resolve("contended").toString());
    assertThat(contended.exit()).as(contended.err()).isZero();

    List<String> jobs = Files.readAllLines(dir.resolve("phases/jobs.csv"));
    assertThat(jobs).hasSize(1 + 3 * KERNELS);
    assertThat(Files.readAllLines(dir.resolve("profile/jobs.csv"))).isEqualTo(jobs);
    assertThat(Files.readAllLines(dir.resolve("contended/jobs.csv"))).isEqualTo(jobs);
    // and the bytes do count: halve the supply and the optimizer's first wave slows down
    CliRun halved = run("run", "--config", profileConfig.toString(), "--set",
        "hardware.contention=memory-system", "--set", "hardware.dram-achievable-gbps=2150",
        "--out", dir.resolve("halved").toString());
    assertThat(halved.exit()).as(halved.err()).isZero();
    assertThat(Files.readAllLines(dir.resolve("halved/jobs.csv"))).isNotEqualTo(jobs);
  }

  @Test
  void profileNamesAMissingTraceOptionInOneLine() {
    assertThat(oneLineError(run("profile"))).contains("profile needs --trace FILE");
    assertThat(oneLineError(run("profile", "--trace", "t.json", "--set", "seed=2")))
        .contains("--set seed=2: profile takes the trace's parameters");
  }

  @Test
  void anUnknownApplicationIsAOneLineErrorNamingItsKey() {
    String error = oneLineError(run("run", "--config", CONFIG, "--set",
        "applications[1].x=1"));
    assertThat(error).contains("applications[1].x: the configuration has 1 application(s)");
  }

  @Test
  void aMistakeInAnApplicationsParametersIsAOneLineError(@TempDir Path dir) throws IOException {
    Path typo = dir.resolve("typo.yaml");
    Files.writeString(typo, Files.readString(Path.of(CONFIG))
        .replace("- id: training-loop", "- id: trainig-loop"));
    assertThat(oneLineError(run("run", "--config", typo.toString())))
        .contains("applications[0]: unknown application 'trainig-loop'; did you mean "
            + "'training-loop'?");

    assertThat(oneLineError(run("run", "--config", CONFIG, "--set",
        "applications[0].forward-threads=4096")))
        .contains("applications[0] 'training-loop'", "kernel 'forward'): a block needs 4096 "
            + "threads but an SM of");

    assertThat(oneLineError(run("run", "--config", CONFIG, "--set",
        "applications[0].queue=inference")))
        .contains("applications[0] 'training-loop': its queue 'inference' is also the "
            + "workload's");

    assertThat(oneLineError(run("run", "--config", CONFIG, "--set",
        "applications[0].optimizer-grid=0")))
        .contains("applications[0]:", "set optimizer-grid");
  }

  @Test
  void aSweepVariesAnApplicationsParameterAndAFailingRunFailsOnlyItself(@TempDir Path dir)
      throws IOException {
    Path sweep = dir.resolve("sweep.yaml");
    String base = Files.readString(Path.of(CONFIG)).lines().map(line -> "  " + line)
        .collect(java.util.stream.Collectors.joining("\n"));
    Files.writeString(sweep, "name: loop\nbase:\n" + base + "\n"
        + "vary:\n  applications[0].forward-threads: [384, 4096]\n"
        + "metrics: [application.training-loop.iteration-mean, makespan]\nseeds: 1\n");

    CliRun result = run("sweep", "--config", sweep.toString(), "--out",
        dir.resolve("o").toString());

    assertThat(result.exit()).as(result.err()).isEqualTo(Main.FAILED);
    List<String> rows = Files.readAllLines(dir.resolve("o/results.csv"));
    assertThat(rows).anyMatch(r -> r.startsWith("384,") && r.contains(",ok,")
        && r.contains("application.training-loop.iteration-mean"));
    assertThat(rows).filteredOn(r -> r.startsWith("4096,")).isNotEmpty()
        .allMatch(r -> r.contains(",failed,") && r.contains("a block needs 4096 threads"));
  }
}
