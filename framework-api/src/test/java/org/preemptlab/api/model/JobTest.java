package org.preemptlab.api.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobTest {
  private static final Kernel KERNEL = Models.kernel();

  @Test
  void ofBuildsAnOpenLoopJobWithOneCreditNoDependenciesAndNoDeadline() {
    Job job = Job.of(3, "q", 500, KERNEL);

    assertThat(job.credits()).isEqualTo(1);
    assertThat(job.dependencies()).isEmpty();
    assertThat(job.deadlineNs()).isEqualTo(Job.NO_DEADLINE);
    assertThat(job.hasDeadline()).isFalse();
    assertThat(job.thinkTimeNs()).isZero();
  }

  @Test
  void aDeadlineIsReportedAndZeroIsAValidDeadline() {
    assertThat(new Job(1, "q", 0, 1, List.of(), 0, 0, KERNEL).hasDeadline()).isTrue();
    assertThat(new Job(1, "q", 0, 1, List.of(), 5_000, 0, KERNEL).hasDeadline()).isTrue();
  }

  @Test
  void aJobThatDependsOnItselfIsRejected() {
    assertThatThrownBy(() -> new Job(7, "q", 0, 1, List.of(3L, 7L), Job.NO_DEADLINE, 0, KERNEL))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("job 7 depends on itself");
  }

  @Test
  void negativeSubmitTimeZeroCreditsNegativeDeadlineOrThinkTimeAreRejected() {
    assertThatThrownBy(() -> new Job(1, "q", -1, 1, List.of(), Job.NO_DEADLINE, 0, KERNEL))
        .hasMessage("job 1: submit time must be >= 0 ns, got -1");
    assertThatThrownBy(() -> new Job(1, "q", 0, 0, List.of(), Job.NO_DEADLINE, 0, KERNEL))
        .hasMessage("job 1: credits must be >= 1, got 0");
    assertThatThrownBy(() -> new Job(1, "q", 0, 1, List.of(), -5, 0, KERNEL))
        .hasMessage("job 1: deadline must be >= 0 ns, got -5");
    assertThatThrownBy(() -> new Job(1, "q", 0, 1, List.of(), Job.NO_DEADLINE, -2, KERNEL))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("job 1: think time must be >= 0 ns, got -2");
  }

  @Test
  void aClosedLoopJobKeepsItsThinkTime() {
    Job job = new Job(1, "q", 0, 1, List.of(0L), Job.NO_DEADLINE, 2_500, KERNEL, true);
    assertThat(job.thinkTimeNs()).isEqualTo(2_500);
    assertThat(job.closedLoop()).isTrue();
  }

  @Test
  void aClosedLoopJobWithoutThinkTimeIsStillClosedLoop() {
    assertThat(new Job(1, "q", 0, 1, List.of(0L), Job.NO_DEADLINE, 0, KERNEL, true).closedLoop())
        .isTrue();
  }

  @Test
  void closedLoopIsExplicitNeverInferredFromAThinkTime() {
    assertThat(new Job(1, "q", 0, 1, List.of(0L), Job.NO_DEADLINE, 0, KERNEL).closedLoop())
        .isFalse();
    assertThatThrownBy(() -> new Job(1, "q", 0, 1, List.of(0L), Job.NO_DEADLINE, 5, KERNEL))
        .hasMessage("job 1: a think time (5 ns) needs a closed-loop job");
    assertThatThrownBy(() -> new Job(1, "q", 0, 1, List.of(), Job.NO_DEADLINE, 0, KERNEL, true))
        .hasMessage("job 1 is closed-loop but has no dependency to wait for");
  }

  @Test
  void queueAndKernelAreRequired() {
    assertThatThrownBy(() -> Job.of(1, null, 0, KERNEL))
        .isInstanceOf(NullPointerException.class).hasMessage("queueId");
    assertThatThrownBy(() -> Job.of(1, "q", 0, null))
        .isInstanceOf(NullPointerException.class).hasMessage("kernel");
  }

  @Test
  void dependenciesAreCopiedAndImmutable() {
    List<Long> deps = new ArrayList<>(List.of(1L));
    Job job = new Job(2, "q", 0, 1, deps, Job.NO_DEADLINE, 0, KERNEL);
    deps.add(5L);

    assertThat(job.dependencies()).containsExactly(1L);
    assertThatThrownBy(() -> job.dependencies().add(3L))
        .isInstanceOf(UnsupportedOperationException.class);
  }
}
