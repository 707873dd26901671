package org.preemptlab.runner.workload.trace;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.runner.experiment.RunOutcome;

class TmpMeasureTest {
  @Test
  void measure(@TempDir Path dir) throws Exception {
    for (int i = 0; i < 2; i++) {
      KinetoTraces t = i == 0 ? KinetoTraces.training(2, 1) : KinetoTraces.inference(5, 800, 2);
      Path f = t.write(dir.resolve("t" + i + ".json"));
      long w0 = System.nanoTime();
      RecordedTrace rt = KinetoTraceReader.read(f);
      long w1 = System.nanoTime();
      RunOutcome o = TraceReplayFidelityTest.replayAlone(f);
      long w2 = System.nanoTime();
      long traceEnd = t.kernels().stream().mapToLong(k -> k.startNs() + k.durationNs()).max().getAsLong();
      long traceStart = rt.ops().stream().mapToLong(TraceOp::startNs).min().getAsLong();
      long first = rt.ops().stream().mapToLong(TraceOp::submittedNs).min().getAsLong();
      System.out.printf("trace %d: read %.1f ms, run %.1f ms; kernels %d; busy trace %d sim %d (%.2f%%); trace span %d (gpu from first launch %d); sim makespan %d; blocks %d%n",
          i, (w1 - w0) / 1e6, (w2 - w1) / 1e6, t.kernels().size(), t.busyNs(),
          TraceReplayFidelityTest.simulatedBusyNs(o), 100.0 * (TraceReplayFidelityTest.simulatedBusyNs(o) - t.busyNs()) / t.busyNs(),
          traceEnd - traceStart, traceEnd - first, o.metrics().makespanNs(),
          o.workload().jobs().stream().mapToLong(j -> j.kernel().gridBlocks()).sum());
    }
  }
}
