package org.preemptlab.runner.report.trace;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.MinimalPrettyPrinter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.TreeMap;

/**
 * Streams Chrome Trace Event JSON (the JSON Object Format) with Jackson's generator: {@code
 * {"displayTimeUnit":"ns","otherData":{...},"traceEvents":[...]}}, one event per line, in the order
 * the events are written. Nothing is buffered beyond the generator's output buffer. Times are
 * taken in nanoseconds and written in microseconds with {@link Micros}.
 */
final class TraceEventWriter implements Closeable {
  private static final JsonFactory FACTORY = new JsonFactory();

  private final JsonGenerator json;
  private long events;
  private boolean closed;

  /**
   * Starts the document on {@code out}, which it owns and closes; {@code otherData} (written in
   * key order) labels the trace.
   */
  TraceEventWriter(OutputStream out, Map<String, String> otherData) {
    try {
      json = FACTORY.createGenerator(out, JsonEncoding.UTF8);
      json.setPrettyPrinter(new OneEventPerLine());
      json.writeStartObject();
      json.writeStringField("displayTimeUnit", "ns");
      json.writeObjectFieldStart("otherData");
      for (Map.Entry<String, String> entry : new TreeMap<>(otherData).entrySet()) {
        json.writeStringField(entry.getKey(), entry.getValue());
      }
      json.writeEndObject();
      json.writeArrayFieldStart("traceEvents");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A complete slice ({@code "X"}) from {@code startNs} to {@code endNs} on a thread track. */
  void complete(String name, String category, int pid, int tid, long startNs, long endNs,
      Args args) {
    try {
      head(name, category, "X", startNs);
      json.writeFieldName("dur");
      json.writeNumber(Micros.of(endNs - startNs));
      tail(pid, tid, args);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An instant ({@code "i"}) with thread scope on a thread track. */
  void instant(String name, String category, int pid, int tid, long ns, Args args) {
    try {
      head(name, category, "i", ns);
      json.writeStringField("s", "t");
      tail(pid, tid, args);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A counter sample ({@code "C"}) of process {@code pid}; {@code args} holds the numbers. */
  void counter(String name, int pid, long ns, Args args) {
    try {
      head(name, null, "C", ns);
      tail(pid, 0, args);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A metadata event ({@code "M"}), e.g. {@code process_name} or {@code thread_sort_index}. */
  void metadata(String name, int pid, int tid, Args args) {
    try {
      json.writeStartObject();
      json.writeStringField("name", name);
      json.writeStringField("ph", "M");
      json.writeNumberField("pid", pid);
      json.writeNumberField("tid", tid);
      writeArgs(args);
      json.writeEndObject();
      events++;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** How many events were written so far. */
  long events() {
    return events;
  }

  /** Ends the document and closes the stream; later calls do nothing. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    try (JsonGenerator generator = json) {
      generator.writeEndArray();
      generator.writeEndObject();
      generator.writeRaw('\n');
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private void head(String name, String category, String phase, long ns) throws IOException {
    json.writeStartObject();
    json.writeStringField("name", name);
    if (category != null) {
      json.writeStringField("cat", category);
    }
    json.writeStringField("ph", phase);
    json.writeFieldName("ts");
    json.writeNumber(Micros.of(ns));
  }

  private void tail(int pid, int tid, Args args) throws IOException {
    json.writeNumberField("pid", pid);
    json.writeNumberField("tid", tid);
    writeArgs(args);
    json.writeEndObject();
    events++;
  }

  private void writeArgs(Args args) throws IOException {
    json.writeObjectFieldStart("args");
    args.write(json);
    json.writeEndObject();
  }

  /** Compact JSON with each element of the (only) array, the events, on its own line. */
  private static final class OneEventPerLine extends MinimalPrettyPrinter {
    private static final long serialVersionUID = 1L;

    @Override
    public void beforeArrayValues(JsonGenerator generator) throws IOException {
      generator.writeRaw('\n');
    }

    @Override
    public void writeArrayValueSeparator(JsonGenerator generator) throws IOException {
      generator.writeRaw(",\n");
    }

    @Override
    public void writeEndArray(JsonGenerator generator, int values) throws IOException {
      generator.writeRaw(values == 0 ? "]" : "\n]");
    }
  }
}
