package org.preemptlab.runner.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * The streaming event reader keeps exactly what a JSON tree of each event would hold: the same
 * node (type, text, decimal scale) for every kept field, whatever the event looks like.
 */
class EventFieldsTest {
  private static final String[] TOP = {"ph", "cat", "name", "ts", "dur", "pid"};

  private static JsonNode streamed(String json) throws Exception {
    try (JsonParser parser = KinetoTraceReader.MAPPER.getFactory().createParser(json)) {
      parser.nextToken();
      return EventFields.value(parser, KinetoTraceReader.MAPPER);
    }
  }

  private static EventFields event(String json) throws Exception {
    try (JsonParser parser = KinetoTraceReader.MAPPER.getFactory().createParser(json)) {
      parser.nextToken();
      EventFields event = EventFields.read(parser, KinetoTraceReader.MAPPER);
      assertThat(parser.currentToken()).isEqualTo(JsonToken.END_OBJECT);
      assertThat(parser.nextToken()).isNull();
      return event;
    }
  }

  /** Equal nodes, and equal as the reader uses them: class, text, decimal value with scale. */
  private static void assertSameNode(JsonNode actual, JsonNode expected, String what) {
    if (expected == null) {
      assertThat(actual).as(what).isNull();
      return;
    }
    assertThat(actual).as(what).isEqualTo(expected);
    assertThat(actual.getClass()).as(what).isEqualTo(expected.getClass());
    assertThat(actual.toString()).as(what).isEqualTo(expected.toString());
    assertThat(actual.asText("?")).as(what).isEqualTo(expected.asText("?"));
    if (expected.isNumber()) {
      assertThat(actual.decimalValue()).as(what).isEqualTo(expected.decimalValue()); // scale too
    }
  }

  @Test
  void everyKindOfValueIsTheNodeATreeHolds() throws Exception {
    String[] values = {"0", "-0", "7", "-7", "2147483647", "2147483648", "-2147483649",
        "9223372036854775807", "9223372036854775808", "-9223372036854775809",
        "123456789012345678901234567890", "1.500", "0.000", "-0.0", "0.0e0", "1e-5", "1.5e3",
        "100.0", "1E+2", "-0.000e5", "52.000", "12.345678", "1e-99999999", "1e99999999",
        "1e30", "-1.25E-7", "\"text\"", "\"\"", "\"µs \\u00e9\\n\"", "true", "false", "null",
        "[4, 1, 1]", "[]", "[1.50, [2, {\"a\": 1.0}], null, \"x\", true]",
        "{\"x\": [1, 2.50], \"y\": {}}", "{}"};
    for (String value : values) {
      assertSameNode(streamed(value), KinetoTraceReader.MAPPER.readTree(value), value);
    }
  }

  @Test
  void anEventKeepsWhatItsTreeHoldsWithDuplicateKeysAndOddArgs() throws Exception {
    String[] events = {
        "{\"ph\": \"X\", \"ph\": \"B\", \"cat\": \"kernel\", \"ts\": 1.000, \"dur\": 2}",
        "{\"args\": {\"device\": 0, \"grid\": [1, 2, 3]}, \"args\": {\"stream\": 7}}",
        "{\"args\": 5, \"name\": {\"nested\": [1, 2]}, \"pid\": \"4242\"}",
        "{\"args\": [1, 2], \"cat\": null, \"extra\": {\"deep\": [[[1.0e-9]]]}}",
        "{\"args\": {\"device\": null, \"grid\": \"4,1,1\", \"block\": [128, 1.0, 1], "
            + "\"registers per thread\": 3.5e1, \"shared memory\": -1, \"correlation\": "
            + "99999999999999999999, \"Input Dims\": [[2, 3]], \"cuda_sync_kind\": 1}}",
        "{\"args\": {\"stream\": 7}, \"args\": null}",
        "{}"};
    for (String json : events) {
      assertSameFields(event(json), KinetoTraceReader.MAPPER.readTree(json), json);
    }
  }

  @Test
  void everyEventOfTheExampleTracesKeepsWhatItsTreeHolds() throws Exception {
    for (String file : new String[] {"inference.pt.trace.json", "training.pt.trace.json.gz"}) {
      List<JsonNode> trees = new ArrayList<>();
      try (InputStream in = TraceFiles.open(Path.of("..", "examples", "traces", file))) {
        JsonNode root = KinetoTraceReader.MAPPER.readTree(in);
        root.get("traceEvents").forEach(trees::add);
      }
      assertThat(trees).hasSizeGreaterThan(100);
      for (JsonNode tree : trees) {
        String json = tree.toString();
        assertSameFields(event(json), KinetoTraceReader.MAPPER.readTree(json), file + ": " + json);
      }
    }
  }

  @Test
  void aPlainDecimalTimeIsItsExactValueInNsWithTheNodeOfATree() throws Exception {
    String[] plain = {"0.0", "-0.0", "-0.000", "52.000", "1.5", "0.001", "-12.34", "100.10",
        "999999999999999.999", "-999999999999999.999", "1764500000000.250"};
    for (String v : plain) {
      String json = "{\"ts\": " + v + ", \"dur\": " + v + "}";
      EventFields event = event(json);
      long ns = new BigDecimal(v).movePointRight(3).longValueExact();
      assertThat(event.plainNs("ts")).as(v).isEqualTo(ns);
      assertThat(event.plainNs("dur")).as(v).isEqualTo(ns);
      assertSameFields(event, KinetoTraceReader.MAPPER.readTree(json), json);
    }
    String[] other = {"1.0000", "0.0001", "1e3", "1.5E3", "-2.0e-1", "1234567890123456.5", "7",
        "-7", "0", "\"5.0\"", "null", "[1.5]"};
    for (String v : other) {
      String json = "{\"ts\": " + v + ", \"dur\": " + v + "}";
      EventFields event = event(json);
      assertThat(event.plainNs("ts")).as(v).isEqualTo(EventFields.NOT_PLAIN);
      assertThat(event.plainNs("dur")).as(v).isEqualTo(EventFields.NOT_PLAIN);
      assertSameFields(event, KinetoTraceReader.MAPPER.readTree(json), json);
    }
    // a key given twice: the last value counts, plain or not
    assertThat(event("{\"ts\": 1.5, \"ts\": 1e3}").plainNs("ts")).isEqualTo(EventFields.NOT_PLAIN);
    assertThat(event("{\"ts\": 1e3, \"ts\": 1.5}").plainNs("ts")).isEqualTo(1500);
    assertSameFields(event("{\"ts\": 1e3, \"ts\": 1.5}"),
        KinetoTraceReader.MAPPER.readTree("{\"ts\": 1.5}"), "duplicate ts");
  }

  @Test
  void everyEventOfTheExampleTracesAsWrittenKeepsWhatItsTreeHolds() throws Exception {
    for (String file : new String[] {"inference.pt.trace.json", "training.pt.trace.json.gz"}) {
      Path path = Path.of("..", "examples", "traces", file);
      List<JsonNode> trees = new ArrayList<>();
      try (InputStream in = TraceFiles.open(path)) {
        KinetoTraceReader.MAPPER.readTree(in).get("traceEvents").forEach(trees::add);
      }
      int plain = 0;
      try (InputStream in = TraceFiles.open(path);
          JsonParser parser = KinetoTraceReader.MAPPER.getFactory().createParser(in)) {
        while (!"traceEvents".equals(parser.currentName())
            || parser.currentToken() != JsonToken.START_ARRAY) {
          parser.nextToken();
        }
        for (JsonNode tree : trees) {
          assertThat(parser.nextToken()).isEqualTo(JsonToken.START_OBJECT);
          EventFields event = EventFields.read(parser, KinetoTraceReader.MAPPER);
          assertSameFields(event, tree, file + ": " + tree);
          plain += event.plainNs("ts") != EventFields.NOT_PLAIN ? 1 : 0;
        }
        assertThat(parser.nextToken()).isEqualTo(JsonToken.END_ARRAY);
      }
      assertThat(plain).as(file + ": events whose ts took the plain path").isGreaterThan(100);
    }
  }

  private static void assertSameFields(EventFields event, JsonNode tree, String what) {
    for (String field : TOP) {
      assertSameNode(event.get(field), tree.get(field), what + " ." + field);
      assertSameNode(event.path(field), tree.path(field), what + " path ." + field);
    }
    JsonNode args = tree.get("args");
    assertThat(event.argsIsObject()).as(what).isEqualTo(args != null && args.isObject());
    for (String key : EventFields.ARG_KEYS) {
      assertSameNode(event.arg(key), tree.path("args").get(key), what + " args." + key);
      assertSameNode(event.argPath(key), tree.path("args").path(key), what + " args path." + key);
    }
    if (args != null && !args.isObject()) {
      assertThat(Objects.requireNonNull(event.get("args"))).as(what).isEqualTo(args);
    }
  }
}
