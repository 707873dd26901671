package org.preemptlab.runner.workload;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.preemptlab.api.ConfigurationException;

/**
 * Jackson deserializers for the quantities of a {@link SyntheticSpec}: durations with units, byte
 * sizes, shares and {@link Distribution distributions}. Each failure is a {@link
 * JsonMappingException} whose original message is the one-line explanation for the user.
 */
final class SpecDeserializers {
  private SpecDeserializers() {}

  /** Reads the current scalar token as text, or fails saying a single value was expected. */
  private static String scalar(JsonParser p, String expected) throws IOException {
    JsonToken token = p.currentToken();
    if (token == null || !token.isScalarValue() || token == JsonToken.VALUE_NULL) {
      throw JsonMappingException.from(p, "expected " + expected);
    }
    return p.getText();
  }

  private static long parse(JsonParser p, String text, ToLongFunction<String> parser)
      throws JsonMappingException {
    try {
      return parser.applyAsLong(text);
    } catch (IllegalArgumentException e) {
      throw JsonMappingException.from(p, e.getMessage());
    }
  }

  /** A duration such as {@code 250us} or a bare number of nanoseconds. */
  static final class DurationNs extends StdDeserializer<Long> {
    private static final long serialVersionUID = 1L;

    DurationNs() {
      super(Long.class);
    }

    @Override
    public Long deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      return parse(p, scalar(p, "a duration such as 250us or 2ms"), Quantities::durationNs);
    }
  }

  /** A byte size such as {@code 48KiB} or a bare number of bytes. */
  static final class Bytes extends StdDeserializer<Long> {
    private static final long serialVersionUID = 1L;

    Bytes() {
      super(Long.class);
    }

    @Override
    public Long deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      return parse(p, scalar(p, "a size such as 16384 or 16KiB"), Quantities::bytes);
    }
  }

  /** A share such as {@code 40%} or {@code 0.4}. */
  static final class Share extends StdDeserializer<Double> {
    private static final long serialVersionUID = 1L;

    Share() {
      super(Double.class);
    }

    @Override
    public Double deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      String text = scalar(p, "a share such as 40% or 0.4");
      try {
        return Quantities.share(text);
      } catch (IllegalArgumentException e) {
        throw JsonMappingException.from(p, e.getMessage());
      }
    }
  }

  /** A distribution of whole numbers parsed by a unit-aware function. */
  abstract static class OfValues extends StdDeserializer<Distribution> {
    private static final long serialVersionUID = 1L;
    private static final List<String> KINDS = List.of("choice", "uniform");

    OfValues() {
      super(Distribution.class);
    }

    /** Parses one value of the distribution. */
    abstract long value(String text);

    /** An example value for messages. */
    abstract String example();

    @Override
    public Distribution deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      if (p.currentToken() != JsonToken.START_OBJECT) {
        return Distribution.fixed(parse(p, scalar(p, shapes()), this::value));
      }
      JsonNode node = ctxt.readTree(p);
      if (node.size() != 1) {
        throw JsonMappingException.from(p, "expected " + shapes());
      }
      Map.Entry<String, JsonNode> entry = node.properties().iterator().next();
      if (!KINDS.contains(entry.getKey())) {
        throw JsonMappingException.from(p,
            ConfigurationException.unknown("distribution", entry.getKey(), KINDS).getMessage());
      }
      List<Long> values = values(p, entry.getValue(), entry.getKey());
      try {
        if (entry.getKey().equals("uniform")) {
          if (values.size() != 2) {
            throw JsonMappingException.from(p, "uniform takes [min, max], got " + values.size()
                + " values");
          }
          if (values.get(0) > values.get(1)) {
            throw JsonMappingException.from(p, "uniform range is empty: min "
                + entry.getValue().get(0).asText() + " > max " + entry.getValue().get(1).asText());
          }
          return new Distribution.Uniform(values.get(0), values.get(1));
        }
        return new Distribution.Choice(values);
      } catch (IllegalArgumentException e) {
        throw JsonMappingException.from(p, e.getMessage());
      }
    }

    private List<Long> values(JsonParser p, JsonNode array, String kind)
        throws JsonMappingException {
      if (!array.isArray()) {
        throw JsonMappingException.from(p, kind + " takes a list such as [" + example() + ", "
            + example() + "]");
      }
      List<Long> values = new ArrayList<>();
      for (Iterator<JsonNode> it = array.elements(); it.hasNext(); ) {
        JsonNode element = it.next();
        if (!element.isValueNode() || element.isNull()) {
          throw JsonMappingException.from(p, kind + " values must be plain values like "
              + example());
        }
        values.add(parse(p, element.asText(), this::value));
      }
      return values;
    }

    private String shapes() {
      return "a value such as " + example() + ", {uniform: [min, max]} or {choice: [a, b, ...]}";
    }
  }

  /** A distribution of whole counts, such as a grid size. */
  static final class Counts extends OfValues {
    private static final long serialVersionUID = 1L;

    @Override
    long value(String text) {
      return Quantities.count(text);
    }

    @Override
    String example() {
      return "256";
    }
  }

  /** A distribution of durations, such as a block time. */
  static final class Durations extends OfValues {
    private static final long serialVersionUID = 1L;

    @Override
    long value(String text) {
      return Quantities.durationNs(text);
    }

    @Override
    String example() {
      return "30us";
    }
  }
}
