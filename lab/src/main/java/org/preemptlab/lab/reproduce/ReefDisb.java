package org.preemptlab.lab.reproduce;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.preemptlab.api.hardware.IssueSharing;

/**
 * REEF's DNN Inference Serving Benchmark (DISB) as CSV traces: the kernels of each model from
 * REEF's per-kernel profiles on an MI50 ({@code reef-kernels.csv}, copied from SJTU-IPADS/reef
 * {@code resource/<model>/}), and the five workloads of REEF's Fig. 10 (SJTU-IPADS/reef-artifacts:
 * {@code evaluation/fig10/{A..E}.json}).
 */
final class ReefDisb {
  private ReefDisb() {}

  /** MI50 limits used to turn a kernel's latency into a block time (the {@code mi50} model). */
  static final int CUS = 60;
  static final int MAX_BLOCKS_PER_CU = 16;
  static final int MAX_THREADS_PER_CU = 2560;
  static final int REGISTERS_PER_CU = 65536;
  static final int SHARED_PER_CU = 65536;
  /** Registers per work-item: not in the profiles; an assumption. */
  static final int REGISTERS_PER_THREAD = 32;
  /** The {@code mi50} model's {@code warp-size} and {@code issue-slots-per-sm}: 64, 4 SIMDs. */
  static final IssueSharing ISSUE = new IssueSharing(64, 4);

  /**
   * One kernel launch of a model.
   *
   * @param name the kernel's name, {@code <model>/<kernel>} (REEF's models share kernel names,
   *     not their latencies)
   * @param blocks work-groups in the grid
   * @param threads work-items per work-group
   * @param sharedBytes LDS per work-group
   * @param latencyUs the kernel's latency alone on the MI50, µs (the profile's total_latency, a
   *     whole number; the {@code gpreempt} reproduction scales it to the A100)
   */
  record Kernel(String name, int blocks, int threads, int sharedBytes, double latencyUs) {
    /** Work-groups resident per CU at once, by the MI50's limits. */
    int perCu() {
      int byThreads = MAX_THREADS_PER_CU / threads;
      int byRegisters = REGISTERS_PER_CU / (REGISTERS_PER_THREAD * threads);
      int bySmem = sharedBytes == 0 ? MAX_BLOCKS_PER_CU : SHARED_PER_CU / sharedBytes;
      return Math.max(1, Math.min(Math.min(MAX_BLOCKS_PER_CU, byThreads),
          Math.min(byRegisters, bySmem)));
    }

    /** Waves of work-groups on the idle MI50. */
    int waves() {
      long slots = (long) CUS * perCu();
      return (int) ((blocks + slots - 1) / slots);
    }

    /** One work-group's time, so that the kernel alone lasts its profiled latency. */
    long blockTimeNs() {
      return Math.max(1, Math.round(latencyUs * 1000.0 / waves()));
    }

    /**
     * One work-group's undisturbed time when the work-groups on a CU share its issue slots
     * ({@code contention: issue-rate}): the profiled latency was measured with the kernel's own
     * work-groups sharing each CU, so a work-group's program is its share of a wave times the rate
     * the rule gives it beside its siblings, and the kernel alone still lasts its profile. The
     * siblings are those of a full first wave on an idle MI50 (the fewest CUs that hold the grid
     * at the occupancy {@link #perCu()}; placement spreads work-groups over the CUs), so a partial
     * last wave runs a little faster than the profile.
     *
     * @param issue the {@code mi50} model's warp size and issue slots per CU
     */
    long blockTimeNs(IssueSharing issue) {
      int siblings = (int) Math.min(perCu(), (blocks + CUS - 1L) / CUS);
      double asked = (double) siblings * issue.demand(threads);
      double selfRate = Math.min(1.0, issue.issueSlots() / asked);
      return Math.max(1, Math.round(latencyUs * 1000.0 / waves() * selfRate));
    }
  }

  /**
   * The bundled copy of {@code docs/data/reef-occupancy-latencies.csv}: every kernel's latency
   * alone and by occupancy, named as {@link Kernel#name()} names it, in the format of {@code
   * reset-realtime}'s {@code padding-latencies-file}.
   */
  static final String OCCUPANCY_LATENCIES = "reef-occupancy-latencies.csv";

  /** The text of the bundled {@link #OCCUPANCY_LATENCIES}. */
  static String occupancyLatencies() {
    try (java.io.InputStream in = ReefDisb.class.getResourceAsStream(OCCUPANCY_LATENCIES)) {
      com.google.common.base.Preconditions.checkState(in != null, "%s is not bundled",
          OCCUPANCY_LATENCIES);
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The kernels of every model, in launch order, read from the bundled copy. */
  static Map<String, List<Kernel>> models() {
    Map<String, List<Kernel>> models = new LinkedHashMap<>();
    for (BundledCsv.Row row : BundledCsv.rows(ReefDisb.class, "reef-kernels.csv", null)) {
      String[] f = row.cells();
      models.computeIfAbsent(f[0], m -> new ArrayList<>()).add(new Kernel(f[0] + "/" + f[2],
          Integer.parseInt(f[3]), Integer.parseInt(f[4]), Integer.parseInt(f[5]),
          Integer.parseInt(f[6])));
    }
    return models;
  }

  /**
   * A DISB task: a model served at a rate.
   *
   * @param model the model
   * @param perSecond requests per second (the config's {@code frequency})
   * @param trace request times in ms within the second, or empty for periodic requests
   * @param poisson whether requests arrive as a Poisson process at {@code perSecond}
   * @param once whether {@code trace} gives the request times from the start of the run, once,
   *     instead of within each second (DISB's {@code trace} load type)
   */
  record Task(String model, int perSecond, List<Integer> trace, boolean poisson, boolean once) {
    Task(String model, int perSecond, List<Integer> trace) {
      this(model, perSecond, trace, false, false);
    }

    Task(String model, int perSecond, List<Integer> trace, boolean poisson) {
      this(model, perSecond, trace, poisson, false);
    }
  }

  /** The bundled copy of {@code docs/data/disb-real.csv}. */
  static final String REAL_RESOURCE = "disb-real.csv";
  /** DISB's model names in REAL.json and the models of {@code reef-kernels.csv}. */
  static final Map<String, String> REAL_MODELS = Map.of("resnet152-imagenet", "resnet152",
      "densenet201-imagenet", "densenet", "vgg19-imagenet", "vgg", "inceptionv3-imagenet",
      "inception", "distilbert", "bert");
  /**
   * A best-effort task of DISB's {@code continuous} load as a rate: one request every
   * microsecond, so each request starts as soon as the task's previous one has ended.
   */
  static final int CONTINUOUS_PER_SECOND = 1_000_000;

  /**
   * DISB's real-world workload (SJTU-IPADS/disb @7ad5fba: {@code benchmarks/workloads/REAL.json},
   * the trace of REEF's §7.2), from the bundled {@code disb-real.csv}: five real-time models at
   * their traced request times and five best-effort models in closed loops.
   */
  static Workload real() {
    List<Task> rt = new ArrayList<>();
    List<Task> be = new ArrayList<>();
    for (BundledCsv.Row row : BundledCsv.rows(ReefDisb.class, REAL_RESOURCE, null)) {
      String[] f = row.cells();
      com.google.common.base.Preconditions.checkArgument(f.length == 5
          && REAL_MODELS.containsKey(f[2]), "%s line %s: 5 columns and a model of %s expected",
          REAL_RESOURCE, row.number(), REAL_MODELS.keySet());
      String model = REAL_MODELS.get(f[2]);
      if (f[3].equals("trace")) {
        List<Integer> times = java.util.Arrays.stream(f[4].split(" "))
            .map(Integer::parseInt).toList();
        (f[1].equals("true") ? rt : be).add(new Task(model, times.size(), times, false, true));
      } else {
        (f[1].equals("true") ? rt : be).add(new Task(model, CONTINUOUS_PER_SECOND, List.of()));
      }
    }
    return new Workload("REAL", rt, be, Stagger.REEF_RT);
  }

  /**
   * How a benchmark spreads the first requests of periodic tasks of one rate, so that they are
   * not all due at once.
   */
  enum Stagger {
    /**
     * REEF's DISB (SJTU-IPADS/reef-artifacts: {@code src/eval/DISB.h}, {@code
     * BenchmarkSuite::run}): when there are several real-time tasks of one rate, each starts
     * after the previous ones' latencies alone plus an equal share of the period they leave;
     * best-effort tasks start after all real-time ones.
     */
    REEF_RT,
    /**
     * The standalone DISB that GPreempt vendors (thustorage/GPreempt: {@code
     * third_party/disb/src/load.cpp}, {@code builtinLoadCoordinator}): every periodic task of
     * one rate (GPreempt's configs give every load priority 0) starts after the previous ones'
     * latencies alone, preparation included, in the config's order, real-time tasks first.
     */
    DISB_PERIODIC
  }

  /**
   * A DISB workload.
   *
   * @param id its letter
   * @param rt the real-time tasks
   * @param be the best-effort tasks
   * @param stagger how the benchmark spreads the first requests of tasks of one rate
   */
  record Workload(String id, List<Task> rt, List<Task> be, Stagger stagger) {}

  private static Task t(String model, int perSecond) {
    return new Task(model, perSecond, List.of());
  }

  /**
   * GPreempt's DISB workloads (thustorage/GPreempt: {@code config/{A,B,C,D,E}.json}): the same
   * models; D and E serve five latency-critical models at 20 requests/s each (E with Poisson
   * arrivals), beside five best-effort ones.
   */
  static List<Workload> gpreemptWorkloads() {
    List<String> five = List.of("resnet152", "densenet", "vgg", "inception", "bert");
    List<Task> cBe = List.of(t("resnet152", 100), t("densenet", 100), t("vgg", 100),
        t("inception", 100), t("bert", 100));
    return List.of(
        new Workload("A", List.of(t("vgg", 100)), List.of(t("resnet152", 100)),
            Stagger.DISB_PERIODIC),
        new Workload("B", List.of(t("vgg", 220)), List.of(t("resnet152", 220)),
            Stagger.DISB_PERIODIC),
        new Workload("C", List.of(t("vgg", 100)), cBe, Stagger.DISB_PERIODIC),
        new Workload("D", five.stream().map(m -> t(m, 20)).toList(), cBe,
            Stagger.DISB_PERIODIC),
        new Workload("E", five.stream().map(m -> new Task(m, 20, List.of(), true)).toList(),
            cBe, Stagger.DISB_PERIODIC));
  }

  /** DISB E's real-time request times within a second (ms), evaluation/fig10/E.json. */
  static final List<Integer> E_TRACE = List.of(64, 216, 229, 255, 324, 361, 381, 420, 431, 602,
      611, 616, 664, 771, 797, 884, 915);

  /** The five workloads of Fig. 10 (SJTU-IPADS/reef-artifacts: evaluation/fig10/*.json). */
  static List<Workload> workloads() {
    List<Task> cBe = List.of(t("densenet", 100), t("densenet", 100), t("vgg", 100),
        t("bert", 100), t("resnet152", 100));
    return List.of(
        new Workload("A", List.of(t("vgg", 100)), List.of(t("resnet152", 100)),
            Stagger.REEF_RT),
        new Workload("B", List.of(t("vgg", 220)), List.of(t("resnet152", 220)),
            Stagger.REEF_RT),
        new Workload("C", List.of(t("vgg", 100)), cBe, Stagger.REEF_RT),
        new Workload("D", List.of(t("vgg", 20), t("resnet152", 20), t("densenet", 20),
            t("inception", 20), t("bert", 20)), List.of(t("densenet", 100), t("densenet", 100),
            t("vgg", 100), t("bert", 100), t("resnet", 100)), Stagger.REEF_RT),
        new Workload("E", List.of(new Task("vgg", 20, E_TRACE)), cBe,
            Stagger.REEF_RT));
  }

  /** A model's latency alone on the MI50: the sum of its kernels' profiled latencies, in ns. */
  static long aloneNs(List<Kernel> kernels) {
    return kernels.stream().mapToLong(k -> Math.round(k.latencyUs() * 1000)).sum();
  }

  /**
   * A model's mean work-group time in µs under the {@code mi50} model's issue sharing ({@link
   * Kernel#blockTimeNs(IssueSharing)}), weighted by work-groups.
   */
  static double meanBlockUs(List<Kernel> kernels) {
    double sum = 0;
    long blocks = 0;
    for (Kernel k : kernels) {
      sum += (double) k.blockTimeNs(ISSUE) * k.blocks();
      blocks += k.blocks();
    }
    return sum / blocks / 1e3;
  }

  /**
   * The shortest round, in µs, at any occupancy, of any kernel of {@code models} in the bundled
   * {@link #OCCUPANCY_LATENCIES} (their names start with {@code <model>/}).
   */
  static int shortestRoundUs(java.util.Collection<String> models) {
    int shortest = Integer.MAX_VALUE;
    for (BundledCsv.Row row : BundledCsv.rows(ReefDisb.class, OCCUPANCY_LATENCIES,
        "kernel,total_us,latency_us")) {
      String kernel = row.cells()[0];
      if (models.contains(kernel.substring(0, kernel.indexOf('/')))) {
        for (String us : row.cells()[2].split(" ")) {
          shortest = Math.min(shortest, Integer.parseInt(us));
        }
      }
    }
    return shortest;
  }

  /** The median profiled latency alone, in µs, of the kernel launches of {@code models}. */
  static double medianKernelUs(Map<String, List<Kernel>> byModel,
      java.util.Collection<String> models) {
    double[] latencies = models.stream().flatMap(m -> byModel.get(m).stream())
        .mapToDouble(Kernel::latencyUs).sorted().toArray();
    int n = latencies.length;
    return n % 2 == 1 ? latencies[n / 2] : (latencies[n / 2 - 1] + latencies[n / 2]) / 2;
  }

  /** A real-time task's requests per second: its trace's length, or its rate. */
  static int requestsPerSecond(Task task) {
    return task.trace().isEmpty() ? task.perSecond() : task.trace().size();
  }

  /**
   * Best-effort requests per second if best-effort inferences could not overlap one another nor
   * the real-time ones: round robin over the best-effort tasks, one inference at a time at its
   * profiled latency alone, in the device time the real-time requests leave. Computed from the
   * inputs, not simulated: it is shown beside the simulation as a reference point.
   */
  static double oneAtATimeBePerSecond(Workload workload, Map<String, List<Kernel>> models) {
    double rtBusy = 0;
    for (Task t : workload.rt()) {
      rtBusy += requestsPerSecond(t) * aloneNs(models.get(t.model())) / 1e9;
    }
    double round = 0;
    int capacity = 0;
    for (Task t : workload.be()) {
      round += aloneNs(models.get(t.model())) / 1e9;
      capacity += t.perSecond();
    }
    return Math.min(capacity, Math.max(0, 1 - rtBusy) * workload.be().size() / round);
  }

  /**
   * How a run treats the tasks: whether best effort runs at all, and the hardware priorities of
   * the real-time and best-effort queues.
   */
  enum Mode { RT_ONLY, SAME_PRIORITY, RT_FIRST }

  /**
   * Which GPU contexts the tasks' queues belong to, as the benchmark's clients create them.
   */
  enum Contexts {
    /** Each task in its own context (its own process). */
    PER_TASK,
    /** Every task in one context: one process, one stream per task. */
    ONE,
    /** One context for the real-time tasks and one for the best-effort tasks. */
    BY_CLASS;

    String of(String queue, boolean realTime) {
      return switch (this) {
        case PER_TASK -> queue;
        case ONE -> "app";
        case BY_CLASS -> realTime ? "rt" : "be";
      };
    }
  }

  /** Which job ids belong to which request, to measure latencies and completions. */
  record Request(String queue, boolean realTime, long submitNs, long firstJob, long lastJob) {}

  /** A trace and its requests. */
  record Trace(String csv, List<Request> requests) {}

  /**
   * The CSV trace of a workload over {@code horizonNs}: each task, as a DISB client does, asks
   * for an inference at each of its times (every period, its trace's times, or Poisson times) and
   * waits for it, so a request starts at its time or when the task's previous request has ended,
   * whichever is later (SJTU-IPADS/reef-artifacts {@code src/eval/DISB.h}, {@code
   * BenchmarkSuite::run}; thustorage/GPreempt {@code third_party/disb/src/load.cpp}: a client
   * that falls behind starts its next request at once). A request submits all its kernels at once
   * into the task's in-order queue. Best-effort tasks submit at most as many requests as could run
   * alone within the horizon, plus two. The first requests of tasks of one rate are spread as the
   * workload's {@link Stagger} says.
   */
  static Trace trace(Workload workload, Map<String, List<Kernel>> models, Mode mode,
      long horizonNs) {
    return trace(workload, models, mode, horizonNs, 0, Contexts.PER_TASK, 1, null);
  }

  /** The same, with work-group times for a run whose CUs share their issue slots ({@code issue}). */
  static Trace trace(Workload workload, Map<String, List<Kernel>> models, Mode mode,
      long horizonNs, IssueSharing issue) {
    return trace(workload, models, mode, horizonNs, 0, Contexts.PER_TASK, 1, issue);
  }

  /**
   * The same, with a preparation of {@code preparationNs} at the start of each request, before
   * its kernels are submitted (the request's latency counts from its start), the queues laid out
   * in contexts as {@code contexts} says, Poisson times drawn from {@code seed}, and work-group
   * times for shared issue slots when {@code issue} is not null ({@link
   * Kernel#blockTimeNs(IssueSharing)}).
   */
  static Trace trace(Workload workload, Map<String, List<Kernel>> models, Mode mode,
      long horizonNs, long preparationNs, Contexts contexts, long seed, IssueSharing issue) {
    return trace(workload, models, mode, horizonNs, preparationNs, contexts, seed, issue, 0);
  }

  /**
   * The same, with the tasks' streams on at most {@code hardwareQueues} device queues (0: one
   * queue per task). REEF keeps one real-time task queue, one stream, for every real-time task
   * and one stream per best-effort task (SJTU-IPADS/reef @58dabe0: {@code
   * src/reef/server/scheduler.cpp}, {@code create_queue}); its ROCm runtime maps streams onto at
   * most {@code GPU_MAX_HW_QUEUES} hardware queues, sharing one among several streams beyond that
   * (SJTU-IPADS/reef-artifacts @8750974: {@code reef-env/rocclr/utils/flags.hpp} line 200,
   * default 4; {@code device/rocm/rocdevice.cpp}, {@code acquireQueue}). Here the real-time stream
   * keeps a hardware queue of its own and the best-effort streams share the others in turn, each
   * hardware queue in order.
   */
  static Trace trace(Workload workload, Map<String, List<Kernel>> models, Mode mode,
      long horizonNs, long preparationNs, Contexts contexts, long seed, IssueSharing issue,
      int hardwareQueues) {
    com.google.common.base.Preconditions.checkArgument(hardwareQueues == 0
        || hardwareQueues >= 2, "hardware queues: 0 (one per task) or at least 2, got %s",
        hardwareQueues);
    java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
    StringBuilder csv = new StringBuilder("job_id,queue,context,priority,engine,submit,grid_blocks,"
        + "threads_per_block,registers_per_thread,shared_memory_per_block,block_time,depends_on,"
        + "think_time,idempotent,kernel,prepare\n");
    List<Request> requests = new ArrayList<>();
    long[] next = {0};
    String rtPriority = mode == Mode.SAME_PRIORITY ? "NORMAL" : "HIGH";
    String bePriority = mode == Mode.SAME_PRIORITY ? "NORMAL" : "LOW";
    long[] delays = launchDelays(workload, models, preparationNs);
    for (int i = 0; i < workload.rt().size(); i++) {
      Task task = workload.rt().get(i);
      String queue = hardwareQueues > 0 ? "hwq0-rt" : "rt" + i + "-" + task.model();
      long previousLast = -1;
      for (long at : realTimeTimes(task, horizonNs, random)) {
        long due = at + delays[i];
        if (due >= horizonNs) {
          break;
        }
        previousLast = request(csv, requests, next, new Stream(queue, contexts.of(queue, true),
            rtPriority, true, issue), due, preparationNs, models.get(task.model()), previousLast);
      }
    }
    if (mode != Mode.RT_ONLY) {
      for (int i = 0; i < workload.be().size(); i++) {
        Task task = workload.be().get(i);
        String queue = hardwareQueues > 0 ? "hwq" + (1 + i % (hardwareQueues - 1)) + "-be"
            : "be" + i + "-" + task.model();
        List<Kernel> kernels = models.get(task.model());
        long count = Math.min(task.perSecond() * Math.max(1, horizonNs / 1_000_000_000L),
            horizonNs / aloneNs(kernels) + 2);
        long period = 1_000_000_000L / task.perSecond();
        long previousLast = -1;
        for (long r = 0; r < count; r++) {
          long due = r * period + delays[workload.rt().size() + i];
          if (due >= horizonNs) {
            break;
          }
          previousLast = request(csv, requests, next, new Stream(queue, contexts.of(queue, false),
              bePriority, false, issue), due, preparationNs, kernels, previousLast);
        }
      }
    }
    return new Trace(csv.toString(), requests);
  }

  /**
   * The queue a task submits into: its id, context, priority, whether it is real-time, and the
   * issue sharing its work-group times allow for (or null).
   */
  private record Stream(String queue, String context, String priority, boolean realTime,
      IssueSharing issue) {}

  /**
   * Writes one request's kernels, due at {@code dueNs}: the first request's are submitted after
   * the preparation, a later one's after the preparation that follows the previous request's end
   * or {@code dueNs}, whichever is later (every kernel depends on the previous request's last).
   * Returns the id of its last kernel.
   */
  private static long request(StringBuilder csv, List<Request> requests, long[] next,
      Stream stream, long dueNs, long preparationNs, List<Kernel> kernels, long previousLast) {
    long first = next[0];
    for (Kernel k : kernels) {
      row(csv, next[0]++, stream, dueNs + preparationNs, k, previousLast, preparationNs,
          next[0] - 1 == first ? preparationNs : 0);
    }
    requests.add(new Request(stream.queue(), stream.realTime(), dueNs, first, next[0] - 1));
    return next[0] - 1;
  }

  /** A real-time task's request times from 0, before its stagger: periodic, traced or Poisson. */
  private static List<Long> realTimeTimes(Task task, long horizonNs,
      java.util.SplittableRandom random) {
    List<Long> times = new ArrayList<>();
    if (task.poisson()) {
      double mean = 1e9 / task.perSecond();
      for (long at = Math.round(-mean * Math.log(1 - random.nextDouble())); at < horizonNs;
          at += Math.round(-mean * Math.log(1 - random.nextDouble()))) {
        times.add(at);
      }
    } else if (task.trace().isEmpty()) {
      long period = 1_000_000_000L / task.perSecond();
      for (long at = 0; at < horizonNs; at += period) {
        times.add(at);
      }
    } else if (task.once()) {
      for (int ms : task.trace()) {
        if (ms * 1_000_000L < horizonNs) {
          times.add(ms * 1_000_000L);
        }
      }
    } else {
      for (long base = 0; base < horizonNs; base += 1_000_000_000L) {
        for (int ms : task.trace()) {
          if (base + ms * 1_000_000L < horizonNs) {
            times.add(base + ms * 1_000_000L);
          }
        }
      }
    }
    return times;
  }

  /**
   * Each task's start delay, real-time tasks first, then best-effort, as the workload's {@link
   * Stagger} spreads them; a model's latency alone is the sum of its kernels' profiled latencies.
   */
  static long[] launchDelays(Workload workload, Map<String, List<Kernel>> models,
      long preparationNs) {
    List<Task> tasks = new ArrayList<>(workload.rt());
    tasks.addAll(workload.be());
    long[] delays = new long[tasks.size()];
    int rtCount = workload.rt().size();
    if (workload.stagger() == Stagger.REEF_RT) {
      long sum = 0;
      for (Task t : workload.rt()) {
        sum += aloneNs(models.get(t.model()));
      }
      boolean spread = rtCount > 1 && workload.rt().stream().mapToInt(Task::perSecond).distinct()
          .count() == 1;
      long gap = 0;
      if (spread) {
        long period = 1_000_000_000L / workload.rt().get(0).perSecond();
        gap = period < sum ? 0 : (period - sum) / rtCount;
      }
      long start = 0;
      for (int i = 0; i < tasks.size(); i++) {
        Task t = tasks.get(i);
        delays[i] = i < rtCount && !t.trace().isEmpty() ? 0 : start;
        if (i < rtCount) {
          start += aloneNs(models.get(t.model())) + gap;
        }
      }
    } else {
      Map<Integer, Long> byRate = new java.util.HashMap<>();
      for (int i = 0; i < tasks.size(); i++) {
        Task t = tasks.get(i);
        if (t.poisson() || !t.trace().isEmpty()) {
          continue;
        }
        long delay = byRate.getOrDefault(t.perSecond(), 0L);
        delays[i] = delay;
        byRate.put(t.perSecond(), delay + preparationNs + aloneNs(models.get(t.model())));
      }
    }
    return delays;
  }

  /**
   * One kernel's row; {@code prepareNs} > 0 marks a request's first kernel with the preparation
   * before it (the trace's {@code prepare} column: announced to the policy when it starts).
   */
  private static void row(StringBuilder csv, long id, Stream stream, long atNs, Kernel k,
      long dependsOn, long thinkNs, long prepareNs) {
    csv.append(id).append(',').append(stream.queue()).append(',').append(stream.context())
        .append(',').append(stream.priority()).append(",COMPUTE,").append(atNs).append("ns,")
        .append(k.blocks()).append(',').append(k.threads()).append(',')
        .append(REGISTERS_PER_THREAD).append(',').append(k.sharedBytes()).append(',')
        .append(stream.issue() == null ? k.blockTimeNs() : k.blockTimeNs(stream.issue()))
        .append("ns,")
        .append(dependsOn < 0 ? "" : Long.toString(dependsOn)).append(',')
        .append(dependsOn < 0 ? "" : thinkNs + "ns").append(",true,")
        .append(k.name().toLowerCase(Locale.ROOT)).append(',')
        .append(prepareNs > 0 ? prepareNs + "ns" : "").append('\n');
  }
}
