package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

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
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Priority;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;

/** The tally reproduction: its published values, its load, its measures and a run. */
class TallyTest {

  @TempDir
  Path directory;

  @Test
  void theArtifactRowsPublishedValuesAreTheMeansOfTheBundledMeasurements() {
    List<Map<String, String>> rows = Tally.measuredRows();

    assertThat(rows).hasSize(12).allSatisfy(r -> assertThat(r.get("hp")).contains("_server_"
        + "load_0.5_"));
    assertThat(Tally.measuredOverhead("p99_time_slicing_ms"))
        .isCloseTo(Tally.MEASURED_TIME_SLICING_OVERHEAD, within(0.0005));
    assertThat(Tally.measuredOverhead("p99_tally_ms"))
        .isCloseTo(Tally.MEASURED_TALLY_OVERHEAD, within(0.0005));
    assertThat(rows.stream().mapToDouble(r -> Double.parseDouble(r.get("be_tally")))
        .average().orElseThrow()).isCloseTo(Tally.MEASURED_TALLY_BE_THROUGHPUT, within(0.00005));
    // the abstract's TGS figure and "over 80%" agree with the benchmark's pairs
    assertThat(Tally.measuredOverhead("p99_tgs_ms")).isBetween(1.5, 2.0);
    assertThat(rows.stream().mapToDouble(r -> (Double.parseDouble(r.get("hp_tally"))
        + Double.parseDouble(r.get("be_tally"))) / (Double.parseDouble(r.get("hp_tgs"))
        + Double.parseDouble(r.get("be_tgs")))).average().orElseThrow())
        .isCloseTo(0.831, within(0.0005));
  }

  @Test
  void theServerAsksAtPoissonTimesAtHalfItsRateAlone() {
    List<OrionArtifact.Kernel> bert = OrionArtifact.models().get(Tally.HP_MODEL);
    long alone = OrionArtifact.aloneNs(bert);
    long horizon = 2_000 * alone;

    List<Long> times = Tally.arrivals(bert, horizon, 7);

    assertThat(times).isSorted().allMatch(t -> t >= 0 && t < horizon);
    // load 0.5: one request per two requests' time alone, on average (1,000 expected)
    assertThat(times.size()).isBetween(900, 1100);
    assertThat(Tally.arrivals(bert, horizon, 7)).isEqualTo(times);
  }

  @Test
  void scalingStretchesEachKernelByTheSameFactorAndRoundsItsEndWithinTheRequest() {
    List<OrionArtifact.Kernel> kernels = List.of(new OrionArtifact.Kernel(1, 98, 10),
        new OrionArtifact.Kernel(0, 392, 20), new OrionArtifact.Kernel(-1, 25, 30));

    // 60 ns in all to 30: each kernel halved, profiles and SMs kept
    assertThat(Tally.scaledTo(kernels, 30)).containsExactly(new OrionArtifact.Kernel(1, 98, 5),
        new OrionArtifact.Kernel(0, 392, 10), new OrionArtifact.Kernel(-1, 25, 15));
    // 3 + 3 + 3 to 4: the ends 4/3, 8/3 and 4 round to 1, 3 and 4, so 1, 2 and 1 ns (each kernel
    // rounded on its own would give 1 + 1 + 1 = 3 ns)
    List<OrionArtifact.Kernel> three = List.of(new OrionArtifact.Kernel(1, 1, 3),
        new OrionArtifact.Kernel(1, 1, 3), new OrionArtifact.Kernel(1, 1, 3));
    assertThat(Tally.scaledTo(three, 4)).extracting(OrionArtifact.Kernel::durationNs)
        .containsExactly(1L, 2L, 1L);
    assertThat(Tally.scaledTo(three.subList(0, 2), 2)).extracting(
        OrionArtifact.Kernel::durationNs).containsExactly(1L, 1L);
    // 2 + 2 to 3: the first end, 1.5, rounds half up to 2
    assertThat(Tally.scaledTo(List.of(new OrionArtifact.Kernel(1, 1, 2),
        new OrionArtifact.Kernel(1, 1, 2)), 3)).extracting(OrionArtifact.Kernel::durationNs)
        .containsExactly(2L, 1L);
    // 1 + 1 to 1: the first end, 0.5, rounds to 1 and leaves the second kernel 0 ns
    assertThatThrownBy(() -> Tally.scaledTo(List.of(new OrionArtifact.Kernel(1, 1, 1),
        new OrionArtifact.Kernel(1, 1, 1)), 1)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("scaling kernels of 2 ns in all to 1 ns leaves kernel 1 under 1 ns");
  }

  @Test
  void theStandInBertRequestLastsTheBenchmarksBertRequestTimeAlone() {
    Map<String, List<OrionArtifact.Kernel>> orion = OrionArtifact.models();
    Map<String, List<OrionArtifact.Kernel>> run = Tally.models();

    // the benchmark's BERT p99 alone (4.098 ms, every BERT-inference row) over Orion's bert_2_fwd
    // kernel sum (48.625298 ms, 572 kernels)
    assertThat(Tally.benchmarkBertAloneNs()).isEqualTo(4_098_000L);
    assertThat(OrionArtifact.aloneNs(orion.get(Tally.HP_MODEL))).isEqualTo(48_625_298L);
    List<OrionArtifact.Kernel> bert = run.get(Tally.HP_MODEL);
    assertThat(bert).hasSize(572);
    assertThat(OrionArtifact.aloneNs(bert)).isEqualTo(4_098_000L);
    // the first kernel, 6,144 ns alone on the V100 profile, times 4.098 / 48.625298
    OrionArtifact.Kernel first = orion.get(Tally.HP_MODEL).get(0);
    assertThat(bert.get(0).durationNs()).isEqualTo(
        Math.round(first.durationNs() * 4_098_000.0 / 48_625_298));
    assertThat(bert.get(0).smNeeded()).isEqualTo(first.smNeeded());
    // the training models are Orion's, unchanged
    run.keySet().stream().filter(m -> !m.equals(Tally.HP_MODEL))
        .forEach(m -> assertThat(run.get(m)).isEqualTo(orion.get(m)));
  }

  @Test
  void theBertServerBesideEachOfOrionsFiveTrainingModels() {
    assertThat(Tally.pairs()).hasSize(5).allMatch(p -> p.hpModel().equals("bert_2_fwd")
        && p.beModel().endsWith("_fb1") && p.bePerSecond() == 0);
  }

  private static JobRecord job(long id, long readyNs, long finishNs) {
    return new JobRecord(id, "q", "c", Priority.NORMAL, EngineKind.COMPUTE, "k", 1, readyNs,
        readyNs, readyNs, readyNs, finishNs, 0, 0, 0, 0, Job.NO_DEADLINE);
  }

  @Test
  void aRequestIsTimedFromItsStartAndTrainingByItsIterationsWithinTheHorizon() {
    Tally tally = new Tally(Optional.empty(), 1_000, List.of());
    // HP request 0: due 0, jobs 0-1; request 1: due 100 but started at 300 (jobs 2-3);
    // BE iterations: jobs 4 (ends 400) and 5 (ends 800); job 6 ends past the horizon.
    OrionArtifact.Trace trace = new OrionArtifact.Trace("", List.of(
        new OrionArtifact.Request(true, 0, 0, 1), new OrionArtifact.Request(true, 100, 2, 3),
        new OrionArtifact.Request(false, 0, 4, 4), new OrionArtifact.Request(false, 0, 5, 5),
        new OrionArtifact.Request(false, 0, 6, 6)));
    Map<Long, JobRecord> jobs = Map.of(0L, job(0, 0, 100), 1L, job(1, 100, 300),
        2L, job(2, 300, 350), 3L, job(3, 350, 1_200), 4L, job(4, 0, 400), 5L, job(5, 400, 800),
        6L, job(6, 800, 1_300));

    Tally.Result result = tally.measure(trace, jobs, 200);

    // latencies 300 and 900 (from its start at 300, not its due time 100): p99 900
    assertThat(result.hpP99Ns()).isEqualTo(900);
    assertThat(result.hpDone()).isEqualTo(1);
    // two iterations of 200 alone finished by 800: 2 x 200 / 800 of the rate alone
    assertThat(result.beFraction()).isEqualTo(0.5);
  }

  @Test
  void tallyRunsBoundedLatencyWithoutSpaceSharingAndTheBaselinesAsTwoProcesses() {
    Path file = Path.of("trace.csv");

    RunConfig tally = Tally.config(Tally.Setup.TALLY, file);

    assertThat(tally.policy().id()).isEqualTo("bounded-latency");
    assertThat(tally.policy().parameters()).containsEntry("bound", "31600ns")
        .containsEntry("space-share", "false").containsEntry("high", "HIGH");
    assertThat(tally.preemption().id()).isEqualTo("instruction-level");
    assertThat(tally.contextSave().id()).isEqualTo("none");
    assertThat(Tally.config(Tally.Setup.MPS, file).sharing()).isNotNull();
    assertThat(Tally.config(Tally.Setup.TIME_SLICING, file).sharing()).isNull();
    assertThat(Tally.Setup.TALLY.layout).isEqualTo(OrionArtifact.Layout.ONE_PROCESS);
    assertThat(Tally.Setup.TIME_SLICING.layout).isEqualTo(OrionArtifact.Layout.TWO_PROCESSES);
  }

  @Test
  void tgsRunsAsTallysPortInTallysServer() {
    RunConfig tgs = Tally.config(Tally.Setup.TGS, Path.of("trace.csv"));

    assertThat(tgs.policy().id()).isEqualTo("tgs");
    assertThat(tgs.policy().parameters()).containsEntry("high", "HIGH")
        .containsEntry("sample-period", "5000000000ns").containsEntry("max-in-flight", "20")
        .containsEntry("steps-per-sample", "1000")
        // the server's streams have no priority under TGS (src/tally/server.cpp)
        .containsEntry("stream-priority", "false");
    assertThat(tgs.sharing()).isNull();
    assertThat(Tally.Setup.TGS.layout).isEqualTo(OrionArtifact.Layout.ONE_PROCESS);
  }

  @Test
  void systemThroughputAddsTheServersRequestsDoneAndTheTrainingRateEachOverAlone() {
    Map<Tally.Setup, Tally.Result> r = Map.of(
        Tally.Setup.ALONE, new Tally.Result(1, 40, 0),
        Tally.Setup.TALLY, new Tally.Result(1, 40, 0.5),
        Tally.Setup.TGS, new Tally.Result(1, 30, 0.75));

    assertThat(Tally.systemThroughput(r, Tally.Setup.TALLY)).isCloseTo(1.5, within(1e-12));
    assertThat(Tally.systemThroughput(r, Tally.Setup.TGS)).isCloseTo(1.5, within(1e-12));
  }

  @Tag("slow")
  @Test
  void onTheEngineTallyKeepsTheServerNearAloneWhereTimeSlicingStretchesIt() throws Exception {
    Tally tally = new Tally(Optional.of(TwoContextRun.REGISTRY), 500_000_000L,
        Tally.pairs().subList(0, 1));
    RunExecutor executor = new RunExecutor(TwoContextRun.REGISTRY);
    OrionArtifact.Pair pair = Tally.pairs().get(0); // ResNet50 training + BERT
    Map<String, List<OrionArtifact.Kernel>> models = Tally.models();

    Tally.Result alone = tally.run(executor, pair, models, Tally.Setup.ALONE);
    Tally.Result isolated = tally.run(executor, pair, models, Tally.Setup.TALLY);
    Tally.Result sliced = tally.run(executor, pair, models, Tally.Setup.TIME_SLICING);

    assertThat(isolated.hpP99Ns()).isLessThan(sliced.hpP99Ns());
    assertThat((double) isolated.hpP99Ns() / alone.hpP99Ns()).isLessThan(1.2);
    assertThat(isolated.beFraction()).isBetween(0.1, 0.9); // BE runs while the server is idle
    assertThat(tally.run(executor, pair, models, Tally.Setup.TALLY)).isEqualTo(isolated);

    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    boolean reproduced;
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      reproduced = tally.run(directory, out);
    }
    String printed = bytes.toString(StandardCharsets.UTF_8);
    assertThat(printed)
        .containsPattern("TGS: HP inference p99 .* +188.9% overhead +[0-9.]+% +±25%")
        .containsPattern("system throughput .* Tally / TGS .* +over 80% +[0-9.]+% +> 80%")
        .containsPattern("Tally: HP inference p99 over HP alone, mean over the pairs .* +7.2%"
            + " overhead on average +[0-9.]+% +<= 9% +the best of TGS, time slicing and MPS");
    // one pair is simulated here: only the row of a pair left out (BERT beside BERT training)
    // is NOT SIMULATED
    assertThat(printed.lines().filter(l -> l.matches("\\d+ .*NOT SIMULATED.*")).toList())
        .singleElement().asString().contains("BERT inference beside BERT training");
    assertThat(reproduced).isEqualTo(printed.contains("reproduced (every row PASS)"));
    assertThat(Files.readString(directory.resolve("tally.md")))
        .contains("Mechanisms exercised", "tally-project/tally-bench", "eth-easl/orion");
  }
}
