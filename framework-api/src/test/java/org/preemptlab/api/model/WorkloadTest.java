package org.preemptlab.api.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.api.model.Models.job;
import static org.preemptlab.api.model.Models.queue;
import static org.preemptlab.api.model.Models.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WorkloadTest {
  private static final GpuContext C = new GpuContext("c", false);

  @Test
  void validWorkloadKeepsItsPartsAndFindsQueuesById() {
    JobQueue q = queue("q", "c");
    JobQueue r = queue("r", "c");
    Workload w = new Workload(List.of(C), List.of(q, r), List.of(job(1, "q"), job(2, "r", 1L)));

    assertThat(w.jobs()).hasSize(2);
    assertThat(w.queue("r")).isSameAs(r);
    assertThatThrownBy(() -> w.queue("s")).hasMessage("no queue 's'");
  }

  @Test
  void duplicateContextQueueOrJobIdsAreRejected() {
    assertThatThrownBy(() -> new Workload(List.of(C, new GpuContext("c", true)), List.of(),
        List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("duplicate context id 'c'");
    assertThatThrownBy(() -> new Workload(List.of(C), List.of(queue("q", "c"), queue("q", "c")),
        List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("duplicate queue id 'q'");
    assertThatThrownBy(() -> workload(List.of(job(4, "q"), job(4, "q"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("duplicate job id 4");
  }

  @Test
  void queueInAnUnknownContextIsRejectedListingTheKnownOnes() {
    assertThatThrownBy(() -> new Workload(List.of(C, new GpuContext("b", false)),
        List.of(queue("q", "x")), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("queue 'q' names unknown context 'x'; known: [b, c]");
  }

  @Test
  void jobOnAnUnknownQueueIsRejectedListingTheKnownOnes() {
    assertThatThrownBy(() -> workload(List.of(job(1, "nope"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("job 1 names unknown queue 'nope'; known: [q]");
  }

  @Test
  void dependencyOnAnUnknownJobIsRejected() {
    assertThatThrownBy(() -> workload(List.of(job(1, "q"), job(2, "q", 1L, 9L))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("job 2 depends on unknown job 9");
  }

  @Test
  void dependencyCycleOfLengthOneIsRejectedByTheJobItself() {
    assertThatThrownBy(() -> job(1, "q", 1L))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("job 1 depends on itself");
  }

  @Tag("slow")
  @ParameterizedTest(name = "a cycle of {0} jobs")
  @ValueSource(ints = {2, 3, 5, 1_000, 100_000})
  void dependencyCyclesOfAnyLengthAreRejected(int length) {
    // job i depends on job i+1, the last on job 0; plus an acyclic tail hanging off job 0.
    List<Job> jobs = new ArrayList<>();
    for (int i = 0; i < length; i++) {
      jobs.add(job(i, "q", (long) (i + 1) % length));
    }
    jobs.add(job(-1, "q", 0L));

    assertThatThrownBy(() -> workload(jobs))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("dependency cycle through jobs ");
  }

  @Test
  void cycleReachableOnlyFromALaterRootIsRejected() {
    // 0 -> nothing; 1 -> 2 -> 3 -> 2 (the cycle is not at the start of the list)
    List<Job> jobs = List.of(job(0, "q"), job(1, "q", 2L), job(2, "q", 3L), job(3, "q", 2L));

    assertThatThrownBy(() -> workload(jobs))
        .hasMessage("dependency cycle through jobs 3 and 2");
  }

  @Test
  void diamondDependenciesAreNotACycle() {
    // 3 depends on 1 and 2, both depend on 0; 4 depends on 3 and 0.
    List<Job> jobs = List.of(job(3, "q", 1L, 2L), job(4, "q", 3L, 0L), job(1, "q", 0L),
        job(2, "q", 0L), job(0, "q"));

    assertThatCode(() -> workload(jobs)).doesNotThrowAnyException();
  }

  @Tag("slow")
  @Test
  void chainOfAHundredThousandJobsValidatesWithoutOverflowingTheStack() {
    List<Job> chain = Models.chain(100_000);

    assertThat(workload(chain).jobs()).hasSize(100_000);
    List<Job> reversed = new ArrayList<>(chain);
    Collections.reverse(reversed);
    assertThat(workload(reversed).jobs()).hasSize(100_000);
  }

  @Test
  void listsAreCopiedAndImmutable() {
    List<Job> jobs = new ArrayList<>(List.of(job(1, "q")));
    Workload w = workload(jobs);
    jobs.clear();

    assertThat(w.jobs()).hasSize(1);
    assertThatThrownBy(() -> w.contexts().clear())
        .isInstanceOf(UnsupportedOperationException.class);
  }
}
