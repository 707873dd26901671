package org.preemptlab.lab.reproduce;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The Markdown page a reproduction writes as {@code ID.md} into its output directory: its prose
 * (fixed text in the code) and the tables of this run, so that {@code preemptlab reproduce ID
 * --out docs/reproductions} regenerates {@code docs/reproductions/ID.md}.
 */
final class ReproductionPage {
  private final String id;
  private final StringBuilder text = new StringBuilder();

  ReproductionPage(String id, String title) {
    this.id = id;
    text.append("# ").append(title).append("\n\n")
        .append("<!-- Written by `preemptlab reproduce ").append(id)
        .append(" --out docs/reproductions`; edit the code, not this page. -->\n\n");
  }

  /** Adds a paragraph (or any Markdown block); a blank one adds nothing. */
  ReproductionPage paragraph(String markdown) {
    if (markdown.isBlank()) {
      return this;
    }
    text.append(markdown.strip()).append("\n\n");
    return this;
  }

  /** Adds a heading of level 2. */
  ReproductionPage heading(String heading) {
    text.append("## ").append(heading).append("\n\n");
    return this;
  }

  /** Adds a table rendered by {@link org.preemptlab.runner.report.TextTable}. */
  ReproductionPage table(String rendered) {
    text.append(markdown(rendered)).append('\n');
    return this;
  }

  /** Writes {@code ID.md} into {@code directory}. */
  Path write(Path directory) throws IOException {
    Files.createDirectories(directory);
    Path page = directory.resolve(id + ".md");
    try { // whole or not at all: a full disk leaves no truncated page
      org.preemptlab.runner.experiment.sweep.ResultStore.writeAtomically(page,
          (text.toString().strip() + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot write " + page, e);
    }
    return page;
  }

  /**
   * Adds the reproduction's rows: the table of published against simulated values, each row's
   * tolerance reason and note, and the verdict.
   */
  ReproductionPage claims(ClaimTable claims) {
    heading("Published vs simulated");
    table(claims.table().render());
    paragraph("""
        A row is PASS when the simulated value is within its tolerance and the paper's baseline,
        where the claim has one, is not; INCONCLUSIVE when the baseline is within too (the row
        cannot tell the mechanism from it); IN-SAMPLE when a model parameter was fitted on the
        same figure (never counted); NOT SIMULATED when the engine or the inputs lack what it
        needs. Targets and tolerances are fixed before the row is first simulated.""");
    if (claims.rows().stream().anyMatch(r -> r.verdict() == Verdict.INPUTS_UNPUBLISHED)) {
      paragraph("""
          INPUTS UNPUBLISHED: the paper's inputs for the row (its benchmarks, their sizes, the
          definition of its metric) are not public; the row names what is missing, a value
          simulated on stand-in inputs is an illustration, and the row counts neither as PASS nor
          as FAIL.""");
    }
    paragraph(claims.notes());
    paragraph(claims.verdict());
    return history(claims);
  }

  /**
   * Adds the rows' history, from the reproduction's targets file: each row's entries, oldest
   * first. Adds nothing when no row has a history (targets made in tests).
   */
  ReproductionPage history(ClaimTable claims) {
    if (claims.rows().stream().anyMatch(r -> !r.target().history().isEmpty())) {
      paragraph("Row history, from [" + TargetFile.path(id) + "](../../" + TargetFile.path(id)
          + "), which holds every row's target and tolerance: when each was set, the row's"
          + " earlier verdicts and what changed them.");
      StringBuilder list = new StringBuilder();
      for (int i = 0; i < claims.rows().size(); i++) {
        String history = claims.rows().get(i).target().history();
        list.append(i + 1).append(". ").append(history.isEmpty() ? "(none)" : history)
            .append('\n');
      }
      paragraph(list.toString());
    }
    return this;
  }

  /**
   * A text table as a Markdown table. The rule under the header gives each column's span, so a
   * cell is whatever stands in its span, an empty cell included; {@code |} in a cell is escaped.
   */
  static String markdown(String table) {
    List<String> lines = table.lines().filter(l -> !l.isBlank()).toList();
    int rule = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).matches("-+( +-+)*")) {
        rule = i;
        break;
      }
    }
    checkArgument(rule == 1, "not a rendered text table (no rule under a header line): %s",
        lines.isEmpty() ? "(empty)" : lines.get(0));
    List<int[]> spans = new ArrayList<>();
    java.util.regex.Matcher dashes = java.util.regex.Pattern.compile("-+").matcher(lines.get(1));
    while (dashes.find()) {
      spans.add(new int[] {dashes.start(), dashes.end()});
    }
    StringBuilder md = new StringBuilder();
    for (int i = 0; i < lines.size(); i++) {
      if (i == 1) {
        md.append("|").append("---|".repeat(spans.size())).append('\n');
        continue;
      }
      String line = lines.get(i);
      md.append('|');
      for (int c = 0; c < spans.size(); c++) {
        int start = Math.min(spans.get(c)[0], line.length());
        int end = c == spans.size() - 1 ? line.length() : Math.min(spans.get(c)[1], line.length());
        String cell = line.substring(start, end).strip().replace("|", "\\|");
        md.append(cell.isEmpty() ? " |" : " " + cell + " |");
      }
      md.append('\n');
    }
    return md.toString();
  }
}
