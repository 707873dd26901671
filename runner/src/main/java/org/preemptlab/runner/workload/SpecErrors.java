package org.preemptlab.runner.workload;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.preemptlab.api.ConfigurationException;

/**
 * Translates Jackson's binding errors into one-line {@link ConfigurationException}s of the form
 * {@code FILE:LINE:COLUMN: PATH: MESSAGE}, e.g. {@code demo.yaml:12:7: queues[1].priority: unknown
 * value 'HGIH'; did you mean 'HIGH'? valid: HIGH, KERNEL, LOW, NORMAL}.
 */
public final class SpecErrors {
  private static final Pattern COERCE =
      Pattern.compile("^Cannot coerce [\\w -]+ value \\(\"?(.*?)\"?\\) to ");

  private SpecErrors() {}

  /**
   * The user-facing exception for a failure to read or bind a spec.
   *
   * @param source the file name, or a description of where an inline spec came from
   * @param locations the key locations of the document, or null when it is not available as text
   */
  public static ConfigurationException translate(JsonProcessingException e, String source,
      YamlLocations locations) {
    if (!(e instanceof JsonMappingException mapping)) {
      return new ConfigurationException(where(source, Optional.ofNullable(e.getLocation()), "")
          + "YAML syntax error: " + firstLine(e.getOriginalMessage())
          + flowHint(e.getOriginalMessage()), e);
    }
    String path = path(mapping);
    String keyPath = path;
    YamlLocations index = locations;
    String message;
    SpecViolation violation = cause(e, SpecViolation.class);
    IllegalArgumentException invalid = cause(e, IllegalArgumentException.class);
    if (violation != null) {
      keyPath = join(path, violation.key());
      message = violation.detail();
      path = keyPath;
    } else if (invalid != null) {
      message = invalid.getMessage();
    } else if (duplicateKey(mapping) != null) {
      String key = duplicateKey(mapping);
      keyPath = join(path, key);
      message = "key '" + key + "' appears twice";
      index = null; // the index knows the first occurrence; the parser stopped at the second
    } else if (e instanceof UnrecognizedPropertyException unknown) {
      path = parent(path);
      message = ConfigurationException.unknown("key", unknown.getPropertyName(),
          names(unknown.getKnownPropertyIds())).getMessage();
    } else if (e instanceof InvalidTypeIdException typeId) {
      // a sealed spec whose kind a key picks: ArrivalSpec (process), SharingConfig (mode)
      Class<?> base = typeId.getBaseType() == null ? ArrivalSpec.class
          : typeId.getBaseType().getRawClass();
      String property = base.getAnnotation(JsonTypeInfo.class).property();
      List<String> kinds = Arrays.stream(base.getAnnotation(JsonSubTypes.class).value())
          .map(JsonSubTypes.Type::name).sorted().toList();
      JsonClassDescription noun = base.getAnnotation(JsonClassDescription.class);
      keyPath = join(path, property);
      if (!(base == ArrivalSpec.class)) {
        path = keyPath;
      }
      message = typeId.getTypeId() == null
          ? "missing '" + property + "'; valid: " + String.join(", ", kinds)
          : ConfigurationException.unknown(noun == null ? property : noun.value(),
              typeId.getTypeId(), kinds).getMessage();
    } else if (e instanceof InvalidFormatException format
        && format.getTargetType() != null && format.getTargetType().isEnum()) {
      List<String> valid = Arrays.stream(format.getTargetType().getEnumConstants())
          .map(c -> ((Enum<?>) c).name()).toList();
      message = ConfigurationException.unknown("value", String.valueOf(format.getValue()), valid)
          .getMessage();
    } else if (e instanceof MismatchedInputException mismatch
        && mismatch.getTargetType() != null && expected(mismatch.getTargetType()) != null) {
      message = "expected " + expected(mismatch.getTargetType()) + given(mismatch);
    } else {
      message = plain(firstLine(mapping.getOriginalMessage()));
    }
    Optional<JsonLocation> location = index == null ? Optional.empty() : index.find(keyPath);
    for (Throwable t = e; location.isEmpty() && t != null; t = t.getCause()) {
      if (t instanceof JsonProcessingException processing) {
        location = Optional.ofNullable(processing.getLocation());
      }
    }
    return new ConfigurationException(where(source, location, path) + message
        + flowHint(message), e);
  }

  /**
   * A hint for a parse error inside {@code { }} or {@code [ ]}, where YAML ends a plain key or value
   * at {@code ,}, {@code [}, {@code ]}, {@code {}, {@code }}: the usual cause is a key such as
   * {@code applications[0].priority} written without quotes.
   */
  private static String flowHint(String message) {
    return message != null && (message.contains("flow mapping") || message.contains("flow sequence"))
        ? "; inside { } or [ ], quote a key or value that holds '[', ']', '{', '}' or ',', e.g. "
            + "{\"applications[0].priority\": LOW}"
        : "";
  }

  private static String where(String source, Optional<JsonLocation> location, String path) {
    StringBuilder sb = new StringBuilder(source);
    location.filter(l -> l.getLineNr() > 0)
        .ifPresent(l -> sb.append(':').append(l.getLineNr()).append(':').append(l.getColumnNr()));
    sb.append(": ");
    if (!path.isEmpty()) {
      sb.append(path).append(": ");
    }
    return sb.toString();
  }

  /** The key of a "Duplicate field 'x'" error from the parser, or null for other errors. */
  private static String duplicateKey(JsonMappingException e) {
    String original = e.getOriginalMessage();
    String prefix = "Duplicate field '";
    if (original == null || !original.startsWith(prefix)) {
      return null;
    }
    int end = original.indexOf('\'', prefix.length());
    return end < 0 ? null : original.substring(prefix.length(), end);
  }

  private static String expected(Class<?> type) {
    if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
      return "a whole number";
    }
    if (type == Double.class || type == double.class) {
      return "a number";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false";
    }
    if (type == String.class) {
      return "a single value";
    }
    if (Collection.class.isAssignableFrom(type)) {
      return "a list";
    }
    if (type.isRecord() || type.isInterface() || java.util.Map.class.isAssignableFrom(type)) {
      return "a mapping of keys to values";
    }
    return null;
  }

  /** The JSON path of the error in the form {@code queues[1].kernels[0].grid-blocks}. */
  static String path(JsonMappingException e) {
    StringBuilder sb = new StringBuilder();
    for (JsonMappingException.Reference ref : e.getPath()) {
      if (ref.getIndex() >= 0) {
        sb.append('[').append(ref.getIndex()).append(']');
      } else if (ref.getFieldName() != null) {
        sb.append(sb.length() == 0 ? "" : ".").append(ref.getFieldName());
      }
    }
    return sb.toString();
  }

  private static String join(String path, String key) {
    if (path.isEmpty()) {
      return key;
    }
    return key.startsWith("[") ? path + key : path + "." + key;
  }

  private static String parent(String path) {
    int cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
    return cut < 0 ? "" : path.substring(0, cut);
  }

  private static List<String> names(Collection<Object> ids) {
    return ids.stream().map(String::valueOf).toList();
  }

  private static <T extends Throwable> T cause(Throwable e, Class<T> type) {
    for (Throwable t = e.getCause(); t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return type.cast(t);
      }
    }
    return null;
  }

  /**
   * {@code , got 'x'} with the scalar the parser stopped at (cut to 40 characters), or an empty
   * string when it stopped at a mapping or list.
   */
  private static String given(MismatchedInputException e) {
    String text = null;
    String original = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
    // e.g. Cannot coerce String value ("abc") to `java.lang.Long` value
    Matcher coerce = COERCE.matcher(original);
    if (e instanceof InvalidFormatException f) {
      text = String.valueOf(f.getValue());
    } else if (coerce.find()) {
      text = coerce.group(1);
    } else if (e.getProcessor() instanceof JsonParser parser) {
      JsonToken token = parser.currentToken();
      if (token == JsonToken.VALUE_NULL) {
        return ", got nothing (null)";
      }
      if (token != null && token.isScalarValue()) {
        try {
          text = parser.getText();
        } catch (java.io.IOException ignored) {
          text = null;
        }
      }
    }
    if (text == null) {
      return "";
    }
    // an unquoted true or false is a YAML boolean: as text, it was quoted
    boolean quoted = (e.getTargetType() == Boolean.class || e.getTargetType() == boolean.class)
        && (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false"));
    return ", got " + (quoted ? "the quoted text " : "") + "'"
        + (text.length() <= 40 ? text : text.substring(0, 37) + "...") + "'"
        + (quoted ? " (write it without quotes)" : "");
  }

  /**
   * A binding message without Java type names: Jackson's "Cannot deserialize value of type `x`
   * from Y" becomes "unexpected Y here".
   */
  private static String plain(String message) {
    Matcher m = Pattern.compile("^Cannot (?:deserialize|construct|coerce) .*?from (an? )?"
        + "([\\w -]+?) (?:value|token)").matcher(message);
    if (m.find()) {
      return "unexpected " + m.group(2).toLowerCase(java.util.Locale.ROOT)
          + " value here; see the format's documentation for this key";
    }
    if (message.contains("`") || message.contains("java.")) {
      return "unexpected value here; see the format's documentation for this key";
    }
    return message;
  }

  private static String firstLine(String text) {
    if (text == null) {
      return "invalid input";
    }
    String line = text.strip();
    int newline = line.indexOf('\n');
    return newline < 0 ? line : line.substring(0, newline).strip();
  }
}
