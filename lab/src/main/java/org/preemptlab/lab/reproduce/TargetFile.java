package org.preemptlab.lab.reproduce;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The targets and tolerances of one reproduction's rows, with each row's history: the bundled
 * {@code targets/ID.csv}, one line per row, read by the reproduction instead of numbers in its
 * code. Columns: {@code key} (the row's name in the code), {@code kind} ({@value #KINDS}), {@code
 * target} (the published value, or the bound, or a range's low end), {@code bound} (a relative
 * tolerance's fraction, a band's width, a range's high end; empty for a one-sided bound), {@code
 * unit} ({@code percent}, {@code times}, {@code us} or {@code plain}) and {@code history}: entries
 * {@code DATE VALUE: what happened} separated by {@code " | "}, oldest first, where VALUE is the
 * target and tolerance the entry set, as {@link #describe} writes it.
 *
 * <p>The last entry must state the row's current target and tolerance: a target or tolerance
 * changed without an entry saying why is refused when the file is read, and the page prints every
 * entry (its "Row history").
 */
final class TargetFile {
  static final String KINDS = "relative, band, below, at-most, above, at-least, between";
  private static final Pattern ENTRY = Pattern.compile(
      "(\\d{4}-\\d{2}-\\d{2}) (.+?): (.+)");

  /** One row: its tolerance's kind and numbers, and its history. */
  record Line(String key, String kind, double target, double bound, Tolerance.Unit unit,
      List<Entry> history) {
    /** Copies the history. */
    Line {
      history = List.copyOf(history);
    }

    /** The tolerance with its reason (the reason stays in the code, beside the claim). */
    Tolerance tolerance(String reason) {
      return switch (kind) {
        case "relative" -> Tolerance.relative(target, bound, reason);
        case "band" -> Tolerance.band(target, bound, unit, reason);
        case "below" -> Tolerance.below(target, unit, reason);
        case "at-most" -> Tolerance.atMost(target, unit, reason);
        case "above" -> new Tolerance.Bound(target, false, false, unit, reason);
        case "at-least" -> Tolerance.atLeast(target, unit, reason);
        case "between" -> Tolerance.between(target, bound, unit, reason);
        default -> throw new IllegalStateException("kind " + kind);
      };
    }

    /** The history as the page prints it: the entries, oldest first. */
    String historyText() {
      StringBuilder sb = new StringBuilder();
      for (Entry e : history) {
        sb.append(sb.length() == 0 ? "" : " ").append(e.date()).append(", ").append(e.value())
            .append(": ").append(e.text());
      }
      return sb.toString();
    }
  }

  /**
   * One history entry.
   *
   * @param date when, {@code YYYY-MM-DD}
   * @param value the target and tolerance it set, as {@link #describe} writes them
   * @param text what happened: why the target was set or changed, the verdicts it had since
   */
  record Entry(String date, String value, String text) {}

  private final String file;
  private final Map<String, Line> lines;

  private TargetFile(String file, Map<String, Line> lines) {
    this.file = file;
    this.lines = lines;
  }

  /** The path of a reproduction's file among the lab's resources, as pages link it. */
  static String path(String reproductionId) {
    return "lab/src/main/resources/org/preemptlab/lab/reproduce/targets/" + reproductionId
        + ".csv";
  }

  /** The bundled file of a reproduction. */
  static TargetFile bundled(String reproductionId) {
    String resource = "targets/" + reproductionId + ".csv";
    try (InputStream in = TargetFile.class.getResourceAsStream(resource)) {
      checkArgument(in != null, "%s is missing: every published reproduction keeps its targets"
          + " there", path(reproductionId));
      return parse(path(reproductionId), new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + path(reproductionId), e);
    }
  }

  /**
   * Reads a file's text.
   *
   * @param file its name, for errors
   * @throws IllegalArgumentException naming the file, line and column of a mistake, or a row whose
   *     last history entry is not its current target and tolerance
   */
  static TargetFile parse(String file, String text) {
    Map<String, Line> lines = new LinkedHashMap<>();
    boolean header = true;
    int number = 0;
    try (BufferedReader reader = new BufferedReader(new java.io.StringReader(text))) {
      for (String raw = reader.readLine(); raw != null; raw = reader.readLine()) {
        number++;
        if (raw.startsWith("#") || raw.isBlank()) {
          continue;
        }
        if (header) {
          checkArgument(raw.equals("key,kind,target,bound,unit,history"), "%s line %s: the"
              + " header must be key,kind,target,bound,unit,history", file, number);
          header = false;
          continue;
        }
        Line line = line(file, number, raw);
        checkArgument(lines.put(line.key(), line) == null, "%s line %s: key '%s' given twice",
            file, number, line.key());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    checkArgument(!lines.isEmpty(), "%s: no rows", file);
    return new TargetFile(file, lines);
  }

  private static Line line(String file, int number, String raw) {
    String[] f = raw.split(",", 6);
    checkArgument(f.length == 6, "%s line %s: 6 columns expected (the history last), got %s",
        file, number, f.length);
    String key = f[0].strip();
    checkArgument(key.matches("[A-Za-z0-9][A-Za-z0-9-]*"), "%s line %s column key: a name of"
        + " letters, digits and '-' expected", file, number);
    String kind = f[1].strip();
    checkArgument(List.of(KINDS.split(", ")).contains(kind), "%s line %s column kind: one of %s"
        + " expected", file, number, KINDS);
    double target = number(file, number, "target", f[2]);
    boolean oneSided = kind.equals("below") || kind.equals("at-most")
        || kind.equals("above") || kind.equals("at-least");
    checkArgument(oneSided == f[3].isBlank(), "%s line %s column bound: %s", file, number,
        oneSided ? "empty for a one-sided bound" : "a number for kind " + kind);
    double bound = oneSided ? Double.NaN : number(file, number, "bound", f[3]);
    Tolerance.Unit unit;
    try {
      unit = Tolerance.Unit.valueOf(f[4].strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + " line " + number + " column unit: one of"
          + " percent, times, us, plain expected");
    }
    List<Entry> history = new ArrayList<>();
    for (String entry : f[5].split(" \\| ")) {
      Matcher m = ENTRY.matcher(entry.strip());
      checkArgument(m.matches(), "%s line %s column history: entries 'YYYY-MM-DD VALUE: what"
          + " happened' separated by ' | ' expected (entry %s)", file, number,
          history.size() + 1);
      checkArgument(history.isEmpty() || history.get(history.size() - 1).date()
          .compareTo(m.group(1)) <= 0, "%s line %s column history: entry %s is dated before the"
          + " one above it", file, number, history.size() + 1);
      history.add(new Entry(m.group(1), m.group(2), m.group(3)));
    }
    Line line = new Line(key, kind, target, bound, unit, history);
    line.tolerance("checked");
    String current = describe(line);
    String last = history.get(history.size() - 1).value();
    checkArgument(current.equals(last), "%s line %s: row '%s' is now %s but its history's last"
        + " entry says %s: add an entry saying why the target or tolerance changed", file, number,
        key, current, last);
    return line;
  }

  private static double number(String file, int line, String column, String text) {
    try {
      double v = Double.parseDouble(text.strip());
      checkArgument(Double.isFinite(v), "not finite");
      return v;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + " line " + line + " column " + column
          + ": a finite number expected");
    }
  }

  /**
   * A row's target and tolerance in words, as its history entries state them: {@code 7.7x ±25%}
   * for a relative tolerance, the tolerance's text otherwise ({@code ±3 points of 0.3%}, {@code <
   * 2%}, {@code 1.6x to 2.19x}).
   */
  static String describe(Line line) {
    Tolerance tolerance = line.tolerance("described");
    return line.kind().equals("relative")
        ? line.unit().format(line.target()) + " " + tolerance.text() : tolerance.text();
  }

  /** The rows' keys, in the file's order. */
  List<String> keys() {
    return List.copyOf(lines.keySet());
  }

  /** One row. */
  Line line(String key) {
    Line line = lines.get(key);
    checkArgument(line != null, "%s has no row '%s' (rows: %s)", file, key, lines.keySet());
    return line;
  }

  /**
   * The target of row {@code key}: its claim, source and published value from the code, its
   * tolerance and history from the file.
   *
   * @param reason why the tolerance is this wide, printed with the row
   * @param derived for a target computed from bundled data (a figure's bars, a measurement):
   *     the tolerance's numbers as the data give them ({@code target}, then {@code bound}); the
   *     file must agree, so a change in the data needs a history entry too
   */
  Target target(String key, String claim, Source source, String published, String reason,
      double... derived) {
    Line line = line(key);
    double[] numbers = {line.target(), line.bound()};
    for (int i = 0; i < derived.length; i++) {
      checkArgument(Math.abs(numbers[i] - derived[i]) <= 1e-9 * Math.max(1, Math.abs(derived[i])),
          "%s row '%s': the file's %s is %s but the data give %s: update the file with a"
          + " history entry saying why", file, key, i == 0 ? "target" : "bound", numbers[i],
          derived[i]);
    }
    return new Target(claim, source, published, line.tolerance(reason), line.historyText());
  }
}
