package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.runner.experiment.RunExecutor;

/** The Orion reproduction's inputs from the artifact, and how its rows are judged. */
class OrionTest {
  @TempDir
  Path directory;

  @Test
  void aProfiledKernelAloneLastsItsProfiledDurationOverItsWaves() {
    OrionArtifact.Kernel conv = new OrionArtifact.Kernel(1, 200, 900_000);

    assertThat(conv.blocks()).isEqualTo(200);
    assertThat(conv.waves()).isEqualTo(3);
    assertThat(conv.blockTimeNs() * conv.waves()).isEqualTo(900_000);
    assertThat(conv.dramBytesPerBlock()).as("a compute-bound kernel moves no DRAM bytes").isZero();
  }

  @Test
  void aMemoryBoundKernelsResidentBlocksDemandTheWholeDramBandwidth() {
    OrionArtifact.Kernel batchNorm = new OrionArtifact.Kernel(0, 64, 40_480);

    double demandBytesPerNs = 64.0 * batchNorm.dramBytesPerBlock() / batchNorm.blockTimeNs();
    assertThat(demandBytesPerNs).isBetween(899.0, 901.0);
  }

  @Test
  void aKernelOfMoreThanEightWavesKeepsItsDurationInEightLongerWaves() {
    OrionArtifact.Kernel huge = new OrionArtifact.Kernel(0, 75_264, 8_000_000);

    assertThat(huge.capped()).isTrue();
    assertThat(huge.blocks()).isEqualTo(640);
    assertThat(huge.blockTimeNs() * huge.waves()).isEqualTo(8_000_000);
  }

  @Test
  void aReplayOnTheBundledExecutorRunsOnceAndGivesTheRunsOwnResult() throws Exception {
    OrionArtifact.Pair pair = OrionArtifact.pairs(10).get(0);
    long horizonNs = 20_000_000L;
    OrionArtifact.Trace trace = OrionArtifact.trace(pair, OrionArtifact.models(),
        OrionArtifact.Layout.ONE_PROCESS, horizonNs, 1);
    RunExecutor shared = OrionArtifact.bundledExecutor();

    OrionArtifact.Replay first = OrionArtifact.replay(shared, trace, horizonNs, "C-test-",
        file -> Lithos.config(Lithos.Setup.PRIORITY, pair, file));
    OrionArtifact.Replay renamed = OrionArtifact.replay(shared, trace, horizonNs, "C-test-",
        file -> Lithos.config(Lithos.Setup.PRIORITY, pair, file).withName("orion"));
    OrionArtifact.Replay otherPolicy = OrionArtifact.replay(shared, trace, horizonNs, "C-test-",
        file -> Lithos.config(Lithos.Setup.ORION, pair, file));
    OrionArtifact.Replay unshared = OrionArtifact.replay(new RunExecutor(TwoContextRun.REGISTRY),
        trace, horizonNs, "C-test-", file -> Lithos.config(Lithos.Setup.PRIORITY, pair, file));

    assertThat(renamed).as("the same trace and configuration but for the run's name and file is"
        + " not run again").isSameAs(first);
    assertThat(otherPolicy).as("another configuration is its own run").isNotSameAs(first);
    assertThat(unshared).as("another executor runs its own replay").isNotSameAs(first);
    assertThat(first.hpLatenciesNs()).as("the shared result is the run's own")
        .isNotEmpty().containsExactly(unshared.hpLatenciesNs());
    assertThat(List.of(first.hpDone(), first.beDone()))
        .isEqualTo(List.of(unshared.hpDone(), unshared.beDone()));
  }

  @Test
  void theArtifactsKernelFilesAndPairsAreBundledAsItRunsThem() {
    Map<String, List<OrionArtifact.Kernel>> models = OrionArtifact.models();
    assertThat(models.get("resnet50_4_fwd")).hasSize(175);
    assertThat(models.get("mobilenetv2_4_fwd")).hasSize(152);
    assertThat(models.get("bert_8_fb1")).hasSize(4777);
    assertThat(OrionArtifact.aloneNs(models.get("resnet50_4_fwd"))).isBetween(6_400_000L,
        6_600_000L);

    List<OrionArtifact.Pair> fig10 = OrionArtifact.pairs(10);
    List<OrionArtifact.Pair> fig7 = OrionArtifact.pairs(7);
    assertThat(fig10).hasSize(10).extracting(OrionArtifact.Pair::bePerSecond)
        .containsOnly(80, 100, 40, 8, 20);
    assertThat(fig7).hasSize(10).allMatch(p -> p.bePerSecond() == 0)
        .extracting(OrionArtifact.Pair::hpPerSecond).containsOnly(15, 40);
    assertThat(Orion.traceRate()).isBetween(19.0, 23.0);
  }

  @Test
  void aClientWaitsForItsPreviousRequestAndEveryKernelOfARequestIsSubmittedAtOnce() {
    Map<String, List<OrionArtifact.Kernel>> models = OrionArtifact.models();
    OrionArtifact.Pair pair = OrionArtifact.pairs(10).get(0);

    OrionArtifact.Trace trace = OrionArtifact.trace(pair, models,
        OrionArtifact.Layout.ONE_PROCESS, 100_000_000L, 1);

    List<String> rows = trace.csv().lines().skip(1).toList();
    OrionArtifact.Request second = trace.requests().stream().filter(r -> r.highPriority())
        .skip(1).findFirst().orElseThrow();
    String firstKernel = rows.get((int) second.firstJob());
    assertThat(firstKernel).startsWith(second.firstJob() + ",hp,app,HIGH,COMPUTE,")
        .contains("," + (second.firstJob() - 1) + ",0ns,");
    assertThat(rows).anyMatch(r -> r.contains(",be,app,LOW,"));
  }

  @Tag("slow")
  @Test
  void orionComparesTheHighPriorityTailWithMpsAndLeavesTheUndefinedUpToFiguresNotSimulated()
      throws Exception {
    Orion orion = new Orion(Optional.of(TwoContextRun.REGISTRY), 200_000_000L,
        OrionArtifact.pairs(10).subList(0, 1), OrionArtifact.pairs(7).subList(0, 1));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    boolean reproduced;
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      reproduced = orion.run(directory, out);
    }
    String printed = bytes.toString(StandardCharsets.UTF_8);

    assertThat(printed).containsPattern("HP p95, Orion / MPS, worst of 10 pairs +Orion,"
        + " EuroSys'24, abstract; Fig. 10 .* +lower \\(no factor given\\) +[0-9.]+x +< 1x"
        + " +streams with priority: [0-9.]+x.* +(PASS|FAIL|INCONCLUSIVE)")
        .containsPattern("per-GPU request throughput .* +up to 7.3x +not simulated .*INPUTS"
            + " UNPUBLISHED")
        .containsPattern("training cost .* +up to 1.49x saving +not simulated .*INPUTS"
            + " UNPUBLISHED");
    assertThat(reproduced).as("rows 1-2 are INCONCLUSIVE, so it does not reproduce").isFalse();
    assertThat(Files.readString(directory.resolve("orion.md")))
        .contains("Mechanisms exercised", "eth-easl/orion", "Assumptions",
            "NOT reproduced");
  }
}
