package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.preemptlab.runner.report.Numbers;

/**
 * docs/model.md shows one kernel alone and two side by side from the memory system's parameters:
 * its three tables (the queueing fit, one kernel alone, two side by side) are those of the page {@code preemptlab reproduce memory-system-v100} writes
 * (which {@code ReproductionPagesTest} checks against the command), byte for byte.
 */
class MemorySystemDocTest {
  private static final Path DOCS = Path.of("..", "docs");

  private static String table(String page, String after) {
    int start = page.indexOf("| ", page.indexOf(after));
    int end = page.indexOf("\n\n", start);
    return page.substring(start, end < 0 ? page.length() : end);
  }

  @Test
  void theModelPageShowsTheReproductionsTablesOfOneKernelAloneAndTwoSideBySide() throws Exception {
    String page = Files.readString(DOCS.resolve("reproductions/memory-system-v100.md"));
    String model = Files.readString(DOCS.resolve("model.md"));
    String section = model.substring(model.indexOf("<!-- memory-system-v100 tables"));

    String fit = table(page, "## The queueing fit");
    String alone = table(page, "## One kernel alone");
    String side = table(page, "## Two kernels side by side");
    assertThat(fit).startsWith("| kernel | bytes in flight per thread").contains("| scale | 16 |");
    assertThat(alone).startsWith("| blocks | measured (GB/s)").contains("| 1280 | 829.1 |");
    assertThat(side).startsWith("| blocks each |").contains("| 640 |");
    assertThat(section).as("docs/model.md's tables: copy them from"
        + " docs/reproductions/memory-system-v100.md after regenerating it")
        .contains(fit + "\n\n" + alone + "\n\n" + side);
  }

  @Test
  void theModelPagesParameterTableGivesTheV100FilesValuesAndTheReproductions() throws Exception {
    String model = Files.readString(DOCS.resolve("model.md"));
    org.preemptlab.runner.discovery.PluginRegistry registry =
        org.preemptlab.runner.discovery.PluginRegistry.discover(java.util.Optional.empty());
    org.preemptlab.api.hardware.HardwareModel file = MemorySystemV100.v100(registry,
        MemoryStreamRuns.Parameters.MODEL_FILE);
    QueueingFit.Calibration used = MemorySystemV100.CALIBRATION;

    assertThat(model)
        .contains("| achievable bandwidth, `dram-achievable-gbps` | "
            + Math.round(file.device().memory().achievableBytesPerNs()) + " GB/s | "
            + Numbers.fixed(used.achievableGbps(), 1) + " GB/s |")
        .contains("| unloaded DRAM latency, `dram-latency-ns` | "
            + Math.round(file.device().memory().dramLatencyNs()) + " ns | "
            + Numbers.fixed(used.latencyNs(), 1) + " ns |")
        .contains("| queueing scale, `dram-queueing-ns` | "
            + Math.round(file.contention().orElseThrow().queueingNs()) + " ns | "
            + Numbers.fixed(used.queueingNs(), 1) + " ns |")
        .contains("| bytes in flight per triad thread | "
            + Math.round(MemorySystemV100.BYTES_IN_FLIGHT_PER_THREAD) + " B | "
            + Math.round(MemorySystemV100.BYTES_IN_FLIGHT_PER_THREAD) + " B |");
  }

  @Test
  void theModelPagesCountOfPassingRowsIsThePagesVerdict() throws Exception {
    String page = Files.readString(DOCS.resolve("reproductions/memory-system-v100.md"));
    String model = Files.readString(DOCS.resolve("model.md"));

    assertThat(page).contains("Verdict: 10 PASS of 10 rows: reproduced");
    assertThat(model).contains("all 10 rows pass");
  }
}
