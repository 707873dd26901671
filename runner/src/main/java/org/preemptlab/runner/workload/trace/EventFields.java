package org.preemptlab.runner.workload.trace;

import static com.google.common.base.Preconditions.checkArgument;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.math.BigDecimal;

/**
 * The fields of one Kineto trace event that {@link KinetoTraceReader} uses, read from a streaming
 * parser without building the event's JSON tree: {@code ph}, {@code cat}, {@code name}, {@code ts},
 * {@code dur}, {@code pid} and, of {@code args}, the keys of {@link #ARG_KEYS}. Each kept value is
 * the node a tree of the event would hold ({@link #value}); every other value is consumed as the
 * tree would consume it ({@link #consume}: strings decoded, numbers converted), so the parser
 * meets the same limits and errors at the same place. A key given twice keeps its last value, as
 * a tree does.
 *
 * <p>A {@code ts} or {@code dur} written as a plain decimal of µs ({@link #plainNs(JsonParser)},
 * what Kineto writes) is kept as its exact value in ns, without the decimal node and the {@code
 * BigDecimal} arithmetic of the exact path; its node, the same as a tree's, is made only if asked
 * for.
 */
final class EventFields {
  /** The keys of {@code args} that the reader uses; the others are consumed and dropped. */
  static final String[] ARG_KEYS = {"device", "context", "stream", "correlation", "grid", "block",
      "registers per thread", "shared memory", "cuda_sync_kind", "wait_on_stream",
      "wait_on_cuda_event_record_corr_id"};

  /** The factory and settings of the tree reader this replaces (big decimals for floats). */
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** What {@link #plainNs} gives for a value that is not a plain decimal of µs. */
  static final long NOT_PLAIN = Long.MIN_VALUE;

  /** The most digits before the point of a plain decimal: 10^15 µs in ns is below any limit. */
  private static final int MAX_PLAIN_DIGITS = 15;

  private JsonNode ph;
  private JsonNode cat;
  private JsonNode name;
  private JsonNode ts;
  private JsonNode dur;
  private JsonNode pid;
  /** {@code ts} and {@code dur} in ns where they are plain decimals, else {@link #NOT_PLAIN}. */
  private long tsNs = NOT_PLAIN;
  private long durNs = NOT_PLAIN;
  /** {@code args} when it is not an object (its whole value), else null. */
  private JsonNode argsValue;
  private boolean argsIsObject;
  private final JsonNode[] args = new JsonNode[ARG_KEYS.length];

  private EventFields() {}

  /**
   * Reads the event whose {@code START_OBJECT} is the parser's current token, up to and including
   * its {@code END_OBJECT}; {@code mapper} reads the rare value that is an object as a tree.
   */
  static EventFields read(JsonParser parser, ObjectMapper mapper) throws IOException {
    EventFields event = new EventFields();
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String field = parser.currentName();
      parser.nextToken();
      switch (field) {
        case "ph" -> event.ph = value(parser, mapper);
        case "cat" -> event.cat = value(parser, mapper);
        case "name" -> event.name = value(parser, mapper);
        case "ts" -> {
          event.tsNs = plainNs(parser);
          event.ts = event.tsNs == NOT_PLAIN ? value(parser, mapper) : null;
        }
        case "dur" -> {
          event.durNs = plainNs(parser);
          event.dur = event.durNs == NOT_PLAIN ? value(parser, mapper) : null;
        }
        case "pid" -> event.pid = value(parser, mapper);
        case "args" -> event.readArgs(parser, mapper);
        default -> consume(parser);
      }
    }
    return event;
  }

  private void readArgs(JsonParser parser, ObjectMapper mapper) throws IOException {
    java.util.Arrays.fill(args, null);
    if (parser.currentToken() != JsonToken.START_OBJECT) {
      argsIsObject = false;
      argsValue = value(parser, mapper);
      return;
    }
    argsIsObject = true;
    argsValue = null;
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      int key = argKey(parser.currentName());
      parser.nextToken();
      if (key >= 0) {
        args[key] = value(parser, mapper);
      } else {
        consume(parser);
      }
    }
  }

  private static int argKey(String key) {
    for (int i = 0; i < ARG_KEYS.length; i++) {
      if (ARG_KEYS[i].equals(key)) {
        return i;
      }
    }
    return -1;
  }

  /** The top-level field {@code field} (one of the kept ones), or null if the event lacks it. */
  JsonNode get(String field) {
    return switch (field) {
      case "ph" -> ph;
      case "cat" -> cat;
      case "name" -> name;
      case "ts" -> ts != null ? ts : plainNode(tsNs);
      case "dur" -> dur != null ? dur : plainNode(durNs);
      case "pid" -> pid;
      case "args" -> argsIsObject ? null : argsValue;
      default -> throw new IllegalArgumentException("field '" + field + "' is not kept");
    };
  }

  /**
   * {@code ts} or {@code dur} ({@code field}) in ns if the event wrote it as a plain decimal of µs,
   * else {@link #NOT_PLAIN} (absent, or written otherwise: {@link #get} has its node).
   */
  long plainNs(String field) {
    return switch (field) {
      case "ts" -> tsNs;
      case "dur" -> durNs;
      default -> NOT_PLAIN;
    };
  }

  /** The node a tree holds for a plain decimal of {@code ns / 1000} µs, or null. */
  private static JsonNode plainNode(long ns) {
    return ns == NOT_PLAIN ? null : decimal(BigDecimal.valueOf(ns, 3));
  }

  /**
   * The value at the parser's current token in ns if it is a float written as a plain decimal of
   * µs: an optional minus, 1 to 15 digits, a point and 1 to 3 digits, no exponent. Such a value
   * is exact in ns and within every time limit (below 10^18 ns either way), so it needs none of
   * the exact path's checks; anything else gives {@link #NOT_PLAIN}, for that path.
   */
  static long plainNs(JsonParser parser) throws IOException {
    if (parser.currentToken() != JsonToken.VALUE_NUMBER_FLOAT) {
      return NOT_PLAIN;
    }
    char[] text = parser.getTextCharacters();
    int at = parser.getTextOffset();
    int end = at + parser.getTextLength();
    boolean negative = at < end && text[at] == '-';
    if (negative) {
      at++;
    }
    long micros = 0;
    int digits = 0;
    for (; at < end && text[at] >= '0' && text[at] <= '9'; at++) {
      if (++digits > MAX_PLAIN_DIGITS) {
        return NOT_PLAIN;
      }
      micros = micros * 10 + (text[at] - '0');
    }
    int afterPoint = end - at - 1;
    if (digits == 0 || at == end || text[at] != '.' || afterPoint < 1 || afterPoint > 3) {
      return NOT_PLAIN;
    }
    long ns = micros;
    int decimals = 0;
    for (at++; at < end; at++, decimals++) {
      if (text[at] < '0' || text[at] > '9') {
        return NOT_PLAIN;
      }
      ns = ns * 10 + (text[at] - '0');
    }
    for (; decimals < 3; decimals++) {
      ns *= 10;
    }
    return negative ? -ns : ns;
  }

  /** {@link #get}, or the missing node, as {@link JsonNode#path(String)}. */
  JsonNode path(String field) {
    JsonNode value = get(field);
    return value == null ? MissingNode.getInstance() : value;
  }

  /** Whether the event has {@code args} and it is an object. */
  boolean argsIsObject() {
    return argsIsObject;
  }

  /** {@code args.key}, or null if it is absent or {@code args} is not an object. */
  JsonNode arg(String key) {
    int index = argKey(key);
    checkArgument(index >= 0, "args key '%s' is not kept", key);
    return argsIsObject ? args[index] : null;
  }

  /** {@link #arg}, or the missing node, as {@code path("args").path(key)}. */
  JsonNode argPath(String key) {
    JsonNode value = arg(key);
    return value == null ? MissingNode.getInstance() : value;
  }

  /**
   * The node of the value at the parser's current token, as Jackson's tree reader (with {@code
   * USE_BIG_DECIMAL_FOR_FLOATS}) builds it: the same node type, number conversion and decimal
   * normalisation; an object is read by {@code mapper} itself.
   */
  static JsonNode value(JsonParser parser, ObjectMapper mapper) throws IOException {
    return switch (parser.currentToken()) {
      case VALUE_STRING -> NODES.textNode(parser.getText());
      case VALUE_NUMBER_INT -> switch (parser.getNumberType()) {
        case INT -> NODES.numberNode(parser.getIntValue());
        case LONG -> NODES.numberNode(parser.getLongValue());
        default -> NODES.numberNode(parser.getBigIntegerValue());
      };
      case VALUE_NUMBER_FLOAT -> decimal(parser.getDecimalValue());
      case VALUE_TRUE -> NODES.booleanNode(true);
      case VALUE_FALSE -> NODES.booleanNode(false);
      case VALUE_NULL -> NODES.nullNode();
      case START_ARRAY -> {
        ArrayNode array = NODES.arrayNode();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
          array.add(value(parser, mapper));
        }
        yield array;
      }
      default -> mapper.readTree(parser);
    };
  }

  /** A float's node: trailing zeros stripped when the factory does, as the tree reader does. */
  private static JsonNode decimal(BigDecimal value) {
    BigDecimal normalised = value;
    if (NODES.willStripTrailingBigDecimalZeroes()) {
      try {
        normalised = value.stripTrailingZeros();
      } catch (ArithmeticException e) { // as the tree reader: keep the value as written
        normalised = value;
      }
    }
    return NODES.numberNode(normalised);
  }

  /**
   * Consumes the value at the parser's current token (and its children) as the tree reader would
   * read it, without keeping it: every string is decoded (so the string-length limit applies),
   * every number converted, as {@link #value} does.
   */
  static void consume(JsonParser parser) throws IOException {
    int depth = 0;
    do {
      JsonToken token = parser.currentToken();
      switch (token) {
        case START_OBJECT, START_ARRAY -> depth++;
        case END_OBJECT, END_ARRAY -> depth--;
        case VALUE_STRING -> parser.getText();
        case VALUE_NUMBER_INT -> {
          switch (parser.getNumberType()) {
            case INT -> parser.getIntValue();
            case LONG -> parser.getLongValue();
            default -> parser.getBigIntegerValue();
          }
        }
        case VALUE_NUMBER_FLOAT -> parser.getDecimalValue();
        default -> { }
      }
      if (depth == 0) {
        return;
      }
    } while (parser.nextToken() != null);
  }
}
