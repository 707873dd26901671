package org.preemptlab.runner.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;

/** How traces map onto contexts, queues and jobs, and what each option does. */
class TraceReplayTest {
  @TempDir
  Path dir;

  private Path nsys(String name, String... rows) throws Exception {
    return Files.writeString(dir.resolve(name), NsysTraces.HEADER + "\n" + String.join("\n", rows)
        + "\n");
  }

  private static List<Job> kernels(Workload workload) {
    return workload.jobs().stream()
        .filter(j -> workload.queue(j.queueId()).engine() == EngineKind.COMPUTE).toList();
  }

  @Test
  void eachStreamBecomesASerialQueueOfTheTracesContextWithItsPriority() throws Exception {
    Path trace = nsys("infer.csv",
        NsysTraces.kernelRow(1_000, 20_000, 132, 256, 90, 48 << 10, 7, "gemv"),
        NsysTraces.copyRow(2_000, 3_000, 4096, 9, "[CUDA memcpy Host-to-Device]"),
        NsysTraces.kernelRow(30_000, 5_000, 64, 128, 22, 0, 7, "add"));

    Workload workload = TraceTesting.workload("nsys-trace", trace, Map.of("priority", "HIGH"));

    assertThat(workload.contexts()).containsExactly(new GpuContext("infer", false));
    assertThat(workload.queues()).containsExactly(
        new JobQueue("infer.s7", "infer", Priority.HIGH, 1, EngineKind.COMPUTE, true),
        new JobQueue("infer.s9.copy", "infer", Priority.HIGH, 1, EngineKind.COPY, true));
    assertThat(workload.jobs()).extracting(Job::queueId)
        .containsExactly("infer.s7", "infer.s9.copy", "infer.s7");
    assertThat(workload.jobs()).extracting(Job::submitTimeNs).containsExactly(0L, 1_000L, 29_000L);
    assertThat(workload.jobs().get(2).dependencies()).containsExactly(0L);
  }

  /** The block-dispatch cost of the bundled h200 model, which the rule subtracts per block. */
  private static final long H200_DISPATCH_NS =
      TracedHardware.resolve("h200", null, "test").costs().blockDispatchNs();

  @Test
  void aKernelKeepsItsTracedShapeAndItsBlocksLastOneWaveMinusTheDispatchCost() throws Exception {
    // 256 threads, 128 registers: 65,536 / 32,768 = 2 blocks per SM on an H200 (also 64 KiB + 1 KiB
    // of shared memory: 3), so 264 blocks are one wave of 132 SMs x 2 and 265 are two.
    Path trace = nsys("gemm.csv",
        NsysTraces.kernelRow(0, 400_000, 264, 256, 128, 64 << 10, "one-wave"),
        NsysTraces.kernelRow(500_000, 400_000, 265, 256, 128, 64 << 10, "two-waves"));

    List<Job> jobs = TraceTesting.workload("nsys-trace", trace, Map.of()).jobs();

    Kernel oneWave = jobs.get(0).kernel();
    assertThat(oneWave.gridBlocks()).isEqualTo(264);
    assertThat(oneWave.threadsPerBlock()).isEqualTo(256);
    assertThat(oneWave.registersPerThread()).isEqualTo(128);
    assertThat(oneWave.sharedMemoryPerBlock()).isEqualTo(65_536);
    long dispatch = H200_DISPATCH_NS;
    assertThat(oneWave.program().durationNs()).isEqualTo(400_000 - dispatch);
    assertThat(jobs.get(1).kernel().program().durationNs()).isEqualTo(200_000 - dispatch);
  }

  @Test
  void onAnotherGpuBlocksKeepTheirCyclesUnderTheClockRule() throws Exception {
    Path trace = nsys("gemm.csv",
        NsysTraces.kernelRow(0, 400_000, 264, 256, 32, 0, "k"));
    DeviceSpec gtx480 = TracedHardware.resolve("gtx480", null, "test");

    Kernel scaled = TraceTesting.workload("nsys-trace", trace,
        Map.of("traced-hardware", "h200"), gtx480).jobs().get(0).kernel();
    Kernel kept = TraceTesting.workload("nsys-trace", trace,
        Map.of("traced-hardware", "h200", "block-scaling", "none"), gtx480).jobs().get(0).kernel();

    // 256 threads x 32 registers: 8 blocks per H200 SM, so 264 blocks are one wave.
    long onH200 = 400_000 - H200_DISPATCH_NS;
    assertThat(scaled.program().durationNs()).isEqualTo(Math.round(onH200 * 1980.0 / 700.0));
    assertThat(kept.program().durationNs()).isEqualTo(onH200);
  }

  @Test
  void iterationsKeepOnlyTheKernelsLaunchedInTheirProfilerSteps() throws Exception {
    KinetoTraces training = KinetoTraces.training(3, 4);
    Path trace = training.write(dir.resolve("train.json"));

    Workload all = TraceTesting.workload("pytorch-trace", trace, Map.of());
    Workload second = TraceTesting.workload("pytorch-trace", trace, Map.of("iterations", "1"));
    Workload last = TraceTesting.workload("pytorch-trace", trace, Map.of("iterations", "1-2"));

    assertThat(kernels(all)).hasSize(3 * 26);
    assertThat(kernels(second)).hasSize(26);
    assertThat(kernels(last)).hasSize(2 * 26);
    assertThat(second.jobs().get(0).submitTimeNs()).isZero();
  }

  @Test
  void withoutCopiesOnlyKernelsAreReplayedAndTheRankOfTheFileIsAccepted() throws Exception {
    Path trace = KinetoTraces.inference(2, 300, 6).write(dir.resolve("i.json"));

    Workload kernelsOnly = TraceTesting.workload("pytorch-trace", trace,
        Map.of("copies", "false", "rank", "0"));

    assertThat(kernelsOnly.jobs()).hasSize(2 * 19).allMatch(j -> j.queueId().equals("i.s7"));
    assertThat(kernelsOnly.queues()).extracting(JobQueue::engine)
        .containsExactly(EngineKind.COMPUTE);
  }

  @Test
  void aTimeWindowKeepsTheOperationsThatStartInIt() throws Exception {
    Path trace = nsys("w.csv",
        NsysTraces.kernelRow(1_000, 1_000, 1, 32, 8, 0, "a"),
        NsysTraces.kernelRow(11_000, 1_000, 1, 32, 8, 0, "b"),
        NsysTraces.kernelRow(21_000, 1_000, 1, 32, 8, 0, "c"));

    Workload window = TraceTesting.workload("nsys-trace", trace,
        Map.of("window-start", "10us", "window-end", "20us"));

    assertThat(window.jobs()).extracting(j -> j.kernel().name()).containsExactly("b");
  }

  @Test
  void repeatReplaysTheTraceAgainOneSpanLaterAndTimeScaleStretchesSubmissions() throws Exception {
    Path trace = nsys("r.csv",
        NsysTraces.kernelRow(0, 4_000, 1, 32, 8, 0, "a"),
        NsysTraces.kernelRow(6_000, 4_000, 1, 32, 8, 0, "b"));

    Workload twice = TraceTesting.workload("nsys-trace", trace,
        Map.of("repeat", "2", "time-scale", "2"));

    assertThat(twice.jobs()).extracting(Job::submitTimeNs)
        .containsExactly(0L, 12_000L, 20_000L, 32_000L);
    assertThat(twice.jobs()).extracting(j -> j.kernel().name()).containsExactly("a", "b", "a",
        "b");
    assertThat(twice.jobs().get(2).dependencies()).containsExactly(1L);
  }

  @Test
  void idsFollowSubmitTimesAcrossRepetitionsAndEachCopyFollowsThePreviousOnItsStream() {
    // b is launched after the trace's span, so its first copy is submitted after a's second
    TraceOp a = new TraceOp(TraceOp.Kind.KERNEL, "a", 0, 1, 7, 1, 0, 1_000, 0, 1, 32, 8, 0,
        "line 1");
    TraceOp b = new TraceOp(TraceOp.Kind.KERNEL, "b", 0, 1, 7, 2, 2_000, 1_000, 4_000, 1, 32, 8,
        0, "line 2");
    RecordedTrace trace = new RecordedTrace("r.json", List.of(a, b), List.of(), List.of(),
        Map.of(), 0, -1);
    TraceOptions options = new TraceOptions(-1, -1, -1, -1, 0, 0, 2, Priority.NORMAL, "r", 1.0,
        "", BlockDurations.Scaling.NONE, false, false);

    TraceReplay.Part part = TraceReplay.replay(trace, options, TraceTesting.H200,
        TraceTesting.H200, 10);

    assertThat(part.jobs()).extracting(Job::id).containsExactly(10L, 11L, 12L, 13L);
    assertThat(part.jobs()).extracting(j -> j.kernel().name()).containsExactly("a", "a", "b",
        "b");
    assertThat(part.jobs()).extracting(Job::submitTimeNs)
        .containsExactly(0L, 3_000L, 4_000L, 7_000L);
    assertThat(part.jobs()).extracting(Job::dependencies)
        .containsExactly(List.of(), List.of(12L), List.of(10L), List.of(11L));
  }

  @Test
  void moreRepetitionsThanAWorkloadCanHoldFailBeforeAnyJobIsBuilt() {
    TraceOp a = new TraceOp(TraceOp.Kind.KERNEL, "a", 0, 1, 7, 1, 0, 1_000, 0, 1, 32, 8, 0,
        "line 1");
    TraceOp b = new TraceOp(TraceOp.Kind.KERNEL, "b", 0, 1, 7, 2, 2_000, 1_000, 0, 1, 32, 8, 0,
        "line 2");
    RecordedTrace trace = new RecordedTrace("r.json", List.of(a, b), List.of(), List.of(),
        Map.of(), 0, -1);
    TraceOptions options = new TraceOptions(-1, -1, -1, -1, 0, 0, Integer.MAX_VALUE,
        Priority.NORMAL, "r", 1.0, "", BlockDurations.Scaling.NONE, false, false);

    org.assertj.core.api.Assertions.assertThatThrownBy(() -> TraceReplay.replay(trace, options,
        TraceTesting.H200, TraceTesting.H200, 0))
        .isInstanceOf(org.preemptlab.api.ConfigurationException.class)
        .hasMessage("r.json: 2 operations replayed 2147483647 times (parameter 'repeat') make "
            + "4294967294 jobs, more than the 1000000 one workload may hold; lower 'repeat' or "
            + "select a window");
    TraceOptions justOver = new TraceOptions(-1, -1, -1, -1, 0, 0, 500_001,
        Priority.NORMAL, "r", 1.0, "", BlockDurations.Scaling.NONE, false, false);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> TraceReplay.replay(trace, justOver,
        TraceTesting.H200, TraceTesting.H200, 0))
        .hasMessageContaining("make 1000002 jobs, more than the 1000000 one workload may hold");
  }

  @Test
  void aStreamWaitMakesTheFirstOpFromTheWaitOnDependOnTheLastOpLaunchedBeforeTheRecord() {
    // stream 8: x (launched 0), y (launched 3,000); stream 7: a starts at 5,000 after the wait
    TraceOp x = new TraceOp(TraceOp.Kind.KERNEL, "x", 0, 1, 8, 1, 1_000, 1_000, 0, 1, 32, 8, 0,
        "line 1");
    TraceOp y = new TraceOp(TraceOp.Kind.KERNEL, "y", 0, 1, 8, 2, 3_500, 1_000, 3_000, 1, 32, 8,
        0, "line 2");
    TraceOp a = new TraceOp(TraceOp.Kind.KERNEL, "a", 0, 1, 7, 3, 5_000, 1_000, 500, 1, 32, 8,
        0, "line 3");
    StreamWait recordedBetween = new StreamWait(0, 7, 4_000, 8, 2_000, "line 4");
    StreamWait recordedAfter = new StreamWait(0, 7, 4_000, 8, 3_000, "line 5");
    StreamWait unresolved = new StreamWait(0, 7, 4_000, 8, -1, "line 6");
    TraceOptions options = new TraceOptions(-1, -1, -1, -1, 0, 0, 1, Priority.NORMAL, "r", 1.0,
        "", BlockDurations.Scaling.NONE, false, false);

    for (var wait : List.of(List.of(recordedBetween, "x"), List.of(recordedAfter, "y"),
        List.of(unresolved, "y"))) {
      RecordedTrace trace = new RecordedTrace("w.json", List.of(x, y, a),
          List.of((StreamWait) wait.get(0)), List.of(), Map.of(), 0, -1);
      TraceReplay.Part part = TraceReplay.replay(trace, options, TraceTesting.H200,
          TraceTesting.H200, 0);
      Job jobA = part.jobs().stream().filter(j -> j.kernel().name().equals("a")).findFirst()
          .orElseThrow();
      Job awaited = part.jobs().stream().filter(j -> j.kernel().name().equals(wait.get(1)))
          .findFirst().orElseThrow();
      assertThat(jobA.dependencies()).as("%s", wait.get(0)).containsExactly(awaited.id());
    }
  }

  @Test
  void aHundredThousandStreamWaitsReplayInLinearTime() { // issue 27 finding 3: was quadratic
    int n = 100_000;
    List<TraceOp> ops = new java.util.ArrayList<>(n);
    List<StreamWait> waits = new java.util.ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      long start = 10_000L * i;
      ops.add(new TraceOp(TraceOp.Kind.KERNEL, "k", 0, 1, 7 + i % 2, i, start, 5_000, -1, 1, 32,
          8, 0, "line " + (i + 1)));
      waits.add(new StreamWait(0, 7 + (i + 1) % 2, start + 5_000, 7 + i % 2, -1,
          "line " + (n + i + 1)));
    }
    RecordedTrace trace = new RecordedTrace("w.json", ops, waits, List.of(), Map.of(), 0, -1);
    TraceOptions options = new TraceOptions(-1, -1, -1, -1, 0, 0, 1, Priority.NORMAL, "r", 1.0,
        "", BlockDurations.Scaling.NONE, false, false);

    // 10^10 steps before: never within the limit; a guard against a hang, not a measurement
    TraceReplay.Part part = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
        java.time.Duration.ofSeconds(60), () -> TraceReplay.replay(trace, options,
            TraceTesting.H200, TraceTesting.H200, 0));

    assertThat(part.jobs().size()).isEqualTo(n);
    assertThat(part.jobs().get(n - 1).dependencies()).containsExactlyInAnyOrder(n - 3L, n - 2L);
  }

  @Test
  void stableSortOrdersByKeyAndKeepsIndexOrderOnTies() {
    java.util.SplittableRandom random = new java.util.SplittableRandom(7);
    for (int size : new int[] {0, 1, 2, 3, 17, 1000}) {
      long[] keys = random.longs(size, 0, 10).toArray();
      List<Integer> expected = new java.util.ArrayList<>(
          java.util.stream.IntStream.range(0, size).boxed().toList());
      expected.sort(java.util.Comparator.comparingLong(i -> keys[i])); // List.sort is stable

      assertThat(TraceReplay.sortedStably(keys)).containsExactly(
          expected.stream().mapToInt(Integer::intValue).toArray());
    }
  }

  @Test
  void aRecordedStreamWaitMakesTheWaitingKernelDependOnTheLastOperationBeforeTheRecord()
      throws Exception {
    Path trace = KinetoTraces.training(1, 3).write(dir.resolve("t.json"));

    Workload workload = TraceTesting.workload("pytorch-trace", trace, Map.of());

    Job load = workload.jobs().stream().filter(j -> j.queueId().equals("t.s20.copy"))
        .findFirst().orElseThrow();
    Job firstOnCompute = workload.jobs().stream().filter(j -> j.queueId().startsWith("t.s7"))
        .findFirst().orElseThrow();
    assertThat(firstOnCompute.kernel().name()).isEqualTo("Memset (Device)");
    assertThat(firstOnCompute.dependencies()).containsExactly(load.id());
  }

  @Test
  void aGzipTraceReadsAsThePlainOne() throws Exception {
    KinetoTraces inference = KinetoTraces.inference(2, 500, 9);
    Path plain = inference.write(dir.resolve("i.json"));
    Path gzip = inference.write(dir.resolve("i.json.gz"));

    assertThat(TraceTesting.workload("pytorch-trace", gzip, Map.of("context", "x")))
        .isEqualTo(TraceTesting.workload("pytorch-trace", plain, Map.of("context", "x")));
  }

  @Test
  void kinetoTimesInFractionalMicrosecondsBecomeExactNanoseconds() throws Exception {
    KinetoTraces inference = KinetoTraces.inference(1, 500, 5);
    RecordedTrace read = KinetoTraceReader.read(inference.write(dir.resolve("i.json")));

    List<TraceOp> kernels = read.ops().stream().filter(op -> op.kind() == TraceOp.Kind.KERNEL)
        .toList();
    assertThat(kernels).extracting(TraceOp::startNs).containsExactlyElementsOf(
        inference.kernels().stream().map(KinetoTraces.Written::startNs).toList());
    assertThat(kernels).extracting(TraceOp::durationNs).containsExactlyElementsOf(
        inference.kernels().stream().map(KinetoTraces.Written::durationNs).toList());
    assertThat(kernels).allMatch(op -> op.launchNs() >= 0 && op.launchNs() < op.startNs());
  }

  @Test
  void nsysSizesAreReadInTheUnitTheHeaderNames() throws Exception {
    Path trace = Files.writeString(dir.resolve("b.csv"), """
        Generating '/tmp/nsys-report-1.sqlite'
        Start:ts_ns,Duration:dur_ns,CorrId,GrdX,GrdY,GrdZ,BlkX,BlkY,BlkZ,Reg/Trd,StcSMem:mem_B,\
        DymSMem:mem_B,Bytes:mem_B,Throughput:thru_B,SrcMemKd,DstMemKd,Device,Ctx,GreenCtx,Strm,Name
        5000,2000,1,2,2,1,16,8,1,40,1024,3072,,,,,NVIDIA H200 (0),1,,13,"void k<float, 4>(float*)"
        """);

    TraceOp op = NsysCsvReader.read(trace).ops().get(0);

    assertThat(op.gridBlocks()).isEqualTo(4);
    assertThat(op.threadsPerBlock()).isEqualTo(128);
    assertThat(op.sharedMemoryBytes()).isEqualTo(4096);
    assertThat(op.stream()).isEqualTo(13);
    assertThat(op.name()).isEqualTo("void k<float, 4>(float*)");
  }

  @Test
  void theSameKernelsRecordedByEitherProfilerBecomeTheSameKernels() throws Exception {
    KinetoTraces training = KinetoTraces.training(1, 7);
    Path kineto = training.write(dir.resolve("t.json"));
    Path nsys = Files.writeString(dir.resolve("t.csv"), training.nsysCsv());

    List<Kernel> fromKineto = TraceTesting.workload("pytorch-trace", kineto,
        Map.of("copies", "false")).jobs().stream().map(Job::kernel).toList();
    List<Kernel> fromNsys = TraceTesting.workload("nsys-trace", nsys, Map.of()).jobs().stream()
        .map(Job::kernel).toList();

    assertThat(fromNsys).hasSize(26).isEqualTo(fromKineto);
  }

  @Test
  void theSameTraceGivesTheSameWorkloadEveryTime() throws Exception {
    Path trace = KinetoTraces.training(1, 8).write(dir.resolve("t.json"));

    assertThat(TraceTesting.workload("pytorch-trace", trace, Map.of()))
        .isEqualTo(TraceTesting.workload("pytorch-trace", trace, Map.of()));
  }

  @Test
  void aMixColocatesTracesAsContextsWithTheirOwnPriorities() throws Exception {
    KinetoTraces.inference(2, 300, 1).write(dir.resolve("infer.json"));
    KinetoTraces.training(1, 2).write(dir.resolve("train.json.gz"));
    Path mix = Files.writeString(dir.resolve("mix.yaml"), """
        description: inference next to training
        traces:
          - {format: pytorch-trace, path: infer.json, context: serve, priority: HIGH, repeat: 2}
          - {format: pytorch-trace, path: train.json.gz, context: train, priority: LOW}
        """);

    Workload workload = TraceTesting.workload("trace-mix", mix, Map.of());

    assertThat(workload.contexts()).extracting(GpuContext::id).containsExactly("serve", "train");
    assertThat(workload.queues()).filteredOn(q -> q.contextId().equals("serve"))
        .allMatch(q -> q.priority() == Priority.HIGH).isNotEmpty();
    assertThat(workload.queues()).filteredOn(q -> q.contextId().equals("train"))
        .allMatch(q -> q.priority() == Priority.LOW).isNotEmpty();
    assertThat(kernels(workload)).hasSize(2 * 2 * 19 + 26);
    assertThat(workload.jobs()).extracting(Job::id).doesNotHaveDuplicates();
  }
}
