package org.preemptlab.runner.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.Workload;

/**
 * Issue 27: every number of a PyTorch or Nsight trace goes through one bounded parser, so huge,
 * tiny or overflowing values, cycles and truncated files end in one line naming the file and
 * line, quickly; never a hang, a wrapped value or an internal exception.
 */
class TraceInputBoundsTest {
  @Test
  void aContextIdThatDoesNotStartWithALetterOrDigitIsRefusedNamingTheParameter()
      throws Exception { // fuzz case: '-1' passed the parameter's check and failed in create()
    Path trace = file("c.json", trace(kernel("10", "2")));

    replaying("pytorch-trace", trace, Map.of("context", "-1"))
        .hasMessage("parameter 'context': '-1' is not a valid id; use letters, digits, '.', '_' or "
            + "'-', starting with a letter or digit");
  }

  /** Long enough for any refusal, far shorter than the hangs these inputs caused. */
  private static final Duration QUICK = Duration.ofSeconds(20);

  @TempDir
  Path dir;

  private Path file(String name, String text) throws Exception {
    return Files.writeString(dir.resolve(name), text);
  }

  private static AbstractThrowableAssert<?, ? extends Throwable> replaying(String id, Path trace,
      Map<String, String> parameters) {
    return assertTimeoutPreemptively(QUICK, () -> assertThatThrownBy(
        () -> TraceTesting.workload(id, trace, parameters))
        .isInstanceOf(ConfigurationException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").hasSizeLessThan(400)));
  }

  /** A kernel on {@code stream} at {@code ts} µs with {@code grid}, one event per line. */
  private static String kernel(int stream, String ts, String dur, String grid) {
    return "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k\", \"pid\": 0, \"tid\": " + stream
        + ", \"ts\": " + ts + ", \"dur\": " + dur + ", \"args\": {\"device\": 0, \"context\": 1, "
        + "\"stream\": " + stream + ", \"registers per thread\": 32, \"shared memory\": 0, "
        + "\"grid\": " + grid + ", \"block\": [128, 1, 1]}}";
  }

  private static String kernel(String ts, String dur) {
    return kernel(7, ts, dur, "[4, 1, 1]");
  }

  private static String trace(String... events) {
    return "{\"schemaVersion\": 1,\n\"traceEvents\": [\n" + String.join(",\n", events)
        + "\n]}\n";
  }

  @ParameterizedTest
  @ValueSource(strings = {"1e-99999999", "1e99999999", "1e30", "-1e30"})
  void aKinetoTimeWithAHugeExponentIsRefusedAtOnceNamingItsLine(String ts) throws Exception {
    Path trace = file("t.json", trace(kernel("10", "2"), kernel(ts, "2")));

    replaying("pytorch-trace", trace, Map.of()).hasMessageStartingWith("t.json:4: event 1 ('k', "
        + "cat 'kernel'): 'ts' must be a number of µs in [-2305843009213693, "
        + "2305843009213693] with at most 30 digits of exponent, got " + ts.toUpperCase()
        .replace("E", "E+").replace("E+-", "E-").replace("-1E+30", "-1E+30"));
  }

  @Test
  void aKinetoDurationWithAHugeNegativeExponentIsRefusedAtOnce() throws Exception {
    Path trace = file("d.json", trace(kernel("10", "1e-99999999")));

    replaying("pytorch-trace", trace, Map.of()).hasMessageContaining("d.json:3: event 0")
        .hasMessageContaining("'dur' must be a number of µs in [0, ");
  }

  @Test
  void aGridWhoseProductOverflowsIsRefusedOnItsLine() throws Exception {
    Path trace = file("g.json", trace(kernel("10", "2"),
        kernel(7, "20", "2", "[4294967296, 4294967296, 4294967296]")));

    replaying("pytorch-trace", trace, Map.of()).hasMessage("g.json:4: event 1 ('k', cat "
        + "'kernel'): args \"grid\" [4294967296,4294967296,4294967296] has more than 2147483647 "
        + "blocks");
  }

  @Test
  void aGridDimensionBeyondALongIsRefusedNotWrapped() throws Exception {
    Path trace = file("w.json", trace(kernel(7, "20", "2", "[18446744073709551617, 1, 1]")));

    replaying("pytorch-trace", trace, Map.of()).hasMessage("w.json:3: event 0 ('k', cat "
        + "'kernel'): args \"grid\" must be three whole numbers >= 1, got "
        + "[18446744073709551617,1,1]");
  }

  @Test
  void aHugeProfilerStepNumberIsRefusedOnItsLine() throws Exception {
    Path trace = file("s.json", trace(kernel("10", "2"), "{\"ph\": \"X\", \"cat\": "
        + "\"user_annotation\", \"name\": \"ProfilerStep#99999999999999999999\", \"ts\": 0, "
        + "\"dur\": 50}"));

    replaying("pytorch-trace", trace, Map.of()).hasMessage("s.json:4: event 1 "
        + "('ProfilerStep#99999999999999999999', cat 'user_annotation'): the step number is out "
        + "of range [0, 9223372036854775807]");
  }

  @Test
  void aHugeIterationRangeIsRefusedNamingTheParameter() throws Exception {
    Path trace = file("i.json", trace(kernel("10", "2")));

    replaying("pytorch-trace", trace, Map.of("iterations", "0-99999999999999999999"))
        .hasMessage("parameter 'iterations': step numbers must be in [0, 9223372036854775807], "
            + "got '0-99999999999999999999'");
  }

  @Test
  void streamsWaitingOnEachOtherAreRefusedNamingTheLinesOfTheirWaits() throws Exception {
    String wait7on8 = "{\"ph\": \"X\", \"cat\": \"cuda_sync\", \"name\": \"Stream Wait Event\", "
        + "\"ts\": 50, \"dur\": 1, \"args\": {\"cuda_sync_kind\": \"Stream Wait Event\", "
        + "\"device\": 0, \"stream\": 7, \"wait_on_stream\": 8}}";
    String wait8on7 = wait7on8.replace("\"stream\": 7, \"wait_on_stream\": 8",
        "\"stream\": 8, \"wait_on_stream\": 7");
    // both events are recorded (launched at 100 µs) after both kernels were launched, and both
    // waits come before either kernel starts: each kernel waits for the other
    String launches = "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaEventRecord\","
        + " \"ts\": 100, \"dur\": 1, \"args\": {\"correlation\": 100}}";
    Path cycle = file("cycle.json", trace(kernel(7, "40", "5", "[1, 1, 1]"),
        kernel(8, "41", "5", "[1, 1, 1]"), wait7on8.replace("}}",
        ", \"wait_on_cuda_event_record_corr_id\": 100}}").replace("\"ts\": 50", "\"ts\": 30"),
        wait8on7.replace("}}", ", \"wait_on_cuda_event_record_corr_id\": 100}}")
            .replace("\"ts\": 50", "\"ts\": 30"), launches));

    replaying("pytorch-trace", cycle, Map.of()).hasMessageStartingWith("cycle.json:5,6: the "
        + "stream waits on these lines make a cycle");
  }

  @Test
  void aGzipTraceCutShortIsRefusedAsTruncated() throws Exception {
    Path whole = dir.resolve("whole.json.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(whole))) {
      out.write(trace(kernel("10", "2")).getBytes(StandardCharsets.UTF_8));
    }
    byte[] bytes = Files.readAllBytes(whole);
    Path cut = Files.write(dir.resolve("cut.json.gz"), Arrays.copyOf(bytes, bytes.length - 4));

    replaying("pytorch-trace", cut, Map.of()).hasMessage("cut.json.gz: truncated: the "
        + "compressed data ends early; was it copied completely?");
  }

  @Test
  void repeatingATraceBeyondADayIsRefusedNamingTheLastOperation() throws Exception {
    Path trace = file("r.json", trace(kernel("10", "2"), kernel("9000000000", "2")));

    replaying("pytorch-trace", trace, Map.of("repeat", "2000")).hasMessageStartingWith("r.json:4: "
        + "replayed 2000 time(s) at time-scale 1.0, the operation on this line would be "
        + "submitted after 86400s");
    Workload once = TraceTesting.workload("pytorch-trace", trace, Map.of());
    assertThat(once.jobs().size()).isEqualTo(2);
  }

  @Test
  void aFileThatIsNotJsonIsNeverQuoted() throws Exception {
    Path token = file("token.txt", "ghp_FAKEsecretTOKEN0123456789abcdefXYZ is the first line\n");

    replaying("pytorch-trace", token, Map.of()).hasMessage("token.txt:1: not valid JSON: a word "
        + "that is not a JSON value; expected the JSON object of a PyTorch profiler trace");
  }

  @Test
  void notANumberInAKinetoTraceGetsNoAdviceAboutJacksonFeatures() throws Exception {
    Path trace = file("nan.json", trace(kernel("NaN", "2")));

    replaying("pytorch-trace", trace, Map.of()).hasMessage("nan.json:3: not valid JSON: NaN and "
        + "Infinity are not JSON numbers");
  }

  @Test
  void aFifoAsTraceIsRefusedInsteadOfBlocking() throws Exception {
    Path fifo = dir.resolve("fifo.json");
    Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
    assumeTrue(mkfifo.waitFor() == 0, "mkfifo is not available");

    replaying("pytorch-trace", fifo, Map.of()).hasMessage("fifo.json: not a regular file (a "
        + "directory, FIFO or device); give the path of a trace file");
    replaying("nsys-trace", fifo, Map.of()).hasMessageStartingWith("fifo.json: not a regular");
  }

  @Test
  void aTraceMixOfTwoYamlDocumentsIsOneLineWithoutJacksonWords() throws Exception { // fuzz case
    Path mix = file("mix.yaml", "traces:\n  - {format: pytorch-trace, path: a.json}\n---\nx\n");

    assertThatThrownBy(() -> TraceMixProvider.load(mix, TraceTesting.H200))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("mix.yaml:4: a second YAML document (after a '---' line); a trace mix file "
            + "is one document");
  }

  private static final String NSYS_HEADER = "Start (ns),Duration (ns),CorrId,GrdX,GrdY,GrdZ,"
      + "BlkX,BlkY,BlkZ,Reg/Trd,StcSMem (MB),DymSMem (MB),Bytes (MB),Throughput (MBps),"
      + "SrcMemKd,DstMemKd,Device,Ctx,GreenCtx,Strm,Name\n";

  private static String nsysRow(String start, String grid) {
    return start + ",1000,1," + grid + ",128,1,1,32,0.000,0.000,,,,,NVIDIA H200 (0),1,,7,k\n";
  }

  @ParameterizedTest
  @ValueSource(strings = {"1e-99999999", "1e30", "１２"})
  void anNsightTimeOutOfRangeOrNotAsciiIsRefusedAtOnceNamingItsLine(String start)
      throws Exception {
    Path trace = file("n.csv", NSYS_HEADER + nsysRow("100", "4,1,1") + nsysRow(start, "4,1,1"));

    replaying("nsys-trace", trace, Map.of()).hasMessageStartingWith("n.csv:3: column 'Start' ");
  }

  @Test
  void anNsightGridOfTwoToTheSixtyThirdIsRefusedOnItsLine() throws Exception {
    Path trace = file("g.csv", NSYS_HEADER + nsysRow("100", "4,1,1")
        + nsysRow("200", "9223372036854775808,1,1"));

    replaying("nsys-trace", trace, Map.of()).hasMessage("g.csv:3: column 'GrdX' must be a whole "
        + "number in [1, 2147483647], got '9223372036854775808'");
  }

  @Test
  void anNsightGridWhoseProductOverflowsIsRefusedOnItsLine() throws Exception {
    Path trace = file("p.csv", NSYS_HEADER + nsysRow("200", "2147483647,2147483647,4"));

    replaying("nsys-trace", trace, Map.of()).hasMessage("p.csv:2: column 'GrdX' with GrdY and "
        + "GrdZ makes a grid of more than 2147483647 blocks");
  }
}
