package org.preemptlab.api.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.api.model.Models.kernel;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JobListTest {

  private static Kernel kernelNamed(String name, BlockProgram program, BlockTiming timing) {
    return new Kernel(name, 4, 256, 32, 0, true, program, timing);
  }

  @Test
  void everyFieldOfEveryJobComesBackEqualInOrder() {
    Kernel jittered = kernelNamed("j", BlockProgram.uniform(5_000, 32, 0),
        new BlockTiming.UniformJitter(0.2, 42));
    List<Job> jobs = List.of(
        Job.of(7, "a", 0, kernel()),
        new Job(3, "b", 100, 4, List.of(7L), 900, 0, jittered),
        new Job(11, "a", 100, 1, List.of(3L, 7L), Job.NO_DEADLINE, 50, kernel(), true),
        new Job(12, "c", Long.MAX_VALUE, 2, List.of(), 5, 0, jittered));

    JobList list = JobList.copyOf(jobs);

    assertThat(list).containsExactlyElementsOf(jobs);
    assertThat(list).isEqualTo(jobs);
    assertThat(list.hashCode()).isEqualTo(jobs.hashCode());
    assertThat(list.queueIds()).containsExactly("a", "b", "c");
    assertThat(list.id(2)).isEqualTo(11);
    assertThat(list.submitTimeNs(3)).isEqualTo(Long.MAX_VALUE);
    assertThat(list.closedLoop(2)).isTrue();
    assertThat(list.dependencyCount(2)).isEqualTo(2);
    assertThat(list.dependency(2, 1)).isEqualTo(7);
    assertThat(list.anyDependency()).isTrue();
  }

  @Test
  void equalKernelsAreStoredOnceAndUnequalOnesShareTheirProgramAndTiming() {
    List<Job> jobs = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      // equal but distinct objects, as a generator draws them
      Kernel k = kernelNamed(i % 2 == 0 ? "even" : "odd-" + i, BlockProgram.uniform(1_000, 32, 0),
          new BlockTiming.Exact());
      jobs.add(Job.of(i, "q", i, k));
    }

    JobList list = JobList.copyOf(jobs);

    assertThat(list.distinctKernels()).isEqualTo(1 + 50);
    assertThat(list.kernel(0)).isSameAs(list.kernel(98));
    assertThat(list.kernel(1)).isNotSameAs(list.kernel(3)).isEqualTo(jobs.get(1).kernel());
    assertThat(list.kernel(1).program()).isSameAs(list.kernel(3).program());
    assertThat(list.kernel(1).timing()).isSameAs(list.kernel(0).timing());
    assertThat(list).isEqualTo(jobs);
  }

  @Test
  void thousandsOfDistinctKernelsAreEachStoredOnceAndFoundAgain() {
    List<Job> jobs = new ArrayList<>();
    java.util.SplittableRandom random = new java.util.SplittableRandom(3);
    for (int i = 0; i < 20_000; i++) {
      // 5,000 names drawn at random: every kernel comes back about four times, in any order
      Kernel k = kernelNamed("k" + random.nextInt(5_000), BlockProgram.uniform(1_000, 32, 0),
          new BlockTiming.Exact());
      jobs.add(Job.of(i, "q", i, k));
    }

    JobList list = JobList.copyOf(jobs);

    assertThat(list.distinctKernels())
        .isEqualTo((int) jobs.stream().map(Job::kernel).distinct().count());
    java.util.Map<String, Kernel> first = new java.util.HashMap<>();
    for (int i = 0; i < list.size(); i++) {
      Kernel k = list.kernel(i);
      assertThat(k).isEqualTo(jobs.get(i).kernel());
      assertThat(first.computeIfAbsent(k.name(), n -> k)).isSameAs(k);
      assertThat(list.kernelIndex(i)).isBetween(0, list.distinctKernels() - 1);
    }
  }

  @Test
  void sharedKernelInstancesGetTheIndexOfTheirFirstEqualKernel() {
    // 300 instances of 100 distinct kernels, each instance used by many jobs in random order:
    // more instances than the builder remembers by identity, and equal instances among them
    java.util.SplittableRandom random = new java.util.SplittableRandom(29);
    List<Kernel> instances = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      instances.add(kernelNamed("k" + (i % 100), BlockProgram.uniform(1_000 + i % 100 % 7, 32, 0),
          new BlockTiming.Exact()));
    }
    List<Job> jobs = new ArrayList<>();
    java.util.Map<Kernel, Integer> firstIndex = new java.util.HashMap<>();
    List<Integer> expected = new ArrayList<>();
    for (int i = 0; i < 5_000; i++) {
      Kernel k = instances.get(random.nextInt(random.nextBoolean() ? 20 : instances.size()));
      jobs.add(Job.of(i, "q", i, k));
      expected.add(firstIndex.computeIfAbsent(k, x -> firstIndex.size()));
    }

    JobList list = JobList.copyOf(jobs);

    assertThat(list.distinctKernels()).isEqualTo(firstIndex.size()).isLessThanOrEqualTo(100);
    for (int i = 0; i < list.size(); i++) {
      assertThat(list.kernelIndex(i)).isEqualTo(expected.get(i));
      assertThat(list.kernel(i)).isEqualTo(jobs.get(i).kernel());
    }
  }

  @Test
  void aColumnThatStartsUniformAndLaterVariesKeepsTheEarlierValues() {
    JobList.Builder builder = JobList.builder(2);
    for (int i = 0; i < 40; i++) {
      // ids equal to the index, one credit and no deadline until job 30
      boolean late = i >= 30;
      builder.add(new Job(late ? 1_000 + i : i, late ? "late" : "q", 10L * i, late ? 3 : 1,
          List.of(), late ? 77 : Job.NO_DEADLINE, 0, kernel()));
    }

    JobList list = builder.build();

    assertThat(list).hasSize(40);
    assertThat(list.get(29)).isEqualTo(new Job(29, "q", 290, 1, List.of(), Job.NO_DEADLINE, 0,
        kernel()));
    assertThat(list.get(35)).isEqualTo(new Job(1_035, "late", 350, 3, List.of(), 77, 0,
        kernel()));
    assertThat(list.anyDependency()).isFalse();
  }

  @Test
  void aBuiltListIsImmutableAndItsBuilderClosed() {
    JobList.Builder builder = JobList.builder(0).add(Job.of(0, "q", 0, kernel()));
    JobList list = builder.build();

    assertThatThrownBy(() -> builder.add(Job.of(1, "q", 0, kernel())))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> list.add(Job.of(1, "q", 0, kernel())))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> list.get(1)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThat(JobList.copyOf(list)).isSameAs(list);
    assertThat(JobList.of()).isEmpty();
  }

  @Test
  void aWorkloadKeepsItsJobsAsAJobList() {
    Workload w = Models.workload(Models.chain(3));

    assertThat(w.jobs()).isInstanceOf(JobList.class).isEqualTo(Models.chain(3));
  }
}
