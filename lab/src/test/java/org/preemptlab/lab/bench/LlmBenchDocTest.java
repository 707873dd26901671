package org.preemptlab.lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;

/**
 * The last {@code bench --llm} output pasted in docs/performance-log.md ("The benchmark and its
 * figures", moved there from docs/performance.md) simulates what today's build simulates: the
 * span, jobs and blocks of its {@code vllm-300} and {@code conv-alone} rows (the times are the
 * machine's and are not checked); so do the {@code vllm-300} rows (a measured profile, which no
 * generator change touches) of the old and new builds' alternating runs pasted in "Why the waves
 * did not pay beside training" and "A preempted wave settled in runs" (whose {@code conv-mps} rows
 * served the generator before the element-wise fit for vLLM's kernels, as the page says).
 */
@Tag("slow")
class LlmBenchDocTest {
  private static final Path ROOT = Path.of("..");

  @Test
  void thePastedOutputsRowsHoldTheSpanJobsAndBlocksOfARunNow() throws Exception {
    String doc = Files.readString(ROOT.resolve("docs/performance-log.md"));
    // the last pasted command, whichever jar it ran (the lab's before the distribution module)
    String command = " bench --llm\n";
    int at = doc.lastIndexOf(command);
    assertThat(at).isPositive();
    assertThat(doc.substring(doc.lastIndexOf('\n', at) + 1, at))
        .startsWith("$ java -XX:+UseParallelGC -jar ");
    String output = doc.substring(at, doc.indexOf("```", at));
    assertThat(output).contains("conversation cases 10.000 s of simulated time");
    RunExecutor executor = new RunExecutor(PluginRegistry.discover(Optional.empty()));
    List<LlmServingRate.Case> cases = LlmServingRate.cases(ROOT.toAbsolutePath().normalize(),
        LlmServingRate.DEFAULT_HORIZON_NS);

    for (LlmServingRate.Case c : cases.subList(0, 2)) {
      RunOutcome run = executor.execute(c.config());
      String row = String.format(Locale.ROOT, "%-18s %12.3f %,10d %,14d ", c.name(),
          run.result().makespanNs() / 1e9, run.metrics().jobs(), run.result().blocksExecuted());

      assertThat(output).as(c.name()).contains("\n" + row);
      if (c.name().equals("vllm-300")) {
        assertThat(alternatingRows(doc, WAVES, c.name())).allSatisfy(line -> assertThat(line)
            .contains(row));
        assertThat(alternatingRows(doc, RUNS, c.name())).allSatisfy(line -> assertThat(line)
            .contains(row));
      }
    }
  }

  /**
   * The last 60 s {@code conv-mps} run pasted on the page simulates what today's build simulates
   * (the conversation cases serve a generated profile, so runs pasted before the generator changed
   * record what that generator simulated).
   */
  @Test
  void thePasted60SecondRowOfTheHourSectionHoldsTheSpanJobsAndBlocksOfARunNow() throws Exception {
    String doc = Files.readString(ROOT.resolve("docs/performance-log.md"));
    String command = " bench --llm --llm-case conv-mps --llm-seconds 60\n";
    // the last pasted 60 s run (the earlier ones record earlier builds and generators)
    int at = doc.lastIndexOf(command);
    assertThat(at).isPositive();
    String output = doc.substring(at, doc.indexOf("```", at));
    LlmServingRate.Case c = LlmServingRate.cases(ROOT.toAbsolutePath().normalize(),
        60_000_000_000L).get(2);
    RunOutcome run = new RunExecutor(PluginRegistry.discover(Optional.empty()))
        .execute(c.config());
    String row = String.format(Locale.ROOT, "%-18s %12.3f %,10d %,14d ", c.name(),
        run.result().makespanNs() / 1e9, run.metrics().jobs(), run.result().blocksExecuted());

    assertThat(c.name()).isEqualTo("conv-mps");
    assertThat(output).contains("\n" + row);
  }

  /** The section of the page whose alternating runs served the generator of their day. */
  private static final String WAVES = "### Why the waves did not pay beside training";
  /** The section of the alternating runs of the preempted waves settled in runs. */
  private static final String RUNS = "## A preempted wave settled in runs";

  /**
   * The rows of case {@code name} in the old and new builds' alternating runs pasted in the
   * section that starts with {@code heading} ({@code ROUND BUILD} then the row as {@code bench}
   * printed it), up to the next section of level 2; at least one.
   */
  private static List<String> alternatingRows(String doc, String heading, String name) {
    int from = doc.indexOf(heading);
    assertThat(from).isPositive();
    int to = doc.indexOf("\n## ", from);
    List<String> rows = doc.substring(from, to < 0 ? doc.length() : to).lines()
        .filter(line -> line.matches("\\d+ +(old|new) +" + name + " .*"))
        .toList();
    assertThat(rows).as(name).isNotEmpty();
    return rows;
  }
}
