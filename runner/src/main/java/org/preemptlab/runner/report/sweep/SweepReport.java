package org.preemptlab.runner.report.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.preemptlab.runner.experiment.sweep.ResultStore;
import org.preemptlab.runner.experiment.sweep.SweepAnalysis;
import org.preemptlab.runner.report.chart.Figure;

/**
 * Writes the reports of a finished sweep into its output directory: {@code results.csv}, {@code
 * summary.csv}, {@code turnarounds.csv}, {@code summary.md}, {@code summary.html} and the
 * charts. Everything is computed from the result files in plan order, so the same results give
 * byte-identical reports. Format: {@code docs/experiments.md}.
 */
public final class SweepReport {
  private SweepReport() {}

  /**
   * Writes every report.
   *
   * @return the names of the written files, relative to {@code directory}
   */
  public static List<String> write(SweepAnalysis analysis, Path directory) {
    return write(analysis, directory, ChartSelection.ALL);
  }

  /**
   * Writes every report, with the charts {@code charts} selects.
   *
   * @return the names of the written files, relative to {@code directory}
   */
  public static List<String> write(SweepAnalysis analysis, Path directory,
      ChartSelection charts) {
    List<String> written = new ArrayList<>();
    try {
      Files.createDirectories(directory);
      written.add(text(directory, "results.csv", SweepCsv.results(analysis)));
      written.add(text(directory, "summary.csv", SweepCsv.summary(analysis)));
      ResultStore.writeAtomically(directory.resolve("turnarounds.csv"),
          out -> SweepCsv.turnarounds(analysis, out));
      written.add("turnarounds.csv");
      List<Figure> figures = SweepCharts.figures(analysis, charts);
      Set<String> names = figures.stream().map(Figure::name).collect(Collectors.toSet());
      written.add(text(directory, "summary.md", Summaries.markdown(analysis, names)));
      written.add(text(directory, "summary.html", Summaries.html(analysis, names,
          charts.options().width())));
      removeCharts(directory);
      written.addAll(SweepCharts.write(figures, charts.options(), directory));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the sweep's reports to " + directory, e);
    }
    return written;
  }

  /** Removes the charts of an earlier report (another selection may not rewrite them all). */
  private static void removeCharts(Path directory) throws IOException {
    Path charts = directory.resolve(SweepCharts.DIRECTORY);
    if (!Files.isDirectory(charts)) {
      return;
    }
    try (java.util.stream.Stream<Path> files = Files.list(charts)) {
      for (Path file : files.toList()) {
        String name = file.getFileName().toString();
        if (SweepCharts.FORMATS.stream().anyMatch(f -> name.endsWith("." + f))) {
          Files.delete(file);
        }
      }
    }
  }

  private static String text(Path directory, String name, String content) throws IOException {
    ResultStore.writeAtomically(directory.resolve(name), content.getBytes(StandardCharsets.UTF_8));
    return name;
  }
}
