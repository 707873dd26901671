package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.runner.experiment.sweep.RunResult;

/** A sweep says which configurations' policy cannot have changed their runs, and why. */
@Tag("slow")
class SweepPolicyNotesTest {

  @Test
  void aConfigurationWhosePolicyDecidedNothingIsNamedAfterTheSummary(@TempDir Path dir)
      throws IOException {
    Path file = dir.resolve("notes.yaml");
    Files.writeString(file, """
        name: notes
        base:
          hardware: {id: h200, parameters: {sm-count: 4}}
          preemption: instruction-level
          context-save: full
          workload:
            spec:
              duration: 1ms
              contexts:
                - {id: app}
              queues:
                - id: requests
                  context: app
                  priority: HIGH
                  arrival: {process: periodic, period: 100us}
                  kernels:
                    - {name: infer, grid-blocks: 8, threads-per-block: 1024, block-time: 20us}
                - id: batch
                  context: app
                  priority: LOW
                  arrival: {process: periodic, period: 100us}
                  kernels:
                    - {name: gemm, grid-blocks: 16, threads-per-block: 1024, block-time: 40us}
        vary:
          policy: [fifo, priority]
        seeds: 2
        """);
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (PrintStream o = new PrintStream(sink, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(new ByteArrayOutputStream(), true,
            StandardCharsets.UTF_8)) {
      assertThat(new Main(o, e).run("sweep", "--config", file.toString(), "--out",
          dir.resolve("out").toString(), "--jobs", "2")).isZero();
    }
    String printed = sink.toString(StandardCharsets.UTF_8);

    assertThat(printed).contains("note: configuration 'fifo': policy 'fifo' made no decision that "
        + "departs from the hardware's own order").doesNotContain("configuration 'priority'");
    assertThat(Files.readString(dir.resolve("out/runs/fifo/seed-1.json")))
        .contains("\"policy-note\" : \"policy 'fifo' made no decision");
  }

  @Test
  void aConfigurationIsNamedOnlyWhenEverySuccessfulRunHasANote() {
    RunResult noted = new RunResult("a", Map.of(), 1, "d", RunResult.Status.OK, null, Map.of(),
        Map.of(), "nothing changed");
    RunResult plain = new RunResult("a", Map.of(), 2, "d", RunResult.Status.OK, null, Map.of(),
        Map.of());
    RunResult failed = new RunResult("b", Map.of(), 1, "d", RunResult.Status.FAILED, "boom",
        Map.of(), Map.of());
    RunResult bNoted = new RunResult("b", Map.of(), 2, "d", RunResult.Status.OK, null, Map.of(),
        Map.of(), "drained");

    assertThat(SweepCommand.policyNotes(List.of(noted, plain, failed, bNoted)))
        .containsExactly(Map.entry("b", "drained"));
    assertThat(SweepCommand.policyNotes(List.of(plain, noted))).isEmpty();
  }
}
