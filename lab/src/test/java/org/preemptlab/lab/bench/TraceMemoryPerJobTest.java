package org.preemptlab.lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.workload.CsvTraceReader;
import org.preemptlab.runner.workload.trace.KinetoTraceReader;
import org.preemptlab.runner.workload.trace.RecordedTrace;
import org.preemptlab.runner.workload.trace.TraceOp;

/** The traces the memory benchmark reads are the workload its documentation describes. */
class TraceMemoryPerJobTest {
  @TempDir
  Path dir;

  @Test
  void csvTraceHasOneQueueAJobEvery10MicrosecondsAndOwnOrSharedKernels() throws Exception {
    Path own = dir.resolve("own.csv");
    Path shared = dir.resolve("shared.csv");
    TraceMemoryPerJob.writeCsv(own, 50, false);
    TraceMemoryPerJob.writeCsv(shared, 50, true);

    Workload ownKernels = CsvTraceReader.read(own);
    Workload sharedKernel = CsvTraceReader.read(shared);

    assertThat(ownKernels.jobs()).hasSize(50);
    assertThat(ownKernels.queues()).hasSize(1);
    assertThat(ownKernels.jobs().get(7).submitTimeNs()).isEqualTo(70_000);
    assertThat(ownKernels.jobs().get(7).id()).isEqualTo(8);
    assertThat(ownKernels.jobs().get(7).kernel().gridBlocks()).isEqualTo(4);
    assertThat(ownKernels.jobs().stream().map(j -> j.kernel().name()).distinct()).hasSize(50);
    assertThat(sharedKernel.jobs().stream().map(j -> j.kernel()).distinct()).hasSize(1);
  }

  @Test
  void pytorchTraceLinksEveryKernelToItsLaunchAndRepeats100Names() throws Exception {
    Path file = dir.resolve("t.json");
    TraceMemoryPerJob.writeKineto(file, 250);

    RecordedTrace trace = KinetoTraceReader.read(file);

    assertThat(trace.ops()).hasSize(250).allMatch(op -> op.kind() == TraceOp.Kind.KERNEL);
    assertThat(trace.ops().get(3).launchNs()).isEqualTo(30_000);
    assertThat(trace.ops().get(3).startNs()).isEqualTo(35_000);
    assertThat(trace.ops().get(3).gridBlocks()).isEqualTo(4);
    assertThat(trace.ops().stream().map(TraceOp::name).distinct()).hasSize(100);
  }

  @Test
  void tableHasOneLinePerRowAndADashWhereReadingWasNotMeasured() {
    String table = TraceMemoryPerJob.render(List.of(
        new TraceMemoryPerJob.Row("csv", "own", 1000, 200_000, 100_000),
        new TraceMemoryPerJob.Row("replay", "100", 1000, -1, 25_000)));

    assertThat(table.lines()).containsExactly(
        "trace   kernels N               reading B/job    result B/job",
        "csv     own     1,000                   200.0           100.0",
        "replay  100     1,000                       -            25.0");
  }
}
