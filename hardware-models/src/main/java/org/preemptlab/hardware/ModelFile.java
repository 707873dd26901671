package org.preemptlab.hardware;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.InputFiles;
import org.preemptlab.api.Limits;

/**
 * A parsed hardware-model file, in one of two forms, with {@code #} starting a comment at the start
 * of a line or after white space:
 *
 * <ul>
 *   <li>YAML (a file whose name ends in {@code .yaml} or {@code .yml}, and every bundled model): a
 *       flat mapping of {@code key: value} lines; a value may be quoted with {@code '} or {@code "};
 *       a {@code ---} line may start the document. Nested mappings, lists and multi-line values
 *       are refused, naming the line;
 *   <li>any other name: lines of {@code key = value}.
 * </ul>
 *
 * <p>Every error names the file and line. Values are only split from keys here; {@link
 * ModelBuilder} parses and checks them.
 *
 * <p>Besides the model keys, a file may have a {@code description}: the one line {@code
 * preemptlab list} shows for a bundled model (a description, not a device parameter).
 *
 * @param source the file's name as the user knows it, e.g. {@code my.hw}
 * @param settings the value of each key present, in key order
 * @param description the file's {@code description}, or empty
 */
record ModelFile(String source, Map<ModelKey, Setting> settings, String description) {
  /** The key of the file's one-line description. */
  static final String DESCRIPTION = "description";

  ModelFile {
    settings = Collections.unmodifiableMap(new EnumMap<>(settings));
  }

  /** Reads a model file from disk; {@code path} as given is the source name in messages. */
  static ModelFile read(Path path) {
    String source = path.toString();
    return parse(source, InputFiles.readText(path, "hardware model file",
        Limits.MAX_TEXT_FILE_BYTES));
  }

  /** Reads a file bundled in this package, e.g. {@code h200.yaml}. */
  static ModelFile resource(String name) {
    try (InputStream in = ModelFile.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("bundled hardware model '" + name + "' is missing");
      }
      return parse(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read bundled hardware model '" + name + "'", e);
    }
  }

  /**
   * Parses the text of a model file.
   *
   * @param source the file's name for messages
   * @throws ConfigurationException for a line that is not {@code key = value}, an unknown key
   *     (with the closest valid one) or a key set twice, naming {@code source:line}
   */
  static ModelFile parse(String source, String text) {
    String lower = source.toLowerCase(java.util.Locale.ROOT);
    boolean yaml = lower.endsWith(".yaml") || lower.endsWith(".yml");
    Map<ModelKey, Setting> settings = new EnumMap<>(ModelKey.class);
    Map<ModelKey, Integer> lines = new EnumMap<>(ModelKey.class);
    String description = null;
    String[] rows = text.replace("\uFEFF", "").split("\\R", -1);
    for (int i = 0; i < rows.length; i++) {
      int lineNumber = i + 1;
      String raw = stripComment(rows[i]);
      String line = raw.trim();
      if (line.isEmpty() || yaml && line.equals("---") && settings.isEmpty()) {
        continue;
      }
      String where = source + ":" + lineNumber;
      int equals = line.indexOf(yaml ? ':' : '=');
      if (yaml && (Character.isWhitespace(raw.charAt(0)) || line.startsWith("-"))) {
        throw new ConfigurationException(where + ": a hardware model file is a flat mapping of"
            + " 'key: value' lines; nested values and lists are not allowed (this line is one)");
      }
      if (equals < 0) {
        // the line itself is not quoted: the file may be anything the user pointed at
        throw new ConfigurationException(where + ": expected a line '" + (yaml ? "key: value"
            : "key = value") + "' (docs/hardware-models.md); this line has no '" + (yaml ? ":"
            : "=") + "'");
      }
      String id = line.substring(0, equals).trim();
      String value = line.substring(equals + 1).trim();
      if (!id.matches("[A-Za-z0-9_.-]{1,64}")) {
        throw new ConfigurationException(where + ": expected a line '" + (yaml ? "key: value"
            : "key = value") + "' with a key such as sm-count; valid keys: "
            + String.join(", ", ModelKey.ids()));
      }
      if (yaml) {
        value = unquote(value, where);
      }
      if (id.equals(DESCRIPTION)) {
        if (description != null) {
          throw new ConfigurationException(where + ": key '" + id + "' is set twice");
        }
        description = value;
        continue;
      }
      ModelKey key = ModelKey.byId(id).orElseThrow(() -> unknownKey(where, id, settings));
      if (value.isEmpty()) {
        throw new ConfigurationException(where + ": " + id + ": no value after '='");
      }
      Integer first = lines.putIfAbsent(key, lineNumber);
      if (first != null) {
        throw new ConfigurationException(
            where + ": key '" + id + "' is set twice (first on line " + first + ")");
      }
      settings.put(key, new Setting(value, where));
    }
    return new ModelFile(source, settings, description == null ? "" : description);
  }

  /**
   * An unknown key. It is quoted (with the closest valid key) only when it looks like a typo of a
   * valid key or the file has already set a valid key: the first key of a file that is no model
   * at all (an {@code .env} file of {@code API_TOKEN=...}) is not echoed.
   */
  private static ConfigurationException unknownKey(String where, String id,
      Map<ModelKey, Setting> settings) {
    boolean typo = ConfigurationException.closest(id, ModelKey.ids()).isPresent();
    if (typo || !settings.isEmpty()) {
      return new ConfigurationException(where + ": "
          + ConfigurationException.unknown("key", id, ModelKey.ids()).getMessage());
    }
    return new ConfigurationException(where + ": not a hardware model file: the first key is "
        + "not a model key (docs/hardware-models.md); valid keys: "
        + String.join(", ", ModelKey.ids()));
  }

  /** A YAML scalar without its quotes; a quote that is not closed at the end is an error. */
  private static String unquote(String value, String where) {
    if (value.startsWith("'") || value.startsWith("\"")) {
      char quote = value.charAt(0);
      if (value.length() < 2 || value.charAt(value.length() - 1) != quote) {
        throw new ConfigurationException(where + ": the quoted value "
            + org.preemptlab.api.Numbers.shortText(value) + " is not closed"
            + " on its line");
      }
      return value.substring(1, value.length() - 1).trim();
    }
    if (value.startsWith("[") || value.startsWith("{") || value.startsWith("|")
        || value.startsWith(">")) {
      throw new ConfigurationException(where + ": a hardware model value is one scalar on its"
          + " line; lists, mappings and block scalars are not allowed, got '"
          + org.preemptlab.api.Numbers.shortText(value) + "'");
    }
    return value;
  }

  /** The line without its comment: {@code #} at the start or after white space starts one. */
  private static String stripComment(String line) {
    for (int i = 0; i < line.length(); i++) {
      if (line.charAt(i) == '#' && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
        return line.substring(0, i);
      }
    }
    return line;
  }
}
