package org.preemptlab.runner.report.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.preemptlab.runner.experiment.sweep.ResultStore;
import org.preemptlab.runner.experiment.sweep.SweepAnalysis;

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
    List<String> written = new ArrayList<>();
    try {
      Files.createDirectories(directory);
      written.add(text(directory, "results.csv", SweepCsv.results(analysis)));
      written.add(text(directory, "summary.csv", SweepCsv.summary(analysis)));
      ResultStore.writeAtomically(directory.resolve("turnarounds.csv"),
          out -> SweepCsv.turnarounds(analysis, out));
      written.add("turnarounds.csv");
      written.add(text(directory, "summary.md", Summaries.markdown(analysis)));
      written.add(text(directory, "summary.html", Summaries.html(analysis)));
      written.addAll(SweepCharts.write(analysis, directory));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the sweep's reports to " + directory, e);
    }
    return written;
  }

  private static String text(Path directory, String name, String content) throws IOException {
    ResultStore.writeAtomically(directory.resolve(name), content.getBytes(StandardCharsets.UTF_8));
    return name;
  }
}
