package org.preemptlab.runner.report.trace;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** A trace parsed back with Jackson, with times in exact nanoseconds. */
record TraceFile(JsonNode root, List<JsonNode> events) {
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  /** A complete slice. */
  record Slice(int pid, int tid, String name, String category, long startNs, long endNs,
      JsonNode args) {
    /** {@code "name [start,end]"} with times in ns, for compact expectations. */
    String brief() {
      return name + " [" + startNs + "," + endNs + "]";
    }
  }

  /** Parses {@code json}; fails on anything that is not one JSON object. */
  static TraceFile parse(byte[] json) {
    try {
      JsonNode root = MAPPER.readTree(json);
      List<JsonNode> events = new ArrayList<>();
      root.get("traceEvents").forEach(events::add);
      return new TraceFile(root, events);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A time field ({@code ts}, {@code dur}) in ns; fails unless it is a whole number of ns. */
  static long ns(JsonNode value) {
    return new BigDecimal(value.asText()).movePointRight(3).longValueExact();
  }

  /** The events of phase {@code ph}. */
  List<JsonNode> phase(String ph) {
    return events.stream().filter(e -> e.path("ph").asText().equals(ph)).toList();
  }

  /** Every complete slice, in file order. */
  List<Slice> slices() {
    return phase("X").stream().map(e -> new Slice(e.get("pid").asInt(), e.get("tid").asInt(),
        e.get("name").asText(), e.path("cat").asText(), ns(e.get("ts")),
        ns(e.get("ts")) + ns(e.get("dur")), e.get("args"))).toList();
  }

  /** The slices on track ({@code pid}, {@code tid}), in file order. */
  List<Slice> slices(int pid, int tid) {
    return slices().stream().filter(s -> s.pid() == pid && s.tid() == tid).toList();
  }

  /** The name given by metadata {@code kind} to process {@code pid} ({@code tid} 0) or thread. */
  Map<List<Integer>, String> names(String kind) {
    Map<List<Integer>, String> names = new HashMap<>();
    for (JsonNode event : phase("M")) {
      if (event.get("name").asText().equals(kind)) {
        names.put(List.of(event.get("pid").asInt(), event.get("tid").asInt()),
            event.get("args").get("name").asText());
      }
    }
    return names;
  }
}
