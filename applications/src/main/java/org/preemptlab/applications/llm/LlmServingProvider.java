package org.preemptlab.applications.llm;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.application.ExpectedWork;
import org.preemptlab.api.application.MemoryDemand;
import org.preemptlab.api.application.ApplicationProvider;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.metrics.ContributesMetrics;
import org.preemptlab.api.metrics.MetricDeclaration;
import org.preemptlab.api.metrics.MetricUnit;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;

/**
 * Provides {@code llm-serving}, an LLM inference server with continuous batching ({@link
 * LlmServer}); {@code docs/llm-serving.md} describes the model, its parameters and its metrics.
 */
public final class LlmServingProvider implements ApplicationProvider, ContributesMetrics {
  /** The plugin id. */
  public static final String ID = "llm-serving";

  private static final String OWNER = "application '" + ID + "'";
  private static final long GIB = 1L << 30;

  private static final List<ParameterSpec> PARAMETERS = List.of(
      ParameterSpec.text("model", "llama-3.1-8b", "bundled model architecture: "
          + String.join(", ", ModelProfile.bundledModels()) + "; without profile-file, its "
          + "roofline on the run's device (with roofline-operators vidur, one that declares "
          + "its sustained DRAM bandwidth)"),
      ParameterSpec.text("model-file", "", "a model architecture file (docs/llm-serving.md, "
          + "\"Model architectures\") instead of a bundled model"),
      ParameterSpec.choice("roofline-operators", "vllm", TransformerOperators.Engine.IDS,
          "without profile-file, whose operator list the roofline builds: vllm (residual add "
          + "fused into the norms, as vLLM's Llama; element-wise factors fitted on vLLM's "
          + "kernels) or vidur (norms and add unfused; factors fitted on Vidur's profile)"),
      ParameterSpec.text("profile-file", "", "a measured or table profile (a file or directory, "
          + "docs/llm-serving.md, \"Model profiles\") instead of the roofline"),
      ParameterSpec.choice("profile-format", "preemptlab", ModelProfile.FORMATS,
          "format of profile-file"),
      ParameterSpec.integer("tensor-parallel", 1, 1, 1024, "",
          "tensor-parallel degree whose profile rows are read (one rank's kernels)"),
      ParameterSpec.choice("attention-skew", "profile", List.of("profile", "off"),
          "profile: an llmservingsim bundle's skew correction of decode attention when its "
          + "meta.yaml enables one (skew_fit); off: never"),
      ParameterSpec.text("profile-device", "", "the device a vidur profile was measured on, as "
          + "the hardware model names it (required for vidur)"),
      ParameterSpec.text("queue", "llm", "id of the server's context and of its one serial queue"),
      ParameterSpec.choice("priority", "HIGH",
          Arrays.stream(Priority.values()).map(Priority::name).toList(), "priority of the queue"),
      ParameterSpec.duration("duration", 10_000_000_000L, 1_000_000L, Long.MAX_VALUE,
          "horizon: requests arrive and are served until then; the metrics cover [0, duration)"),
      ParameterSpec.text("trace", "", "a request trace (trace-format); empty for Poisson "
          + "arrivals"),
      ParameterSpec.choice("trace-format", "azure", List.of("azure", "llmservingsim"),
          "azure: CSV with the Azure LLM inference trace columns TIMESTAMP,ContextTokens,"
          + "GeneratedTokens; llmservingsim: LLMServingSim 2.0's JSONL requests (input_toks, "
          + "output_toks, arrival_time_ns, optional input_tok_ids for prefix caching)"),
      ParameterSpec.real("trace-speed", 1.0, 1e-6, 1e6, "", "divides the trace's "
          + "inter-arrival times (2 replays it twice as fast)"),
      ParameterSpec.real("arrival-rate", 4.0, 1e-6, 1e6, "requests/s",
          "Poisson arrival rate (without a trace)"),
      ParameterSpec.integer("prompt-tokens", 1024, 1, 1 << 20, "tokens",
          "mean prompt length of Poisson requests"),
      ParameterSpec.integer("output-tokens", 128, 1, 1 << 20, "tokens",
          "mean output length of Poisson requests"),
      ParameterSpec.choice("length-distribution", "exponential",
          Arrays.stream(PoissonRequests.Lengths.values()).map(PoissonRequests.Lengths::id)
              .toList(), "distribution of Poisson requests' prompt and output lengths"),
      ParameterSpec.integer("max-model-len", 8192, 2, 1 << 24, "tokens",
          "caps a Poisson request's prompt plus output tokens"),
      ParameterSpec.integer("max-requests", 0, 0, Integer.MAX_VALUE, "",
          "stop arrivals after this many requests; 0 for no limit"),
      ParameterSpec.choice("scheduler", "vllm-v1", ContinuousBatcher.SchedulerKind.ids(),
          "whose scheduler forms the batches: vLLM V0's default (prefill-only iterations), vLLM"
          + " V1's default (chunked prefill, running requests first) or Sarathi-Serve's"),
      ParameterSpec.integer("max-batch-tokens", 8192, 1, 1 << 24, "tokens",
          "token budget of one iteration (vLLM max_num_batched_tokens; Sarathi-Serve's chunk "
          + "size)"),
      ParameterSpec.integer("max-batch-seqs", 256, 1, 1 << 20, "",
          "most requests running at once, holding KV blocks (vLLM max_num_seqs)"),
      ParameterSpec.choice("preemption-mode", "recompute", List.of("recompute", "swap"),
          "how a request is preempted when the KV cache is full: its KV recomputed, or swapped "
          + "to host memory and back (vllm-v0 only)"),
      ParameterSpec.real("swap-bandwidth", 64e9, 1, 1e15, "B/s",
          "host-device bandwidth of a KV swap (one direction of PCIe Gen5 x16)"),
      ParameterSpec.integer("swap-space-bytes", 4 * GIB, 0, Long.MAX_VALUE, "bytes",
          "host memory for swapped KV blocks (vLLM swap_space)"),
      ParameterSpec.integer("kv-cache-bytes", 32 * GIB, 1, Long.MAX_VALUE, "bytes",
          "KV-cache capacity"),
      ParameterSpec.integer("kv-block-tokens", 16, 1, 1 << 16, "tokens",
          "tokens per KV-cache block (vLLM block_size)"),
      ParameterSpec.bool("prefix-caching", false, "vLLM V1's automatic prefix caching "
          + "(enable_prefix_caching; scheduler vllm-v1 only): a request admitted from the waiting "
          + "queue reuses the cached KV blocks of its prefix (prompts share them by token ids, "
          + "a preempted request finds its own)"),
      ParameterSpec.integer("max-waiting", 0, 0, Integer.MAX_VALUE, "",
          "reject an arrival when this many requests wait; 0 for an unbounded queue"),
      ParameterSpec.duration("ttft-slo", 250_000_000L, 1, Long.MAX_VALUE,
          "time-to-first-token objective"),
      ParameterSpec.duration("tpot-slo", 100_000_000L, 1, Long.MAX_VALUE,
          "time-per-output-token objective"),
      ParameterSpec.duration("scheduling-overhead", 0, 0, Long.MAX_VALUE,
          "host (CPU) time between an iteration's end and the next one's submission"),
      ParameterSpec.bool("drain", false, "serve every request that arrived before duration to "
          + "the end, however long it takes (as vLLM's benchmark and Vidur), instead of stopping"
          + " at duration"));

  private static final List<MetricDeclaration> METRICS = metricDeclarations();

  private static List<MetricDeclaration> metricDeclarations() {
    List<MetricDeclaration> m = new ArrayList<>(List.of(
        count("requests-arrived", "requests arrived", true, "requests that arrived before the "
            + "horizon"),
        count("requests-finished", "requests finished", true, "requests whose last token came "
            + "before the run ended"),
        count("requests-rejected", "requests rejected", false, "arrivals refused because "
            + "max-waiting requests were waiting"),
        count("requests-unfinished", "requests unfinished", false, "requests admitted to the "
            + "queue and not finished when the run ended (at the horizon, without drain)"),
        count("requests-without-token", "requests without a token", false, "requests admitted "
            + "to the queue that had no token when the run ended (their TTFT is censored)")));
    latencies(m, "ttft", "TTFT", "time from arrival to the end of the iteration that sampled "
        + "the first token, over the finished requests");
    latencies(m, "tpot", "TPOT", "(finish - first token) / (output tokens - 1), over the "
        + "finished requests with >= 2 output tokens");
    latencies(m, "e2e-latency", "end-to-end latency", "finish - arrival, over the finished "
        + "requests");
    for (int p : new int[] {50, 99}) {
      m.add(latency("scheduling-delay-p" + p, "scheduling delay p" + p, "nearest-rank " + p
          + "th percentile of the time from a request's arrival to the start of the first "
          + "iteration that computes it, over the requests scheduled"));
    }
    for (int p : new int[] {50, 90, 99}) {
      m.add(latency("tbt-p" + p, "TBT p" + p, "nearest-rank " + p + "th percentile of every gap "
          + "between two consecutive tokens of a request, over all requests' gaps"));
    }
    m.addAll(List.of(
        count("slo-met", "requests meeting both SLOs", true, "finished requests with TTFT <= "
            + "ttft-slo and TPOT <= tpot-slo (TPOT not checked with one output token)"),
        new MetricDeclaration("slo-attainment", "SLO attainment", MetricUnit.FRACTION, true,
            "slo-met / requests-finished; undefined when no request finished"),
        new MetricDeclaration("goodput", "goodput", MetricUnit.PER_SECOND, true,
            "slo-met per second of the serving span"),
        new MetricDeclaration("tokens-per-second", "output tokens per second",
            MetricUnit.PER_SECOND, true, "tokens sampled before the run ended, per second of "
            + "the serving span"),
        latency("serving-span", "serving span", "what rates are per: the horizon, or with "
            + "drain the time the last request finished"),
        count("iterations", "serving iterations", true, "iterations submitted before the "
            + "run ended"),
        count("kv-preemptions", "KV-cache preemptions", false, "running requests preempted "
            + "(by recompute or swap) because the KV cache was full"),
        count("kv-swap-preemptions", "KV-cache swaps", false, "preemptions by swap"),
        count("prefix-cache-hit-tokens", "prefix-cache hit tokens", true, "prompt tokens "
            + "whose KV a request took from the prefix cache instead of computing it (0 without "
            + "prefix-caching)"),
        bytes("kv-capacity-bytes", "KV-cache capacity", "the cache's whole blocks, in bytes"),
        bytes("memory-bytes", "device memory held", "one rank's weights plus kv-cache-bytes, "
            + "checked before the run against the device's or MIG instance's capacity"),
        bytes("kv-peak-bytes", "KV-cache peak occupancy", "the most bytes of allocated KV "
            + "blocks at any instant of the serving span"),
        bytes("kv-mean-bytes", "KV-cache mean occupancy", "time-weighted mean over the "
            + "serving span of the bytes of allocated KV blocks")));
    return List.copyOf(m);
  }

  private static void latencies(List<MetricDeclaration> m, String id, String title,
      String what) {
    m.add(latency(id + "-mean", title + " mean", "mean " + what));
    for (int p : new int[] {50, 90, 99}) {
      m.add(latency(id + "-p" + p, title + " p" + p, "nearest-rank " + p + "th percentile of "
          + what));
    }
  }

  /** Creates the provider; called by {@link java.util.ServiceLoader}. */
  public LlmServingProvider() {}

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "LLM inference server: vLLM V0/V1 or Sarathi-Serve batching, a paged KV cache; TTFT,"
        + " TPOT, TBT and SLO metrics, requests.csv.";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return PARAMETERS;
  }

  @Override
  public List<MetricDeclaration> metrics() {
    return METRICS;
  }

  /**
   * {@inheritDoc}
   *
   * @throws ConfigurationException for an unknown model, a bad profile or trace, a request longer
   *     than the KV cache, a prompt over the token budget without chunked prefill, or a profile
   *     built for another device
   */
  @Override
  public Application create(PluginContext context) {
    Parameters p = context.parameters();
    DeviceSpec device = context.device();
    String deviceName = device != null ? device.name() : "NVIDIA H200 SXM";
    ModelArchitecture arch = p.getString("model-file").isBlank()
        ? ModelArchitecture.bundled(p.getString("model").strip(), OWNER)
        : ModelArchitecture.read(Path.of(p.getString("model-file").strip()));
    String profileDevice = p.getString("profile-device").strip();
    if (profileDevice.isEmpty() && p.getString("profile-format").equals("vidur")
        && !p.getString("profile-file").isBlank()) {
      throw new ConfigurationException(OWNER + ": parameter 'profile-device': a vidur profile "
          + "names no device; give the name of the hardware model it was measured on (the run's "
          + "is '" + deviceName + "')");
    }
    ModelProfile profile = p.getString("profile-file").isBlank()
        ? ModelProfile.bundled(arch, deviceName,
            TransformerOperators.Engine.of(p.getString("roofline-operators")), OWNER)
        : ModelProfile.read(p.getString("profile-format"),
            Path.of(p.getString("profile-file").strip()), arch, p.getInt("tensor-parallel"),
            profileDevice, device != null ? device.smCount() : 132,
            p.getString("attention-skew").equals("profile"));
    if (device != null) {
      if (!profile.device().equals(device.name())) {
        throw new ConfigurationException(profile.source() + ": key 'device': the profile was "
            + "built for '" + profile.device() + "', the run's device is '" + device.name()
            + "'; give a profile of this device with profile-file");
      }
      profile.checkFits(device);
      profile = profile.forDevice(device);
    }
    long blockBytes = Math.multiplyExact(profile.kvBytesPerToken(),
        (long) p.getInt("kv-block-tokens"));
    long totalBlocks = p.getLong("kv-cache-bytes") / blockBytes;
    if (totalBlocks < 1) {
      throw new ConfigurationException("parameter 'kv-cache-bytes' of " + OWNER + ": "
          + p.getLong("kv-cache-bytes") + " B hold no KV block of " + blockBytes + " B ("
          + p.getInt("kv-block-tokens") + " tokens of " + profile.kvBytesPerToken() + " B)");
    }
    ContinuousBatcher.SchedulerKind kind =
        ContinuousBatcher.SchedulerKind.of(p.getString("scheduler"));
    if (totalBlocks < 1 + kind.reservedBlocks()) {
      throw new ConfigurationException("parameter 'kv-cache-bytes' of " + OWNER + ": "
          + p.getLong("kv-cache-bytes") + " B hold " + totalBlocks + " KV block of " + blockBytes
          + " B, and scheduler " + kind.id() + " keeps one block out of use (vLLM V1's null "
          + "block)");
    }
    boolean chunked = kind.chunked();
    int maxTokens = p.getInt("max-batch-tokens");
    int maxSeqs = p.getInt("max-batch-seqs");
    if (maxTokens < maxSeqs) {
      throw new ConfigurationException("parameter 'max-batch-tokens' of " + OWNER + " ("
          + maxTokens + ") must be >= max-batch-seqs (" + maxSeqs + "), as vLLM requires of "
          + "max_num_batched_tokens and max_num_seqs");
    }
    ContinuousBatcher.PreemptionMode mode = ContinuousBatcher.PreemptionMode.valueOf(
        p.getString("preemption-mode").toUpperCase(Locale.ROOT));
    if (mode == ContinuousBatcher.PreemptionMode.SWAP
        && kind != ContinuousBatcher.SchedulerKind.VLLM_V0) {
      throw new ConfigurationException("parameter 'preemption-mode' of " + OWNER + ": swap "
          + "needs scheduler: vllm-v0 (" + kind.id() + " preempts by recompute only)");
    }
    boolean prefixCaching = p.getBoolean("prefix-caching");
    if (prefixCaching && kind != ContinuousBatcher.SchedulerKind.VLLM_V1) {
      throw new ConfigurationException("parameter 'prefix-caching' of " + OWNER + ": prefix "
          + "caching is modelled as vLLM V1 runs it; it needs scheduler: vllm-v1 (not "
          + kind.id() + ")");
    }
    if (prefixCaching && totalBlocks > ContinuousBatcher.MAX_CACHED_BLOCKS) {
      throw new ConfigurationException("parameter 'prefix-caching' of " + OWNER + ": the KV "
          + "cache has " + totalBlocks + " blocks, more than the " + ContinuousBatcher
          .MAX_CACHED_BLOCKS + " prefix caching can track; raise kv-block-tokens");
    }
    ContinuousBatcher batcher = new ContinuousBatcher(kind, mode, maxTokens, maxSeqs,
        p.getInt("kv-block-tokens"), totalBlocks, p.getLong("swap-space-bytes") / blockBytes,
        prefixCaching);
    long capacityTokens = batcher.usableBlocks() * p.getInt("kv-block-tokens");
    Supplier<RequestSpec> arrivals;
    int limit = p.getInt("max-requests");
    long horizonNs = p.getDurationNs("duration");
    double requests;
    double tokenSteps; // iterations each request would take alone: its output plus its prefill
    if (!p.getString("trace").isBlank()) {
      Path file = Path.of(p.getString("trace").strip());
      List<RequestSpec> trace = p.getString("trace-format").equals("llmservingsim")
          ? LlmServingSimTrace.read(file, p.getDouble("trace-speed"))
          : AzureTrace.read(file, p.getDouble("trace-speed"));
      for (RequestSpec r : trace) {
        checkRequest(r, r.where(), batcher, capacityTokens, chunked, maxTokens);
      }
      List<RequestSpec> used = limit > 0 && limit < trace.size() ? trace.subList(0, limit) : trace;
      requests = 0;
      tokenSteps = 0;
      for (RequestSpec r : used) {
        if (r.arrivalNs() < horizonNs) {
          requests++;
          tokenSteps += r.outputTokens() + Math.ceil(r.promptTokens() / (double) maxTokens);
        }
      }
      Iterator<RequestSpec> it = used.iterator();
      arrivals = () -> it.hasNext() ? it.next() : null;
    } else {
      int maxLen = p.getInt("max-model-len");
      checkRequest(new RequestSpec(0, maxLen - 1, 1, "x"), "parameter 'max-model-len' of " + OWNER
          + " (" + maxLen + " tokens)", batcher, capacityTokens, chunked, maxTokens);
      PoissonRequests poisson = new PoissonRequests(context.random(),
          p.getDouble("arrival-rate"), p.getInt("prompt-tokens"), p.getInt("output-tokens"),
          PoissonRequests.Lengths.valueOf(p.getString("length-distribution")
              .toUpperCase(Locale.ROOT)), maxLen);
      double mean = p.getDouble("arrival-rate") * horizonNs / 1e9;
      requests = mean + 3 * Math.sqrt(mean) + 1; // a Poisson count rarely above it
      if (limit > 0) {
        requests = Math.min(requests, limit);
      }
      tokenSteps = requests * (p.getInt("output-tokens")
          + Math.ceil(p.getInt("prompt-tokens") / (double) maxTokens));
      int[] drawn = {0};
      arrivals = () -> limit > 0 && drawn[0]++ >= limit ? null : poisson.next();
    }
    LlmServer.Settings settings = new LlmServer.Settings(p.getString("queue").strip(),
        Priority.valueOf(p.getString("priority")), p.getDurationNs("duration"),
        p.getBoolean("drain"), p.getDurationNs("scheduling-overhead"), p.getInt("max-waiting"),
        blockBytes, p.getDouble("swap-bandwidth") / 1e9);
    return new LlmServer(settings, profile, arrivals, batcher,
        new ServingStats(p.getDurationNs("ttft-slo"), p.getDurationNs("tpot-slo")),
        expectedWork(profile, device, horizonNs, tokenSteps),
        memoryDemand(arch, p.getInt("tensor-parallel"), p.getLong("kv-cache-bytes")));
  }

  /**
   * What a server holds on its device: one tensor-parallel rank's share of the weights and the
   * whole KV cache ({@code kv-cache-bytes}); activations and the CUDA context are not counted.
   */
  static MemoryDemand memoryDemand(ModelArchitecture arch, int tensorParallel, long kvBytes) {
    long weights = arch.weightBytes() / tensorParallel;
    long total = weights > Long.MAX_VALUE - kvBytes ? Long.MAX_VALUE : weights + kvBytes;
    return new MemoryDemand(total, "weights of " + arch.id() + (tensorParallel > 1 ? " / "
        + tensorParallel + " ranks " : " ") + weights + " B + KV cache " + kvBytes + " B",
        "kv-cache-bytes");
  }

  /**
   * The work of a server over {@code horizonNs}: at most as many iterations as the requests would
   * take one at a time ({@code tokenSteps}), and at most as many as fit in the horizon if each
   * took as long as the shortest, a decode step of one sequence ({@link
   * ExpectedWork#leastSerialNs}); each iteration counted with that step's jobs and blocks.
   */
  static ExpectedWork expectedWork(ModelProfile profile, DeviceSpec device, long horizonNs,
      double tokenSteps) {
    List<Kernel> step = profile.kernels(new BatchShape(1, 0, 1, 1));
    long blocks = 0;
    for (Kernel kernel : step) {
      blocks += kernel.gridBlocks();
    }
    double stepNs = Math.max(1, ExpectedWork.leastSerialNs(step, device));
    double iterations = Math.min(tokenSteps, Math.ceil(horizonNs / stepNs));
    return ExpectedWork.repeated(iterations, step.size(), blocks);
  }

  private static void checkRequest(RequestSpec r, String where, ContinuousBatcher batcher,
      long capacityTokens, boolean chunked, int maxTokens) {
    if (!batcher.fitsCache(r)) {
      throw new ConfigurationException(where + ": a request of " + r.promptTokens()
          + " prompt and " + r.outputTokens() + " output tokens needs " + r.maxKvTokens()
          + " tokens of KV cache, more than " + (batcher.usableBlocks() == batcher.totalBlocks()
          ? "its whole capacity of " + capacityTokens + " tokens (parameter"
          : "the " + capacityTokens + " tokens its requests may use (the cache's blocks less "
          + "vLLM V1's null block; parameter") + " 'kv-cache-bytes' of " + OWNER + ")");
    }
    if (!chunked && r.maxKvTokens() > maxTokens) {
      throw new ConfigurationException(where + ": a request of " + r.promptTokens() + " prompt "
          + "and " + r.outputTokens() + " output tokens may have to prefill " + r.maxKvTokens()
          + " tokens at once (after a preemption by recompute), more than parameter "
          + "'max-batch-tokens' (" + maxTokens + ") of " + OWNER + "; raise it or choose a "
          + "scheduler with chunked prefill (vllm-v1, sarathi)");
    }
  }

  private static MetricDeclaration count(String id, String title, boolean higher, String doc) {
    return new MetricDeclaration(id, title, MetricUnit.COUNT, higher, doc);
  }

  private static MetricDeclaration latency(String id, String title, String doc) {
    return new MetricDeclaration(id, title, MetricUnit.NANOSECONDS, false, doc);
  }

  private static MetricDeclaration bytes(String id, String title, String doc) {
    return new MetricDeclaration(id, title, MetricUnit.BYTES, false, doc);
  }
}
