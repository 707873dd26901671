package org.preemptlab.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.model.Workload;

class DemoSpecTest {
  private static final int H200_SMS = 132;
  private static final int H200_REGISTERS = 65_536;
  private static final int H200_THREADS = 2_048;

  private final Workload demo = SyntheticWorkload.generate(SyntheticSpecs.demo(),
      new SplittableRandom(1));

  private List<Job> jobs(String queue) {
    return demo.jobs().stream().filter(j -> j.queueId().equals(queue)).toList();
  }

  /** Resident blocks per H200 SM, limited by threads, registers and shared memory. */
  private static int blocksPerSm(Kernel k) {
    int byThreads = H200_THREADS / k.threadsPerBlock();
    int byRegisters = (int) (H200_REGISTERS / Math.max(1, k.registersPerBlock()));
    int byShared = 233_472 / (k.sharedMemoryPerBlock() + 1_024);
    return Math.min(32, Math.min(byThreads, Math.min(byRegisters, byShared)));
  }

  @Test
  void demoHasOneYieldingContextWithAHighInferenceAndALowSerialTrainingQueue() {
    assertThat(demo.contexts()).containsExactly(new GpuContext("app", true));
    assertThat(demo.queue("inference").priority()).isEqualTo(Priority.HIGH);
    assertThat(demo.queue("inference").serial()).isFalse();
    assertThat(demo.queue("training").priority()).isEqualTo(Priority.LOW);
    assertThat(demo.queue("training").serial()).isTrue();
    assertThat(demo.queues()).allMatch(q -> q.contextId().equals("app"));
  }

  @Test
  void inferenceRequestsArePoissonWithShortSmallKernels() {
    List<Job> inference = jobs("inference");

    assertThat(inference).hasSizeBetween(25, 60);
    assertThat(inference).allSatisfy(j -> {
      assertThat(j.dependencies()).isEmpty();
      assertThat(j.kernel().gridBlocks()).isBetween(200, 400);
      assertThat(j.kernel().program().durationNs()).isBetween(20_000L, 50_000L);
      assertThat(j.deadlineNs()).isEqualTo(j.submitTimeNs() + 1_000_000);
      assertThat(j.submitTimeNs()).isBetween(1_000_000L, 80_000_000L);
    });
  }

  @Test
  void trainingKernelsFillEverySmWithLongBlocksInAClosedLoop() {
    List<Job> training = jobs("training");

    assertThat(training).hasSize(80);
    assertThat(training.get(0).dependencies()).isEmpty();
    for (int i = 1; i < training.size(); i++) {
      assertThat(training.get(i).dependencies()).containsExactly(training.get(i - 1).id());
      assertThat(training.get(i).thinkTimeNs()).isEqualTo(10_000);
    }
    assertThat(training).allSatisfy(j -> {
      Kernel k = j.kernel();
      assertThat(k.gridBlocks()).isGreaterThanOrEqualTo(H200_SMS * blocksPerSm(k));
      assertThat(k.gridBlocks() % (H200_SMS * blocksPerSm(k))).isZero();
      assertThat(k.program().durationNs()).isBetween(300_000L, 800_000L);
    });
    assertThat(training).extracting(j -> j.kernel().name()).contains("gemm", "elementwise");
  }

  @Test
  void trainingProgramsYieldAboutEvery100usAndMixEverySegmentKind() {
    for (Job job : jobs("training")) {
      BlockProgram program = job.kernel().program();
      long lastYield = 0;
      for (int i = 0; i < program.segments().size(); i++) {
        if (program.segments().get(i).kind() == SegmentKind.YIELD_POINT) {
          long at = program.startOf(i);
          assertThat(at - lastYield).isBetween(65_000L, 150_000L);
          lastYield = at;
        }
      }
      assertThat(program.durationNs() - lastYield).isLessThan(2_000);
    }
    Set<SegmentKind> kinds = EnumSet.noneOf(SegmentKind.class);
    jobs("training").stream().filter(j -> j.kernel().name().equals("gemm")).findFirst()
        .orElseThrow().kernel().program().segments().forEach(s -> kinds.add(s.kind()));
    assertThat(kinds).containsExactlyInAnyOrder(SegmentKind.COMPUTE, SegmentKind.GLOBAL_MEMORY,
        SegmentKind.SHARED_MEMORY, SegmentKind.BARRIER, SegmentKind.YIELD_POINT);
  }

  @Test
  void liveStateVariesSoThatALivenessSaveIsSmallerThanTheAllocation() {
    for (Job job : jobs("training")) {
      Kernel k = job.kernel();
      List<Segment> segments = k.program().segments();
      long allocation = k.contextBytesPerBlock();
      long smallest = segments.stream().filter(s -> s.kind().allowsStopInside())
          .mapToLong(s -> 4L * s.liveRegistersPerThread() * k.threadsPerBlock()
              + s.liveSharedMemoryBytes()).min().orElseThrow();
      assertThat(smallest).isLessThan(allocation / 4);
      assertThat(segments).allMatch(s -> s.liveRegistersPerThread() <= k.registersPerThread()
          && s.liveSharedMemoryBytes() <= k.sharedMemoryPerBlock());
    }
  }

  @Test
  void trainingLoopLastsFiftyToAHundredMillisecondsOfGpuTimeAlone() {
    long total = 0;
    for (Job job : jobs("training")) {
      Kernel k = job.kernel();
      int waves = (int) Math.ceil(k.gridBlocks() / (double) (H200_SMS * blocksPerSm(k)));
      total += waves * k.program().durationNs() + job.thinkTimeNs();
    }
    assertThat(total).isBetween(50_000_000L, 100_000_000L);
  }

  @Test
  void demoYamlCommentsItsChoices() {
    String yaml = SyntheticSpecs.demoYaml();
    long comments = yaml.lines().filter(l -> l.contains("#")).count();

    assertThat(comments).isGreaterThan(30);
  }
}
