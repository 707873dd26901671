package org.preemptlab.runner.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ConfigurationException;
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

  @Test
  void anAnnotatedKernelTakesItsBytesPerLaunchOverItsBlocksInsteadOfTheShare() throws Exception {
    Path annotations = Files.writeString(dir.resolve("dram.csv"), "# from Nsight Compute\n"
        + DramAnnotations.HEADER + "\ngemv,13200000\nother<1, 2>,5\n");
    Workload workload = replay(Map.of("dram-annotations", annotations.toString(),
        "dram-bandwidth-share", "0.5"));

    // 13,200,000 bytes per launch over 132 blocks
    assertThat(kernel(workload).kernel().program().dramBytes()).isEqualTo(100_000L);
    assertThat(DramAnnotations.read(annotations)).containsEntry("other<1, 2>", 5L);
  }

  @Test
  void aBadAnnotationFileIsAOneLineErrorNamingFileAndLineWithoutQuotingIt() throws Exception {
    Path notANumber = Files.writeString(dir.resolve("a.csv"), DramAnnotations.HEADER
        + "\ngemv,lots\n");
    Path twice = Files.writeString(dir.resolve("b.csv"), DramAnnotations.HEADER
        + "\ngemv,1\ngemv,2\n");
    Path noHeader = Files.writeString(dir.resolve("c.csv"), "gemv,1\n");
    Path negative = Files.writeString(dir.resolve("d.csv"), DramAnnotations.HEADER
        + "\ngemv,-1\n");

    assertThatThrownBy(() -> replay(Map.of("dram-annotations", notANumber.toString())))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage(notANumber + ":2: dram_bytes: expected a whole number of bytes in [0, "
            + DramAnnotations.MAX_BYTES + "]");
    assertThatThrownBy(() -> DramAnnotations.read(twice))
        .hasMessage(twice + ":3: this kernel name is annotated on an earlier line too; give each"
            + " kernel once");
    assertThatThrownBy(() -> DramAnnotations.read(noHeader))
        .hasMessage(noHeader + ":1: expected the header 'kernel,dram_bytes'");
    assertThatThrownBy(() -> DramAnnotations.read(negative)).hasMessageContaining(":2: dram_bytes");
    assertThatThrownBy(() -> DramAnnotations.read(dir.resolve("missing.csv")))
        .isInstanceOf(ConfigurationException.class).hasMessageContaining("does not exist");
  }
}
