package org.preemptlab.hardware;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The device probes of docs/data/probes (issue 28) stay complete: the driver script builds and
 * runs every CUDA source, and METHOD.md describes each one. Compiling them needs nvcc, which the
 * build does not assume; {@code BUILD_ONLY=1 run_all.sh DIR} does it by hand.
 */
class DeviceProbesTest {
  private static final Path PROBES = Path.of("..", "docs", "data", "probes");

  private static List<String> sources() throws IOException {
    try (Stream<Path> files = Files.list(PROBES)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".cu"))
          .map(n -> n.substring(0, n.length() - 3)).sorted().toList();
    }
  }

  @Test
  void theDriverScriptBuildsAndRunsEveryProbe() throws IOException {
    String script = Files.readString(PROBES.resolve("run_all.sh"));
    Matcher list = Pattern.compile("probes=\\(([^)]*)\\)").matcher(script);
    assertThat(list.find()).isTrue();

    assertThat(List.of(list.group(1).trim().split("\\s+"))).containsExactlyInAnyOrderElementsOf(
        sources());
    for (String probe : sources()) {
      assertThat(script).as("a run of %s", probe).contains("\"$out/bin/" + probe + "\"");
    }
  }

  @Test
  void theMethodDescribesEveryProbeAndWhatItIsFittedOnAndHeldBack() throws IOException {
    String method = Files.readString(PROBES.resolve("METHOD.md"));

    assertThat(sources()).hasSize(6);
    for (String probe : sources()) {
      assertThat(method).as("the row of %s", probe).contains("| `" + probe + ".cu` → `");
    }
    assertThat(method).contains("| fit on | held back (predict, then compare) |")
        .contains("has been run\nyet");
  }
}
