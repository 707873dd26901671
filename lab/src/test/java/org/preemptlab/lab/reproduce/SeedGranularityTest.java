package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The seed-claims check, run once as the command runs it (seeds 1-3). */
@Tag("slow")
class SeedGranularityTest {
  @TempDir
  static Path directory;
  private static boolean reproduced;
  private static String printed;

  @BeforeAll
  static void runOnce() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      reproduced = new SeedGranularity(Optional.of(TwoContextRun.REGISTRY), List.of(1L, 2L, 3L))
          .run(directory, out);
    }
    printed = bytes.toString(StandardCharsets.UTF_8);
    System.out.println(printed);
  }

  @Test
  void everyQualitativeClaimHoldsInTheSimulatedNumbers() {
    assertThat(printed).doesNotContain("[FAIL]");
    assertThat(reproduced).isTrue();
  }

  @Test
  void printsOneTableForEachPartAndTheModelsPredictionAboveIt() {
    for (String part : List.of("(a)", "(b)", "(c)", "(d)", "(e)")) {
      assertThat(printed).contains(part);
    }
    assertThat(printed.lines().filter(l -> l.startsWith("model:"))).hasSize(5);
    assertThat(printed.lines().filter(l -> l.startsWith("  [ok]"))).hasSize(6);
  }

  @Test
  void sweepsTheCheckIntervalFromTenToTenThousandInstructions() {
    List<String> firstCells = printed.lines().map(String::trim)
        .map(l -> l.split("\\s+")[0]).toList();
    for (long n : SeedGranularity.INTERVALS) {
      assertThat(firstCells).contains(Long.toString(n));
    }
  }

  @Test
  void writesEveryChartAsAPng() throws Exception {
    List<Path> charts;
    try (Stream<Path> files = Files.list(directory)) {
      charts = files.filter(f -> f.toString().endsWith(".png")).sorted().toList();
    }
    assertThat(charts).extracting(p -> p.getFileName().toString()).containsExactly(
        "seed-granularity-a-coarse-vs-fine.png", "seed-granularity-b-check-interval.png",
        "seed-granularity-c-check-placement.png", "seed-granularity-d-hybrid-split.png",
        "seed-granularity-d-training.png", "seed-granularity-e-liveness.png");
    for (Path chart : charts) {
      byte[] head = Files.readAllBytes(chart);
      assertThat(head).startsWith(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
      assertThat(head.length).isBetween(5_000, 200_000);
    }
  }

  @Test
  void isListedUnderItsId() {
    assertThat(Reproductions.find("seed-claims")).get()
        .isInstanceOf(SeedGranularity.class);
  }


  @Test
  void theCommittedPageHoldsThisOutputAndTheseCharts() throws Exception {
    Path docs = Path.of("..", "docs", "reproductions");
    String page = Files.readString(docs.resolve("seed-claims.md"));
    String start = "## The printed output (seeds 1-3)\n\n```\n";
    int from = page.indexOf(start) + start.length();
    String committed = page.substring(from, page.indexOf("```", from));
    // the command prints the reproduction's output, then its verdict line
    String expected = printed.replace("charts: " + directory, "charts: docs/reproductions/images")
        + "reproduced: every expected outcome was observed\n";

    assertThat(committed).as("docs/reproductions/seed-claims.md's printed output: regenerate it "
        + "with `preemptlab reproduce seed-claims --out docs/reproductions/images`")
        .isEqualTo(expected);
    try (Stream<Path> files = Files.list(directory)) {
      for (Path chart : files.filter(f -> f.toString().endsWith(".png")).toList()) {
        assertThat(docs.resolve("images").resolve(chart.getFileName()))
            .as("docs/reproductions/images/%s", chart.getFileName()).hasSameBinaryContentAs(chart);
      }
    }
  }
}
