package org.preemptlab.runner.report.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.policy.JobState;
import org.preemptlab.runner.report.trace.TraceFile.Slice;
import org.preemptlab.testkit.TestJob;
import org.preemptlab.testkit.TestQueues;

/** The writer fed engine callbacks directly. */
class TimelineWriterTest {
  private static final TestJob A = job(1, "a", EngineKind.COMPUTE);
  private static final TestJob B = job(2, "b", EngineKind.COMPUTE);
  private static final TestJob C = job(3, "c", EngineKind.COMPUTE);
  private static final TestJob COPY = job(4, "memcpy", EngineKind.COPY);

  private static TraceFile write(Consumer<TimelineWriter> calls) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (TimelineWriter writer = new TimelineWriter(bytes, Map.of())) {
      calls.accept(writer);
    }
    return TraceFile.parse(bytes.toByteArray());
  }

  @Test
  void aJobDispatchedWhileAnotherRunsGetsTheLowestFreeLaneOfItsEngine() {
    TraceFile trace = write(w -> {
      w.jobDispatched(0, A);
      w.jobDispatched(10, B);
      w.jobDispatched(15, COPY);
      w.jobFinished(20, A);
      w.jobDispatched(30, C);
      w.jobFinished(40, B);
      w.jobFinished(45, COPY);
      w.jobFinished(50, C);
    });

    assertThat(trace.slices()).extracting(Slice::pid, Slice::tid, Slice::brief).containsExactly(
        tuple(3, 1, "a (job 1) [0,20]"),
        tuple(3, 2, "b (job 2) [10,40]"),
        tuple(4, 1, "memcpy (job 4) [15,45]"),
        tuple(3, 1, "c (job 3) [30,50]"));
    assertThat(trace.names("process_name")).containsEntry(List.of(4, 0), "COPY");
  }

  @Test
  void jobsStillRunningAtCloseGetUnfinishedSlicesToTheLastTimeSeenInIdOrder() {
    TraceFile trace = write(w -> {
      w.jobDispatched(0, B);
      w.jobDispatched(5, A);
      w.blockExecuted(0, 0, A, 0, 5, 70, TimelineWriter.BlockEnd.FLUSHED);
    });

    assertThat(trace.slices(3, 1).get(0).brief()).isEqualTo("b (job 2) [0,70]");
    assertThat(trace.slices().stream().filter(s -> s.category().equals("job")))
        .extracting(Slice::brief, s -> s.args().path("unfinished").asBoolean())
        .containsExactly(
            tuple("a (job 1) [5,70]", true),
            tuple("b (job 2) [0,70]", true));
  }

  @Test
  void aBlockSwitchedOutBeforeItStartedShowsOnlyItsRestoreCutAtTheSwitch() {
    TraceFile trace = write(w -> {
      w.contextRestored(0, 3, A, 7, 100, 600, 4096);
      w.blockExecuted(0, 3, A, 7, 600, 250, TimelineWriter.BlockEnd.SWITCHED_OUT);
      w.contextRestored(0, 3, B, 1, 1000, 1200, 64);
      w.blockExecuted(0, 3, B, 1, 1200, 1500, TimelineWriter.BlockEnd.COMPLETED);
    });

    assertThat(trace.slices(100, 4)).extracting(Slice::brief,
        s -> s.args().path("end").asText(), s -> s.args().path("bytes").asLong())
        .containsExactly(
            tuple("restore [100,250]", "SWITCHED_OUT", 4096L),
            tuple("restore [1000,1200]", "", 64L),
            tuple("b (job 2) [1200,1500]", "COMPLETED", 0L));
  }

  @Test
  void anUnchangedQueueLengthIsNotWrittenAgain() {
    TraceFile trace = write(w -> {
      w.engineLoad(0, EngineKind.COMPUTE, 1, 0);
      w.engineLoad(5, EngineKind.COMPUTE, 1, 0);
      w.engineLoad(6, EngineKind.COPY, 1, 0);
      w.engineLoad(7, EngineKind.COMPUTE, 0, 1);
    });

    assertThat(trace.phase("C")).extracting(c -> c.get("pid").asInt(),
        c -> TraceFile.ns(c.get("ts"))).containsExactly(
        tuple(3, 0L),
        tuple(4, 6L),
        tuple(3, 7L));
  }

  @Test
  void aPreemptionRequestForAJobWithoutALaneGoesOnTheDevicesPreemptionTrack() {
    TraceFile trace = write(w -> w.preemptionRequested(42, A));

    JsonNode request = trace.phase("i").get(0);
    assertThat(List.of(request.get("pid").asInt(), request.get("tid").asInt()))
        .containsExactly(Tracks.DEVICE_PID, Tracks.PREEMPTION_TID);
    assertThat(trace.names("thread_name")).containsEntry(List.of(1, 2), "preemption requests");
  }

  @Test
  void openingAFileCreatesItsDirectoriesAndClosingEndsTheDocument(@TempDir Path temp)
      throws IOException {
    Path file = temp.resolve("a/b/trace.json");
    try (TimelineWriter writer = TimelineWriter.open(file, Map.of("seed", "7", "run", "x"))) {
      writer.contextSwitched(0, 1500, "A", "B");
      assertThat(writer.events()).isEqualTo(5); // 4 metadata events and the slice
    }

    TraceFile trace = TraceFile.parse(Files.readAllBytes(file));
    assertThat(trace.root().get("displayTimeUnit").asText()).isEqualTo("ns");
    assertThat(trace.root().get("otherData").toString()).isEqualTo("{\"run\":\"x\",\"seed\":\"7\"}");
    assertThat(trace.slices()).extracting(Slice::brief).containsExactly("A -> B [0,1500]");
    assertThat(Files.readString(file)).endsWith("\n]}\n");
  }

  @Test
  void anEmptyRunIsAnEmptyEventList() {
    TraceFile trace = write(w -> { });

    assertThat(trace.events()).isEmpty();
  }

  /** Dispatched job {@code id} of kernel {@code kernel} (one 100 ns block) in queue "q". */
  private static TestJob job(long id, String kernel, EngineKind engine) {
    return TestJob.builder(id).queue(TestQueues.builder("q").engine(engine).build())
        .kernel(new Kernel(kernel, 1, 32, 0, 0, false, BlockProgram.uniform(100, 0, 0),
            new BlockTiming.Exact()))
        .state(JobState.DISPATCHED).build();
  }
}
