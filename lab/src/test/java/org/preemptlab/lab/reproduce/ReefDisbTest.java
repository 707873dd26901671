package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.runner.experiment.Overrides;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.WorkloadConfig;

class ReefDisbTest {

  @Test
  void theBundledKernelProfilesAreTheCopyInDocsData() throws Exception {
    String bundled;
    try (InputStream in = ReefDisb.class.getResourceAsStream("reef-kernels.csv")) {
      bundled = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(bundled).isEqualTo(Files.readString(Path.of("..", "docs", "data",
        "reef-kernels.csv")));
  }

  @Test
  void theBundledRealWorkloadIsTheCopyInDocsData() throws Exception {
    String bundled;
    try (InputStream in = ReefDisb.class.getResourceAsStream(ReefDisb.REAL_RESOURCE)) {
      bundled = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(bundled).isEqualTo(Files.readString(Path.of("..", "docs", "data",
        "disb-real.csv")));
  }

  @Test
  void theBundledOccupancyLatenciesAreTheCopyInDocsData() throws Exception {
    assertThat(ReefDisb.occupancyLatencies()).isEqualTo(Files.readString(Path.of("..", "docs",
        "data", ReefDisb.OCCUPANCY_LATENCIES)));
  }

  @Test
  void everyProfiledKernelHasItsLatencyAloneAndLatenciesByOccupancyFromTheSameProfile() {
    Map<String, String[]> byKernel = new HashMap<>();
    for (BundledCsv.Row row : BundledCsv.rows(ReefDisb.class, ReefDisb.OCCUPANCY_LATENCIES,
        "kernel,total_us,latency_us")) {
      assertThat(byKernel.put(row.cells()[0], row.cells())).as("line %s", row.number()).isNull();
    }
    for (List<ReefDisb.Kernel> kernels : ReefDisb.models().values()) {
      for (ReefDisb.Kernel k : kernels) {
        // reef-kernels.csv's latency and this file's total_us are both the profile's
        // total_latency, converted by two scripts
        assertThat(byKernel).containsKey(k.name());
        assertThat(Double.parseDouble(byKernel.get(k.name())[1])).as(k.name())
            .isEqualTo(k.latencyUs());
        assertThat(byKernel.get(k.name())[2].split(" ")).as(k.name()).isNotEmpty()
            .allMatch(us -> Integer.parseInt(us) > 0);
      }
    }
    // SJTU-IPADS/reef @58dabe0 resource/vgg/vgg.profile.json: the first kernel's eight rounds
    assertThat(byKernel.get("vgg/tvmgen_default_fused_nn_batch_flatten_kernel0"))
        .containsExactly("vgg/tvmgen_default_fused_nn_batch_flatten_kernel0", "14",
            "14 14 14 14 14 14 14 14");
  }

  @Test
  void theRealWorkloadIsDisbsTraceOfFiveRealTimeAndFiveClosedLoopModels() {
    ReefDisb.Workload real = ReefDisb.real();

    // SJTU-IPADS/disb @7ad5fba benchmarks/workloads/REAL.json: the traces' lengths and ends.
    assertThat(real.rt().stream().map(ReefDisb.Task::model)).containsExactly("resnet152",
        "densenet", "vgg", "inception", "bert");
    assertThat(real.rt().stream().map(t -> t.trace().size())).containsExactly(375, 202, 560,
        374, 173);
    assertThat(real.rt().get(0).trace()).startsWith(0, 150, 258).endsWith(38_594, 38_697,
        38_792);
    assertThat(real.rt()).allMatch(ReefDisb.Task::once);
    assertThat(real.be().stream().map(ReefDisb.Task::model)).containsExactly("resnet152",
        "densenet", "vgg", "inception", "bert");
    assertThat(real.be()).allMatch(t -> t.perSecond() == ReefDisb.CONTINUOUS_PER_SECOND);
  }

  @Test
  void aTracedTaskRequestsAtItsTimesOnceAndStreamsShareTheHardwareQueues() {
    ReefDisb.Trace trace = ReefDisb.trace(ReefDisb.real(), ReefDisb.models(),
        ReefDisb.Mode.RT_FIRST, 200_000_000L, 0, ReefDisb.Contexts.PER_TASK, 1, ReefDisb.ISSUE,
        4);

    // ResNet-152's requests due before 200 ms: 0, 150 ms; VGG-19's: 9, 22, 27, 30, 159, 165,
    // 172, 176 ms; Inception's 0, 118; DenseNet's 120; DistilBERT's none.
    assertThat(trace.requests().stream().filter(ReefDisb.Request::realTime)).hasSize(13);
    assertThat(trace.csv().lines().skip(1).map(l -> l.split(",")[1]).distinct())
        .containsExactlyInAnyOrder("hwq0-rt", "hwq1-be", "hwq2-be", "hwq3-be");
  }

  @Test
  void reefsThroughputRowKeepsSection72sTargetOnTheRealTrace() {
    // Fixed before the REAL row's first simulation: REEF (OSDI'22) §7.2, 7.7x, ±25% as before.
    TargetFile.Line row = Reef.TARGETS.line("throughput-vs-rt-only");
    assertThat(row.kind()).isEqualTo("relative");
    assertThat(row.target()).isEqualTo(7.7);
    assertThat(row.bound()).isEqualTo(0.25);
  }

  @Test
  void everyModelOfTheWorkloadsIsProfiledInLaunchOrder() {
    Map<String, List<ReefDisb.Kernel>> models = ReefDisb.models();

    assertThat(models).containsOnlyKeys("vgg", "resnet152", "densenet", "bert", "inception",
        "resnet");
    assertThat(models.get("vgg")).hasSize(71);
    assertThat(models.get("resnet152")).hasSize(207);
    // SJTU-IPADS/reef resource/vgg/vgg.json kernels[0]: grid 48 x 1 x 1, block 256 x 1 x 1.
    assertThat(models.get("vgg").get(0)).isEqualTo(new ReefDisb.Kernel(
        "vgg/tvmgen_default_fused_add_kernel0", 48, 256, 4, 14));
    for (ReefDisb.Workload w : ReefDisb.workloads()) {
      w.rt().forEach(t -> assertThat(models).containsKey(t.model()));
      w.be().forEach(t -> assertThat(models).containsKey(t.model()));
    }
  }

  @Test
  void underIssueSharingAWorkGroupsProgramIsItsWaveShareTimesTheRateItsSiblingsLeaveIt() {
    // 1,000 work-groups of 256 work-items (4 wavefronts, all 4 SIMDs): 8 siblings per CU, each
    // at rate 4 / 32 = 1/8 beside them, so a 30,000 ns wave share is a 3,750 ns program.
    ReefDisb.Kernel big = new ReefDisb.Kernel("k", 1000, 256, 0, 90);
    // 48 work-groups of 256 work-items: one per CU, alone on it: the program is the wave share.
    ReefDisb.Kernel small = new ReefDisb.Kernel("k", 48, 256, 0, 14);
    // 120 work-groups of 64 work-items (1 wavefront): 2 siblings per CU ask 2 of 4 SIMDs: rate 1.
    ReefDisb.Kernel narrow = new ReefDisb.Kernel("k", 120, 64, 0, 20);

    assertThat(big.blockTimeNs(ReefDisb.ISSUE)).isEqualTo(3_750);
    assertThat(small.blockTimeNs(ReefDisb.ISSUE)).isEqualTo(small.blockTimeNs());
    assertThat(narrow.blockTimeNs(ReefDisb.ISSUE)).isEqualTo(narrow.blockTimeNs());
  }

  @Test
  void theIssueSharingTheReproductionsAssumeIsTheBundledModels() {
    org.preemptlab.runner.discovery.PluginRegistry registry =
        org.preemptlab.runner.discovery.PluginRegistry.discover(java.util.Optional.empty());
    for (var expected : Map.of("mi50", ReefDisb.ISSUE, "a100", GPreempt.A100_ISSUE).entrySet()) {
      RunConfig config = Overrides.set(Overrides.choose(RunConfig.defaults(), "hardware",
          expected.getKey()), "hardware.contention=issue-rate");
      org.preemptlab.api.hardware.HardwareModel model = registry.create(
          org.preemptlab.runner.discovery.PluginType.HARDWARE_MODEL, config.hardware().id(),
          config.hardware().parameters(), (org.preemptlab.api.hardware.HardwareModel) null,
          new java.util.SplittableRandom(1));
      assertThat(model.issueSharing()).contains(expected.getValue());
    }
  }

  @Test
  void aKernelsWorkGroupsLastItsLatencyOverItsWavesOnTheMi50() {
    // 1,000 work-groups of 256 work-items: 8 per CU by registers (32 x 256 each), 480 per wave.
    ReefDisb.Kernel big = new ReefDisb.Kernel("k", 1000, 256, 0, 90);
    ReefDisb.Kernel lds = new ReefDisb.Kernel("k", 60, 64, 40_000, 20);

    assertThat(big.perCu()).isEqualTo(8);
    assertThat(big.waves()).isEqualTo(3);
    assertThat(big.blockTimeNs()).isEqualTo(30_000);
    assertThat(lds.perCu()).as("one work-group per CU by its LDS").isEqualTo(1);
    assertThat(lds.blockTimeNs()).isEqualTo(20_000);
  }

  @Test
  void aTraceSubmitsEachRequestAtOnceAtItsPeriodAfterTheTasksPreviousRequest() {
    ReefDisb.Workload a = ReefDisb.workloads().get(0);
    Map<String, List<ReefDisb.Kernel>> models = ReefDisb.models();
    ReefDisb.Trace trace = ReefDisb.trace(a, models, ReefDisb.Mode.RT_FIRST, 20_000_000L,
        200_000, ReefDisb.Contexts.PER_TASK, 1, null);

    List<ReefDisb.Request> rt = trace.requests().stream().filter(ReefDisb.Request::realTime)
        .toList();
    assertThat(rt).extracting(ReefDisb.Request::submitNs).containsExactly(0L, 10_000_000L);
    assertThat(trace.csv()).contains("\n0,rt0-vgg,rt0-vgg,HIGH,COMPUTE,200000ns,48,256,32,4,"
        + "14000ns,,,true,vgg/tvmgen_default_fused_add_kernel0,200000ns\n");
    // The second real-time request: every kernel waits for the first request's last kernel,
    // then for the 200 us preparation.
    assertThat(trace.csv()).contains("\n" + rt.get(1).firstJob() + ",rt0-vgg,rt0-vgg,HIGH,"
        + "COMPUTE,10200000ns,48,256,32,4,14000ns," + rt.get(0).lastJob() + ",200000ns,true,");
    assertThat(trace.csv()).contains("\n" + rt.get(1).lastJob() + ",rt0-vgg,rt0-vgg,HIGH,");
    // only a request's first kernel carries the preparation, announced when it starts
    assertThat(trace.csv().lines().filter(l -> l.startsWith(rt.get(1).lastJob() + ",")))
        .singleElement().asString().contains("," + rt.get(0).lastJob() + ",200000ns,")
        .endsWith(",");
    assertThat(trace.csv().lines().filter(l -> l.startsWith(rt.get(1).firstJob() + ",")))
        .singleElement().asString().endsWith(",200000ns");
    // REEF's DISB starts best effort after the real-time task's latency alone; then every 10 ms.
    long vgg = ReefDisb.aloneNs(models.get("vgg"));
    List<ReefDisb.Request> be = trace.requests().stream().filter(r -> !r.realTime()).toList();
    assertThat(be).extracting(ReefDisb.Request::submitNs).startsWith(vgg, vgg + 10_000_000L);
  }

  @Test
  void gpreemptsDisbSpreadsPeriodicTasksOfOneRateByTheirLatencyAloneWithPreparation() {
    Map<String, List<ReefDisb.Kernel>> models = ReefDisb.models();
    ReefDisb.Workload c = ReefDisb.gpreemptWorkloads().get(2);

    long[] delays = ReefDisb.launchDelays(c, models, 200_000);

    // vgg (LC), then resnet152, densenet, vgg, inception, bert (BE), all at 100 requests/s.
    long vgg = 200_000 + ReefDisb.aloneNs(models.get("vgg"));
    long resnet152 = 200_000 + ReefDisb.aloneNs(models.get("resnet152"));
    assertThat(delays).hasSize(6);
    assertThat(delays[0]).isZero();
    assertThat(delays[1]).isEqualTo(vgg);
    assertThat(delays[2]).isEqualTo(vgg + resnet152);
  }

  @Test
  void theContextLayoutPutsTasksInOwnContextsOneContextOrOnePerClass() {
    ReefDisb.Workload c = ReefDisb.workloads().get(2);
    Map<String, List<ReefDisb.Kernel>> models = ReefDisb.models();

    assertThat(ReefDisb.trace(c, models, ReefDisb.Mode.RT_FIRST, 20_000_000L, 0,
        ReefDisb.Contexts.ONE, 1, null).csv()).contains(",rt0-vgg,app,HIGH,", ",be1-densenet,app,LOW,");
    assertThat(ReefDisb.trace(c, models, ReefDisb.Mode.RT_FIRST, 20_000_000L, 0,
        ReefDisb.Contexts.BY_CLASS, 1, null).csv()).contains(",rt0-vgg,rt,HIGH,",
        ",be0-densenet,be,LOW,", ",be1-densenet,be,LOW,");
  }

  @Test
  void oneAtATimeBestEffortServesTheRoundOfProfiledLatenciesInTheTimeRealTimeLeaves() {
    Map<String, List<ReefDisb.Kernel>> models = ReefDisb.models();
    ReefDisb.Workload a = ReefDisb.workloads().get(0);
    double vgg = ReefDisb.aloneNs(models.get("vgg")) / 1e9;
    double resnet152 = ReefDisb.aloneNs(models.get("resnet152")) / 1e9;

    assertThat(ReefDisb.oneAtATimeBePerSecond(a, models))
        .isCloseTo((1 - 100 * vgg) / resnet152, Offset.offset(1e-9));
  }

  @Test
  void aRealTimeTaskThatFallsBehindStartsEachRequestAfterThePreviousEndsAndItsPreparation()
      throws Exception {
    // DISB B: VGG at 220 requests/s, 5.3 ms each alone on the MI50: the task falls behind.
    ReefDisb.Workload b = ReefDisb.workloads().get(1);
    ReefDisb.Trace trace = ReefDisb.trace(b, ReefDisb.models(), ReefDisb.Mode.RT_ONLY,
        30_000_000L, 200_000, ReefDisb.Contexts.ONE, 1, null);
    Path file = Files.createTempFile("reef-disb-b", ".csv");
    Map<Long, JobRecord> jobs = new HashMap<>();
    try {
      Files.writeString(file, trace.csv());
      RunConfig config = Overrides.choose(RunConfig.defaults(), "hardware", "mi50");
      config = Overrides.set(config, "engine.in-order=true");
      config = config.withWorkload(new WorkloadConfig("csv-trace", Map.of("path",
          file.toString()), null)).withSeed(1);
      new RunExecutor(TwoContextRun.REGISTRY).execute(config).result().jobs()
          .forEach(j -> jobs.put(j.jobId(), j));
    } finally {
      Files.deleteIfExists(file);
    }

    List<ReefDisb.Request> rt = trace.requests();
    assertThat(rt).hasSizeGreaterThan(3);
    for (int k = 1; k < 4; k++) {
      long previousEnd = jobs.get(rt.get(k - 1).lastJob()).finishNs();
      long start = Math.max(previousEnd, rt.get(k).submitNs()) + 200_000;
      assertThat(jobs.get(rt.get(k).firstJob()).submitNs()).as("request %d", k).isEqualTo(start);
      long last = start;
      for (long id = rt.get(k).firstJob(); id <= rt.get(k).lastJob(); id++) {
        assertThat(jobs.get(id).firstStartNs()).as("kernel %d starts in order", id)
            .isGreaterThanOrEqualTo(last);
        last = jobs.get(id).firstStartNs();
      }
    }
  }
}
