package org.preemptlab.runner.experiment.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.preemptlab.runner.experiment.YamlBinding;

/**
 * Every sweep example of the docs reads as a sweep file and plans: each fenced {@code yaml} block
 * of docs/experiments.md and docs/config-format.md with a {@code vary:} line, and each inline
 * {@code `vary: {...}`} of their prose. An example without {@code base} gets a base with one
 * application, so that {@code applications[0].KEY} has an application to set.
 */
class DocsSweepExamplesTest {
  private static final Path DOCS = Path.of("..", "docs");
  private static final String BASE = """
      base:
        applications:
          - {id: training-loop, parameters: {iterations: 2, forward-grid: 132, \
      forward-threads: 256, forward-registers: 32, forward-block-time: 10us, backward-grid: 132, \
      backward-threads: 256, backward-registers: 32, backward-block-time: 10us, \
      optimizer-grid: 132, optimizer-threads: 256, optimizer-registers: 32, \
      optimizer-block-time: 10us}}
      """;

  static Stream<String> examples() throws IOException {
    List<String> found = new ArrayList<>();
    for (String page : List.of("experiments.md", "config-format.md")) {
      String text = Files.readString(DOCS.resolve(page));
      Matcher blocks = Pattern.compile("(?s)```yaml\n(.*?)```").matcher(text);
      while (blocks.find()) {
        if (blocks.group(1).lines().anyMatch(l -> l.startsWith("vary:"))) {
          found.add(page + ":\n" + blocks.group(1));
        }
      }
      Matcher inline = Pattern.compile("`(vary: \\{[^`]*\\})`").matcher(text);
      while (inline.find()) {
        found.add(page + ":\n" + inline.group(1) + "\n");
      }
    }
    assertThat(found).as("the docs' sweep examples").hasSizeGreaterThanOrEqualTo(3)
        .anyMatch(e -> e.contains("applications[0].priority"));
    return found.stream();
  }

  @ParameterizedTest
  @MethodSource("examples")
  void aDocumentedSweepExampleReadsAndPlans(String example) {
    String yaml = example.substring(example.indexOf('\n') + 1);
    if (yaml.lines().noneMatch(l -> l.startsWith("base:"))) {
      yaml = BASE + yaml;
    }

    SweepConfig config = YamlBinding.parse(yaml, "example.yaml", SweepConfig.class).orElseThrow();

    assertThat(SweepPlan.of(config).points()).isNotEmpty();
  }
}
