package org.preemptlab.runner.discovery;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.ParameterType;
import org.preemptlab.api.PluginKind;

/**
 * Renders the text of {@code preemptlab list}: the plugins grouped by kind (in {@link PluginKind}
 * order) and sorted by id, each as {@code id  version  jar  description} followed by its
 * parameters (name, type, default and unit, range or choices, and the doc on the next line), then
 * the load problems. When a kind's rows do not fit on one line each, every description of that
 * kind goes on the line below its plugin. Lines fit a 100-column terminal, except single words
 * longer than that.
 */
public final class PluginListing {
  /** The width the listing is laid out for. */
  public static final int WIDTH = 100;

  private static final int PLUGIN_INDENT = 2;
  private static final int PARAMETER_INDENT = 6;
  private static final int MIN_TEXT_WIDTH = 32;
  private static final int MAX_DOC_INDENT = 30;

  private PluginListing() {}

  /** Lists every plugin and load problem of {@code registry}. */
  public static String render(PluginRegistry registry) {
    return render(registry, Optional.empty());
  }

  /** Lists the plugins and load problems of one kind. */
  public static String render(PluginRegistry registry, PluginKind kind) {
    return render(registry, Optional.of(kind));
  }

  /** Lists every plugin and load problem of {@code registry}, or only those of {@code kind}. */
  public static String render(PluginRegistry registry, Optional<PluginKind> kind) {
    return render(registry.descriptors(), registry.problems(), kind);
  }

  /** Lists {@code plugins} and {@code problems}, or only those of {@code kind}. */
  public static String render(List<PluginDescriptor> plugins, List<LoadProblem> problems,
      Optional<PluginKind> kind) {
    List<String> lines = new ArrayList<>();
    for (PluginKind each : PluginKind.values()) {
      if (kind.isEmpty() || kind.get() == each) {
        if (!lines.isEmpty()) {
          lines.add("");
        }
        section(each, plugins.stream().filter(p -> p.kind() == each)
            .sorted(Comparator.comparing(PluginDescriptor::id)).toList(), lines);
      }
    }
    List<LoadProblem> shown = problems.stream()
        .filter(p -> kind.isEmpty() || kind.get() == p.kind()).toList();
    if (!shown.isEmpty()) {
      lines.add("");
      lines.add("load problems (" + shown.size() + ")");
      for (LoadProblem problem : shown) {
        wrap(lines, " ".repeat(PLUGIN_INDENT), problem.describe(), PLUGIN_INDENT + 2);
      }
    }
    return String.join("\n", lines) + "\n";
  }

  private static void section(PluginKind kind, List<PluginDescriptor> plugins, List<String> out) {
    out.add(kind.label() + " (key: " + kind.key() + ", " + plugins.size()
        + (plugins.size() == 1 ? " plugin)" : " plugins)"));
    if (plugins.isEmpty()) {
      out.add(" ".repeat(PLUGIN_INDENT) + "(none)");
      return;
    }
    int idWidth = width(plugins.stream().map(PluginDescriptor::id).toList());
    int versionWidth = width(plugins.stream().map(PluginDescriptor::version).toList());
    int jarWidth = width(plugins.stream().map(PluginDescriptor::jar).toList());
    List<String> heads = plugins.stream().map(p -> " ".repeat(PLUGIN_INDENT)
        + pad(p.id(), idWidth) + "  " + pad(p.version(), versionWidth) + "  "
        + pad(p.jar(), jarWidth) + "  ").toList();
    boolean oneLine = true;
    for (int i = 0; i < plugins.size(); i++) {
      oneLine &= heads.get(i).length() + plugins.get(i).description().strip().length() <= WIDTH;
    }
    for (int i = 0; i < plugins.size(); i++) {
      PluginDescriptor plugin = plugins.get(i);
      if (oneLine) {
        out.add(heads.get(i) + plugin.description().strip());
      } else {
        wrap(out, " ".repeat(PLUGIN_INDENT), heads.get(i).strip(), PARAMETER_INDENT);
        wrap(out, " ".repeat(PARAMETER_INDENT), plugin.description(), PARAMETER_INDENT);
      }
      parameters(plugin.parameters(), out);
    }
  }

  private static void parameters(List<ParameterSpec> specs, List<String> out) {
    int nameWidth = width(specs.stream().map(ParameterSpec::name).toList());
    int typeWidth = width(specs.stream().map(PluginListing::type).toList());
    int defaultWidth = width(specs.stream().map(PluginListing::defaultText).toList());
    int docIndent = Math.min(PARAMETER_INDENT + nameWidth + 2, MAX_DOC_INDENT);
    for (ParameterSpec spec : specs) {
      row(out, PARAMETER_INDENT, List.of(pad(spec.name(), nameWidth), pad(type(spec), typeWidth),
          pad(defaultText(spec), defaultWidth)), constraint(spec), docIndent);
      if (!spec.doc().isBlank()) {
        wrap(out, " ".repeat(docIndent), spec.doc(), docIndent);
      }
    }
  }

  /**
   * One row: aligned cells, then free text that wraps under its own column. When the cells leave
   * too little room, they are written unpadded and the text goes below at {@code textIndent}.
   */
  private static void row(List<String> out, int indent, List<String> cells, String text,
      int textIndent) {
    String head = " ".repeat(indent) + String.join("  ", cells) + "  ";
    if (head.length() + text.strip().length() <= WIDTH
        || WIDTH - head.length() >= MIN_TEXT_WIDTH) {
      wrap(out, head, text, head.length());
      return;
    }
    wrap(out, " ".repeat(indent), String.join("  ", cells).stripTrailing(), textIndent);
    if (!text.isBlank()) {
      wrap(out, " ".repeat(textIndent), text, textIndent);
    }
  }

  private static String type(ParameterSpec spec) {
    return spec.type().name().toLowerCase(Locale.ROOT);
  }

  private static String defaultText(ParameterSpec spec) {
    String value = spec.defaultValue().isEmpty() ? "\"\"" : spec.defaultValue();
    return "default " + value + (spec.unit().isEmpty() ? "" : " " + spec.unit());
  }

  private static String constraint(ParameterSpec spec) {
    if (spec.type() == ParameterType.CHOICE) {
      return "one of: " + String.join(", ", spec.choices());
    }
    return spec.rangeText().strip();
  }

  /**
   * Appends {@code head} (kept as it is) and {@code text}, word-wrapped to {@link #WIDTH} with
   * continuation lines indented by {@code indent}. Runs of spaces in {@code text} are kept unless
   * a line breaks there.
   */
  private static void wrap(List<String> out, String head, String text, int indent) {
    StringBuilder line = new StringBuilder(head);
    int start = line.length();
    for (String word : text.strip().split("(?<=\\S)(?=\\s)")) {
      String stripped = word.strip();
      if (line.length() > start && line.length() + word.length() > WIDTH) {
        out.add(line.toString().stripTrailing());
        line = new StringBuilder(" ".repeat(indent));
        start = line.length();
        line.append(stripped);
      } else {
        line.append(line.length() == start ? stripped : word);
      }
    }
    out.add(line.toString().stripTrailing());
  }

  private static int width(List<String> texts) {
    return texts.stream().mapToInt(String::length).max().orElse(0);
  }

  private static String pad(String text, int width) {
    return text + " ".repeat(Math.max(0, width - text.length()));
  }
}
