package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproductionSummaryTest {
  private static final Path PAGES = Path.of("..", "docs", "reproductions");
  private static final Source SOURCE = new Source("Paper, Venue'99", "§5, Fig. 6",
      "owner/repo: config/A.json");
  private static final Target LATENCY = new Target("mean latency", SOURCE, "about 200 us",
      Tolerance.relative(200, 0.25, "approximate in the paper."));
  private static final Target SHARE = new Target("share | of the GPU", SOURCE, "75%",
      Tolerance.relative(75, 0.1, "read from bars."));

  /** A reproduction known by its id only: the summary reads its page, it never runs it. */
  private static Reproduction named(String id) {
    return new Reproduction() {
      @Override
      public String id() {
        return id;
      }

      @Override
      public String description() {
        return id;
      }

      @Override
      public boolean run(Path outputDirectory, PrintStream out) {
        throw new AssertionError("not run by the summary");
      }
    };
  }

  private static void page(Path dir, String id, String title, ClaimTable claims)
      throws IOException {
    new ReproductionPage(id, "Reproduction: " + id + " (" + title + ")")
        .paragraph("What the paper says.").claims(claims).write(dir);
  }

  @Test
  void theCommittedSummaryIsTheOneItsPagesGive() throws IOException {
    List<Reproduction> published = Reproductions.all().stream()
        .filter(r -> r.kind() == Reproduction.Kind.PUBLISHED).toList();
    assertThat(Files.readString(PAGES.resolve(ReproductionSummary.FILE)))
        .as("docs/reproductions/README.md differs from its pages' summary: refresh it with"
            + " `preemptlab reproduce drm-kunit --out docs/reproductions` (any one id)")
        .isEqualTo(ReproductionSummary.render(ReproductionSummary.read(PAGES, published)));
  }

  @Test
  void itCountsEachPagesRowsByVerdictAndListsEveryRow(@TempDir Path dir) throws IOException {
    page(dir, "alpha", "Author, Venue 2020", new ClaimTable()
        .add(LATENCY.simulated("210 us", 210)).add(SHARE.simulated("74%", 74)));
    page(dir, "beta", "Other, Venue 2021", new ClaimTable()
        .add(LATENCY.simulated("100 us", 100))
        .add(SHARE.simulated("76%", new double[] {76},
            new Target.Baseline("native", "75%", 75))));

    String summary = ReproductionSummary.render(ReproductionSummary.read(dir,
        List.of(named("alpha"), named("beta"), named("gamma"))));

    assertThat(summary).startsWith(ReproductionSummary.TITLE + "\n")
        .contains("| [alpha](alpha.md) | Author, Venue 2020 | 2 | 2 | | | | | | yes |\n")
        .contains("| [beta](beta.md) | Other, Venue 2021 | 2 | | 1 | 1 | | | | no |\n")
        .contains("| gamma | (not run here) | | | | | | | | |\n")
        .contains("Reproduced: 1 of 3 published reproductions (1 without a page here).")
        .contains("| alpha | 2 | share \\| of the GPU | 75% | 74% | ±10% | | PASS |\n")
        .contains("| beta | 1 | mean latency | about 200 us | 100 us | ±25% | | FAIL |\n")
        .contains("| beta | 2 | share \\| of the GPU | 75% | 76% | ±10% |"
            + " native: 75% (also within) | INCONCLUSIVE |\n");
  }

  @Test
  void writingSaysWhetherEveryOneReproducedAndMarksTheFolder(@TempDir Path dir)
      throws IOException {
    page(dir, "alpha", "Author, Venue 2020", new ClaimTable().add(LATENCY.simulated("1", 200)));
    assertThat(ReproductionSummary.heldIn(dir)).isFalse();

    assertThat(ReproductionSummary.write(dir, List.of(named("alpha")))).isTrue();
    assertThat(ReproductionSummary.heldIn(dir)).isTrue();
    assertThat(ReproductionSummary.write(dir, List.of(named("alpha"), named("beta"))))
        .as("a reproduction not run has not reproduced").isFalse();

    Files.writeString(dir.resolve(ReproductionSummary.FILE), "# My notes\n");
    assertThat(ReproductionSummary.heldIn(dir)).as("another README is not refreshed").isFalse();
  }

  @Test
  void aPageWithoutItsClaimsTableIsNamed(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("alpha.md"), "# Reproduction: alpha (Author)\n\nNo table.\n");
    assertThatThrownBy(() -> ReproductionSummary.read(dir, List.of(named("alpha"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("alpha.md: no \"Published vs simulated\" table");
  }

  @Test
  void aReproductionThatFailedIsListedWithItsErrorNotWithAnEarlierPage(@TempDir Path dir)
      throws IOException {
    page(dir, "alpha", "Author, Venue 2020", new ClaimTable().add(LATENCY.simulated("1", 200)));

    assertThat(ReproductionSummary.write(dir, List.of(named("alpha")),
        java.util.Map.of("alpha", "input file x.csv | missing"))).isFalse();

    assertThat(Files.readString(dir.resolve(ReproductionSummary.FILE)))
        .contains("| alpha | (failed: input file x.csv \\| missing) | | | | | | | | |\n")
        .doesNotContain("| alpha | 1 |");
  }
}
