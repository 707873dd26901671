package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run folder is self-contained: {@code run --config OUT/config.yaml}, with the folder moved
 * elsewhere and the original input files deleted, writes the same files byte for byte (all but
 * {@code command.txt}, which names the command and the folder it ran from). The written
 * configuration is complete (no {@code null}, no {@code {}}; applications, sharing and every
 * parameter's default included) and {@code provenance.json} carries the build's commit, every
 * application's parameters and every input's SHA-256.
 */
@Tag("slow")
class RunFolderReproducesTest {
  private static final String SPEC = """
      duration: 2ms
      contexts: [{id: app, handles-yield: true}]
      queues:
        - id: inference
          context: app
          priority: HIGH
          deadline: 200us
          arrival: {process: poisson, mean-interval: 300us, start: 100us}
          kernels:
            - {name: infer, grid-blocks: 200, threads-per-block: 128, block-time: 20us}
        - id: training
          context: app
          priority: LOW
          serial: true
          jobs: 4
          arrival: {process: closed-loop, clients: 1, think-time: 10us}
          kernels:
            - {name: gemm, grid-blocks: 264, threads-per-block: 256, block-time: 300us}
      """;

  private static String run(String... args) {
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (PrintStream o = new PrintStream(sink, true, StandardCharsets.UTF_8)) {
      int exit = new Main(o, o).run(args);
      assertThat(exit).as(sink.toString(StandardCharsets.UTF_8)).isZero();
    }
    return sink.toString(StandardCharsets.UTF_8);
  }

  private static List<Path> files(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile).map(dir::relativize).sorted().toList();
    }
  }

  /**
   * Runs {@code config} into a folder, moves the folder away, deletes {@code inputs} (the files the
   * configuration named), reruns the moved folder's {@code config.yaml} and asserts that every
   * output file but {@code command.txt} is the same byte for byte; returns the moved folder.
   */
  private static Path rerunFromElsewhere(Path config, Path tmp, Path... inputs)
      throws IOException {
    Path out = tmp.resolve("out");
    run("run", "--config", config.toString(), "--out", out.toString());
    Path moved = Files.move(out, tmp.resolve("elsewhere"));
    for (Path input : inputs) {
      Files.delete(input);
    }
    Path again = tmp.resolve("again");
    run("run", "--config", moved.resolve("config.yaml").toString(), "--out", again.toString());
    List<Path> written = files(moved);
    assertThat(files(again)).isEqualTo(written);
    for (Path file : written) {
      if (!file.toString().equals("command.txt")) {
        assertThat(Files.readAllBytes(again.resolve(file))).as(file.toString())
            .isEqualTo(Files.readAllBytes(moved.resolve(file)));
      }
    }
    assertThat(Files.readString(moved.resolve("config.yaml"))).doesNotContain("null")
        .doesNotContain("{}");
    return moved;
  }

  /** Jobs of a run folder: the lines of its jobs.csv but the header. */
  private static long jobs(Path folder) throws IOException {
    try (Stream<String> lines = Files.lines(folder.resolve("jobs.csv"))) {
      return lines.count() - 1;
    }
  }

  private static final String REQUESTS = """
      TIMESTAMP,ContextTokens,GeneratedTokens
      2026-01-01 00:00:00.0000000,700,6
      2026-01-01 00:00:00.1000000,300,9
      2026-01-01 00:00:00.2500000,1200,4
      2026-01-01 00:00:00.4000000,90,12
      """;

  @Test
  void anLlmServerWithARelativeTraceAndModelFileUnderMpsReproducesFromElsewhere(@TempDir Path tmp)
      throws IOException {
    Path folder = Files.createDirectories(tmp.resolve("study"));
    Path trace = Files.writeString(folder.resolve("reqs.csv"), REQUESTS);
    Path profile = folder.resolve("llama.model");
    try (var in = getClass().getResourceAsStream(
        "/org/preemptlab/applications/llm/models/llama-3.1-8b.model")) {
      Files.write(profile, in.readAllBytes());
    }
    Path config = Files.writeString(folder.resolve("llm.yaml"), """
        name: llm-mps
        hardware: h200
        policy: fifo
        workload:
          spec:
            duration: 20ms
            contexts: [{id: train}]
            queues:
              - id: gemm
                context: train
                serial: true
                arrival: {process: closed-loop, clients: 1, think-time: 10us}
                kernels:
                  - {name: gemm, grid-blocks: 264, threads-per-block: 512, block-time: 200us}
        applications:
          - id: llm-serving
            parameters: {duration: 20ms, trace: reqs.csv, trace-speed: 20, model-file: llama.model}
        sharing: {mode: mps, contexts: {train: {active-thread-percentage: 50}}}
        """);

    Path moved = rerunFromElsewhere(config, tmp, trace, profile);

    assertThat(files(moved)).contains(Path.of("inputs/applications-0.trace-reqs.csv"),
        Path.of("inputs/applications-0.model-file-llama.model"));
    String yaml = Files.readString(moved.resolve("config.yaml"));
    assertThat(yaml).contains("- id: \"llm-serving\"", "mode: \"mps\"",
        "active-thread-percentage: 50.0", "ttft-slo: ", // a default, written out
        "trace: \"inputs/applications-0.trace-reqs.csv\"");
    assertThat(Files.readString(moved.resolve("summary.json"))).contains("\"sharing\" : {",
        "\"applications\" : [");
    assertThat(Files.readString(moved.resolve("provenance.json"))).contains(
        "\"key\" : \"applications[0].model-file\"", "\"key\" : \"applications[0].trace\"",
        "\"applications\" : [ {", "\"trace-speed\" : \"20\"");
  }

  @Test
  void aTrainingLoopFromAProfileInAMigInstanceReproducesFromElsewhere(@TempDir Path tmp)
      throws IOException {
    Path folder = Files.createDirectories(tmp.resolve("study"));
    Path profile = Files.writeString(folder.resolve("step.csv"), """
        kernel,grid,threads,registers,shared_memory,block_ns
        fwd,264,384,168,204800,85000
        bwd,272,384,168,163840,83000
        step,320,512,64,0,89000
        """);
    Path config = Files.writeString(folder.resolve("train.yaml"), """
        name: train-mig
        hardware: h200
        applications:
          - id: training-loop
            parameters: {duration: 10ms, iterations: 1000, profile-path: step.csv}
        sharing:
          mode: mig
          instances: [{name: t, profile: 3g}]
          contexts: {training: {instance: t}}
        """);

    Path moved = rerunFromElsewhere(config, tmp, profile);

    assertThat(jobs(moved)).isGreaterThan(3); // the loop ran (its rerun ran the same, above)
    assertThat(Files.readString(moved.resolve("config.yaml"))).contains("mode: \"mig\"",
        "profile: \"3g\"", "profile-path: \"inputs/applications-0.profile-path-step.csv\"");
  }

  @Test
  void anLlmTraceResolvesAgainstTheConfigFilesFolderAndAMissingOneSaysWhereItLooked(
      @TempDir Path tmp) throws IOException {
    Path folder = Files.createDirectories(tmp.resolve("exp"));
    Path config = Files.writeString(folder.resolve("llm.yaml"), """
        applications:
          - id: llm-serving
            parameters: {duration: 10ms, trace: reqs.csv}
        """);
    CliRun missing = CliRun.of("run", "--config", config.toString());
    assertThat(missing.oneLineError(2)).contains(
        folder.resolve("reqs.csv").toAbsolutePath().normalize().toString());

    Files.writeString(folder.resolve("reqs.csv"), REQUESTS);
    CliRun found = CliRun.of("run", "--config", config.toString(), "--out",
        tmp.resolve("out").toString());
    assertThat(found.exit()).as(found.err()).isZero();
    assertThat(Files.readString(tmp.resolve("out/provenance.json")))
        .contains("\"key\" : \"applications[0].trace\"");
  }

  @Test
  void theWrittenConfigReproducesTheFolderByteForByteFromElsewhere(@TempDir Path tmp)
      throws IOException {
    Path inputs = Files.createDirectories(tmp.resolve("experiment"));
    Files.writeString(inputs.resolve("spec.yaml"), SPEC);
    try (var model = getClass().getResourceAsStream("/org/preemptlab/hardware/gtx480.yaml")) {
      Files.write(inputs.resolve("model.yaml"), model.readAllBytes());
    }
    Path config = Files.writeString(inputs.resolve("run.yaml"), """
        name: repro
        seed: 3
        hardware: {id: file, parameters: {path: model.yaml}}
        policy: {id: priority, parameters: {preempt: true}}
        workload:
          generator: synthetic
          parameters: {spec: spec.yaml}
        """);
    Path out = tmp.resolve("out");
    run("run", "--config", config.toString(), "--out", out.toString());

    Path moved = Files.move(out, tmp.resolve("elsewhere"));
    Files.delete(inputs.resolve("spec.yaml"));
    Files.delete(inputs.resolve("model.yaml"));
    Path again = tmp.resolve("again");
    run("run", "--config", moved.resolve("config.yaml").toString(), "--out", again.toString());

    List<Path> written = files(moved);
    assertThat(written).contains(Path.of("inputs/workload.spec-spec.yaml"),
        Path.of("inputs/hardware.path-model.yaml"), Path.of("jobs.csv"),
        Path.of("provenance.json"));
    assertThat(files(again)).isEqualTo(written);
    for (Path file : written) {
      if (!file.toString().equals("command.txt")) {
        assertThat(Files.readAllBytes(again.resolve(file))).as(file.toString())
            .isEqualTo(Files.readAllBytes(moved.resolve(file)));
      }
    }
    String yaml = Files.readString(moved.resolve("config.yaml"));
    assertThat(yaml).doesNotContain("null").doesNotContain("{}")
        .contains("spec: \"inputs/workload.spec-spec.yaml\"").contains("launch-window: 16");
    String provenance = Files.readString(moved.resolve("provenance.json"));
    assertThat(provenance).containsPattern("\"git-commit\" : \"([0-9a-f]{40}|unknown)\"")
        .contains("\"key\" : \"workload.spec\"").containsPattern("\"sha256\" : \"[0-9a-f]{64}\"");
  }

  @Test
  void aSpecFileResolvesAgainstTheConfigFilesFolderAndAMissingOneSaysWhereItLooked(
      @TempDir Path tmp) throws IOException {
    Path folder = Files.createDirectories(tmp.resolve("exp"));
    Path config = Files.writeString(folder.resolve("run.yaml"), """
        workload:
          generator: synthetic
          parameters: {spec: missing.yaml}
        """);
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    int exit;
    try (PrintStream o = new PrintStream(sink, true, StandardCharsets.UTF_8)) {
      exit = new Main(o, o).run("run", "--config", config.toString());
    }

    assertThat(exit).isEqualTo(2);
    assertThat(sink.toString(StandardCharsets.UTF_8)).contains("workload spec "
        + folder.resolve("missing.yaml").toAbsolutePath().normalize() + " does not exist");
  }
}
