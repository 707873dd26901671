package org.preemptlab.lab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.cli.Command;
import org.preemptlab.runner.cli.Main;
import org.preemptlab.runner.cli.CommandLines;
import org.preemptlab.runner.cli.SharedOptions;
import org.preemptlab.runner.experiment.sweep.SweepRunner;
import org.preemptlab.runner.report.OutputPaths;
import org.preemptlab.runner.report.Provenance;
import org.preemptlab.lab.reproduce.Reproduction;
import org.preemptlab.lab.reproduce.ReproductionSummary;
import org.preemptlab.lab.reproduce.Reproductions;

/**
 * {@code preemptlab reproduce [ID]}: list the reproductions, or run one; found by the command line
 * through {@link Command}'s service file.
 */
public final class ReproduceCommand implements Command {
  private static final Option OUT = Option.builder("o").longOpt("out").hasArg().argName("DIR")
      .desc("where to write tables and charts (default results/ID; with --all,"
          + " results/reproductions)").get();
  private static final Option ALL = Option.builder().longOpt("all")
      .desc("run every published reproduction, write its page into --out, and a summary of"
          + " every row by verdict (README.md); exit 0 only when every one reproduced").get();

  @Override
  public String name() {
    return "reproduce";
  }

  @Override
  public String summary() {
    return "reproduce a published result or reference behaviour; without ID, list them";
  }

  @Override
  public Options options() {
    return new Options().addOption(OUT).addOption(ALL);
  }

  @Override
  public String examples() {
    return """
        preemptlab reproduce
        preemptlab reproduce seed-claims --out results/seed-claims
        preemptlab reproduce gpreempt
        preemptlab reproduce drm-kunit
        preemptlab reproduce --all --out results/reproductions""";
  }

  @Override
  public int run(CommandLine line, PrintStream out) throws Exception {
    List<String> args = line.getArgList();
    if (args.size() > 1) {
      throw new ConfigurationException("reproduce takes at most one ID, got " + args);
    }
    List<Reproduction> all = Reproductions.all();
    if (line.hasOption(ALL)) {
      if (!args.isEmpty()) {
        throw new ConfigurationException("reproduce --all takes no ID, got " + args
            + "; run one with `preemptlab reproduce ID`");
      }
      return runAll(line, all, out);
    }
    if (args.isEmpty()) {
      out.println("reproductions (preemptlab reproduce ID):");
      for (Reproduction.Kind kind : Reproduction.Kind.values()) {
        List<Reproduction> ofKind = all.stream().filter(r -> r.kind() == kind).toList();
        if (!ofKind.isEmpty()) {
          out.println(" " + kind.heading() + ":");
          ofKind.forEach(r -> out.printf("  %-20s %s%n", r.id(), r.description()));
        }
      }
      if (all.isEmpty()) {
        out.println("  (none yet)");
      }
      return Main.OK;
    }
    String id = args.get(0);
    Reproduction reproduction = Reproductions.find(id).orElseThrow(() ->
        ConfigurationException.unknown("reproduction", id, all.stream().map(Reproduction::id)
            .toList()));
    Path dir = prepare(line, "results/" + id);
    boolean reproduced = reproduction.run(dir, out);
    out.println(reproduced ? "reproduced: every expected outcome was observed"
        : "NOT reproduced: see the differences above");
    if (ReproductionSummary.heldIn(dir)) {
      summarize(dir, published(all), Map.of());
      out.println("summary refreshed: " + dir.resolve(ReproductionSummary.FILE));
    }
    return reproduced ? Main.OK : Main.FAILED;
  }

  /**
   * Runs every published reproduction into one folder, each on its own: one that fails with an
   * error is reported and the others still run; then writes the summary of the pages written.
   */
  private int runAll(CommandLine line, List<Reproduction> all, PrintStream out)
      throws IOException {
    List<Reproduction> published = published(all);
    Path dir = prepare(line, "results/reproductions");
    List<String> outcomes = new ArrayList<>();
    Map<String, String> failures = new HashMap<>();
    for (Reproduction reproduction : published) {
      out.println("== " + reproduction.id());
      String outcome;
      try {
        outcome = reproduction.run(dir, out) ? "reproduced" : "NOT reproduced";
      } catch (Exception | LinkageError e) {
        if (line.hasOption("stacktrace")) { // as a sweep prints a failed run's
          e.printStackTrace(System.err);
        }
        failures.put(reproduction.id(), SweepRunner.describe(e));
        outcome = "failed: " + failures.get(reproduction.id());
      }
      outcomes.add(String.format("  %-20s %s", reproduction.id(), outcome));
    }
    boolean every = summarize(dir, published, failures);
    out.println();
    out.println("published reproductions:");
    outcomes.forEach(out::println);
    out.println("summary of every row: " + dir.resolve(ReproductionSummary.FILE));
    return every ? Main.OK : Main.FAILED;
  }

  /** Writes the folder's summary; a page it cannot read is the user's error, named. */
  private static boolean summarize(Path dir, List<Reproduction> published,
      Map<String, String> failures) throws IOException {
    try {
      return ReproductionSummary.write(dir, published, failures);
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException("cannot write the summary " + dir.resolve(
          ReproductionSummary.FILE) + " from the pages beside it: " + e.getMessage()
          + " (regenerate that page with `preemptlab reproduce ID --out " + dir + "`)");
    }
  }

  private static List<Reproduction> published(List<Reproduction> all) {
    return all.stream().filter(r -> r.kind() == Reproduction.Kind.PUBLISHED).toList();
  }

  /** Checks {@code --out} (default {@code fallback}) as a folder to write into, and returns it. */
  private Path prepare(CommandLine line, String fallback) throws IOException {
    Path dir = Path.of(line.getOptionValue(OUT, fallback));
    // as run --out: a new or empty folder, or this same command's earlier outputs; never a file,
    // a device, a link or a folder of other files (report/OutputPaths). Besides, a folder of
    // reproduction pages and charts (docs/reproductions): a reproduction writes only its own
    // page and charts there, and no command.txt or provenance.json among the pages.
    String command = CommandLines.render(name(), line);
    boolean pagesFolder = holdsOnlyPagesAndCharts(dir);
    OutputPaths.checkDirectory("--out", dir, d -> OutputPaths.heldBy(d, command) || pagesFolder);
    if (!pagesFolder) {
      new Provenance(command, List.of(), List.of(), List.of()).write(dir);
    }
    return dir;
  }

  /** The most entries {@link #holdsOnlyPagesAndCharts} looks at before it says no. */
  private static final int MAX_PAGES_FOLDER_ENTRIES = 10_000;

  /**
   * Whether {@code dir} is a folder of reproduction pages and charts (docs/reproductions, or its
   * images folder): it holds at least one file, and nothing but {@code .md} pages and {@code .png}
   * / {@code .svg} / {@code .pdf} charts (in it or in its sub-folders), and no links.
   */
  static boolean holdsOnlyPagesAndCharts(Path dir) {
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    try (Stream<Path> entries = Files.walk(dir)) {
      List<Path> all = entries.skip(1).limit(MAX_PAGES_FOLDER_ENTRIES + 1L).toList();
      return all.size() <= MAX_PAGES_FOLDER_ENTRIES
          && all.stream().anyMatch(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS))
          && all.stream().allMatch(f -> Files.isDirectory(f, LinkOption.NOFOLLOW_LINKS)
              || Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)
              && f.getFileName().toString().matches("[^/]+\\.(md|png|svg|pdf)"));
    } catch (IOException | UncheckedIOException e) {
      return false;
    }
  }
}
