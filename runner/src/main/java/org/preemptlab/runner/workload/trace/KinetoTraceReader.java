package org.preemptlab.runner.workload.trace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipException;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
import org.preemptlab.api.Numbers;

/**
 * Reads the Chrome-trace JSON that the PyTorch profiler (Kineto) writes, plain or gzip-compressed,
 * as a stream: only one event is held in memory at a time, so traces of hundreds of MB are read in
 * constant memory beside the operations kept. Each event is read straight from the parser into the
 * few fields the reader uses ({@link EventFields}); every other value is consumed as a tree would
 * consume it (strings decoded, numbers converted), so a file gives the same errors as if each
 * event were read into a JSON tree, without building one.
 *
 * <p>What is read (field names as Kineto writes them; {@code docs/traces.md} has the table):
 * complete events ({@code "ph": "X"}) of category {@code kernel}, {@code gpu_memcpy} and {@code
 * gpu_memset} with their {@code args} ({@code device}, {@code context}, {@code stream}, {@code
 * correlation}, {@code grid}, {@code block}, {@code registers per thread}, {@code shared memory});
 * CPU-side {@code cuda_runtime} and {@code cuda_driver} calls, whose {@code correlation} gives each
 * GPU operation its launch time; {@code cuda_sync} events of kind {@code Stream Wait Event} (written
 * when the profiler runs with {@code enable_cuda_sync_events}); {@code ProfilerStep#N} annotations;
 * and the top-level {@code deviceProperties} and {@code distributedInfo.rank}. Everything else is skipped. Times ({@code ts}, {@code
 * dur}) are µs with up to three decimals and are converted to ns exactly.
 */
public final class KinetoTraceReader {
  /**
   * Bounds on one value: a string (a kernel name, an argument) may hold at most {@link
   * Limits#MAX_TRACE_LINE_CHARS} characters, a number 1,000 digits, and events nest at most 100
   * deep, so that one event of a corrupt or hostile file cannot exhaust memory while the file as
   * a whole is still streamed.
   */
  private static final StreamReadConstraints CONSTRAINTS = StreamReadConstraints.builder()
      .maxStringLength(Limits.MAX_TRACE_LINE_CHARS).maxNumberLength(1000).maxNestingDepth(100)
      .build();
  static final ObjectMapper MAPPER = new ObjectMapper(JsonFactory.builder()
      .streamReadConstraints(CONSTRAINTS).build())
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
  private static final JsonFactory FACTORY = MAPPER.getFactory();
  private static final Pattern STEP = Pattern.compile("ProfilerStep#(\\d+)");

  private KinetoTraceReader() {}

  /**
   * Reads {@code file}.
   *
   * @throws ConfigurationException naming the file (and line) if it is unreadable, not JSON,
   *     truncated, lacks a field a GPU event needs, or holds no GPU kernel
   */
  public static RecordedTrace read(Path file) {
    String name = TraceFiles.name(file);
    try (InputStream in = TraceFiles.open(file)) {
      return read(in, name);
    } catch (IOException e) {
      throw new ConfigurationException(name + ": cannot read: " + TraceFiles.oneLine(
          e.getMessage()));
    }
  }

  /** Reads a trace from text; {@code sourceName} names it in errors. */
  public static RecordedTrace read(String json, String sourceName) {
    return read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), sourceName);
  }

  /** Reads a trace from a stream (not closed); {@code sourceName} names it in errors. */
  public static RecordedTrace read(InputStream in, String sourceName) {
    State state = new State(sourceName);
    try (JsonParser parser = FACTORY.createParser(in)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw new ConfigurationException(sourceName + ": empty file; expected the JSON object "
            + "of a PyTorch profiler trace");
      }
      if (first == JsonToken.START_ARRAY) {
        readEvents(parser, state);
      } else if (first == JsonToken.START_OBJECT) {
        readTopLevel(parser, state);
      } else {
        throw new ConfigurationException(sourceName + ":" + line(parser) + ": not a PyTorch "
            + "profiler trace: expected a JSON object with 'traceEvents', found a JSON "
            + (first.isNumeric() ? "number" : first.isBoolean() ? "boolean" : first
            == JsonToken.VALUE_STRING ? "string" : "value"));
      }
      if (parser.nextToken() != null) {
        throw new ConfigurationException(sourceName + ":" + line(parser) + ": not valid JSON: "
            + "more content after the end of the trace");
      }
    } catch (JsonEOFException e) {
      throw new ConfigurationException(sourceName + ": truncated: the file ends inside the JSON "
          + "(" + TraceFiles.oneLine(e.getOriginalMessage()) + "); was it copied completely?");
    } catch (EOFException e) { // a gzip stream cut short: GZIPInputStream gives no message
      throw new ConfigurationException(sourceName + ": truncated: the compressed data ends "
          + "early; was it copied completely?");
    } catch (StreamConstraintsException e) {
      throw new ConfigurationException(sourceName + ": a value is beyond the limits of one trace "
          + "value (strings up to " + Limits.sizeText(Limits.MAX_TRACE_LINE_CHARS)
          + " characters, numbers up to 1000 digits, nesting up to 100 levels)");
    } catch (JsonParseException e) {
      throw new ConfigurationException(sourceName + ":" + e.getLocation().getLineNr()
          + ": not valid JSON: " + jsonProblem(e) + (state.index < 0
          ? "; expected the JSON object of a PyTorch profiler trace" : ""));
    } catch (ZipException e) {
      throw new ConfigurationException(sourceName + ": corrupt gzip data: "
          + TraceFiles.oneLine(e.getMessage()));
    } catch (IOException e) {
      throw new ConfigurationException(sourceName + ": cannot read: "
          + TraceFiles.oneLine(e.getMessage()));
    }
    return state.finish();
  }

  private static void readTopLevel(JsonParser parser, State state) throws IOException {
    boolean sawEvents = false;
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String field = parser.currentName();
      JsonToken value = parser.nextToken();
      if (field.equals("traceEvents")) {
        if (value != JsonToken.START_ARRAY) {
          throw new ConfigurationException(state.source + ":" + line(parser)
              + ": 'traceEvents' must be an array of events");
        }
        sawEvents = true;
        readEvents(parser, state);
      } else if (field.equals("distributedInfo") && value == JsonToken.START_OBJECT) {
        JsonNode info = MAPPER.readTree(parser);
        if (info.path("rank").canConvertToInt()) {
          state.rank = info.path("rank").asInt();
        }
      } else if (field.equals("deviceProperties") && value == JsonToken.START_ARRAY) {
        JsonNode devices = MAPPER.readTree(parser);
        for (JsonNode device : devices) {
          if (device.path("id").canConvertToInt()) {
            int id = device.path("id").asInt();
            JsonNode sms = device.path("numSms");
            if (!sms.isMissingNode() && (!sms.isIntegralNumber() || !sms.canConvertToInt()
                || sms.asInt() < 0)) {
              throw new ConfigurationException(state.source + ": deviceProperties of device " + id
                  + ": 'numSms' must be a whole number in [0, " + Integer.MAX_VALUE + "], got "
                  + shown(sms));
            }
            state.devices.put(id, new GpuProperties(id, Numbers.shortText(device.path("name")
                .asText("")), sms.asInt(0)));
          }
        }
      } else {
        parser.skipChildren();
      }
    }
    if (!sawEvents) {
      throw new ConfigurationException(state.source + ": not a PyTorch profiler trace: no "
          + "'traceEvents' array");
    }
  }

  private static void readEvents(JsonParser parser, State state) throws IOException {
    JsonToken token;
    while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
      if (token == null) {
        throw new JsonEOFException(parser, null, "end of input inside 'traceEvents'");
      }
      int line = line(parser);
      state.index++;
      if (token != JsonToken.START_OBJECT) {
        throw new ConfigurationException(state.source + ":" + line + ": event " + state.index
            + " is not a JSON object");
      }
      state.accept(EventFields.read(parser, MAPPER), line);
    }
  }

  private static int line(JsonParser parser) {
    return parser.currentTokenLocation().getLineNr();
  }

  /** What the reader collects while streaming. */
  private static final class State {
    final String source;
    final List<TraceOp> ops = new ArrayList<>();
    final List<StreamWait> waits = new ArrayList<>();
    /** Each wait's launch of its cudaEventRecord by correlation id, resolved at the end. */
    final List<Long> waitRecords = new ArrayList<>();
    final List<ProfilerStep> steps = new ArrayList<>();
    final Map<Integer, GpuProperties> devices = new TreeMap<>();
    final LongMap launchByCorrelation = new LongMap();
    /** Each distinct operation name once: a trace repeats its kernels' (long) names. */
    final Map<String, String> names = new HashMap<>();
    long cpuEvents;
    int index = -1;
    int rank = -1;

    State(String source) {
      this.source = source;
    }

    void accept(EventFields event, int line) {
      String cat = event.path("cat").asText("").toLowerCase(Locale.ROOT);
      String name = event.path("name").asText("");
      String ph = event.path("ph").asText("");
      if (!ph.equals("X")) {
        return;
      }
      Event e = new Event(event, line, index, name);
      switch (cat) {
        case "kernel" -> add(e, kernel(e));
        case "gpu_memcpy", "memcpy" -> add(e, copy(e, TraceOp.Kind.MEMCPY));
        case "gpu_memset", "memset" -> add(e, copy(e, TraceOp.Kind.MEMSET));
        case "cuda_runtime", "cuda_driver", "runtime", "driver" -> {
          cpuEvents++;
          JsonNode correlation = event.argPath("correlation");
          if (correlation.canConvertToLong()) {
            launchByCorrelation.put(correlation.asLong(), e.micros("ts"));
          }
        }
        case "cuda_sync" -> {
          String kind = event.argPath("cuda_sync_kind").asText(name);
          if (kind.equals("Stream Wait Event")) {
            addWait(e);
          }
        }
        case "gpu_user_annotation" -> { }
        default -> {
          cpuEvents++;
          // most CPU events are not steps: the prefix test spares them a matcher
          Matcher step = name.startsWith("ProfilerStep#") ? STEP.matcher(name) : null;
          if (step != null && step.matches()) {
            long number;
            try {
              number = Numbers.whole(step.group(1), 0, Long.MAX_VALUE);
            } catch (IllegalArgumentException x) {
              throw e.fail("the step number is out of range [0, " + Long.MAX_VALUE + "]");
            }
            long start = e.micros("ts");
            steps.add(new ProfilerStep(number, start, start + e.micros("dur")));
          }
        }
      }
    }

    /** Keeps a GPU operation, refusing the one past the limit of a workload as it arrives. */
    void add(Event e, TraceOp op) {
      if (ops.size() >= Limits.MAX_JOBS) {
        throw e.fail("the trace holds more than " + Limits.MAX_JOBS + " GPU operations, the "
            + "limit of one workload; cut the trace (record fewer steps)");
      }
      ops.add(op);
    }

    /** Keeps a cross-stream wait whose streams are known (Kineto writes -1 for an unknown one). */
    void addWait(Event e) {
      EventFields args = e.node;
      if (!args.argPath("stream").canConvertToLong() || !args.argPath("wait_on_stream")
          .canConvertToLong() || args.argPath("wait_on_stream").asLong() < 0) {
        return;
      }
      if (waits.size() >= Limits.MAX_JOBS) {
        throw e.fail("the trace holds more than " + Limits.MAX_JOBS + " stream waits, the limit "
            + "of one workload; cut the trace (record fewer steps)");
      }
      JsonNode device = args.argPath("device").canConvertToInt() ? args.argPath("device")
          : e.node.path("pid");
      JsonNode record = args.argPath("wait_on_cuda_event_record_corr_id");
      waits.add(new StreamWait(device.canConvertToInt() ? device.asInt() : 0,
          args.argPath("stream").asLong(), e.micros("ts"), args.argPath("wait_on_stream").asLong(),
          -1, "line " + e.line));
      waitRecords.add(record.canConvertToLong() ? record.asLong() : -1);
    }

    /** {@code name}, or the equal name an earlier operation holds. */
    String shared(String name) {
      return names.computeIfAbsent(name, n -> n);
    }

    TraceOp kernel(Event e) {
      long blocks = e.product("grid");
      long threads = e.product("block");
      return new TraceOp(TraceOp.Kind.KERNEL, shared(e.name), e.integer("device"),
          e.optionalLong("context", 0), e.longArg("stream"), e.optionalLong("correlation", -1),
          e.micros("ts"), e.micros("dur"), -1, blocks, (int) threads,
          e.integer("registers per thread"), e.integer("shared memory"), "line " + e.line);
    }

    TraceOp copy(Event e, TraceOp.Kind kind) {
      return new TraceOp(kind, shared(e.name), e.integer("device"), e.optionalLong("context", 0),
          e.longArg("stream"), e.optionalLong("correlation", -1), e.micros("ts"), e.micros("dur"),
          -1, 1, 1, 0, 0, "line " + e.line);
    }

    RecordedTrace finish() {
      if (ops.stream().noneMatch(op -> op.kind() == TraceOp.Kind.KERNEL)) {
        if (ops.isEmpty() && cpuEvents > 0) {
          throw new ConfigurationException(source + ": a CPU-only trace: " + cpuEvents
              + " CPU events but no GPU activity; record it with activities=[ProfilerActivity.CPU,"
              + " ProfilerActivity.CUDA]");
        }
        throw new ConfigurationException(source + ": the trace holds no GPU kernels (no event "
            + "with \"cat\": \"kernel\")" + (ops.isEmpty() ? "" : "; it has " + ops.size()
            + " memory copies or sets only"));
      }
      for (int i = 0; i < ops.size(); i++) { // in place: no second list of every operation
        TraceOp op = ops.get(i);
        Long launch = op.correlation() < 0 ? null : launchByCorrelation.get(op.correlation());
        if (launch != null && launch <= op.startNs()) {
          ops.set(i, new TraceOp(op.kind(), op.name(), op.device(), op.context(), op.stream(),
              op.correlation(), op.startNs(), op.durationNs(), launch, op.gridBlocks(),
              op.threadsPerBlock(), op.registersPerThread(), op.sharedMemoryBytes(), op.where()));
        }
      }
      for (int i = 0; i < waits.size(); i++) { // in place, as the operations
        long record = waitRecords.get(i);
        Long recordLaunch = record < 0 ? null : launchByCorrelation.get(record);
        if (recordLaunch != null) {
          StreamWait w = waits.get(i);
          waits.set(i, new StreamWait(w.device(), w.stream(), w.atNs(), w.sourceStream(),
              recordLaunch, w.where()));
        }
      }
      return new RecordedTrace(source, ops, waits, steps, devices, cpuEvents, rank);
    }

    /** One event being read, with helpers that fail with the event's location. */
    final class Event {
      final EventFields node;
      final int line;
      final int index;
      final String name;

      Event(EventFields node, int line, int index, String name) {
        this.node = node;
        this.line = line;
        this.index = index;
        this.name = name;
      }

      ConfigurationException fail(String what) {
        String shown = name.length() > 60 ? name.substring(0, 57) + "..." : name;
        return new ConfigurationException(source + ":" + line + ": event " + index + " ('"
            + shown + "', cat '" + Numbers.shortText(node.path("cat").asText()) + "'): " + what);
      }

      /**
       * A time in µs (up to three decimals are exact) as ns of at most {@link #MAX_TIME_NS} either
       * way; a duration ({@code dur}) is at least 0.
       */
      long micros(String field) {
        long plain = node.plainNs(field);
        boolean duration = field.equals("dur");
        if (plain != EventFields.NOT_PLAIN && (plain >= 0 || !duration)) {
          return plain; // a plain decimal: exact and within the limits (a negative dur fails below)
        }
        JsonNode value = node.get(field);
        if (value == null) {
          throw fail("missing '" + field + "'");
        }
        if (!value.isNumber() || value.decimalValue().signum() < 0 && duration) {
          throw fail("'" + field + "' must be a number of µs >= 0, got " + shown(value));
        }
        long min = duration ? 0 : -MAX_TIME_NS;
        try {
          // the last argument only names the value in scaled's own message, which the catch
          // below replaces, so the field's name is enough (printing the number cost time)
          return Numbers.scaled(value.decimalValue(), 1000, min, MAX_TIME_NS, field);
        } catch (IllegalArgumentException x) {
          throw fail("'" + field + "' must be a number of µs in [" + min / 1000 + ", "
              + MAX_TIME_NS / 1000 + "] with at most " + Limits.MAX_EXPONENT
              + " digits of exponent, got " + shown(value));
        }
      }

      JsonNode arg(String key) {
        if (!node.argsIsObject()) {
          throw fail("missing 'args'");
        }
        JsonNode value = node.arg(key);
        if (value == null || value.isNull()) {
          throw fail("missing \"" + key + "\" in 'args'");
        }
        return value;
      }

      long longArg(String key) {
        JsonNode value = arg(key);
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
          throw fail("args \"" + key + "\" must be a whole number in [" + Long.MIN_VALUE + ", "
              + Long.MAX_VALUE + "], got " + shown(value));
        }
        return value.asLong();
      }

      int integer(String key) {
        long value = longArg(key);
        if (value < 0 || value > Integer.MAX_VALUE) {
          throw fail("args \"" + key + "\" must be >= 0, got " + value);
        }
        return (int) value;
      }

      long optionalLong(String key, long otherwise) {
        JsonNode value = node.arg(key);
        return value != null && value.isIntegralNumber() && value.canConvertToLong()
            ? value.asLong() : otherwise;
      }

      /**
       * The product x * y * z of {@code [x, y, z]}, each a whole number >= 1, at most {@code
       * Integer.MAX_VALUE} (a number beyond a long is refused, never wrapped).
       */
      long product(String key) {
        JsonNode value = arg(key);
        if (!value.isArray() || value.size() != 3) {
          throw fail("args \"" + key + "\" must be [x, y, z], got " + shown(value));
        }
        long product = 1;
        for (int i = 0; i < 3; i++) {
          JsonNode d = value.get(i);
          if (!d.isIntegralNumber() || !d.canConvertToLong() || d.asLong() < 1) {
            throw fail("args \"" + key + "\" must be three whole numbers >= 1, got "
                + shown(value));
          }
          product = Numbers.productAtMost(product, d.asLong(), Integer.MAX_VALUE);
          if (product < 0) {
            throw fail("args \"" + key + "\" " + shown(value) + " has more than "
                + Integer.MAX_VALUE + " " + (key.equals("grid") ? "blocks" : "threads"));
          }
        }
        return product;
      }
    }
  }

  /**
   * The largest time a trace may hold, in ns: about 73 years, so the profiler's clock (µs since
   * 1970) fits, and a start plus a duration cannot overflow.
   */
  static final long MAX_TIME_NS = Long.MAX_VALUE / 4;

  /** The text of a value for a message: at most 40 characters, never a whole huge value. */
  static String shown(JsonNode value) {
    return Numbers.shortText(value.isTextual() ? "\"" + value.asText() + "\"" : value.toString());
  }

  /**
   * What Jackson says about malformed JSON, without quoting the file (a first word of a file that
   * is not JSON may be a secret) and without Jackson's advice about its own reader features.
   */
  static String jsonProblem(JsonParseException e) {
    String message = TraceFiles.oneLine(e.getOriginalMessage());
    if (message.startsWith("Unrecognized token")) {
      return "a word that is not a JSON value";
    }
    if (message.contains("Non-standard token") || message.contains("NON_NUMERIC")) {
      return "NaN and Infinity are not JSON numbers";
    }
    int advice = message.indexOf(": enable ");
    if (advice >= 0) {
      message = message.substring(0, advice);
    }
    message = message.replaceAll("\\s*\\(JsonReadFeature.*", "");
    return message.length() <= 120 ? message : message.substring(0, 117) + "...";
  }
}
