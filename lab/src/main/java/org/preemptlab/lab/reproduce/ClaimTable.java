package org.preemptlab.lab.reproduce;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.preemptlab.runner.report.TextTable;

/**
 * The rows of one reproduction, published against simulated, and its verdict: reproduced only
 * when at least one row is {@link Verdict#PASS} and every other row's inputs are unpublished (an
 * IN-SAMPLE, INCONCLUSIVE or NOT SIMULATED row never counts; an INPUTS UNPUBLISHED row counts
 * neither way).
 */
final class ClaimTable {
  private final List<Target.Row> rows = new ArrayList<>();

  /** Adds a row. */
  ClaimTable add(Target.Row row) {
    rows.add(row);
    return this;
  }

  /** The rows, in order. */
  List<Target.Row> rows() {
    return List.copyOf(rows);
  }

  /** Whether it reproduced: at least one row PASS, every other row's inputs unpublished. */
  boolean reproduced() {
    return Verdict.reproduced(rows.stream().map(Target.Row::verdict).toList());
  }

  /** The table: one line per row. */
  TextTable table() {
    TextTable table = new TextTable("#", "claim", "source", "published", "simulated",
        "tolerance", "baseline (simulated)", "verdict");
    for (int i = 0; i < rows.size(); i++) {
      Target.Row r = rows.get(i);
      table.row(i + 1, r.target().claim(), r.target().source().cell(), r.target().published(),
          r.simulated(), r.target().tolerance().text(), r.baseline(), r.verdict().label());
    }
    return table;
  }

  /** Per row: the tolerance's reason and the row's note, as a numbered Markdown list. */
  String notes() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < rows.size(); i++) {
      Target.Row r = rows.get(i);
      sb.append(i + 1).append(". Tolerance ").append(r.target().tolerance().text()).append(": ")
          .append(r.target().tolerance().reason());
      if (!r.note().isEmpty()) {
        sb.append(' ').append(r.note());
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** One sentence: how many rows of each verdict, and whether it reproduced. */
  String verdict() {
    if (rows.isEmpty()) {
      return "Verdict: no rows: NOT reproduced.";
    }
    Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
    rows.forEach(r -> counts.merge(r.verdict(), 1, Integer::sum));
    StringBuilder sb = new StringBuilder("Verdict: ");
    counts.forEach((v, n) -> sb.append(n).append(' ').append(v.label()).append(", "));
    sb.setLength(sb.length() - 2);
    sb.append(" of ").append(rows.size()).append(rows.size() == 1 ? " row: " : " rows: ");
    boolean unpublished = counts.containsKey(Verdict.INPUTS_UNPUBLISHED);
    String rule = unpublished ? "every row with public inputs PASS" : "every row PASS";
    sb.append(reproduced() ? "reproduced (" + rule + ")."
        : unpublished ? "NOT reproduced (that needs " + rule + ", and at least one)."
        : "NOT reproduced (that needs every row PASS).");
    return sb.toString();
  }

  /** Prints the table, the notes and the verdict. */
  void print(PrintStream out) {
    out.print(table().render());
    out.println();
    out.print(notes());
    out.println(verdict());
  }
}
