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
 * configuration is complete (no {@code null}, no {@code {}}) and {@code provenance.json} carries
 * the build's commit and every input's SHA-256.
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
