package org.preemptlab.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Workload;

class SyntheticWorkloadTest {

  private static SyntheticSpec spec(String yaml) {
    return SyntheticSpecs.fromYaml(yaml, "test.yaml");
  }

  private static Workload generate(String yaml, long seed) {
    return SyntheticWorkload.generate(spec(yaml), new SplittableRandom(seed));
  }

  private static List<Job> jobsOf(Workload workload, String queue) {
    return workload.jobs().stream().filter(j -> j.queueId().equals(queue)).toList();
  }

  /** A queue's jobs with ids replaced by positions within the queue, to compare across specs. */
  private static List<String> normalised(Workload workload, String queue) {
    List<Job> jobs = jobsOf(workload, queue);
    Map<Long, Integer> position = new HashMap<>();
    for (int i = 0; i < jobs.size(); i++) {
      position.put(jobs.get(i).id(), i);
    }
    List<String> out = new ArrayList<>();
    for (Job j : jobs) {
      out.add(j.submitTimeNs() + " " + j.thinkTimeNs() + " " + j.credits() + " " + j.deadlineNs()
          + " " + j.dependencies().stream().map(position::get).toList() + " " + j.kernel());
    }
    return out;
  }

  private static String singleQueue(String arrival, String extra) {
    return """
        duration: 100ms
        contexts: [{id: app}]
        queues:
          - id: q
            context: app
        %s
            arrival:
        %s
            kernels:
              - {grid-blocks: 10, threads-per-block: 64, block-time: 10us}
        """.formatted(extra.indent(4).stripTrailing(), arrival.indent(6).stripTrailing());
  }

  @Test
  void sameSpecAndSeedGiveAnIdenticalWorkload() {
    Workload first = generate(Specs.TWO_QUEUES, 7);
    Workload second = generate(Specs.TWO_QUEUES, 7);

    assertThat(first.jobs()).hasSizeGreaterThan(20);
    assertThat(second).isEqualTo(first);
  }

  @Test
  void differentSeedsGiveDifferentWorkloads() {
    Workload first = generate(Specs.TWO_QUEUES, 7);
    Workload second = generate(Specs.TWO_QUEUES, 8);

    assertThat(second.jobs()).isNotEqualTo(first.jobs());
    assertThat(normalised(second, "infer")).isNotEqualTo(normalised(first, "infer"));
    assertThat(normalised(second, "train")).isNotEqualTo(normalised(first, "train"));
  }

  @Test
  void generatorDrawsExactlyOneRootSeedFromTheGivenStream() {
    SplittableRandom random = new SplittableRandom(3);
    Workload fromStream = SyntheticWorkload.generate(spec(Specs.TWO_QUEUES), random);
    long next = random.nextLong();

    SplittableRandom replay = new SplittableRandom(3);
    assertThat(SyntheticWorkload.generate(spec(Specs.TWO_QUEUES), replay.nextLong()))
        .isEqualTo(fromStream);
    assertThat(replay.nextLong()).isEqualTo(next);
  }

  @Test
  void addingAQueueDoesNotChangeAnotherQueuesJobs() {
    String withExtra = Specs.TWO_QUEUES.replace("queues:\n", """
        queues:
          - id: extra
            context: app
            arrival: {process: periodic, period: 300us}
            kernels: [{grid-blocks: 50, threads-per-block: 32, block-time: 5us}]
        """);
    Workload before = generate(Specs.TWO_QUEUES, 11);
    Workload after = generate(withExtra, 11);

    assertThat(jobsOf(after, "extra")).isNotEmpty();
    assertThat(jobsOf(after, "infer").get(0).id()).isNotEqualTo(jobsOf(before, "infer").get(0).id());
    assertThat(normalised(after, "infer")).isEqualTo(normalised(before, "infer"));
    assertThat(normalised(after, "train")).isEqualTo(normalised(before, "train"));
  }

  @Test
  void changingOneKernelDistributionDoesNotChangeArrivals() {
    Workload before = generate(Specs.TWO_QUEUES, 5);
    Workload after = generate(Specs.twoQueuesWith("grid-blocks: {uniform: [100, 300]}",
        "grid-blocks: 77"), 5);

    assertThat(jobsOf(after, "infer")).extracting(Job::submitTimeNs)
        .isEqualTo(jobsOf(before, "infer").stream().map(Job::submitTimeNs).toList());
    assertThat(jobsOf(after, "infer")).extracting(j -> j.kernel().program())
        .isEqualTo(jobsOf(before, "infer").stream().map(j -> j.kernel().program()).toList());
    assertThat(jobsOf(after, "infer")).allMatch(j -> j.kernel().gridBlocks() == 77);
  }

  @Test
  void poissonInterArrivalsHaveTheConfiguredMeanAndAnExponentialSpread() {
    String yaml = singleQueue("process: poisson\nmean-interval: 2ms", "jobs: 20000")
        .replace("duration: 100ms\n", "");
    List<Job> jobs = generate(yaml, 2024).jobs();

    assertThat(jobs).hasSize(20_000);
    double[] gaps = new double[jobs.size()];
    long previous = 0;
    for (int i = 0; i < jobs.size(); i++) {
      gaps[i] = jobs.get(i).submitTimeNs() - previous;
      previous = jobs.get(i).submitTimeNs();
    }
    double mean = java.util.Arrays.stream(gaps).average().orElseThrow();
    double variance = java.util.Arrays.stream(gaps).map(g -> (g - mean) * (g - mean)).sum()
        / (gaps.length - 1);
    // The standard error of the mean is 2 ms / sqrt(20000) = 0.7%: 3% is over four of them.
    assertThat(mean).isCloseTo(2_000_000, within(60_000.0));
    assertThat(Math.sqrt(variance) / mean).isCloseTo(1.0, within(0.05));
  }

  @Test
  void poissonArrivalsStopAtTheHorizon() {
    List<Job> jobs = generate(singleQueue("process: poisson\nmean-interval: 1ms", ""), 1).jobs();

    assertThat(jobs).hasSizeBetween(70, 130);
    assertThat(jobs).allMatch(j -> j.submitTimeNs() < 100_000_000L);
  }

  @Test
  void periodicArrivalsAreExactlyPeriodicFromTheirStart() {
    String yaml = singleQueue("process: periodic\nperiod: 250us\nstart: 1ms", "")
        .replace("100ms", "3.5ms");
    List<Job> jobs = generate(yaml, 1).jobs();

    assertThat(jobs).extracting(Job::submitTimeNs).containsExactly(1_000_000L, 1_250_000L,
        1_500_000L, 1_750_000L, 2_000_000L, 2_250_000L, 2_500_000L, 2_750_000L, 3_000_000L,
        3_250_000L);
    assertThat(jobs).extracting(Job::id).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
    assertThat(jobs).allMatch(j -> j.dependencies().isEmpty() && j.thinkTimeNs() == 0);
  }

  @Test
  void periodicJitterKeepsEachJobWithinItsOwnPeriod() {
    List<Job> jobs = generate(singleQueue("process: periodic\nperiod: 1ms\njitter: 0.5", ""), 9)
        .jobs();

    assertThat(jobs).hasSize(100);
    for (int k = 0; k < jobs.size(); k++) {
      assertThat(jobs.get(k).submitTimeNs()).isBetween(k * 1_000_000L, k * 1_000_000L + 499_999);
    }
    assertThat(jobs).extracting(Job::submitTimeNs).doesNotHaveDuplicates()
        .anyMatch(t -> t % 1_000_000 != 0);
  }

  @Test
  void jobLimitStopsAQueueBeforeTheHorizon() {
    List<Job> jobs = generate(singleQueue("process: periodic\nperiod: 1ms", "jobs: 7"), 1).jobs();

    assertThat(jobs).hasSize(7);
  }

  @Test
  void relativeDeadlineAndCreditsApplyToEveryJob() {
    List<Job> jobs = generate(singleQueue("process: periodic\nperiod: 1ms",
        "deadline: 300us\ncredits: 2"), 1).jobs();

    assertThat(jobs).allSatisfy(j -> {
      assertThat(j.deadlineNs()).isEqualTo(j.submitTimeNs() + 300_000);
      assertThat(j.credits()).isEqualTo(2);
    });
  }

  @Test
  void closedLoopJobsChainOnTheirClientsPreviousBurstWithTheThinkTime() {
    String yaml = singleQueue(
        "process: closed-loop\nclients: 2\nburst: 3\nthink-time: 50us\nstart: 1ms", "jobs: 18");
    List<Job> jobs = generate(yaml, 4).jobs();

    assertThat(jobs).hasSize(18);
    Map<Long, Job> byId = jobs.stream().collect(Collectors.toMap(Job::id, j -> j));
    List<Job> firstBursts = jobs.stream().filter(j -> j.dependencies().isEmpty()).toList();
    assertThat(firstBursts).hasSize(6).allSatisfy(j -> {
      assertThat(j.submitTimeNs()).isEqualTo(1_000_000L);
      assertThat(j.thinkTimeNs()).isZero();
    });
    for (Job job : jobs) {
      if (job.dependencies().isEmpty()) {
        continue;
      }
      assertThat(job.thinkTimeNs()).isEqualTo(50_000);
      assertThat(job.dependencies()).hasSize(3);
      // Earliest possible submission: the burst it waits for, plus one 10 us block, plus think.
      Job previous = byId.get(job.dependencies().get(0));
      assertThat(job.submitTimeNs()).isEqualTo(previous.submitTimeNs() + 10_000 + 50_000);
      assertThat(job.dependencies()).allMatch(d -> byId.get(d).submitTimeNs()
          == previous.submitTimeNs());
    }
    // Three cycles of two clients: every job of a cycle-2 burst depends on a cycle-1 burst.
    Map<List<Long>, Long> dependants = jobs.stream().filter(j -> !j.dependencies().isEmpty())
        .collect(Collectors.groupingBy(Job::dependencies, Collectors.counting()));
    assertThat(dependants).hasSize(4).containsValues(3L);
  }

  @Test
  void closedLoopStopsWhenItsEarliestSubmissionReachesTheHorizon() {
    String yaml = singleQueue("process: closed-loop\nthink-time: 90us", "")
        .replace("100ms", "1ms");
    List<Job> jobs = generate(yaml, 4).jobs();

    // Earliest submissions 0, 100us, ..., 900us: one block of 10 us plus 90 us of think time.
    assertThat(jobs).extracting(Job::submitTimeNs).containsExactly(0L, 100_000L, 200_000L,
        300_000L, 400_000L, 500_000L, 600_000L, 700_000L, 800_000L, 900_000L);
    for (int i = 1; i < jobs.size(); i++) {
      assertThat(jobs.get(i).dependencies()).containsExactly(jobs.get(i - 1).id());
    }
  }

  @Test
  void jobIdsFollowSubmissionOrderThenQueueOrder() {
    Workload workload = generate(Specs.TWO_QUEUES, 3);

    List<Job> jobs = workload.jobs();
    for (int i = 0; i < jobs.size(); i++) {
      assertThat(jobs.get(i).id()).isEqualTo(i);
      if (i > 0) {
        assertThat(jobs.get(i).submitTimeNs()).isGreaterThanOrEqualTo(
            jobs.get(i - 1).submitTimeNs());
      }
    }
    assertThat(jobs.get(0).queueId()).isEqualTo("train");
  }

  @Test
  void queuesWhoseJobsAreGeneratedOutOfSubmissionOrderMergeBySubmissionThenSpecOrder() {
    // Closed-loop clients with random think times generate their cycles out of submission order;
    // a periodic queue submits at the same instants as the clients' first bursts.
    Workload workload = generate("""
        duration: 5ms
        contexts: [{id: app}]
        queues:
          - id: loop
            context: app
            arrival: {process: closed-loop, clients: 4, burst: 2, start: 0s,
                      think-time: {uniform: [1us, 300us]}}
            kernels: [{grid-blocks: 1, threads-per-block: 64, block-time: {uniform: [5us, 50us]}}]
          - id: tick
            context: app
            arrival: {process: periodic, period: 100us}
            kernels: [{grid-blocks: 1, threads-per-block: 64, block-time: 10us}]
        """, 11);

    List<Job> jobs = workload.jobs();
    List<String> queues = List.of("loop", "tick");
    assertThat(jobs).hasSizeGreaterThan(100);
    for (int i = 0; i < jobs.size(); i++) {
      Job job = jobs.get(i);
      assertThat(job.id()).isEqualTo(i);
      assertThat(job.dependencies()).allMatch(d -> d < job.id()
          && jobs.get((int) (long) d).submitTimeNs() < job.submitTimeNs());
      if (i > 0) {
        Job before = jobs.get(i - 1);
        assertThat(before.submitTimeNs()).isLessThanOrEqualTo(job.submitTimeNs());
        if (before.submitTimeNs() == job.submitTimeNs()) {
          assertThat(queues.indexOf(before.queueId()))
              .isLessThanOrEqualTo(queues.indexOf(job.queueId()));
        }
      }
    }
    assertThat(jobs.subList(0, 9)).extracting(Job::queueId)
        .containsExactly("loop", "loop", "loop", "loop", "loop", "loop", "loop", "loop", "tick");
  }

  @Test
  void drawnKernelsStayWithinTheirDistributionsAndUseSeededJitter() {
    List<Job> infer = jobsOf(generate(Specs.TWO_QUEUES, 12), "infer");

    assertThat(infer).hasSizeGreaterThan(20).allSatisfy(j -> {
      assertThat(j.kernel().gridBlocks()).isBetween(100, 300);
      assertThat(j.kernel().program().durationNs()).isIn(20_000L, 40_000L);
      assertThat(j.kernel().timing()).isInstanceOf(BlockTiming.UniformJitter.class);
      assertThat(((BlockTiming.UniformJitter) j.kernel().timing()).spread()).isEqualTo(0.1);
    });
    assertThat(infer).extracting(j -> j.kernel().program().durationNs()).contains(20_000L,
        40_000L);
    assertThat(infer).extracting(j -> ((BlockTiming.UniformJitter) j.kernel().timing()).seed())
        .doesNotHaveDuplicates();
  }

  @Test
  void kernelMixFollowsTheTemplateWeights() {
    String yaml = singleQueue("process: periodic\nperiod: 10us", "jobs: 4000").replace(
        "      - {grid-blocks: 10, threads-per-block: 64, block-time: 10us}",
        "      - {name: big, weight: 3, grid-blocks: 10, threads-per-block: 64, block-time: 10us}\n"
            + "      - {name: tiny, grid-blocks: 1, threads-per-block: 64, block-time: 10us}");
    List<Job> jobs = generate(yaml, 6).jobs();

    long big = jobs.stream().filter(j -> j.kernel().name().equals("big")).count();
    assertThat(big / 4000.0).isCloseTo(0.75, within(0.03));
    assertThat(jobs).allMatch(j -> j.kernel().name().equals("big")
        ? j.kernel().gridBlocks() == 10 : j.kernel().gridBlocks() == 1);
  }

  @Test
  void unnamedTemplatesAreNamedAfterTheirQueueAndIndex() {
    Job job = generate(singleQueue("process: periodic\nperiod: 1ms", "jobs: 1"), 1).jobs().get(0);

    assertThat(job.kernel().name()).isEqualTo("q-0");
  }

  /** The drafts of the spec's first queue, straight from its generator. */
  private static Drafts drafts(String yaml) {
    SyntheticSpec spec = spec(yaml);
    return new QueueGenerator(spec.queues().get(0), spec.horizonNs(), new SplittableRandom(1),
        new SplittableRandom(2), null).generate();
  }

  @Test
  void aFixedTemplateDrawsOneKernelObjectAndJitteredDrawsShareTheirProgram() {
    String fixed = singleQueue("process: periodic\nperiod: 1ms", "");
    Drafts same = drafts(fixed);
    Drafts jittered = drafts(fixed.replace("block-time: 10us}",
        "block-time: 10us, jitter: 0.1}"));

    assertThat(same.size()).isGreaterThan(50);
    assertThat(same.kernel(1)).isSameAs(same.kernel(0)).isSameAs(same.kernel(same.size() - 1));
    assertThat(jittered.kernel(1)).isNotEqualTo(jittered.kernel(0));
    assertThat(jittered.kernel(1).program()).isSameAs(jittered.kernel(0).program());
  }
}
