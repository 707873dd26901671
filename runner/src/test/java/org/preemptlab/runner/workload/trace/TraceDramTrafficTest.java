package org.preemptlab.runner.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Workload;

/**
 * The DRAM traffic a replayed trace declares for the contention model: none by default (neither a
 * Kineto nor an nsys GPU trace records it), else {@code dram-bandwidth-share} of the traced GPU's
 * bandwidth over each kernel's traced duration, spread over its blocks.
 */
class TraceDramTrafficTest {
  @TempDir
  Path dir;

  /** One 20 us kernel of 132 blocks and one copy, on an H200 (4,800 GB/s, its datasheet). */
  private Workload replay(Map<String, String> parameters) throws Exception {
    Path trace = Files.writeString(dir.resolve("t.csv"), NsysTraces.HEADER + "\n"
        + NsysTraces.kernelRow(1_000, 20_000, 132, 256, 32, 0, 7, "gemv") + "\n"
        + NsysTraces.copyRow(30_000, 3_000, 4096, 7, "[CUDA memcpy Host-to-Device]") + "\n");
    return TraceTesting.workload("nsys-trace", trace, parameters);
  }

  private static Job kernel(Workload workload) {
    return workload.jobs().stream()
        .filter(j -> workload.queue(j.queueId()).engine() == EngineKind.COMPUTE).findFirst()
        .orElseThrow();
  }

  @Test
  void byDefaultATracedKernelDeclaresNoDramTraffic() throws Exception {
    assertThat(kernel(replay(Map.of())).kernel().program().dramBytes()).isZero();
  }

  @Test
  void aShareOfTheBandwidthSpreadsThatTrafficOverTheKernelsBlocks() throws Exception {
    Workload workload = replay(Map.of("dram-bandwidth-share", "0.5"));

    // 0.5 x 4,800 bytes/ns x 20,000 ns / 132 blocks = 363,636.4 bytes per block
    assertThat(kernel(workload).kernel().program().dramBytes()).isEqualTo(363_636L);
    assertThat(workload.jobs()).filteredOn(j -> workload.queue(j.queueId()).engine()
        == EngineKind.COPY).allSatisfy(copy ->
            assertThat(copy.kernel().program().dramBytes()).as("copies run outside the model")
                .isZero());
  }

  @Test
  void bothTraceWorkloadsDeclareTheShareWithItsRange() {
    for (String id : new String[] {"nsys-trace", "pytorch-trace"}) {
      assertThat(TraceTesting.provider(id).parameters())
          .filteredOn(p -> p.name().equals("dram-bandwidth-share")).singleElement()
          .satisfies(p -> {
            assertThat(p.min()).isZero();
            assertThat(p.max()).isEqualTo(1.0);
          });
    }
  }
}
