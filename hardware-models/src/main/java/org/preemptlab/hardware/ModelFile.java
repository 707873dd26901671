package org.preemptlab.hardware;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import org.preemptlab.api.ConfigurationException;

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
 * @param source the file's name as the user knows it, e.g. {@code my.hw}
 * @param settings the value of each key present, in key order
 */
record ModelFile(String source, Map<ModelKey, Setting> settings) {

  ModelFile {
    settings = Collections.unmodifiableMap(new EnumMap<>(settings));
  }

  /** Reads a model file from disk; {@code path} as given is the source name in messages. */
  static ModelFile read(Path path) {
    String source = path.toString();
    try {
      byte[] bytes = Files.readAllBytes(path);
      String text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes))
          .toString();
      return parse(source, text);
    } catch (NoSuchFileException e) {
      throw new ConfigurationException("cannot read hardware model file '" + source
          + "': no such file");
    } catch (CharacterCodingException e) {
      throw new ConfigurationException("cannot read hardware model file '" + source
          + "': it is not UTF-8 text");
    } catch (IOException e) {
      throw new ConfigurationException("cannot read hardware model file '" + source + "': "
          + e.getMessage(), e);
    }
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
            + " 'key: value' lines; nested values and lists are not allowed, got '" + line + "'");
      }
      if (equals < 0) {
        throw new ConfigurationException(where + ": expected '" + (yaml ? "key: value"
            : "key = value") + "', got '" + line + "'");
      }
      String id = line.substring(0, equals).trim();
      String value = line.substring(equals + 1).trim();
      if (yaml) {
        value = unquote(value, where);
      }
      ModelKey key = ModelKey.byId(id).orElseThrow(() -> new ConfigurationException(
          where + ": " + ConfigurationException.unknown("key", id, ModelKey.ids()).getMessage()));
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
    return new ModelFile(source, settings);
  }

  /** A YAML scalar without its quotes; a quote that is not closed at the end is an error. */
  private static String unquote(String value, String where) {
    if (value.startsWith("'") || value.startsWith("\"")) {
      char quote = value.charAt(0);
      if (value.length() < 2 || value.charAt(value.length() - 1) != quote) {
        throw new ConfigurationException(where + ": the quoted value " + value + " is not closed"
            + " on its line");
      }
      return value.substring(1, value.length() - 1).trim();
    }
    if (value.startsWith("[") || value.startsWith("{") || value.startsWith("|")
        || value.startsWith(">")) {
      throw new ConfigurationException(where + ": a hardware model value is one scalar on its"
          + " line; lists, mappings and block scalars are not allowed, got '" + value + "'");
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
