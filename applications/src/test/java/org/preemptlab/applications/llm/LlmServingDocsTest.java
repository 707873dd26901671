package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.metrics.MetricDeclaration;
import org.preemptlab.api.model.Kernel;

/** docs/llm-serving.md says what the code does. */
class LlmServingDocsTest {
  private static final Path PAGE = Path.of("../docs/llm-serving.md");

  private static String section(String page, String heading) {
    int start = page.indexOf("\n## " + heading);
    int end = page.indexOf("\n## ", start + 4);
    return page.substring(start, end < 0 ? page.length() : end);
  }

  @Test
  void everyParameterIsInTheTableWithItsDefault() throws IOException {
    String table = section(Files.readString(PAGE), "Parameters");
    for (ParameterSpec p : new LlmServingProvider().parameters()) {
      assertThat(table).contains("`" + p.name() + "`");
      if (!p.defaultValue().isEmpty()) {
        assertThat(table).as(p.name()).contains("`" + p.defaultValue() + "`");
      }
    }
  }

  @Test
  void everyMetricIsInTheTable() throws IOException {
    String table = section(Files.readString(PAGE), "Metrics");
    for (MetricDeclaration m : new LlmServingProvider().metrics()) {
      assertThat(table).contains("`" + m.id() + "`");
    }
  }

  @Test
  void theProfileExcerptIsFromTheBundledProfile() throws IOException {
    String page = Files.readString(PAGE);
    String bundled = RooflineProfile.render();
    List<String> rows = page.lines().filter(l -> l.matches("[a-z-]+,\\d+,[a-z-]+,.*")).toList();
    assertThat(rows).hasSizeGreaterThanOrEqualTo(4);
    assertThat(rows).allSatisfy(row -> assertThat(bundled).contains("\n" + row + "\n"));
  }

  @Test
  void aDecodeOfOneShortSequenceTakesWhatThePageSays() throws IOException {
    ModelProfile p = ModelProfile.bundled("llama-3.1-8b", "test");
    long ns = 0;
    for (Kernel k : p.kernels(new BatchShape(1, 0, 1, 1))) {
      ns += (k.gridBlocks() + 131) / 132 * k.program().durationNs();
    }
    assertThat(Files.readString(PAGE)).contains(String.format(java.util.Locale.ROOT,
        "of one short sequence takes %.2f ms here", ns / 1e6));
  }
}
