package org.preemptlab.runner.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

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
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.cli.Main;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.PluginChoice;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;
import org.preemptlab.runner.experiment.YamlBinding;
import org.preemptlab.runner.experiment.sweep.SweepConfig;
import org.preemptlab.runner.experiment.sweep.SweepPlan;
import org.preemptlab.runner.metrics.GroupStats;

/** The shipped example traces load as documented, and a bad trace ends a run with exit code 2. */
@Tag("slow")
class TraceExamplesTest {
  static final Path TRACES = Path.of("..", "examples", "traces");

  @Test
  void theShippedColocationMixHasOneContextPerTraceWithItsPriority() {
    Workload workload = TraceMixProvider.load(TRACES.resolve("colocation.yaml"),
        TraceTesting.H200);

    assertThat(workload.contexts()).extracting(GpuContext::id)
        .containsExactly("serve", "train", "preprocess");
    assertThat(workload.queues()).extracting(JobQueue::id, JobQueue::priority).containsExactly(
        tuple("serve.s7.copy", Priority.HIGH),
        tuple("serve.s7", Priority.HIGH),
        tuple("train.s20.copy", Priority.LOW),
        tuple("train.s7.copy", Priority.LOW),
        tuple("train.s7", Priority.LOW),
        tuple("preprocess.s14.copy", Priority.NORMAL),
        tuple("preprocess.s14", Priority.NORMAL));
  }

  @Test
  void theShippedPytorchExamplesAreTheGeneratorsOutput() throws Exception {
    assertThat(Files.readString(TRACES.resolve("inference.pt.trace.json")))
        .isEqualTo(KinetoTraces.inference(4, 1500, 11).json());
    try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(
        TRACES.resolve("training.pt.trace.json.gz")))) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
          .isEqualTo(KinetoTraces.training(2, 12).json());
    }
  }

  @Test
  void theShippedNsysExampleReadsItsKernelsAndCopies() {
    RecordedTrace trace = NsysCsvReader.read(TRACES.resolve("preprocess.nsys.csv"));

    assertThat(trace.ops()).hasSize(16);
    assertThat(trace.ops()).filteredOn(op -> op.kind() == TraceOp.Kind.KERNEL).hasSize(12);
    assertThat(trace.device(0)).hasValueSatisfying(d -> assertThat(d.name())
        .isEqualTo("NVIDIA H200"));
  }

  @Test
  void theShippedPytorchExamplesHaveTheirProfilerSteps() {
    assertThat(KinetoTraceReader.read(TRACES.resolve("inference.pt.trace.json")).steps())
        .extracting(ProfilerStep::number).containsExactly(0L, 1L, 2L, 3L);
    assertThat(KinetoTraceReader.read(TRACES.resolve("training.pt.trace.json.gz")).steps())
        .extracting(ProfilerStep::number).containsExactly(0L, 1L);
    assertThat(TraceTesting.workload("pytorch-trace", TRACES.resolve("inference.pt.trace.json"),
        Map.of("iterations", "2")).contexts()).containsExactly(new GpuContext("inference",
        false));
  }

  private static long serveTurnaroundP50(RunOutcome outcome) {
    return outcome.metrics().groups().stream()
        .filter(g -> g.dimension().equals("context") && g.group().equals("serve"))
        .mapToLong(GroupStats::turnaroundP50Ns).findFirst().orElseThrow();
  }

  @Test
  void theShippedColocationSweepPreemptsWithEveryStrategyAndBeatsTimeSlicing() {
    SweepConfig sweep = YamlBinding.read(Path.of("..", "examples", "configs",
        "trace-colocation.yaml"), SweepConfig.class).orElseThrow();
    RunExecutor executor = new RunExecutor(PluginRegistry.discover(Optional.empty()));
    List<RunConfig> configs = SweepPlan.of(sweep).points().stream().map(p -> p.config()
        .withWorkload(p.config().workload().with("path", TRACES.resolve("colocation.yaml")
            .toString()))).toList();
    RunConfig timeSliced = configs.get(0).withHardware(new PluginChoice("h200", Map.of()));

    long sliced = serveTurnaroundP50(executor.execute(timeSliced));
    assertThat(configs).extracting(c -> c.preemption().id())
        .containsExactly("block-boundary", "instruction-level", "flush");
    for (RunConfig config : configs) {
      RunOutcome outcome = executor.execute(config);
      assertThat(outcome.metrics().preemptions()).as(config.preemption().id()).isPositive();
      // Time slicing makes a serve kernel wait for its context's next slice whenever the serve
      // stream runs dry; its queued next kernel (launched while the previous one runs) keeps the
      // slice otherwise, so priority preemption wins by a few times, not by orders of magnitude.
      assertThat(serveTurnaroundP50(outcome)).as(config.preemption().id())
          .isLessThan(sliced / 2);
    }
  }

  @Test
  void aRunOfATruncatedTraceFailsWithOneLineAndExitCodeTwo(@TempDir Path dir) throws Exception {
    String json = KinetoTraces.inference(1, 100, 3).json();
    Path trace = Files.writeString(dir.resolve("cut.json"), json.substring(0, json.length() / 3));
    Path config = Files.writeString(dir.resolve("run.yaml"), """
        workload:
          generator: pytorch-trace
          parameters: {path: '%s'}
        """.formatted(trace.toString().replace("'", "''")));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      exit = new Main(o, e).run(new String[] {"run", "--config", config.toString(), "--out",
          dir.resolve("out").toString()});
    }

    String errors = err.toString(StandardCharsets.UTF_8);
    assertThat(exit).as(errors).isEqualTo(2);
    assertThat(errors.lines()).as(errors).hasSize(1).first().asString()
        .startsWith("preemptlab run: cut.json: truncated: the file ends inside the JSON");
  }
}
