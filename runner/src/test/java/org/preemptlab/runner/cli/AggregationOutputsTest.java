package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every output file of a run is the same with block aggregation on (the default) and off ({@code
 * --set engine.aggregate-blocks=false}): the bundled single-run example configurations, the
 * example traces (PyTorch, Nsight, CSV and their mix), a preemptive run and the demo with its
 * timeline. Only the configuration's own record of the key ({@code
 * aggregate-blocks: false} in {@code config.yaml} and {@code summary.json}) and {@code
 * command.txt} may differ.
 */
@Tag("slow")
class AggregationOutputsTest {
  private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

  @ParameterizedTest
  @ValueSource(strings = {
      "--config examples/configs/inference-vs-training.yaml",
      "--config examples/configs/training-loop.yaml",
      "--config examples/configs/xsched/lv1.yaml",
      "--config examples/configs/xsched/lv2.yaml",
      "--config examples/configs/xsched/lv3.yaml",
      "--workload pytorch-trace --set workload.path=examples/traces/inference.pt.trace.json",
      "--workload pytorch-trace --set workload.path=examples/traces/training.pt.trace.json.gz",
      "--workload nsys-trace --set workload.path=examples/traces/preprocess.nsys.csv",
      "--workload csv-trace --set workload.path=examples/traces/small.csv --policy round-robin",
      "--workload trace-mix --set workload.path=examples/traces/colocation.yaml",
      "--policy priority --set policy.preempt=true --preemption instruction-level",
      "--seed 5 --trace TIMELINE"})
  void aRunWritesTheSameFilesWithAndWithoutAggregation(String arguments) throws IOException {
    Path tmp = Files.createTempDirectory("aggregation");
    try {
      Path on = run(arguments, tmp.resolve("on"), List.of());
      Path off = run(arguments, tmp.resolve("off"), List.of("--set",
          "engine.aggregate-blocks=false"));

      assertThat(files(on)).isNotEmpty().isEqualTo(files(off));
      for (Path file : files(on)) {
        if (file.toString().equals("command.txt")) {
          continue;
        }
        assertThat(content(on.resolve(file))).as(arguments + ": " + file)
            .isEqualTo(content(off.resolve(file)));
      }
    } finally {
      try (Stream<Path> walk = Files.walk(tmp)) {
        walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private static Path run(String arguments, Path out, List<String> extra) throws IOException {
    List<String> args = new ArrayList<>(List.of("run"));
    for (String word : arguments.split(" ")) {
      if (word.startsWith("examples/") || word.contains("=examples/")) {
        int at = word.indexOf("examples/");
        word = word.substring(0, at) + ROOT.resolve(word.substring(at));
      }
      args.add(word.equals("TIMELINE") ? out.resolve("timeline.json").toString() : word);
    }
    args.addAll(extra);
    args.addAll(List.of("--out", out.toString(), "--yes"));
    Files.createDirectories(out);
    CliRun result = CliRun.of(args.toArray(String[]::new));
    assertThat(result.exit()).as(arguments + "\n" + result.err()).isZero();
    return out;
  }

  private static List<Path> files(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile).map(dir::relativize).sorted().toList();
    }
  }

  /** The file's text without the configuration's record of the aggregation switch. */
  private static String content(Path file) throws IOException {
    return new String(Files.readAllBytes(file), java.nio.charset.StandardCharsets.ISO_8859_1)
        .replaceAll(",\\s*\"aggregate-blocks\" : false", "") // summary.json
        .replaceAll("\n *aggregate-blocks: false", ""); // config.yaml
  }
}
