package org.preemptlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.lab.reproduce.Reproduction;
import org.preemptlab.lab.reproduce.Reproductions;
import org.preemptlab.runner.cli.CliRun;
import org.preemptlab.runner.cli.Main;
import org.preemptlab.runner.scenario.KunitScenarios;

/**
 * The lab's commands on the runner's command line: found through the service file, listed in the
 * overview, with their help, one-line errors and output-folder rules.
 */
class LabCommandsTest {
  private static CliRun run(String... args) {
    return CliRun.of(args);
  }

  private static String oneLineError(CliRun result, int exit) {
    return result.oneLineError(exit);
  }

  private static void assertUsageError(CliRun result, String message) {
    assertThat(oneLineError(result, Main.USAGE)).contains(message);
  }

  @Test
  void theOverviewListsTheLabCommandsAfterTheRunnersOwn() {
    CliRun result = run("--help");

    assertThat(result.out()).contains("  bench         measure engine speed")
        .contains("  reproduce     ");
    assertThat(result.out().indexOf("  profile ")).isLessThan(result.out().indexOf("  bench "));
    assertThat(oneLineError(run("rn"), Main.USAGE)).endsWith("valid: bench, capacity, demo, "
        + "drm-scenario, list, profile, reproduce, run, sweep");
  }

  @Test
  void benchHelpShowsItsOptions() {
    CliRun result = run("bench", "--help");

    assertThat(result.exit()).isZero();
    assertThat(result.out()).startsWith("usage: preemptlab bench [OPTIONS]")
        .contains("--kernels <N>", "--warmups <W>", "--repetitions <R>", "--memory",
            "examples:");
  }

  @Test
  void benchMemoryWithAnotherBenchOptionIsAConfigurationError() {
    CliRun result = run("bench", "--memory", "--kernels", "200");

    assertThat(oneLineError(result, Main.USAGE)).isEqualTo("preemptlab bench: bench "
        + "--memory measures N = [100000, 1000000] once; --kernels does not apply");
  }

  @Test
  void benchJvmTricksWithAnotherMeasurementIsAConfigurationError() {
    CliRun result = run("bench", "--jvm-tricks", "--scaling");

    assertThat(oneLineError(result, Main.USAGE)).isEqualTo("preemptlab bench: bench "
        + "--jvm-tricks and --scaling are separate measurements; give one");
  }

  @Tag("slow")
  @Test
  void reproduceDrmKunitReportsEveryScenarioAsReproduced(@TempDir Path dir) {
    CliRun result = run("reproduce", "drm-kunit", "--out", dir.toString());

    assertThat(result.exit()).isZero();
    for (KunitScenarios.Entry entry : KunitScenarios.all()) {
      assertThat(result.out()).containsPattern("(?m)^" + entry.id() + " +" + entry.kunitTest()
          + " +yes ");
    }
    assertThat(result.out()).contains("expected false      observed false")
        .doesNotContain("FAIL").contains("reproduced: every expected outcome was observed");
    assertThat(Reproductions.find("drm-kunit")).isPresent();
  }

  @Test
  void reproduceOutIsCheckedLikeRunOut(@TempDir Path dir) throws IOException {
    // S1 for reproduce: a file, a device, a link or a folder of other files is refused
    assertUsageError(run("reproduce", "drm-kunit", "--out", "/dev/null"),
        "--out /dev/null: exists and is not a folder");
    Path file = Files.writeString(dir.resolve("file"), "precious\n");
    assertUsageError(run("reproduce", "drm-kunit", "--out", file.toString()),
        "--out " + file + ": exists and is not a folder; name a new folder");
    Path others = Files.createDirectories(dir.resolve("others"));
    Files.writeString(others.resolve("notes.txt"), "mine\n");
    assertUsageError(run("reproduce", "drm-kunit", "--out", others.toString()),
        "--out " + others + ": the folder already holds other files (not this command's "
            + "outputs); name a new or empty folder, nothing is overwritten");
    Path link = Files.createSymbolicLink(dir.resolve("link"), others);
    assertUsageError(run("reproduce", "drm-kunit", "--out", link.toString()),
        "--out " + link + ": is a symbolic link");
    assertThat(Files.readString(file)).isEqualTo("precious\n");
    assertThat(others.resolve("notes.txt")).hasContent("mine");

    Path fresh = dir.resolve("fresh");
    assertThat(run("reproduce", "drm-kunit", "--out", fresh.toString()).exit()).isZero();
    assertThat(run("reproduce", "drm-kunit", "--out", fresh.toString()).exit())
        .as("the same command may replace its own outputs").isZero();
    assertThat(fresh.resolve("command.txt")).exists();
  }

  @Test
  void reproduceMayWriteItsPageIntoAFolderOfOtherReproductionsPagesAndCharts(@TempDir Path dir)
      throws IOException {
    // the documented regeneration: preemptlab reproduce ID --out docs/reproductions
    Path pages = Files.createDirectories(dir.resolve("reproductions"));
    Files.writeString(pages.resolve("chimera.md"), "# Reproduction: chimera\n");
    Files.createDirectories(pages.resolve("images"));
    Files.writeString(pages.resolve("images/chart.png"), "png");

    assertThat(run("reproduce", "drm-kunit", "--out", pages.toString()).exit()).isZero();

    assertThat(pages.resolve("chimera.md")).hasContent("# Reproduction: chimera");
    assertThat(pages.resolve("command.txt")).as("no provenance among the pages").doesNotExist();
    assertThat(run("reproduce", "drm-kunit", "--out", pages.resolve("images").toString()).exit())
        .as("a folder of charts only, as docs/reproductions/images").isZero();
    assertThat(pages.resolve("images/command.txt")).doesNotExist();
    Files.writeString(pages.resolve("notes.txt"), "mine\n");
    assertUsageError(run("reproduce", "drm-kunit", "--out", pages.toString()),
        "the folder already holds other files");
  }

  @Test
  void reproduceRefreshesTheSummaryOfAFolderThatHasOne(@TempDir Path dir) throws IOException {
    Path pages = Files.createDirectories(dir.resolve("reproductions"));
    Files.writeString(pages.resolve("README.md"),
        "# Published reproductions: where each stands\n\n(stale)\n");

    CliRun result = run("reproduce", "drm-kunit", "--out", pages.toString());

    long published = Reproductions.all().stream()
        .filter(r -> r.kind() == Reproduction.Kind.PUBLISHED).count();
    assertThat(result.exit()).isZero();
    assertThat(result.out()).contains("summary refreshed: " + pages.resolve("README.md"));
    assertThat(Files.readString(pages.resolve("README.md"))).doesNotContain("(stale)")
        .contains("| [drm-kunit](drm-kunit.md) | the Linux DRM scheduler's KUnit tests | 15 | 15 |")
        .contains("| gpreempt | (not run here) |")
        .contains("Reproduced: 1 of " + published + " published reproductions ("
            + (published - 1) + " without a page here).");
    Path other = Files.createDirectories(dir.resolve("other"));
    Files.writeString(other.resolve("README.md"), "# Mine\n");
    assertThat(run("reproduce", "drm-kunit", "--out", other.toString()).exit()).isZero();
    assertThat(other.resolve("README.md")).as("not a summary: left alone").hasContent("# Mine");
  }

  @Test
  void reproduceAllTakesNoId() {
    assertUsageError(run("reproduce", "--all", "drm-kunit"),
        "reproduce --all takes no ID, got [drm-kunit]");
  }

  @Test
  void aSummaryThatCannotReadAPageSaysWhichOne(@TempDir Path dir) throws IOException {
    Path pages = Files.createDirectories(dir.resolve("reproductions"));
    Files.writeString(pages.resolve("README.md"), "# Published reproductions: where each stands\n");
    Files.writeString(pages.resolve("gpreempt.md"), "# Reproduction: gpreempt (edited)\n");

    assertUsageError(run("reproduce", "drm-kunit", "--out", pages.toString()),
        "gpreempt.md: no \"Published vs simulated\" table");
    assertThat(pages.resolve("drm-kunit.md")).as("the page itself was written").exists();
  }
}
