package org.preemptlab.policies.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.MemorySpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Segment;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.model.Workload;
import org.preemptlab.engine.EngineOptions;
import org.preemptlab.engine.JobRecord;

/** {@code orion} on the real engine: who co-runs beside a high-priority kernel. */
class InterferencePoliciesTest {
  /** The policy lab's 8 SMs with 100 GB/s of DRAM bandwidth declared. */
  private static final DeviceSpec DEVICE = PolicyLab.DEVICE.withMemory(new MemorySpec(100));

  /** Two 2,048-thread blocks (two SMs) of 10 us, each moving {@code dramBytes}. */
  private static Kernel kernel(String name, long dramBytes) {
    return new Kernel(name, 2, 2048, 16, 0, false, new BlockProgram(List.of(new Segment(
        SegmentKind.GLOBAL_MEMORY, 10_000, 10_000, 16, 0, dramBytes))), new BlockTiming.Exact());
  }

  /** HP compute kernel at 0; a compute-bound and a memory-bound (2 x 25 B/ns) BE kernel at 1 us. */
  private static Workload workload() {
    return PolicyLab.workload().queue("infer", Priority.HIGH, 1).queue("dense", Priority.LOW, 1)
        .queue("stream", Priority.LOW, 1)
        .job("infer", 0, kernel("gemm", 0))
        .job("dense", 1_000, kernel("conv", 0))
        .job("stream", 1_000, kernel("copy", 250_000))
        .build();
  }

  private static long start(PolicyLab.Outcome outcome, String queue) {
    return outcome.jobsOf(queue).stream().mapToLong(JobRecord::firstStartNs).min().orElseThrow();
  }

  private static PolicyLab.Outcome run(String policy, Map<String, String> parameters) {
    return PolicyLab.run(workload(), policy, parameters, DEVICE, "instruction-level", 0,
        Long.MAX_VALUE, EngineOptions.defaults());
  }

  @Test
  void orionCoRunsOnlyTheBestEffortKernelWhoseProfileComplementsTheHighPriorityOne() {
    PolicyLab.Outcome orion = run("orion", Map.of("be-duration-fraction", "10"));

    assertThat(start(orion, "stream")).isLessThan(10_000); // memory bound: beside the HP gemm
    assertThat(start(orion, "dense")).isGreaterThanOrEqualTo(10_000); // compute bound: after it
    assertThat(start(orion, "infer")).isZero();
  }

  @Test
  void fifoCoRunsBothBestEffortKernelsWhateverTheirProfile() {
    PolicyLab.Outcome fifo = run("fifo", Map.of());

    assertThat(start(fifo, "stream")).isLessThan(10_000);
    assertThat(start(fifo, "dense")).isLessThan(10_000);
  }

  @Test
  void withTheDefaultDurationBoundOnlyOneBestEffortKernelFliesAtATime() {
    PolicyLab.Outcome orion = run("orion", Map.of());

    // the HP job's expected 10 us bound the BE work between drains: the memory-bound kernel goes
    // beside the gemm, the compute-bound one waits for both
    assertThat(start(orion, "stream")).isLessThan(10_000);
    assertThat(start(orion, "dense")).isGreaterThanOrEqualTo(
        orion.jobsOf("stream").get(0).finishNs());
  }
}
