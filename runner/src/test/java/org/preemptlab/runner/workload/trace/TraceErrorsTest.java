package org.preemptlab.runner.workload.trace;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ConfigurationException;

/** Every error case of trace replay is one line that names the file and what is wrong. */
class TraceErrorsTest {
  @TempDir
  Path dir;

  private Path file(String name, String text) throws Exception {
    return Files.writeString(dir.resolve(name), text);
  }

  private static AbstractThrowableAssert<?, ? extends Throwable> failing(Runnable action) {
    return assertThatThrownBy(action::run).isInstanceOf(ConfigurationException.class);
  }

  private AbstractThrowableAssert<?, ? extends Throwable> replaying(String id, Path trace,
      Map<String, String> parameters) {
    return failing(() -> TraceTesting.workload(id, trace, parameters));
  }

  /** A Kineto event of one kernel with every field, {@code without} the named args removed. */
  private static String kernelEvent(String... without) {
    String args = "\"device\": 0, \"context\": 1, \"stream\": 7, \"correlation\": 5, "
        + "\"registers per thread\": 32, \"shared memory\": 0, \"grid\": [4, 1, 1], "
        + "\"block\": [128, 1, 1]";
    for (String field : without) {
      args = Arrays.stream(args.split(", (?=\")"))
          .filter(a -> !a.startsWith("\"" + field + "\"")).reduce((a, b) -> a + ", " + b)
          .orElse("");
    }
    return "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k\", \"pid\": 0, \"tid\": 7, "
        + "\"ts\": 10.5, \"dur\": 20.25, \"args\": {" + args + "}}";
  }

  private static String trace(String... events) {
    return "{\"schemaVersion\": 1,\n\"traceEvents\": [\n" + String.join(",\n", events)
        + "\n]}\n";
  }

  @Test
  void aKinetoTraceWithoutKernelsIsRejected() throws Exception {
    Path trace = file("copies.json", trace("{\"ph\": \"X\", \"cat\": \"gpu_memcpy\", \"name\": "
        + "\"Memcpy HtoD\", \"ts\": 1, \"dur\": 2, \"args\": {\"device\": 0, \"stream\": 7}}"));

    replaying("pytorch-trace", trace, Map.of()).hasMessage("copies.json: the trace holds no GPU "
        + "kernels (no event with \"cat\": \"kernel\"); it has 1 memory copies or sets only");
  }

  @Test
  void aCpuOnlyTraceIsRejected() throws Exception {
    Path trace = file("cpu.json", trace("{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": "
        + "\"aten::mm\", \"ts\": 1, \"dur\": 2}", "{\"ph\": \"X\", \"cat\": \"user_annotation\","
        + " \"name\": \"ProfilerStep#0\", \"ts\": 0, \"dur\": 5}"));

    replaying("pytorch-trace", trace, Map.of()).hasMessage("cpu.json: a CPU-only trace: 2 CPU "
        + "events but no GPU activity; record it with activities=[ProfilerActivity.CPU, "
        + "ProfilerActivity.CUDA]");
  }

  @Test
  void aKernelWithoutItsGridIsRejectedWithItsLine() throws Exception {
    Path trace = file("nogrid.json", trace(kernelEvent(), kernelEvent("grid")));

    replaying("pytorch-trace", trace, Map.of()).hasMessage("nogrid.json:4: event 1 ('k', cat "
        + "'kernel'): missing \"grid\" in 'args'");
  }

  @Test
  void aKernelWithoutRegistersIsRejected() throws Exception {
    Path trace = file("noregs.json", trace(kernelEvent("registers per thread")));

    replaying("pytorch-trace", trace, Map.of()).hasMessage("noregs.json:3: event 0 ('k', cat "
        + "'kernel'): missing \"registers per thread\" in 'args'");
  }

  @Test
  void aKernelWithoutItsDurationIsRejected() throws Exception {
    Path trace = file("nodur.json", trace(kernelEvent().replace("\"dur\": 20.25, ", "")));

    replaying("pytorch-trace", trace, Map.of()).hasMessage("nodur.json:3: event 0 ('k', cat "
        + "'kernel'): missing 'dur'");
  }

  @Test
  void aTruncatedTraceIsRejected() throws Exception {
    String whole = trace(kernelEvent(), kernelEvent());
    Path trace = file("cut.json", whole.substring(0, whole.length() / 2));

    replaying("pytorch-trace", trace, Map.of()).hasMessageStartingWith("cut.json: truncated: "
        + "the file ends inside the JSON (").hasMessageEndingWith("); was it copied completely?");
  }

  @Test
  void aTruncatedGzipTraceIsRejected() throws Exception {
    byte[] json = trace(kernelEvent(), kernelEvent()).getBytes(StandardCharsets.UTF_8);
    Path whole = dir.resolve("whole.json.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(whole))) {
      out.write(json);
    }
    byte[] bytes = Files.readAllBytes(whole);
    Path trace = Files.write(dir.resolve("cut.json.gz"), Arrays.copyOf(bytes, bytes.length / 2));

    replaying("pytorch-trace", trace, Map.of()).hasMessage("cut.json.gz: truncated: the "
        + "compressed data ends early; was it copied completely?");
  }

  @Test
  void aFileThatIsNotJsonIsRejected() throws Exception {
    Path trace = file("notes.json", "Start (ns),Duration (ns)\n1,2\n");

    replaying("pytorch-trace", trace, Map.of()).hasMessage("notes.json:1: not valid JSON: "
        + "a word that is not a JSON value; expected the JSON object of a PyTorch profiler trace");
  }

  @Test
  void aJsonFileThatIsNoTraceIsRejected() throws Exception {
    Path trace = file("config.json", "{\"model\": \"llama\", \"layers\": 32}");

    replaying("pytorch-trace", trace, Map.of()).hasMessage("config.json: not a PyTorch profiler "
        + "trace: no 'traceEvents' array");
  }

  @Test
  void aMissingFileIsRejected() {
    replaying("pytorch-trace", dir.resolve("gone.json"), Map.of())
        .hasMessageStartingWith("gone.json: no such file (");
  }

  @Test
  void anUnknownDeviceIsRejectedWithTheDevicesOfTheTrace() throws Exception {
    Path trace = file("one.json", trace(kernelEvent()));

    replaying("pytorch-trace", trace, Map.of("device", "3")).hasMessage("one.json: unknown "
        + "device 3: no GPU operations on it; devices in the trace: 0");
  }

  @Test
  void aTraceOfAnotherRankIsRejected() throws Exception {
    Path trace = KinetoTraces.inference(1, 100, 1).write(dir.resolve("rank0.json"));

    replaying("pytorch-trace", trace, Map.of("rank", "3")).hasMessage("rank0.json: the trace is of"
        + " rank 0, not rank 3; every rank writes its own file: replay the file of rank 3");
  }

  @Test
  void aRankForATraceWithoutDistributedInfoIsRejected() throws Exception {
    Path trace = file("single.json", trace(kernelEvent()));

    replaying("pytorch-trace", trace, Map.of("rank", "0")).hasMessage("single.json: parameter "
        + "'rank' is 0 but the trace names no rank (no distributedInfo)");
  }

  @Test
  void aTraceOfSeveralDevicesNeedsOneChosen() throws Exception {
    Path trace = file("two.json", trace(kernelEvent(),
        kernelEvent().replace("\"device\": 0", "\"device\": 1")));

    replaying("pytorch-trace", trace, Map.of()).hasMessage("two.json: GPU operations on devices "
        + "0, 1; choose one with parameter 'device'");
  }

  @Test
  void iterationsOfATraceWithoutStepsAreRejected() throws Exception {
    Path trace = file("nosteps.json", trace(kernelEvent()));

    replaying("pytorch-trace", trace, Map.of("iterations", "1-2")).hasMessage("nosteps.json: "
        + "parameter 'iterations' needs ProfilerStep#N annotations, and the trace has none (call "
        + "prof.step() every iteration)");
  }

  @Test
  void iterationsThatTheTraceDoesNotHaveAreRejected() throws Exception {
    Path trace = KinetoTraces.training(2, 1).write(dir.resolve("train.json"));

    replaying("pytorch-trace", trace, Map.of("iterations", "5-6")).hasMessage("train.json: no "
        + "ProfilerStep#N with N in 5-6; steps in the trace: 0, 1");
  }

  @Test
  void aTraceOfAnotherGpuNeedsItsHardwareModel() throws Exception {
    Path trace = file("a100.json", "{\"deviceProperties\": [{\"id\": 0, \"name\": \"NVIDIA "
        + "A100-SXM4-80GB\", \"numSms\": 108}],\n\"traceEvents\": [" + kernelEvent() + "]}");

    replaying("pytorch-trace", trace, Map.of()).hasMessage("a100.json: the trace was recorded on "
        + "'NVIDIA A100-SXM4-80GB' (108 SMs), but the traced hardware 'NVIDIA H200 SXM' has 132 "
        + "SMs; set parameter 'traced-hardware' to a model of that GPU");
  }

  @Test
  void anUnknownTracedHardwareIsRejectedWithTheValidModels() throws Exception {
    Path trace = file("one.json", trace(kernelEvent()));

    replaying("pytorch-trace", trace, Map.of("traced-hardware", "h20")).hasMessageStartingWith(
        "workload 'pytorch-trace': parameter 'traced-hardware': unknown hardware model 'h20'; "
        + "did you mean 'h200'? valid: ");
  }

  @Test
  void anNsysCsvWithoutKernelsIsRejected() throws Exception {
    Path trace = file("empty.csv", NsysTraces.HEADER + "\n");

    replaying("nsys-trace", trace, Map.of()).hasMessage("empty.csv: the trace holds no GPU "
        + "kernels (no rows after the header)");
  }

  @Test
  void anNsysCsvWithoutARequiredColumnIsRejected() throws Exception {
    Path trace = file("nogrid.csv", NsysTraces.HEADER.replace("GrdX,", "") + "\n");

    replaying("nsys-trace", trace, Map.of()).hasMessage("nogrid.csv:1: missing column 'GrdX'; "
        + "the header of 'nsys stats --report cuda_gpu_trace' has Start, Duration, GrdX, GrdY, "
        + "GrdZ, BlkX, BlkY, BlkZ, Reg/Trd, StcSMem, DymSMem, Device, Strm, Name (and CorrId, Ctx,"
        + " Bytes, ...)");
  }

  @Test
  void aTruncatedNsysRowIsRejected() throws Exception {
    String row = NsysTraces.kernelRow(1000, 2500, 4, 128, 32, 0, "k");
    Path trace = file("cut.csv", NsysTraces.HEADER + "\n" + row + "\n"
        + row.substring(0, row.length() / 2) + "\n");

    replaying("nsys-trace", trace, Map.of()).hasMessage("cut.csv:3: 11 fields, but the header has"
        + " 21 (truncated or not a cuda_gpu_trace row)");
  }

  @Test
  void anNsysRowWithAMissingValueIsRejected() throws Exception {
    String row = NsysTraces.kernelRow(1000, 2500, 4, 128, 32, 0, "k").replace(",32,", ",,");
    Path trace = file("noregs.csv", NsysTraces.HEADER + "\n" + row + "\n");

    replaying("nsys-trace", trace, Map.of()).hasMessage("noregs.csv:2: column 'Reg/Trd' is "
        + "empty");
  }

  @Test
  void aFileThatIsNotAnNsysCsvIsRejected() throws Exception {
    Path trace = file("trace.json", trace(kernelEvent()));

    replaying("nsys-trace", trace, Map.of()).hasMessage("trace.json: no header line starting "
        + "with 'Start'; expected the CSV of 'nsys stats --report cuda_gpu_trace --format csv'");
  }

  @Test
  void anNsysUnknownDeviceIsRejected() throws Exception {
    Path trace = file("one.csv", NsysTraces.HEADER + "\n"
        + NsysTraces.kernelRow(1000, 2500, 4, 128, 32, 0, "k") + "\n");

    replaying("nsys-trace", trace, Map.of("device", "2")).hasMessage("one.csv: unknown device 2:"
        + " no GPU operations on it; devices in the trace: 0");
  }

  @Test
  void aMixThatGivesTwoTracesOneContextIsRejected() throws Exception {
    KinetoTraces.inference(1, 100, 1).write(dir.resolve("a.json"));
    Path mix = file("mix.yaml", """
        traces:
          - {format: pytorch-trace, path: a.json, context: app}
          - {format: pytorch-trace, path: a.json, context: app, priority: HIGH}
        """);

    failing(() -> TraceMixProvider.load(mix, TraceTesting.H200)).hasMessage("mix.yaml: "
        + "traces[1].context: context 'app' is already used by traces[0]; give every trace its "
        + "own 'context'");
  }

  @Test
  void aMixNamesTheEntryOfABadTrace() throws Exception {
    file("cpu.json", trace("{\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::mm\", "
        + "\"ts\": 1, \"dur\": 2}"));
    Path mix = file("mix.yaml", "traces:\n  - {format: pytorch-trace, path: cpu.json}\n");

    failing(() -> TraceMixProvider.load(mix, TraceTesting.H200)).hasMessage("mix.yaml: "
        + "traces[0]: cpu.json: a CPU-only trace: 1 CPU events but no GPU activity; record it "
        + "with activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]");
  }

  @Test
  void aMixWithAnUnknownFormatIsRejected() throws Exception {
    Path mix = file("mix.yaml", "traces:\n  - {format: pytorch, path: a.json}\n");

    failing(() -> TraceMixProvider.load(mix, TraceTesting.H200)).hasMessage("mix.yaml: "
        + "traces[0].format: unknown trace format 'pytorch'; valid: nsys-trace, pytorch-trace");
  }
}
