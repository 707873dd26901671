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
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;

/** The LithOS reproduction's atomized trace, its set-ups, and how its rows are judged. */
class LithosTest {
  @TempDir
  Path directory;

  @Test
  void aKernelOfSeveralWavesIsAtomizedIntoWholeWavesOfAtMostTheAtomDuration() {
    // 640 blocks in 8 waves of 100 us: 5 waves (400 blocks) per 500 us atom, then 3 waves
    OrionArtifact.Kernel eightWaves = new OrionArtifact.Kernel(1, 640, 800_000);
    OrionArtifact.BestEffortShape atoms = new OrionArtifact.BestEffortShape(500_000, false);

    assertThat(OrionArtifact.atoms(eightWaves, atoms)).containsExactly(400, 240);
    assertThat(OrionArtifact.atoms(eightWaves, OrionArtifact.BestEffortShape.WHOLE))
        .containsExactly(640);
  }

  @Test
  void aKernelOfOneWaveOrOfWavesLongerThanAnAtomKeepsItsBlocks() {
    OrionArtifact.BestEffortShape atoms = new OrionArtifact.BestEffortShape(500_000, false);

    assertThat(OrionArtifact.atoms(new OrionArtifact.Kernel(1, 80, 2_000_000), atoms))
        .containsExactly(80);
    // two waves of 1 ms: one wave per atom, at least one wave each
    assertThat(OrionArtifact.atoms(new OrionArtifact.Kernel(1, 160, 2_000_000), atoms))
        .containsExactly(80, 80);
  }

  @Test
  void theAtomizedTraceHasTheSameRequestsAndTheBestEffortKernelsInMoreLaunches() {
    Map<String, List<OrionArtifact.Kernel>> models = OrionArtifact.models();
    OrionArtifact.Pair bertTraining = OrionArtifact.pairs(7).get(6);
    assertThat(bertTraining.beModel()).isEqualTo("bert_8_fb1");

    OrionArtifact.Trace whole = OrionArtifact.trace(bertTraining, models,
        OrionArtifact.Layout.ONE_PROCESS, 50_000_000L, 1);
    OrionArtifact.Trace atomized = OrionArtifact.trace(bertTraining, models,
        OrionArtifact.Layout.ONE_PROCESS, 50_000_000L, 1,
        Lithos.Setup.LITHOS.shape(bertTraining));

    assertThat(atomized.requests()).hasSameSizeAs(whole.requests());
    assertThat(atomized.csv().lines().count()).isGreaterThan(whole.csv().lines().count());
    assertThat(atomized.csv().lines().filter(l -> l.contains(",hp,")).count())
        .as("high-priority kernels are not atomized")
        .isEqualTo(whole.csv().lines().filter(l -> l.contains(",hp,")).count());
  }

  @Test
  void theWholeShapeWritesTheOrionTraceAndReefMarksOnlyBestEffortInferenceIdempotent() {
    Map<String, List<OrionArtifact.Kernel>> models = OrionArtifact.models();
    OrionArtifact.Pair inference = OrionArtifact.pairs(10).get(0);
    OrionArtifact.Pair training = OrionArtifact.pairs(7).get(0);

    String orion = OrionArtifact.trace(inference, models, OrionArtifact.Layout.ONE_PROCESS,
        20_000_000L, 1).csv();
    assertThat(orion.lines().findFirst().orElseThrow()).endsWith(",dram_bytes_per_block");
    String reef = OrionArtifact.trace(inference, models, OrionArtifact.Layout.ONE_PROCESS,
        20_000_000L, 1, Lithos.Setup.REEF.shape(inference)).csv();
    assertThat(reef.lines().findFirst().orElseThrow()).endsWith(",idempotent");
    assertThat(reef.lines().skip(1).filter(l -> l.contains(",be,")))
        .isNotEmpty().allMatch(l -> l.endsWith(",true"));
    assertThat(reef.lines().skip(1).filter(l -> l.contains(",hp,")))
        .as("REEF resets best-effort kernels only").allMatch(l -> l.endsWith(",false"));
    assertThat(Lithos.Setup.REEF.shape(training).idempotent()).isFalse();
  }

  @Test
  void eachSetUpRunsItsSystemsPolicyAndMechanism() {
    OrionArtifact.Pair pair = OrionArtifact.pairs(10).get(0);
    Path file = Path.of("trace.csv");

    RunConfig lithos = Lithos.config(Lithos.Setup.LITHOS, pair, file);
    RunConfig reef = Lithos.config(Lithos.Setup.REEF, pair, file);
    RunConfig mps = Lithos.config(Lithos.Setup.MPS, pair, file);

    assertThat(lithos.policy().id()).isEqualTo("lithos");
    assertThat(lithos.policy().parameters()).containsEntry("atom", "500000ns");
    assertThat(reef.policy().id()).isEqualTo("reset-realtime");
    assertThat(reef.preemption().id()).isEqualTo("flush");
    assertThat(mps.sharing()).isNotNull();
    assertThat(Lithos.config(Lithos.Setup.TIME_SLICING, pair, file).sharing()).isNull();
  }

  @Test
  void theBestBaselineIsTheOneWithTheLowestHighPriorityTail() {
    Map<Lithos.Setup, Lithos.Result> results = Map.of(
        Lithos.Setup.MPS, new Lithos.Result(9, 1, 1),
        Lithos.Setup.TIME_SLICING, new Lithos.Result(7, 1, 1),
        Lithos.Setup.PRIORITY, new Lithos.Result(5, 1, 1),
        Lithos.Setup.ORION, new Lithos.Result(3, 1, 1),
        Lithos.Setup.REEF, new Lithos.Result(4, 1, 1),
        Lithos.Setup.LITHOS, new Lithos.Result(1, 1, 1));

    assertThat(Lithos.best(results)).isEqualTo(Lithos.Setup.ORION);
  }

  @Test
  void theSameSetUpRunTwiceGivesTheSameResult() throws Exception {
    Lithos lithos = new Lithos(Optional.of(TwoContextRun.REGISTRY), 50_000_000L, List.of(),
        List.of());
    RunExecutor executor = new RunExecutor(TwoContextRun.REGISTRY);
    OrionArtifact.Pair pair = OrionArtifact.pairs(10).get(6); // BERT inference + ResNet50

    assertThat(lithos.run(executor, pair, OrionArtifact.models(), Lithos.Setup.LITHOS))
        .isEqualTo(lithos.run(executor, pair, OrionArtifact.models(), Lithos.Setup.LITHOS));
  }

  @Tag("slow")
  @Test
  void lithosComparesEveryBaselineOnStandInInputsAndLabelsEveryRowInputsUnpublished()
      throws Exception {
    Lithos lithos = new Lithos(Optional.of(TwoContextRun.REGISTRY), 100_000_000L,
        OrionArtifact.pairs(10).subList(0, 1), OrionArtifact.pairs(7).subList(0, 1));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    boolean reproduced;
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      reproduced = lithos.run(directory, out);
    }
    String printed = bytes.toString(StandardCharsets.UTF_8);

    assertThat(printed).containsPattern("HP p99, MPS / LithOS, largest over the pairs +LithOS,"
        + " SOSP'25 .* +13x +[0-9.]+x +7x to 19x +stream priority \\(MPS / priority\\): [0-9.]+x"
        + ".* +INPUTS UNPUBLISHED")
        .containsPattern("right-sizing: .* +a quarter on average +not simulated .*INPUTS"
            + " UNPUBLISHED")
        .containsPattern("power management: .* +not simulated .*INPUTS UNPUBLISHED")
        .contains("Inputs unpublished: LithOS's own workload")
        .contains("time slicing", "Orion", "REEF", "priority", "MPS");
    assertThat(reproduced).as("rows on unpublished inputs never count").isFalse();
    assertThat(Files.readString(directory.resolve("lithos.md")))
        .contains("Mechanisms exercised", "eth-easl/orion", "Assumptions", "NOT reproduced");
  }
}
