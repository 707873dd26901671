package org.preemptlab.runner.reproduce;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

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
    return Files.writeString(directory.resolve(id + ".md"), text.toString().strip() + "\n");
  }

  /** A text table as a Markdown table: cells split on two or more spaces. */
  static String markdown(String table) {
    StringBuilder md = new StringBuilder();
    int row = 0;
    for (String line : table.split("\n")) {
      if (line.isBlank() || line.matches("[-\\s]+")) {
        continue;
      }
      String[] cells = line.trim().split("\\s{2,}");
      md.append("| ").append(String.join(" | ", cells)).append(" |\n");
      if (row++ == 0) {
        md.append("|").append("---|".repeat(cells.length)).append('\n');
      }
    }
    return md.toString();
  }
}
