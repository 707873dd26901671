package org.preemptlab.lab.reproduce;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.metrics.Percentiles;

/**
 * The inputs of Orion's artifact (Strati, Ma and Klimovic, EuroSys 2024; eth-easl/orion) as CSV
 * traces for the {@code v100} model: each model's kernels in launch order with Orion's own profile
 * of them on a V100-16GB ({@code orion-kernels.csv}, copied from {@code
 * benchmarking/model_kernels/}), the high-priority arrival times of Fig. 10 ({@code
 * orion-inter-arrivals.csv}, from {@code artifact_evaluation/fig10/inter_arrival_times.json}), and
 * the client pairs of the artifact's Figs. 7 and 10 ({@code artifact_evaluation/fig{7,10}/
 * config_files/*.json}, {@code run_orion.py}).
 */
final class OrionArtifact {
  private OrionArtifact() {}

  /** The {@code v100} model's SMs, as the profiles' V100-16GB has. */
  static final int SMS = 80;
  /**
   * One block per "SM needed" of a profile: 1,024 threads of 64 registers fill a V100 SM's 65,536
   * registers (the profiles give SMs, not block shapes: an assumption).
   */
  static final int THREADS_PER_BLOCK = 1024;
  static final int REGISTERS_PER_THREAD = 64;
  /**
   * At most this many waves per kernel: a kernel needing more than {@code 80 x MAX_WAVES} SMs'
   * worth of blocks is simulated as {@code 80 x MAX_WAVES} longer blocks with the same duration
   * alone (an assumption that keeps the runs short; a co-runner then waits up to one of these
   * longer waves).
   */
  static final int MAX_WAVES = 8;
  /** The {@code v100} model's DRAM bandwidth, bytes per ns (900 GB/s). */
  static final double DRAM_BYTES_PER_NS = 900;

  /**
   * One kernel of a model as Orion profiled it.
   *
   * @param profile 1 compute bound, 0 memory bound, -1 no roofline profile
   * @param smNeeded SMs its blocks fill at once (may exceed 80: then it runs in waves)
   * @param durationNs its time alone on the V100
   */
  record Kernel(int profile, int smNeeded, long durationNs) {
    /** Blocks in the grid: one per SM needed, at least one, at most {@link #MAX_WAVES} waves. */
    int blocks() {
      return Math.min(Math.max(1, smNeeded), SMS * MAX_WAVES);
    }

    /** Waves on the idle V100. */
    int waves() {
      return (blocks() + SMS - 1) / SMS;
    }

    /** Whether its blocks were capped at {@link #MAX_WAVES} waves. */
    boolean capped() {
      return smNeeded > SMS * MAX_WAVES;
    }

    /** One block's time, so that the kernel alone lasts its profiled duration. */
    long blockTimeNs() {
      return Math.max(1, Math.round((double) durationNs / waves()));
    }

    /**
     * DRAM bytes one block moves: for a memory-bound kernel, enough that its resident blocks
     * demand the device's whole bandwidth (it runs at the bandwidth roof, left of the ridge
     * point, so alone it still lasts its profiled time); none otherwise.
     */
    long dramBytesPerBlock() {
      if (profile != 0) {
        return 0;
      }
      int resident = Math.min(blocks(), SMS);
      return Math.max(1, Math.round(DRAM_BYTES_PER_NS / resident * blockTimeNs()));
    }
  }

  /** Every model's kernels, in launch order, read from the bundled copy. */
  static Map<String, List<Kernel>> models() {
    Map<String, List<Kernel>> models = new LinkedHashMap<>();
    for (String[] f : rows("orion-kernels.csv")) {
      models.computeIfAbsent(f[0], m -> new ArrayList<>()).add(new Kernel(
          Integer.parseInt(f[1]), Integer.parseInt(f[2]), Long.parseLong(f[3])));
    }
    return models;
  }

  /** Fig. 10's high-priority inter-arrival times, in ns. */
  static long[] interArrivalsNs() {
    return rows("orion-inter-arrivals.csv").stream()
        .mapToLong(f -> Math.round(Double.parseDouble(f[0]) * 1e9)).toArray();
  }

  private static List<String[]> rows(String resource) {
    List<String[]> rows = new ArrayList<>();
    try (InputStream in = OrionArtifact.class.getResourceAsStream(resource);
        BufferedReader reader = new BufferedReader(new InputStreamReader(in,
            StandardCharsets.UTF_8))) {
      boolean header = true;
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        if (line.startsWith("#") || line.isBlank()) {
          continue;
        }
        if (header) {
          header = false;
          continue;
        }
        rows.add(line.split(","));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return rows;
  }

  /** A model's time alone: the sum of its kernels' profiled durations, ns. */
  static long aloneNs(List<Kernel> kernels) {
    return kernels.stream().mapToLong(Kernel::durationNs).sum();
  }

  /**
   * One client pair of the artifact: a best-effort client beside a high-priority inference client.
   *
   * @param figure {@code 7} (best-effort training) or {@code 10} (best-effort inference)
   * @param be the best-effort model's label, e.g. {@code ResNet101}
   * @param beModel its kernel file, e.g. {@code resnet101_4_fwd}
   * @param bePerSecond its requests per second, uniform (Fig. 10); 0 for training, one iteration
   *     after another
   * @param hp the high-priority model's label
   * @param hpModel its kernel file
   * @param hpPerSecond its Poisson requests per second (Fig. 7); 0 for Fig. 10's arrival trace
   * @param maxBeDurationNs the artifact's {@code --orion_max_be_duration} for this pair
   */
  record Pair(int figure, String be, String beModel, int bePerSecond, String hp, String hpModel,
      int hpPerSecond, long maxBeDurationNs) {
    String label() {
      return be + (figure == 7 ? " training" : " inference") + " + " + hp;
    }
  }

  private static final String[][] BE_INFERENCE = {{"ResNet50", "resnet50_4_fwd", "80"},
      {"MobileNetV2", "mobilenetv2_4_fwd", "100"}, {"ResNet101", "resnet101_4_fwd", "40"},
      {"BERT", "bert_2_fwd", "8"}, {"Transformer", "transformer_xl_4_fwd", "20"}};
  private static final String[][] BE_TRAINING = {{"ResNet50", "resnet50_32_fb1"},
      {"MobileNetV2", "mobilenetv2_64_fb1"}, {"ResNet101", "resnet101_32_fb1"},
      {"BERT", "bert_8_fb1"}, {"Transformer", "transformer_xl_8_fb1"}};
  /**
   * The high-priority clients: model, kernel file, Fig. 7's Poisson rate, and the artifact's
   * {@code --orion_max_be_duration} beside it ({@code run_orion.py}: 160,000 beside ResNet50,
   * 100,000 beside MobileNetV2, in the profiles' unit, ns).
   */
  private static final Object[][] HP = {{"ResNet50", "resnet50_4_fwd", 15, 160_000L},
      {"MobileNetV2", "mobilenetv2_4_fwd", 40, 100_000L}};

  /** The ten pairs of a figure, best-effort model by best-effort model, as {@code run_orion.py}. */
  static List<Pair> pairs(int figure) {
    List<Pair> pairs = new ArrayList<>();
    String[][] be = figure == 7 ? BE_TRAINING : BE_INFERENCE;
    for (String[] b : be) {
      for (Object[] h : HP) {
        pairs.add(new Pair(figure, b[0], b[1], figure == 7 ? 0 : Integer.parseInt(b[2]),
            (String) h[0], (String) h[1], figure == 7 ? (Integer) h[2] : 0, (Long) h[3]));
      }
    }
    return pairs;
  }

  /** How the two clients are laid out. */
  enum Layout {
    /** The high-priority client alone (the artifact's "ideal"). */
    ALONE,
    /** Two processes under MPS: two contexts, co-resident, same stream priority. */
    TWO_PROCESSES,
    /** One process, two streams, the high-priority one at high priority (Orion and streams). */
    ONE_PROCESS
  }

  /** Which job ids make one request or iteration, to measure latencies and completions. */
  record Request(boolean highPriority, long dueNs, long firstJob, long lastJob) {}

  /** A trace and its requests. */
  record Trace(String csv, List<Request> requests) {}

  /**
   * What a replay of a trace gave.
   *
   * @param hpLatenciesNs each high-priority request's latency, from its due time to its last
   *     kernel's end, in request order
   * @param hpDone high-priority requests finished within the horizon
   * @param beDone best-effort requests (or training iterations) finished within the horizon
   */
  record Replay(long[] hpLatenciesNs, int hpDone, int beDone) {
    /** The high-priority latency at percentile {@code p} (0-100). */
    long hpLatencyAt(double p) {
      return Percentiles.of(hpLatenciesNs).at(p);
    }
  }

  /**
   * One run of a set-up on a pair.
   *
   * @param <S> the set-up type
   * @param <R> its result
   */
  interface PairRun<S, R> {
    R run(Pair pair, S setup) throws Exception;
  }

  /**
   * Every set-up of {@code setups} on every pair, and {@code alone} once per high-priority model.
   * The runs are independent (each has its own plugin instances and trace), so they run side by
   * side on up to four threads; the results do not depend on the order they finish in. Each pair's
   * results hold {@code alone}'s first, then the set-ups' in order. What a run throws is rethrown
   * as itself.
   */
  static <S, R> Map<Pair, Map<S, R>> runPairs(List<Pair> pairs, S alone, List<S> setups,
      PairRun<S, R> run) throws Exception {
    int threads = Math.max(1, Math.min(4, Runtime.getRuntime().availableProcessors()));
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      Map<String, Future<R>> aloneByHp = new LinkedHashMap<>();
      Map<Pair, Map<S, Future<R>>> futures = new LinkedHashMap<>();
      for (Pair pair : pairs) {
        aloneByHp.computeIfAbsent(pair.hp(), hp -> pool.submit(() -> run.run(pair, alone)));
        Map<S, Future<R>> bySetup = new LinkedHashMap<>();
        for (S setup : setups) {
          bySetup.put(setup, pool.submit(() -> run.run(pair, setup)));
        }
        futures.put(pair, bySetup);
      }
      Map<Pair, Map<S, R>> results = new LinkedHashMap<>();
      for (Map.Entry<Pair, Map<S, Future<R>>> e : futures.entrySet()) {
        Map<S, R> bySetup = new LinkedHashMap<>();
        bySetup.put(alone, get(aloneByHp.get(e.getKey().hp())));
        for (Map.Entry<S, Future<R>> f : e.getValue().entrySet()) {
          bySetup.put(f.getKey(), get(f.getValue()));
        }
        results.put(e.getKey(), bySetup);
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }

  private static <R> R get(Future<R> future) throws Exception {
    try {
      return future.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Exception cause) {
        throw cause;
      }
      throw e;
    }
  }

  /**
   * The executor of the bundled plugins that the reproductions on the artifact share when none is
   * given, so that their replays can be shared too (see {@link #replay}).
   */
  static RunExecutor bundledExecutor() {
    return Bundled.EXECUTOR;
  }

  /** Holds the shared executor, created on first use. */
  private static final class Bundled {
    static final RunExecutor EXECUTOR = new RunExecutor(PluginRegistry.discover(Optional.empty()));
  }

  /**
   * What determines a replay on the {@link #bundledExecutor()}: the trace (its text's SHA-256 and
   * its requests), the horizon, and the run configuration with the trace file's path and the run's
   * name, a label, left out.
   */
  private record ReplayKey(String traceSha256, List<Request> requests, long horizonNs,
      RunConfig config) {}

  /**
   * The replays run so far in this JVM on the {@link #bundledExecutor()}. A run is deterministic (the same configuration and seed
   * give the same result), so the reproductions on the artifact share one run of each replay they
   * have in common (Orion's and LithOS's MPS, stream-priority, Orion and alone runs of the same
   * pairs): the result is exactly the one a second run would give. A replay asked for while it runs
   * waits for it.
   */
  private static final ConcurrentMap<ReplayKey, CompletableFuture<Replay>> REPLAYS =
      new ConcurrentHashMap<>();

  /**
   * Writes {@code trace} to a temporary CSV file, runs the configuration {@code config} makes for
   * that file, and measures the trace's requests against the horizon; the file is deleted after.
   * On the {@link #bundledExecutor()}, a replay already run in this JVM with the same trace,
   * horizon and configuration (but for the file's path and the run's name) is not run again: its
   * result is returned. On any other executor every replay runs.
   */
  static Replay replay(RunExecutor executor, Trace trace, long horizonNs, String filePrefix,
      Function<Path, RunConfig> config) throws IOException {
    if (executor != bundledExecutor()) {
      return runReplay(executor, trace, horizonNs, filePrefix, config);
    }
    ReplayKey key = new ReplayKey(sha256(trace.csv()), trace.requests(), horizonNs,
        config.apply(Path.of("trace.csv")).withName("replay"));
    CompletableFuture<Replay> mine = new CompletableFuture<>();
    CompletableFuture<Replay> first = REPLAYS.putIfAbsent(key, mine);
    if (first != null) {
      return awaitReplay(first);
    }
    try {
      Replay replay = runReplay(executor, trace, horizonNs, filePrefix, config);
      mine.complete(replay);
      return replay;
    } catch (Throwable e) {
      REPLAYS.remove(key, mine);
      mine.completeExceptionally(e);
      throw e;
    }
  }

  /** The result of a replay another caller runs; what it threw is rethrown as itself. */
  private static Replay awaitReplay(CompletableFuture<Replay> replay) throws IOException {
    try {
      return replay.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof IOException io) {
        throw io;
      }
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw e;
    }
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }

  private static Replay runReplay(RunExecutor executor, Trace trace, long horizonNs,
      String filePrefix, Function<Path, RunConfig> config) throws IOException {
    Path file = Files.createTempFile(filePrefix, ".csv");
    try {
      Files.writeString(file, trace.csv());
      Map<Long, Long> finish = new HashMap<>();
      for (JobRecord job : executor.execute(config.apply(file)).result().jobs()) {
        finish.put(job.jobId(), job.finishNs());
      }
      List<Long> latencies = new ArrayList<>();
      int hpDone = 0;
      int beDone = 0;
      for (Request r : trace.requests()) {
        long end = finish.getOrDefault(r.lastJob(), -1L);
        boolean done = end > 0 && end < horizonNs;
        if (r.highPriority()) {
          latencies.add(end - r.dueNs());
          hpDone += done ? 1 : 0;
        } else {
          beDone += done ? 1 : 0;
        }
      }
      return new Replay(latencies.stream().mapToLong(Long::longValue).toArray(), hpDone, beDone);
    } finally {
      Files.deleteIfExists(file);
    }
  }

  /**
   * The CSV trace of a pair over {@code horizonNs}. The high-priority client asks for an inference
   * at each of its times (Fig. 10: the artifact's inter-arrival times from 0; Fig. 7: Poisson at its
   * rate, from {@code seed}); the best-effort client at its uniform rate (Fig. 10) or one training
   * iteration after another (Fig. 7). Each client waits for its previous request, so a request's
   * kernels are submitted at its time or when the previous one ended, whichever is later, all at
   * once into the client's in-order queue.
   */
  static Trace trace(Pair pair, Map<String, List<Kernel>> models, Layout layout, long horizonNs,
      long seed) {
    return trace(pair, models, layout, horizonNs, seed, BestEffortShape.WHOLE);
  }

  /**
   * How the best-effort client's kernels are launched.
   *
   * @param atomNs 0: each kernel is one launch; above 0: a kernel of several waves is launched as
   *     atoms of whole waves lasting at most this long alone (at least one wave each), one after
   *     another in its queue, as LithOS's kernel atomizer relaunches a kernel over block ranges
   * @param idempotent whether its kernels are marked idempotent (a reset may re-run them)
   */
  record BestEffortShape(long atomNs, boolean idempotent) {
    /** Whole kernels, not idempotent: how the Orion reproduction launches them. */
    static final BestEffortShape WHOLE = new BestEffortShape(0, false);
  }

  /** The launches {@code kernel} is split into by {@code shape}: block counts, in order. */
  static List<Integer> atoms(Kernel kernel, BestEffortShape shape) {
    int blocks = kernel.blocks();
    if (shape.atomNs() <= 0 || kernel.waves() <= 1) {
      return List.of(blocks);
    }
    long wavesPerAtom = Math.max(1, shape.atomNs() / kernel.blockTimeNs());
    int perAtom = (int) Math.min(blocks, wavesPerAtom * SMS);
    List<Integer> atoms = new ArrayList<>();
    for (int left = blocks; left > 0; left -= perAtom) {
      atoms.add(Math.min(perAtom, left));
    }
    return atoms;
  }

  /** As {@link #trace(Pair, Map, Layout, long, long)}, the best-effort kernels shaped by shape. */
  static Trace trace(Pair pair, Map<String, List<Kernel>> models, Layout layout, long horizonNs,
      long seed, BestEffortShape shape) {
    return trace(pair, models, layout, horizonNs, highPriorityTimes(pair, horizonNs, seed), shape);
  }

  /**
   * As {@link #trace(Pair, Map, Layout, long, long, BestEffortShape)}, the high-priority client
   * asking at the given times (ascending, in [0, horizon)) instead of the pair's.
   */
  static Trace trace(Pair pair, Map<String, List<Kernel>> models, Layout layout, long horizonNs,
      List<Long> highPriorityTimes, BestEffortShape shape) {
    StringBuilder csv = new StringBuilder("job_id,queue,context,priority,engine,submit,grid_blocks,"
        + "threads_per_block,registers_per_thread,shared_memory_per_block,block_time,depends_on,"
        + "think_time,dram_bytes_per_block" + (shape.idempotent() ? ",idempotent" : "") + "\n");
    List<Request> requests = new ArrayList<>();
    long[] next = {0};
    String hpContext = layout == Layout.TWO_PROCESSES ? "hp" : "app";
    String hpPriority = layout == Layout.ONE_PROCESS ? "HIGH" : "NORMAL";
    long previous = -1;
    for (long due : highPriorityTimes) {
      previous = request(csv, requests, next, "hp", hpContext, hpPriority, true, due,
          models.get(pair.hpModel()), previous, BestEffortShape.WHOLE, shape.idempotent());
    }
    if (layout != Layout.ALONE) {
      String beContext = layout == Layout.TWO_PROCESSES ? "be" : "app";
      String bePriority = layout == Layout.ONE_PROCESS ? "LOW" : "NORMAL";
      List<Kernel> kernels = models.get(pair.beModel());
      long count = horizonNs / aloneNs(kernels) + 2;
      long period = pair.bePerSecond() == 0 ? 0 : 1_000_000_000L / pair.bePerSecond();
      previous = -1;
      for (long r = 0; r < count && r * period < horizonNs; r++) {
        previous = request(csv, requests, next, "be", beContext, bePriority, false, r * period,
            kernels, previous, shape, shape.idempotent());
      }
    }
    return new Trace(csv.toString(), requests);
  }

  /** The high-priority client's request times in [0, horizon). */
  static List<Long> highPriorityTimes(Pair pair, long horizonNs, long seed) {
    List<Long> times = new ArrayList<>();
    if (pair.hpPerSecond() == 0) {
      long at = 0;
      for (long gap : interArrivalsNs()) {
        if (at >= horizonNs) {
          break;
        }
        times.add(at);
        at += gap;
      }
      if (at < horizonNs) {
        throw new IllegalStateException("the bundled inter-arrival times end at " + at
            + " ns, before the horizon " + horizonNs + " ns");
      }
    } else {
      SplittableRandom random = new SplittableRandom(seed);
      double mean = 1e9 / pair.hpPerSecond();
      for (long at = Math.round(-mean * Math.log(1 - random.nextDouble())); at < horizonNs;
          at += Math.round(-mean * Math.log(1 - random.nextDouble()))) {
        times.add(at);
      }
    }
    return times;
  }

  /**
   * Writes one request's kernels, due at {@code dueNs}, each depending on the client's previous
   * request's last kernel (submitted when it ends, or at {@code dueNs} if later), each kernel as the
   * launches {@code shape} splits it into. Returns the id of its last launch. With {@code
   * idempotentColumn} every row has an idempotent column, true when {@code shape} marks the
   * kernels so.
   */
  private static long request(StringBuilder csv, List<Request> requests, long[] next,
      String queue, String context, String priority, boolean highPriority, long dueNs,
      List<Kernel> kernels, long previousLast, BestEffortShape shape, boolean idempotentColumn) {
    long first = next[0];
    for (Kernel k : kernels) {
      for (int blocks : atoms(k, shape)) {
        csv.append(next[0]++).append(',').append(queue).append(',').append(context).append(',')
            .append(priority).append(",COMPUTE,").append(dueNs).append("ns,").append(blocks)
            .append(',').append(THREADS_PER_BLOCK).append(',').append(REGISTERS_PER_THREAD)
            .append(",0,").append(k.blockTimeNs()).append("ns,")
            .append(previousLast < 0 ? "" : Long.toString(previousLast)).append(',')
            .append(previousLast < 0 ? "" : "0ns").append(',')
            .append(k.dramBytesPerBlock() == 0 ? "" : Long.toString(k.dramBytesPerBlock()));
        if (idempotentColumn) {
          csv.append(',').append(shape.idempotent());
        }
        csv.append('\n');
      }
    }
    requests.add(new Request(highPriority, dueNs, first, next[0] - 1));
    return next[0] - 1;
  }
}
