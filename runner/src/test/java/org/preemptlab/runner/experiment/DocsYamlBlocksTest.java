package org.preemptlab.runner.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.preemptlab.hardware.FileModelProvider;
import org.preemptlab.runner.experiment.sweep.SweepConfig;
import org.preemptlab.runner.scenario.Scenarios;
import org.preemptlab.runner.workload.SyntheticSpecs;

/**
 * Every fenced {@code yaml} block of the README and docs/*.md reads with the reader of its kind,
 * with that reader's strict checks (unknown keys, bad values): a run configuration (or a part of
 * one), a sweep file, a synthetic workload spec, a DRM scenario or a hardware model file. A block
 * with a placeholder ({@code [...]}, {@code {...}}) or one that is only a spec's {@code actions}
 * or a trace-mix manifest (whose trace files the page does not ship) is named in {@link #SKIPPED},
 * so that a new unreadable block fails here instead of being skipped silently.
 */
class DocsYamlBlocksTest {
  private static final Path ROOT = Path.of("..");
  private static final List<String> SKIPPED = List.of(
      "docs/config-format.md#2", // contexts: [...], queues: [...]
      "docs/config-format.md#4", // spec: {...}
      "docs/workloads.md#2", // a spec's actions alone; the queues they name are in block 1
      "docs/traces.md#2"); // a trace-mix manifest naming trace files the page does not ship

  static Stream<String> blocks() throws IOException {
    List<String> found = new ArrayList<>();
    List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    for (Path page : pages) {
      Matcher blocks = Pattern.compile("(?s)```yaml\n(.*?)```").matcher(Files.readString(page));
      int index = 0;
      while (blocks.find()) {
        String name = ROOT.relativize(page).toString().replace('\\', '/') + "#" + ++index;
        found.add(name + "\n" + blocks.group(1));
      }
    }
    assertThat(found).as("yaml blocks of the docs").hasSizeGreaterThan(20);
    return found.stream();
  }

  @ParameterizedTest
  @MethodSource("blocks")
  void aDocumentedYamlBlockReadsWithItsReader(String block, @TempDir Path dir) throws IOException {
    String name = block.substring(0, block.indexOf('\n'));
    String yaml = block.substring(block.indexOf('\n') + 1);
    if (SKIPPED.contains(name)) {
      assertThat(yaml).as(name + " is listed as skipped: does it still need to be?")
          .containsAnyOf("[...]", "{...}", "actions:", "traces:");
      return;
    }
    List<String> keys = yaml.lines().filter(l -> l.matches("[a-z][a-z-]*:.*"))
        .map(l -> l.substring(0, l.indexOf(':'))).toList();
    if (keys.contains("vary") || keys.contains("base") || keys.contains("metrics")) {
      assertThat(org.preemptlab.runner.experiment.YamlBinding.parse(yaml, name,
          SweepConfig.class)).as(name).isPresent();
    } else if (keys.contains("queues")) {
      assertThat(SyntheticSpecs.fromYaml(yaml, name)).as(name).isNotNull();
    } else if (keys.contains("schedulers") || keys.contains("entities")) {
      assertThat(Scenarios.fromYaml(yaml, name)).as(name).isNotNull();
    } else if (keys.contains("sm-count")) {
      Path file = Files.writeString(dir.resolve("model.yaml"), yaml);
      assertThat(FileModelProvider.load(file)).as(name).isNotNull();
    } else {
      assertThat(ConfigLoader.parse(yaml, name)).as(name).isNotNull();
    }
  }
}
