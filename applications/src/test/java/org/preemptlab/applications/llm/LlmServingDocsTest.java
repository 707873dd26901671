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
  void theProfileFormatExampleParsesAndRunsItsKernelsPerLayer() throws IOException {
    String page = Files.readString(PAGE);
    int start = page.indexOf("```\nmodel: example");
    String example = page.substring(start + 4, page.indexOf("```", start + 4));
    ModelProfile p = ModelProfile.parse(example, "example");
    assertThat(p.layers()).isEqualTo(2);
    assertThat(p.kernels(new BatchShape(4, 0, 1, 9))).extracting(Kernel::name)
        .containsExactly("L0.dense", "L0.attention-decode", "L1.dense", "L1.attention-decode",
            "lm-head");
  }

  @Test
  void aDecodeOfOneShortSequenceTakesWhatThePageSays() throws IOException {
    ModelProfile p = ModelProfile.bundled("llama-3.1-8b", "NVIDIA H200 SXM", "test");
    long ns = 0;
    for (Kernel k : p.kernels(BatchShape.of(List.of(SequenceWork.decode(0))))) {
      ns += (k.gridBlocks() + 131) / 132 * k.program().durationNs();
    }
    assertThat(Files.readString(PAGE)).contains(String.format(java.util.Locale.ROOT,
        "of one short sequence takes %.2f ms here", ns / 1e6));
  }
}
