package org.preemptlab.runner.reproduce;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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

  /**
   * One kernel launch of a model.
   *
   * @param name the kernel's name
   * @param blocks work-groups in the grid
   * @param threads work-items per work-group
   * @param sharedBytes LDS per work-group
   * @param latencyUs the kernel's latency alone on the MI50, µs (the profile's total_latency)
   */
  record Kernel(String name, int blocks, int threads, int sharedBytes, int latencyUs) {
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
  }

  /** The kernels of every model, in launch order, read from the bundled copy. */
  static Map<String, List<Kernel>> models() {
    Map<String, List<Kernel>> models = new LinkedHashMap<>();
    try (InputStream in = ReefDisb.class.getResourceAsStream("reef-kernels.csv");
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
        String[] f = line.split(",");
        models.computeIfAbsent(f[0], m -> new ArrayList<>()).add(new Kernel(f[2],
            Integer.parseInt(f[3]), Integer.parseInt(f[4]), Integer.parseInt(f[5]),
            Integer.parseInt(f[6])));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return models;
  }

  /**
   * A DISB task: a model served at a rate.
   *
   * @param model the model
   * @param perSecond requests per second (the config's {@code frequency})
   * @param trace request times in ms within the second, or empty for periodic requests
   */
  record Task(String model, int perSecond, List<Integer> trace, boolean poisson) {
    Task(String model, int perSecond, List<Integer> trace) {
      this(model, perSecond, trace, false);
    }
  }

  /**
   * A DISB workload.
   *
   * @param id its letter
   * @param rt the real-time tasks
   * @param be the best-effort tasks
   */
  record Workload(String id, List<Task> rt, List<Task> be) {}

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
        new Workload("A", List.of(t("vgg", 100)), List.of(t("resnet152", 100))),
        new Workload("B", List.of(t("vgg", 220)), List.of(t("resnet152", 220))),
        new Workload("C", List.of(t("vgg", 100)), cBe),
        new Workload("D", five.stream().map(m -> t(m, 20)).toList(), cBe),
        new Workload("E", five.stream().map(m -> new Task(m, 20, List.of(), true)).toList(),
            cBe));
  }

  /** DISB E's real-time request times within a second (ms), evaluation/fig10/E.json. */
  static final List<Integer> E_TRACE = List.of(64, 216, 229, 255, 324, 361, 381, 420, 431, 602,
      611, 616, 664, 771, 797, 884, 915);

  /** The five workloads of Fig. 10 (SJTU-IPADS/reef-artifacts: evaluation/fig10/*.json). */
  static List<Workload> workloads() {
    List<Task> cBe = List.of(t("densenet", 100), t("densenet", 100), t("vgg", 100),
        t("bert", 100), t("resnet152", 100));
    return List.of(
        new Workload("A", List.of(t("vgg", 100)), List.of(t("resnet152", 100))),
        new Workload("B", List.of(t("vgg", 220)), List.of(t("resnet152", 220))),
        new Workload("C", List.of(t("vgg", 100)), cBe),
        new Workload("D", List.of(t("vgg", 20), t("resnet152", 20), t("densenet", 20),
            t("inception", 20), t("bert", 20)), List.of(t("densenet", 100), t("densenet", 100),
            t("vgg", 100), t("bert", 100), t("resnet", 100))),
        new Workload("E", List.of(new Task("vgg", 20, E_TRACE)), cBe));
  }

  /**
   * How a run treats the tasks: whether best effort runs at all, and the hardware priorities of
   * the real-time and best-effort queues.
   */
  enum Mode { RT_ONLY, SAME_PRIORITY, RT_FIRST }

  /** Which job ids belong to which request, to measure latencies and completions. */
  record Request(String queue, boolean realTime, long submitNs, long firstJob, long lastJob) {}

  /** A trace and its requests. */
  record Trace(String csv, List<Request> requests) {}

  /**
   * The CSV trace of a workload over {@code horizonNs}: each real-time task submits the kernels
   * of one request at every period (or at its trace's times), into its own in-order queue; each
   * best-effort task is a closed loop that submits its next request when the previous one has
   * finished, at most as many as could run alone within the horizon, plus two.
   */
  static Trace trace(Workload workload, Map<String, List<Kernel>> models, Mode mode,
      long horizonNs) {
    return trace(workload, models, mode, horizonNs, 0, false, 1);
  }

  /**
   * The same, with a preparation of {@code preparationNs} before each real-time submission (the
   * request's latency counts from the start of its preparation), every task in one context when
   * {@code sharedContext} (else each in its own), and Poisson times drawn from {@code seed}.
   */
  static Trace trace(Workload workload, Map<String, List<Kernel>> models, Mode mode,
      long horizonNs, long preparationNs, boolean sharedContext, long seed) {
    java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
    StringBuilder csv = new StringBuilder("job_id,queue,context,priority,engine,submit,grid_blocks,"
        + "threads_per_block,registers_per_thread,shared_memory_per_block,block_time,depends_on,"
        + "think_time,idempotent,kernel\n");
    List<Request> requests = new ArrayList<>();
    long[] next = {0};
    String rtPriority = mode == Mode.SAME_PRIORITY ? "NORMAL" : "HIGH";
    String bePriority = mode == Mode.SAME_PRIORITY ? "NORMAL" : "LOW";
    for (int i = 0; i < workload.rt().size(); i++) {
      Task task = workload.rt().get(i);
      String queue = "rt" + i + "-" + task.model();
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
      } else {
        for (long base = 0; base < horizonNs; base += 1_000_000_000L) {
          for (int ms : task.trace()) {
            if (base + ms * 1_000_000L < horizonNs) {
              times.add(base + ms * 1_000_000L);
            }
          }
        }
      }
      for (long at : times) {
        long first = next[0];
        for (Kernel k : models.get(task.model())) {
          row(csv, next[0]++, queue, sharedContext ? "app" : queue, rtPriority,
              at + preparationNs, k, -1);
        }
        requests.add(new Request(queue, true, at, first, next[0] - 1));
      }
    }
    if (mode != Mode.RT_ONLY) {
      for (int i = 0; i < workload.be().size(); i++) {
        Task task = workload.be().get(i);
        String queue = "be" + i + "-" + task.model();
        List<Kernel> kernels = models.get(task.model());
        long alone = kernels.stream().mapToLong(k -> k.latencyUs() * 1000L).sum();
        long count = Math.min(task.perSecond() * Math.max(1, horizonNs / 1_000_000_000L),
            horizonNs / alone + 2);
        long previousLast = -1;
        for (long r = 0; r < count; r++) {
          long first = next[0];
          for (Kernel k : kernels) {
            row(csv, next[0]++, queue, sharedContext ? "app" : queue, bePriority, 0, k,
                previousLast);
          }
          previousLast = next[0] - 1;
          requests.add(new Request(queue, false, 0, first, previousLast));
        }
      }
    }
    return new Trace(csv.toString(), requests);
  }

  private static void row(StringBuilder csv, long id, String queue, String context,
      String priority, long atNs, Kernel k, long dependsOn) {
    csv.append(id).append(',').append(queue).append(',').append(context).append(',')
        .append(priority).append(",COMPUTE,").append(atNs).append("ns,").append(k.blocks())
        .append(',').append(k.threads()).append(',').append(REGISTERS_PER_THREAD).append(',')
        .append(k.sharedBytes()).append(',').append(k.blockTimeNs()).append("ns,")
        .append(dependsOn < 0 ? "" : Long.toString(dependsOn)).append(',')
        .append(dependsOn < 0 ? "" : "0").append(",true,")
        .append(k.name().toLowerCase(Locale.ROOT)).append('\n');
  }
}
