package org.preemptlab.runner.workload.trace;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;

/**
 * Writes synthetic but format-faithful PyTorch profiler (Kineto) traces of an H200: a transformer
 * training step and batch-1 inference requests. The CPU thread launches ahead of the GPU as a real
 * program does; each GPU operation starts when its stream is free and its launch has arrived, so
 * the trace has the queueing, gaps and cross-stream waits of a real one. Nothing is copied from a
 * real trace: names, shapes and durations are chosen to be plausible and are drawn from a seeded
 * stream.
 */
final class KinetoTraces {
  static final long BASE_NS = 1_764_500_000_000_000_000L;
  static final int COMPUTE = 7;
  static final int COPY = 20;
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT);

  /** A kernel as written, for the tests' expectations. */
  record Written(String name, long startNs, long durationNs, int blocks, int threads,
      int registers, int sharedBytes) {}

  private final JsonNodeFactory f = JsonNodeFactory.instance;
  private final List<ObjectNode> cpu = new ArrayList<>();
  private final List<ObjectNode> gpu = new ArrayList<>();
  private final List<Written> kernels = new ArrayList<>();
  private final Map<Integer, Long> streamFree = new HashMap<>();
  private final SplittableRandom random;
  private long cpuNs = 50_000;
  private long correlation = 1;
  private long external = 1;
  private long lastRecordCorrelation = -1;
  private long lastRecordReadyNs;

  KinetoTraces(long seed) {
    this.random = new SplittableRandom(seed);
  }

  /** The kernels written so far. */
  List<Written> kernels() {
    return List.copyOf(kernels);
  }

  /** A transformer training iteration per step: load a batch, forward, backward, Adam. */
  static KinetoTraces training(int steps, long seed) {
    KinetoTraces t = new KinetoTraces(seed);
    for (int s = 0; s < steps; s++) {
      long stepStart = t.cpuNs;
      int step = s;
      t.copy("Memcpy HtoD (Pinned -> Device)", COPY, 4 << 20, 48);
      t.eventRecord(COPY);
      t.streamWait(COMPUTE, COPY);
      t.memset(COMPUTE, 3);
      for (int layer = 0; layer < 4; layer++) {
        t.kernel("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x256x64_warpgroupsize2x1x1"
            + "_execute_segment_k_off_kernel__5x_cublas", new int[] {8, 33, 1},
            new int[] {384, 1, 1}, 168, 200 << 10, 180);
        t.kernel("void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<c10::"
            + "BFloat16, float>(int, float, c10::BFloat16 const*, c10::BFloat16 const*, ...)",
            new int[] {1024, 1, 1}, new int[] {256, 1, 1}, 40, 0, 9);
        t.kernel("void at::native::vectorized_elementwise_kernel<4, at::native::GeluCUDAKernelImpl"
            + "(at::TensorIteratorBase&, at::native::GeluType)::{lambda()#1}>(int, ...)",
            new int[] {1056, 1, 1}, new int[] {128, 1, 1}, 26, 0, 6);
      }
      t.kernel("void at::native::(anonymous namespace)::cunn_SoftMaxForward<4, float, float>",
          new int[] {512, 1, 1}, new int[] {1024, 1, 1}, 32, 0, 15);
      for (int layer = 3; layer >= 0; layer--) {
        t.kernel("sm90_xmma_gemm_bf16bf16_bf16f32_f32_nn_n_tilesize128x128x64_cublas",
            new int[] {16, 17, 1}, new int[] {384, 1, 1}, 168, 160 << 10, 260);
        t.kernel("sm90_xmma_gemm_bf16bf16_bf16f32_f32_nt_n_tilesize128x128x64_cublas",
            new int[] {16, 17, 1}, new int[] {384, 1, 1}, 168, 160 << 10, 240);
        t.kernel("void at::native::vectorized_elementwise_kernel<4, at::native::GeluBackward>",
            new int[] {1056, 1, 1}, new int[] {128, 1, 1}, 30, 0, 7);
      }
      t.kernel("void at::native::(anonymous namespace)::multi_tensor_apply_kernel<at::native::"
          + "(anonymous namespace)::TensorListMetadata<4>, at::native::FusedAdamMathFunctor>",
          new int[] {320, 1, 1}, new int[] {512, 1, 1}, 64, 0, 90);
      t.copy("Memcpy DtoH (Device -> Pageable)", COMPUTE, 4, 3);
      t.sync();
      t.annotate("ProfilerStep#" + step, stepStart, t.cpuNs - stepStart);
      t.cpuNs += 120_000;
    }
    return t;
  }

  /** Batch-1 inference requests, one ProfilerStep each, {@code gapUs} of CPU time apart. */
  static KinetoTraces inference(int requests, long gapUs, long seed) {
    KinetoTraces t = new KinetoTraces(seed);
    for (int r = 0; r < requests; r++) {
      long stepStart = t.cpuNs;
      t.copy("Memcpy HtoD (Pageable -> Device)", COMPUTE, 8 << 10, 4);
      for (int layer = 0; layer < 6; layer++) {
        t.kernel("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize64x64x64_gemv_cublas",
            new int[] {132, 1, 1}, new int[] {256, 1, 1}, 90, 48 << 10, 18);
        t.kernel("void flash::flash_fwd_kernel<Flash_fwd_kernel_traits<128, 64, 64, 4>, true>",
            new int[] {32, 8, 1}, new int[] {128, 1, 1}, 128, 64 << 10, 12);
        t.kernel("void at::native::vectorized_elementwise_kernel<4, at::native::AddFunctor<c10::"
            + "BFloat16>>", new int[] {64, 1, 1}, new int[] {128, 1, 1}, 22, 0, 4);
      }
      t.kernel("void at::native::reduce_kernel<512, 1, at::native::ArgMaxOps<float>>",
          new int[] {1, 1, 1}, new int[] {512, 1, 1}, 32, 2 << 10, 6);
      t.copy("Memcpy DtoH (Device -> Pageable)", COMPUTE, 8, 3);
      t.sync();
      t.annotate("ProfilerStep#" + r, stepStart, t.cpuNs - stepStart);
      t.cpuNs += gapUs * 1000;
    }
    return t;
  }

  private long jitter(long us) {
    return Math.round(us * 1000 * (0.9 + 0.2 * random.nextDouble()));
  }

  private ObjectNode event(String cat, String name, int pid, int tid, long startNs, long durNs) {
    ObjectNode e = f.objectNode();
    e.put("ph", "X");
    e.put("cat", cat);
    e.put("name", name);
    e.put("pid", pid);
    e.put("tid", tid);
    e.put("ts", micros(startNs));
    e.put("dur", micros(durNs));
    return e;
  }

  private static BigDecimal micros(long ns) {
    return BigDecimal.valueOf(ns, 3);
  }

  private long runtime(String name, long cpuDurNs) {
    long c = correlation++;
    ObjectNode op = event("cpu_op", "aten::" + (name.contains("Memcpy") ? "copy_" : "linear"),
        4242, 4242, cpuNs, cpuDurNs + 4_000);
    op.putObject("args").put("External id", external);
    cpu.add(op);
    ObjectNode call = event("cuda_runtime", name, 4242, 4242, cpuNs + 2_000, cpuDurNs);
    call.putObject("args").put("External id", external++).put("cbid", 211).put("correlation", c);
    cpu.add(call);
    cpuNs += cpuDurNs + 5_000;
    return c;
  }

  private long gpuStart(int stream, long launchNs) {
    return Math.max(streamFree.getOrDefault(stream, 0L) + 1_500, launchNs + 7_000);
  }

  private ObjectNode gpuArgs(ObjectNode e, int stream, long c) {
    ObjectNode args = e.putObject("args");
    args.put("External id", external - 1).put("device", 0).put("context", 1)
        .put("stream", stream).put("correlation", c);
    return args;
  }

  void kernel(String name, int[] grid, int[] block, int registers, int shared, long durUs) {
    long launch = cpuNs + 2_000;
    long c = runtime("cudaLaunchKernel", 4_500);
    long start = gpuStart(COMPUTE, launch);
    long dur = jitter(durUs);
    ObjectNode e = event("kernel", name, 0, COMPUTE, start, dur);
    ObjectNode args = gpuArgs(e, COMPUTE, c);
    long blocks = (long) grid[0] * grid[1] * grid[2];
    long threads = (long) block[0] * block[1] * block[2];
    int resident = (int) Math.min(32, Math.min(2048 / threads, Math.min(
        registers == 0 ? 32 : 65536 / (registers * threads), 233472 / (shared + 1024L))));
    args.put("registers per thread", registers).put("shared memory", shared)
        .put("blocks per SM", BigDecimal.valueOf(blocks * 1000 / 132, 3))
        .put("warps per SM", BigDecimal.valueOf(blocks * threads / 32 * 1000 / 132, 3));
    args.putArray("grid").add(grid[0]).add(grid[1]).add(grid[2]);
    args.putArray("block").add(block[0]).add(block[1]).add(block[2]);
    args.put("est. achieved occupancy %", Math.min(100, resident * threads * 100 / 2048));
    gpu.add(e);
    kernels.add(new Written(name, start, dur, (int) blocks, (int) threads, registers, shared));
    streamFree.put(COMPUTE, start + dur);
  }

  void copy(String name, int stream, long bytes, long durUs) {
    long launch = cpuNs + 2_000;
    long c = runtime("cudaMemcpyAsync", 6_000);
    long start = gpuStart(stream, launch);
    long dur = jitter(durUs);
    ObjectNode e = event("gpu_memcpy", name, 0, stream, start, dur);
    gpuArgs(e, stream, c).put("bytes", bytes).put("memory bandwidth (GB/s)",
        BigDecimal.valueOf(bytes * 1000 / Math.max(1, dur), 3));
    gpu.add(e);
    streamFree.put(stream, start + dur);
  }

  void memset(int stream, long durUs) {
    long launch = cpuNs + 2_000;
    long c = runtime("cudaMemsetAsync", 3_000);
    long start = gpuStart(stream, launch);
    long dur = jitter(durUs);
    ObjectNode e = event("gpu_memset", "Memset (Device)", 0, stream, start, dur);
    gpuArgs(e, stream, c).put("bytes", 1 << 20);
    gpu.add(e);
    streamFree.put(stream, start + dur);
  }

  void eventRecord(int stream) {
    lastRecordCorrelation = runtime("cudaEventRecord", 1_500);
    lastRecordReadyNs = streamFree.getOrDefault(stream, 0L);
  }

  void streamWait(int stream, int onStream) {
    long c = runtime("cudaStreamWaitEvent", 1_500);
    long at = Math.max(streamFree.getOrDefault(stream, 0L), cpuNs);
    ObjectNode e = event("cuda_sync", "Stream Wait Event", 0, stream, at, 0);
    e.putObject("args").put("cuda_sync_kind", "Stream Wait Event").put("stream", stream)
        .put("wait_on_stream", onStream)
        .put("wait_on_cuda_event_record_corr_id", lastRecordCorrelation)
        .put("wait_on_cuda_event_id", 1).put("device", 0).put("context", 1)
        .put("correlation", c);
    gpu.add(e);
    streamFree.put(stream, Math.max(at, lastRecordReadyNs) - 1_500);
  }

  void sync() {
    long busy = streamFree.values().stream().mapToLong(Long::longValue).max().orElse(0);
    long start = cpuNs;
    cpuNs = Math.max(cpuNs, busy) + 10_000;
    cpu.add(event("cuda_runtime", "cudaStreamSynchronize", 4242, 4242, start, cpuNs - start));
  }

  void annotate(String name, long startNs, long durNs) {
    ObjectNode e = event("user_annotation", name, 4242, 4242, startNs, durNs);
    e.putObject("args").put("External id", external++);
    cpu.add(e);
  }

  /** The whole trace as Kineto writes it. */
  String json() {
    ObjectNode root = f.objectNode();
    root.put("schemaVersion", 1);
    ObjectNode device = root.putArray("deviceProperties").addObject();
    device.put("id", 0).put("name", "NVIDIA H200").put("totalGlobalMem", 150_754_820_096L)
        .put("computeMajor", 9).put("computeMinor", 0).put("maxThreadsPerBlock", 1024)
        .put("maxThreadsPerMultiprocessor", 2048).put("regsPerBlock", 65536)
        .put("regsPerMultiprocessor", 65536).put("warpSize", 32).put("sharedMemPerBlock", 49152)
        .put("sharedMemPerMultiprocessor", 233472).put("numSms", 132)
        .put("sharedMemPerBlockOptin", 232448);
    root.putObject("distributedInfo").put("backend", "nccl").put("rank", 0)
        .put("world_size", 1);
    root.put("cupti_version", 24).put("cuda_runtime_version", 12080)
        .put("cuda_driver_version", 12080).put("displayTimeUnit", "ms")
        .put("baseTimeNanoseconds", BASE_NS);
    ArrayNode events = root.putArray("traceEvents");
    ObjectNode meta = events.addObject();
    meta.put("name", "process_name").put("ph", "M").put("pid", 0).put("tid", 0)
        .putObject("args").put("name", "GPU 0");
    cpu.forEach(events::add);
    gpu.forEach(events::add);
    root.put("traceName", "preemptlab-test.pt.trace.json");
    try {
      return JSON.writeValueAsString(root);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes the trace to {@code file}, gzip-compressed if its name ends in {@code .gz}. */
  Path write(Path file) throws IOException {
    byte[] bytes = json().getBytes(StandardCharsets.UTF_8);
    if (file.toString().endsWith(".gz")) {
      try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
        out.write(bytes);
      }
    } else {
      Files.write(file, bytes);
    }
    return file;
  }

  /** The union of the kernels' [start, end) intervals, in ns. */
  long busyNs() {
    List<long[]> spans = new ArrayList<>();
    kernels.forEach(k -> spans.add(new long[] {k.startNs(), k.startNs() + k.durationNs()}));
    return union(spans);
  }

  /** The kernels as the CSV of {@code nsys stats --report cuda_gpu_trace} lists them. */
  String nsysCsv() {
    StringBuilder csv = new StringBuilder(NsysTraces.HEADER).append('\n');
    for (Written k : kernels) {
      csv.append(NsysTraces.kernelRow(k.startNs(), k.durationNs(), k.blocks(), k.threads(),
          k.registers(), k.sharedBytes(), COMPUTE, k.name().replace("\"", "\"\""))).append('\n');
    }
    return csv.toString();
  }

  /** From the first CPU-side launch to the end of the last GPU operation, in ns. */
  long spanNs() {
    long first = cpu.stream().filter(e -> e.path("cat").asText().equals("cuda_runtime"))
        .mapToLong(e -> e.path("ts").decimalValue().movePointRight(3).longValueExact()).min()
        .orElseThrow();
    long last = gpu.stream().mapToLong(e -> e.path("ts").decimalValue().add(e.path("dur")
        .decimalValue()).movePointRight(3).longValueExact()).max().orElseThrow();
    return last - first;
  }

  static long union(List<long[]> spans) {
    List<long[]> sorted = new ArrayList<>(spans);
    sorted.sort((a, b) -> Long.compare(a[0], b[0]));
    long total = 0;
    long end = Long.MIN_VALUE;
    for (long[] s : sorted) {
      if (s[1] > end) {
        total += s[1] - Math.max(s[0], end);
        end = s[1];
      }
    }
    return total;
  }

  /** Writes the example traces of {@code examples/traces}: {@code main(directory)}. */
  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args[0]);
    inference(4, 1500, 11).write(dir.resolve("inference.pt.trace.json"));
    training(2, 12).write(dir.resolve("training.pt.trace.json.gz"));
  }
}
