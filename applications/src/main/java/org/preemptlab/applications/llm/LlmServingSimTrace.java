package org.preemptlab.applications.llm;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.InputFiles;
import org.preemptlab.api.Limits;

/**
 * Reads request traces in LLMServingSim 2.0's flat JSONL workload format (casys-kaist/
 * LLMServingSim @5daddb2, {@code docs/docs/workloads/jsonl-format.md}): one JSON object a line
 * with {@code input_toks}, {@code output_toks}, {@code arrival_time_ns} and, optionally, the
 * prompt's token ids {@code input_tok_ids} (then exactly {@code input_toks} of them), which
 * prefix caching hashes. {@code output_tok_ids} and other keys are ignored: the tokens a server
 * generates are its own (LLMServingSim's vLLM runs pin only the output length, {@code
 * bench/core/runner.py}). Arrivals are taken relative to the first line's, which must not be later
 * than any other; the agentic format (sessions of chained calls) is refused.
 */
public final class LlmServingSimTrace {
  /** The keys read; the first three are required. */
  public static final List<String> KEYS = List.of("input_toks", "output_toks", "arrival_time_ns",
      "input_tok_ids");

  /** The largest trace: 64 MiB (the 300-request ShareGPT workloads are about 2.5 MB). */
  public static final int MAX_BYTES = 64 << 20;

  /** The most token ids of one prompt: 2^24. */
  public static final int MAX_PROMPT_IDS = 1 << 24;

  /** The latest arrival a replay may reach: 2^62 ns, half of what simulated time can hold. */
  private static final double MAX_ARRIVAL_NS = 0x1.0p62;

  private static final JsonFactory JSON = JsonFactory.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(8)
          .maxNumberLength(20).build())
      .build();

  private LlmServingSimTrace() {}

  /**
   * Reads {@code file}; {@code speed} divides every inter-arrival time (2 replays twice as fast).
   * The file goes through the strict layer of every input ({@link InputFiles}).
   *
   * @throws ConfigurationException naming the file, line and key of the first bad request,
   *     never quoting the file's content
   */
  public static List<RequestSpec> read(Path file, double speed) {
    return parse(InputFiles.readText(file, "request trace", MAX_BYTES), file.toString(), speed);
  }

  /** Parses a trace; {@code source} names it in errors. */
  public static List<RequestSpec> parse(String text, String source, double speed) {
    List<RequestSpec> requests = new ArrayList<>();
    long first = -1;
    int lineNo = 0;
    int start = 0;
    while (start < text.length()) {
      int end = text.indexOf('\n', start);
      if (end < 0) {
        end = text.length();
      }
      String line = text.substring(start, end);
      start = end + 1;
      lineNo++;
      if (line.isBlank()) {
        continue;
      }
      String where = source + ":" + lineNo;
      if (requests.size() == Limits.MAX_JOBS) {
        throw new ConfigurationException(where + ": more than " + Limits.MAX_JOBS
            + " requests, the most a trace may hold");
      }
      Line row = line(line, where);
      if (first < 0) {
        first = row.arrivalNs;
      }
      if (row.arrivalNs < first) {
        throw new ConfigurationException(where + ": key 'arrival_time_ns' is before the first "
            + "line's; the lines must start with the earliest arrival");
      }
      double arrival = (row.arrivalNs - first) / speed;
      if (arrival > MAX_ARRIVAL_NS) {
        throw new ConfigurationException(where + ": key 'arrival_time_ns', divided by "
            + "trace-speed " + speed + ", lies beyond the 2^62 ns simulated time can reach");
      }
      requests.add(new RequestSpec(Math.round(arrival), row.prompt, row.output, where,
          row.ids));
    }
    if (requests.isEmpty()) {
      throw new ConfigurationException(source + ": the request trace holds no request; "
          + "expected one JSON object a line with the keys " + String.join(", ", KEYS));
    }
    requests.sort((a, b) -> Long.compare(a.arrivalNs(), b.arrivalNs()));
    return List.copyOf(requests);
  }

  private record Line(long arrivalNs, int prompt, int output, TokenIds ids) {}

  private static Line line(String line, String where) {
    long arrival = -1;
    int prompt = -1;
    int output = -1;
    int[] ids = null;
    try (JsonParser p = JSON.createParser(line)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new ConfigurationException(where + ": expected a JSON object with the keys "
            + String.join(", ", KEYS));
      }
      for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
        String key = p.currentName();
        JsonToken value = p.nextToken();
        switch (key) {
          case "input_toks" -> prompt = (int) whole(p, value, key, where, Integer.MAX_VALUE);
          case "output_toks" -> output = (int) whole(p, value, key, where, Integer.MAX_VALUE);
          case "arrival_time_ns" -> arrival = whole(p, value, key, where, Long.MAX_VALUE);
          case "input_tok_ids" -> ids = ids(p, value, where);
          case "sub_requests", "session_id" -> throw new ConfigurationException(where
              + ": key '" + key + "': sessions of LLMServingSim's agentic format are not "
              + "supported; give one request a line");
          default -> p.skipChildren();
        }
      }
      if (p.nextToken() != null) {
        throw new ConfigurationException(where + ": more than one JSON value on the line");
      }
    } catch (JsonProcessingException e) {
      String at = e.getLocation() == null ? "" : " at column " + e.getLocation().getColumnNr();
      throw new ConfigurationException(where + ": not valid JSON" + at + " (or a key twice, or "
          + "a number of more than 20 digits); expected one object a line with the keys "
          + String.join(", ", KEYS));
    } catch (IOException e) {
      throw new AssertionError(e); // a String never fails to read
    }
    for (int k = 0; k < 3; k++) {
      long v = k == 0 ? prompt : k == 1 ? output : arrival;
      if (v < 0) {
        throw new ConfigurationException(where + ": lacks the key '" + KEYS.get(k)
            + "'; required: input_toks, output_toks, arrival_time_ns");
      }
    }
    if (ids != null && ids.length != prompt) {
      throw new ConfigurationException(where + ": key 'input_tok_ids' holds " + ids.length
          + " ids for input_toks " + prompt + "; they must agree");
    }
    return new Line(arrival, prompt, output, ids == null ? TokenIds.NONE : TokenIds.of(ids));
  }

  private static long whole(JsonParser p, JsonToken value, String key, String where, long max)
      throws IOException {
    long min = key.equals("arrival_time_ns") ? 0 : 1;
    if (value != JsonToken.VALUE_NUMBER_INT
        || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER
        || p.getLongValue() < min || p.getLongValue() > max) {
      throw new ConfigurationException(where + ": key '" + key + "' must be a whole number from "
          + min + " to " + max);
    }
    return p.getLongValue();
  }

  private static int[] ids(JsonParser p, JsonToken value, String where) throws IOException {
    if (value != JsonToken.START_ARRAY) {
      throw new ConfigurationException(where + ": key 'input_tok_ids' must be an array of "
          + "token ids (whole numbers from 0)");
    }
    int[] ids = new int[256];
    int n = 0;
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      if (t != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT
          || p.getIntValue() < 0) {
        throw new ConfigurationException(where + ": key 'input_tok_ids': element " + (n + 1)
            + " must be a token id, a whole number from 0 to " + Integer.MAX_VALUE);
      }
      if (n == MAX_PROMPT_IDS) {
        throw new ConfigurationException(where + ": key 'input_tok_ids' holds more than "
            + MAX_PROMPT_IDS + " ids, the most a prompt may have");
      }
      if (n == ids.length) {
        ids = Arrays.copyOf(ids, n * 2);
      }
      ids[n++] = p.getIntValue();
    }
    return Arrays.copyOf(ids, n);
  }
}
