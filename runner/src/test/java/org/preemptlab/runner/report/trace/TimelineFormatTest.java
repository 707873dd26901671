package org.preemptlab.runner.report.trace;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.Job;
import org.preemptlab.runner.experiment.RunOutcome;
import org.preemptlab.runner.report.trace.TraceFile.Slice;

/** The timeline of a small realistic run is a valid, deterministic Chrome trace. */
@Tag("slow")
class TimelineFormatTest {
  private static final Set<String> METADATA = Set.of("process_name", "process_sort_index",
      "thread_name", "thread_sort_index");
  private static Scenarios.Traced run;
  private static TraceFile trace;

  @BeforeAll
  static void traceTheSmallRun() {
    run = Scenarios.small();
    trace = TraceFile.parse(run.json());
  }

  @Test
  void theFileIsOneJsonObjectWithTheEventsTheTimeUnitAndTheRunsLabels() {
    assertThat(trace.root().get("traceEvents").isArray()).isTrue();
    assertThat(trace.root().get("displayTimeUnit").asText()).isEqualTo("ns");
    assertThat(trace.root().get("otherData").get("seed").asText()).isEqualTo("5");
    assertThat(trace.root().get("otherData").get("policy").asText())
        .isEqualTo("priority(preempt=true)");
    assertThat(trace.events()).hasSizeGreaterThan(1000);
  }

  @Test
  void everyEventHasTheFieldsItsPhaseRequires() {
    for (JsonNode event : trace.events()) {
      String ph = event.path("ph").asText();
      assertThat(ph).as("%s", event).isIn("X", "i", "C", "M");
      assertThat(event.path("name").isTextual()).as("name of %s", event).isTrue();
      assertThat(event.path("pid").isInt()).as("pid of %s", event).isTrue();
      assertThat(event.path("tid").isInt()).as("tid of %s", event).isTrue();
      assertThat(event.path("args").isObject()).as("args of %s", event).isTrue();
      if (!ph.equals("M")) {
        assertThat(TraceFile.ns(event.get("ts"))).as("ts of %s", event).isNotNegative();
      }
      switch (ph) {
        case "X" -> assertThat(TraceFile.ns(event.get("dur"))).as("dur of %s", event)
            .isNotNegative();
        case "i" -> assertThat(event.path("s").asText()).as("scope of %s", event)
            .isIn("g", "p", "t");
        case "M" -> {
          assertThat(event.get("name").asText()).isIn(METADATA);
          JsonNode args = event.get("args");
          assertThat(args.path("name").isTextual() || args.path("sort_index").isInt())
              .as("args of %s", event).isTrue();
        }
        default -> { }
      }
    }
  }

  @Test
  void theRunShowsEveryKindOfEvent() {
    Set<String> categories = trace.slices().stream().map(Slice::category)
        .collect(Collectors.toSet());
    Set<String> ends = trace.slices().stream().filter(s -> s.category().equals("block"))
        .map(s -> s.args().get("end").asText()).collect(Collectors.toSet());

    assertThat(categories).contains("block", "job", "save", "restore", "context-switch");
    assertThat(ends).contains("COMPLETED", "STOPPED", "SWITCHED_OUT");
    assertThat(trace.phase("i")).isNotEmpty();
    assertThat(trace.phase("C")).isNotEmpty();
  }

  @Test
  void slicesOnEveryTrackNestOrAreDisjoint() {
    Map<List<Integer>, List<Slice>> tracks = trace.slices().stream()
        .collect(Collectors.groupingBy(s -> List.of(s.pid(), s.tid())));
    assertThat(tracks).hasSizeGreaterThan(10);
    tracks.forEach((track, slices) -> {
      List<Slice> sorted = slices.stream().sorted(Comparator.comparingLong(Slice::startNs)
          .thenComparing(Comparator.comparingLong(Slice::endNs).reversed())).toList();
      Deque<Slice> open = new ArrayDeque<>();
      for (Slice slice : sorted) {
        while (!open.isEmpty() && open.peek().endNs() <= slice.startNs()) {
          open.pop();
        }
        if (!open.isEmpty()) {
          assertThat(slice.endNs()).as("%s inside %s on %s", slice.brief(),
              open.peek().brief(), track).isLessThanOrEqualTo(open.peek().endNs());
        }
        open.push(slice);
      }
    });
  }

  @Test
  void slicesOnSmAndEngineTracksNeverOverlapAtAll() {
    trace.slices().stream().collect(Collectors.groupingBy(s -> List.of(s.pid(), s.tid())))
        .forEach((track, slices) -> {
          List<Slice> sorted = slices.stream().sorted(Comparator.comparingLong(Slice::startNs))
              .toList();
          for (int i = 1; i < sorted.size(); i++) {
            assertThat(sorted.get(i).startNs()).as("%s after %s on %s", sorted.get(i).brief(),
                sorted.get(i - 1).brief(), track).isGreaterThanOrEqualTo(sorted.get(i - 1)
                .endNs());
          }
        });
  }

  @Test
  void countersAreNonNegativeIntegers() {
    for (JsonNode counter : trace.phase("C")) {
      assertThat(counter.get("args").size()).isEqualTo(2);
      counter.get("args").forEach(value -> {
        assertThat(value.isIntegralNumber()).as("%s", counter).isTrue();
        assertThat(value.asLong()).isNotNegative();
      });
    }
  }

  @Test
  void everyJobHasOneSliceAndEveryBlockOneCompletedStay() {
    RunOutcome outcome = run.outcome();
    List<Slice> slices = trace.slices();
    long completed = slices.stream().filter(s -> s.category().equals("block")
        && s.args().get("end").asText().equals("COMPLETED")).count();

    assertThat(slices.stream().filter(s -> s.category().equals("job")).count())
        .isEqualTo(outcome.workload().jobs().size());
    assertThat(completed).isEqualTo(outcome.workload().jobs().stream()
        .mapToLong(job -> job.kernel().gridBlocks()).sum());
    assertThat(slices.stream().filter(s -> s.category().equals("job")))
        .noneMatch(s -> s.args().has("unfinished"));
  }

  @Test
  void theSameRunWritesIdenticalBytes() {
    assertThat(Scenarios.small().json()).isEqualTo(run.json());
  }

  @Test
  void tracingDoesNotChangeTheRunsResult() {
    RunOutcome untraced = Scenarios.EXECUTOR.execute(Scenarios.SMALL);

    assertThat(run.outcome().result()).isEqualTo(untraced.result());
    assertThat(run.outcome().metrics()).isEqualTo(untraced.metrics());
  }
}
