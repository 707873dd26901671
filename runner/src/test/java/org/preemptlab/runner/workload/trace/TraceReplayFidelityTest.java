package org.preemptlab.runner.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;

/**
 * The acceptance check of trace replay: a trace replayed alone on the hardware model of the GPU it
 * was recorded on runs every kernel once, keeps the GPU busy as long as the trace did and spans
 * what the trace spans, within 3%.
 */
class TraceReplayFidelityTest {
  private static final RunExecutor EXECUTOR =
      new RunExecutor(PluginRegistry.discover(Optional.empty()));

  static RunOutcome replayAlone(Path trace) {
    return EXECUTOR.execute(ConfigLoader.parse("""
        name: replay
        hardware: h200
        policy: priority
        workload:
          generator: pytorch-trace
          parameters: {path: '%s'}
        """.formatted(trace.toString().replace("'", "''")), "replay.yaml"));
  }

  static long simulatedBusyNs(RunOutcome outcome) {
    List<long[]> spans = outcome.result().jobs().stream()
        .filter(j -> j.engine() == EngineKind.COMPUTE)
        .map(j -> new long[] {j.firstStartNs(), j.finishNs()}).toList();
    return KinetoTraces.union(spans);
  }

  private static long kernelsRun(RunOutcome outcome) {
    return outcome.result().jobs().stream().filter(j -> j.engine() == EngineKind.COMPUTE)
        .map(JobRecord::jobId).distinct().count();
  }

  @Test
  void aTrainingTraceReplayedOnItsGpuRunsEveryKernelAndMatchesTheBusyTime(@TempDir Path dir)
      throws Exception {
    KinetoTraces training = KinetoTraces.training(1, 1);
    RunOutcome outcome = replayAlone(training.write(dir.resolve("train.pt.trace.json")));

    assertThat(kernelsRun(outcome)).isEqualTo(training.kernels().size()).isEqualTo(26);
    assertThat((double) simulatedBusyNs(outcome))
        .isCloseTo(training.busyNs(), within(0.05 * training.busyNs()));
    // A kernel's launch overlaps its stream predecessor's execution, as on the GPU (docs/traces.md,
    // "Fidelity"): the replay spans what the trace spans.
    assertThat((double) outcome.metrics().makespanNs())
        .isCloseTo(training.spanNs(), within(0.03 * training.spanNs()));
  }

  @Test
  void anInferenceTraceReplayedOnItsGpuRunsEveryKernelAndMatchesTheBusyTime(@TempDir Path dir)
      throws Exception {
    KinetoTraces inference = KinetoTraces.inference(5, 800, 2);
    RunOutcome outcome = replayAlone(inference.write(dir.resolve("infer.pt.trace.json.gz")));

    assertThat(kernelsRun(outcome)).isEqualTo(inference.kernels().size()).isEqualTo(5 * 19);
    assertThat((double) simulatedBusyNs(outcome))
        .isCloseTo(inference.busyNs(), within(0.05 * inference.busyNs()));
    assertThat((double) outcome.metrics().makespanNs())
        .isCloseTo(inference.spanNs(), within(0.03 * inference.spanNs()));
  }

  /** The trace's span: from its first CPU-side launch (the replay's time 0) to its last GPU end. */
  private static long recordedSpanNs(RecordedTrace trace) {
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (TraceOp op : trace.ops()) {
      first = Math.min(first, op.submittedNs());
      last = Math.max(last, op.endNs());
    }
    return last - first;
  }

  @ParameterizedTest
  @ValueSource(strings = {"inference.pt.trace.json", "training.pt.trace.json.gz"})
  void theExampleTracesReplayedOnTheirGpuSpanWhatTheTraceSpans(String name) {
    Path trace = Path.of("..", "examples", "traces", name);
    long recorded = recordedSpanNs(KinetoTraceReader.read(trace));

    RunOutcome outcome = replayAlone(trace);

    assertThat((double) outcome.metrics().makespanNs())
        .as("%s: replay makespan vs the trace's span %s ns", name, recorded)
        .isCloseTo(recorded, within(0.03 * recorded));
  }
}
