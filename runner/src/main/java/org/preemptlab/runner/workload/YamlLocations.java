package org.preemptlab.runner.workload;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The line and column of every key and list element of a YAML document, by JSON pointer, so that an
 * error found after binding (in a record's compact constructor) can still point at its key.
 */
public final class YamlLocations {
  private static final YAMLFactory FACTORY = YamlMappers.factory();

  private final Map<String, JsonLocation> byPointer;

  private YamlLocations(Map<String, JsonLocation> byPointer) {
    this.byPointer = byPointer;
  }

  /** Indexes {@code yaml}; a syntax error ends the index where it occurs. */
  public static YamlLocations of(String yaml) {
    Map<String, JsonLocation> map = new HashMap<>();
    try (JsonParser p = FACTORY.createParser(yaml)) {
      while (p.nextToken() != null) {
        if (p.currentToken() == JsonToken.END_OBJECT || p.currentToken() == JsonToken.END_ARRAY) {
          continue;
        }
        map.putIfAbsent(p.getParsingContext().pathAsPointer().toString(),
            p.currentTokenLocation());
      }
    } catch (IOException e) {
      // Keep what was indexed before the syntax error; the binder reports the error itself.
    }
    return new YamlLocations(map);
  }

  /**
   * The location of the key or element at {@code path} (such as {@code queues[1].priority}), or of
   * its nearest enclosing one that exists in the document.
   */
  Optional<JsonLocation> find(String path) {
    String pointer = pointer(path);
    while (true) {
      JsonLocation location = byPointer.get(pointer);
      if (location != null) {
        return Optional.of(location);
      }
      if (pointer.isEmpty()) {
        return Optional.empty();
      }
      pointer = pointer.substring(0, pointer.lastIndexOf('/'));
    }
  }

  /** Turns {@code queues[1].kernels[0].grid-blocks} into {@code /queues/1/kernels/0/grid-blocks}. */
  static String pointer(String path) {
    if (path.isEmpty()) {
      return "";
    }
    return "/" + path.replace("[", ".").replace("]", "").replace('.', '/');
  }
}
