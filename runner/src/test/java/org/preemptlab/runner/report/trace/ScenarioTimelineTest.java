package org.preemptlab.runner.report.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.preemptlab.runner.report.trace.TraceFile.Slice;

/** Hand-built scenarios with exact times give exactly the expected tracks, slices and events. */
class ScenarioTimelineTest {
  private static final int COMPUTE = 3;
  private static final int SM0 = 100;
  private static final int GPU = 1;
  private static final TraceFile PREEMPTION = TraceFile.parse(Scenarios.preemption());
  private static final TraceFile SLICING = TraceFile.parse(Scenarios.timeSlicing());

  private static List<String> briefs(TraceFile trace, int pid, int tid) {
    return trace.slices(pid, tid).stream().map(Slice::brief).toList();
  }

  @Test
  void eachSlotTrackShowsItsBlockStopTheSaveTheRestoreAndTheResumedBlockInOrder() {
    assertThat(briefs(PREEMPTION, SM0, 1)).containsExactly(
        "train (job 1) [0,350]",
        "save [350,706]",
        "infer (job 2) [962,1162]",
        "restore [1162,1310]",
        "train (job 1) [1310,1960]");
    assertThat(briefs(PREEMPTION, SM0, 2)).containsExactly(
        "train (job 1) [0,350]",
        "save [350,962]",
        "restore [1162,1310]",
        "train (job 1) [1310,1960]");
    assertThat(PREEMPTION.slices().stream().filter(s -> s.pid() == SM0)).allMatch(
        s -> s.tid() == 1 || s.tid() == 2);
  }

  @Test
  void blockSlicesCarryTheJobQueueBlockIndexAndHowTheStayEnded() {
    assertThat(PREEMPTION.slices(SM0, 2)).extracting(Slice::category,
        s -> s.args().get("job").asLong(), s -> s.args().get("block").asInt(),
        s -> s.args().path("end").asText(), s -> s.args().path("bytes").asLong())
        .containsExactly(
            tuple("block", 1L, 1, "STOPPED", 0L),
            tuple("save", 1L, 1, "", 8192L),
            tuple("restore", 1L, 1, "", 8192L),
            tuple("block", 1L, 1, "COMPLETED", 0L));
    assertThat(PREEMPTION.slices(SM0, 1).get(2).args().get("queue").asText()).isEqualTo("high");
  }

  @Test
  void theEngineTrackShowsEachJobFromDispatchToFinishOnItsOwnLane() {
    assertThat(briefs(PREEMPTION, COMPUTE, 1)).containsExactly("train (job 1) [0,1960]");
    assertThat(briefs(PREEMPTION, COMPUTE, 2)).containsExactly("infer (job 2) [300,1162]");
    assertThat(PREEMPTION.slices(COMPUTE, 1).get(0).args().get("preemptions").asInt())
        .isEqualTo(1);
  }

  @Test
  void aPreemptionRequestIsAThreadInstantOnTheVictimsLane() {
    List<JsonNode> instants = PREEMPTION.phase("i");

    assertThat(instants).hasSize(1);
    JsonNode request = instants.get(0);
    assertThat(TraceFile.ns(request.get("ts"))).isEqualTo(300);
    assertThat(List.of(request.get("pid").asInt(), request.get("tid").asInt()))
        .containsExactly(COMPUTE, 1);
    assertThat(request.get("s").asText()).isEqualTo("t");
    assertThat(request.get("args").get("job").asLong()).isEqualTo(1);
  }

  @Test
  void theJobsCounterFollowsReadyAndDispatchedCountsOnTheEngine() {
    assertThat(PREEMPTION.phase("C")).extracting(c -> c.get("pid").asInt(),
        c -> TraceFile.ns(c.get("ts")), c -> c.get("args").get("ready").asInt(),
        c -> c.get("args").get("dispatched").asInt())
        .containsExactly(
            tuple(COMPUTE, 0L, 1, 0),
            tuple(COMPUTE, 0L, 0, 1),
            tuple(COMPUTE, 300L, 1, 1),
            tuple(COMPUTE, 300L, 0, 2),
            tuple(COMPUTE, 1162L, 0, 1),
            tuple(COMPUTE, 1960L, 0, 0));
  }

  @Test
  void processesAndThreadsAreNamedBeforeTheirFirstEvent() {
    assertThat(PREEMPTION.names("process_name")).isEqualTo(Map.of(
        List.of(COMPUTE, 0), "COMPUTE", List.of(SM0, 0), "SM 0"));
    assertThat(PREEMPTION.names("thread_name")).isEqualTo(Map.of(
        List.of(COMPUTE, 1), "jobs 0", List.of(COMPUTE, 2), "jobs 1",
        List.of(SM0, 1), "slot 0", List.of(SM0, 2), "slot 1"));
    assertThat(SLICING.names("process_name")).containsEntry(List.of(GPU, 0), "GPU");
    assertThat(SLICING.names("thread_name")).containsEntry(List.of(GPU, 1), "context switches");
    for (TraceFile trace : List.of(PREEMPTION, SLICING)) {
      Set<List<Integer>> named = new HashSet<>();
      for (JsonNode event : trace.events()) {
        List<Integer> track = List.of(event.get("pid").asInt(), event.get("tid").asInt());
        String ph = event.get("ph").asText();
        if (ph.equals("M") && event.get("name").asText().equals("thread_name")) {
          named.add(track);
        } else if (ph.equals("X") || ph.equals("i")) {
          assertThat(named).as("track %s named before %s", track, event).contains(track);
        }
      }
    }
  }

  @Test
  void contextSwitchesAreSlicesOnTheDeviceTrackAndSwitchedOutBlocksEndAtTheSwitch() {
    assertThat(briefs(SLICING, GPU, 1)).containsExactly(
        "A -> B [10000,11500]",
        "B -> A [21500,23000]",
        "A -> B [25500,26000]");
    assertThat(briefs(SLICING, SM0, 1)).containsExactly(
        "a (job 1) [0,10000]",
        "b (job 2) [11500,21500]",
        "restore [23000,23500]",
        "a (job 1) [23500,25500]",
        "restore [26000,26500]",
        "b (job 2) [26500,28500]");
    assertThat(SLICING.slices(SM0, 1)).extracting(s -> s.args().path("end").asText())
        .containsExactly("SWITCHED_OUT", "SWITCHED_OUT", "", "COMPLETED", "", "COMPLETED");
    assertThat(briefs(SLICING, COMPUTE, 1)).containsExactly("a (job 1) [0,25500]");
    assertThat(briefs(SLICING, COMPUTE, 2)).containsExactly("b (job 2) [0,28500]");
  }
}
