package org.preemptlab.examples.tpcmask;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/writing-a-plugin.md (§2c) shows {@link StreamMasksEngineTest} as it compiles. */
class DocsShowTheExampleTest {
  @Test
  void theGuideShowsTheEngineTestVerbatim() throws IOException {
    String source = Files.readString(Path.of(
        "src/test/java/org/preemptlab/examples/tpcmask/StreamMasksEngineTest.java"));
    String code = source.substring(source.indexOf("// doc:begin\n") + "// doc:begin\n".length(),
        source.indexOf("// doc:end"));

    assertThat(code).contains("class StreamMasksEngineTest");
    assertThat(Files.readString(Path.of("..", "..", "docs", "writing-a-plugin.md")))
        .contains(code);
  }
}
