package org.preemptlab.runner.workload.trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.GpuContext;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.JobList;
import org.preemptlab.api.model.JobQueue;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Workload;
import org.preemptlab.runner.workload.ProgramSpec;
import org.preemptlab.runner.workload.Programs;

/**
 * Maps the operations of one device of a {@link RecordedTrace} onto contexts, queues and jobs
 * ({@code docs/traces.md}, "Mapping"):
 *
 * <ul>
 *   <li>each CUDA context of the device becomes a {@link GpuContext} (named by the option {@code
 *       context}); each stream a serial {@link JobQueue} {@code <context>.s<stream>} on the compute
 *       engine, and, for its memory copies and sets, {@code <context>.s<stream>.copy} on the copy
 *       engine; every queue gets the option's priority;
 *   <li>each kernel becomes a job whose grid, threads, registers and shared memory are the traced
 *       ones and whose blocks run the standard tiled-kernel program for the duration {@link
 *       BlockDurations} derives; a copy or set becomes a one-block, one-thread job of its traced
 *       duration;
 *   <li>a job is submitted at its CPU-side launch (or, without one, at its GPU start), relative to
 *       the earliest kept operation and multiplied by the time scale; it depends on the operation
 *       before it on its stream and, for a recorded cross-stream wait, on the last operation of
 *       the awaited stream launched before the event was recorded.
 * </ul>
 *
 * Job ids count up from a given first id in order of submission time, then trace order.
 */
public final class TraceReplay {
  private static final int MAX_NAME = 100;

  private TraceReplay() {}

  /**
   * The contexts, queues and jobs of one replayed trace.
   *
   * @param jobs the jobs by column, in id order
   */
  public record Part(List<GpuContext> contexts, List<JobQueue> queues, JobList jobs) {
    /** Copies the lists ({@code jobs} is immutable). */
    public Part {
      contexts = List.copyOf(contexts);
      queues = List.copyOf(queues);
      Objects.requireNonNull(jobs, "jobs");
    }

    /** This part as a whole workload. */
    public Workload workload() {
      return new Workload(contexts, queues, jobs);
    }
  }

  /**
   * Replays {@code trace}.
   *
   * @param traced the device the trace was recorded on (its occupancy limits give the waves)
   * @param target the device of the run (its clock scales block durations)
   * @param firstJobId the id of the first job
   * @throws ConfigurationException naming the file for an unknown device, a selection that keeps
   *     no kernel, or a trace recorded on a GPU other than {@code traced}
   */
  public static Part replay(RecordedTrace trace, TraceOptions options, DeviceSpec traced,
      DeviceSpec target, long firstJobId) {
    String source = trace.source();
    if (options.rank() >= 0 && options.rank() != trace.rank()) {
      throw new ConfigurationException(source + ": " + (trace.rank() < 0
          ? "parameter 'rank' is " + options.rank() + " but the trace names no rank (no "
              + "distributedInfo)"
          : "the trace is of rank " + trace.rank() + ", not rank " + options.rank()
              + "; every rank writes its own file: replay the file of rank " + options.rank()));
    }
    int device = chooseDevice(trace, options);
    trace.device(device).filter(p -> p.smCount() > 0 && p.smCount() != traced.smCount())
        .ifPresent(p -> {
          throw new ConfigurationException(source + ": the trace was recorded on '" + p.name()
              + "' (" + p.smCount() + " SMs), but the traced hardware '" + traced.name() + "' has "
              + traced.smCount() + " SMs; set parameter 'traced-hardware' to a model of that GPU");
        });
    List<TraceOp> onDevice = trace.ops().stream().filter(op -> op.device() == device).toList();
    long deviceStart = onDevice.stream().mapToLong(TraceOp::startNs).min().orElseThrow();
    List<ProfilerStep> steps = selectSteps(trace, options);
    List<TraceOp> kept = new ArrayList<>();
    for (TraceOp op : onDevice) {
      long offset = op.startNs() - deviceStart;
      boolean inWindow = offset >= options.windowStartNs()
          && (options.windowEndNs() == 0 || offset < options.windowEndNs());
      boolean inSteps = steps == null
          || steps.stream().anyMatch(s -> s.contains(op.submittedNs()));
      boolean wanted = op.kind() == TraceOp.Kind.KERNEL || options.copies();
      if (inWindow && inSteps && wanted) {
        kept.add(op);
      }
    }
    if (kept.stream().noneMatch(op -> op.kind() == TraceOp.Kind.KERNEL)) {
      throw new ConfigurationException(source + ": no kernels on device " + device
          + " in the selected " + (steps != null ? "iterations " + options.firstStep() + "-"
          + options.lastStep() : "window") + " (" + onDevice.stream()
          .filter(op -> op.kind() == TraceOp.Kind.KERNEL).count() + " kernels in the trace)");
    }
    return build(trace, options, kept, traced, target, firstJobId);
  }

  private static int chooseDevice(RecordedTrace trace, TraceOptions options) {
    TreeSet<Integer> used = trace.usedDevices();
    String list = used.stream().map(String::valueOf).collect(Collectors.joining(", "));
    if (options.device() >= 0) {
      if (!used.contains(options.device())) {
        throw new ConfigurationException(trace.source() + ": unknown device " + options.device()
            + ": no GPU operations on it; devices in the trace: " + list);
      }
      return options.device();
    }
    if (used.size() > 1) {
      throw new ConfigurationException(trace.source() + ": GPU operations on devices " + list
          + "; choose one with parameter 'device'");
    }
    return used.first();
  }

  private static List<ProfilerStep> selectSteps(RecordedTrace trace, TraceOptions options) {
    if (!options.selectsSteps()) {
      return null;
    }
    if (trace.steps().isEmpty()) {
      throw new ConfigurationException(trace.source() + ": parameter 'iterations' needs "
          + "ProfilerStep#N annotations, and the trace has none (call prof.step() every "
          + "iteration)");
    }
    List<ProfilerStep> chosen = trace.steps().stream()
        .filter(s -> s.number() >= options.firstStep() && s.number() <= options.lastStep())
        .toList();
    if (chosen.isEmpty()) {
      throw new ConfigurationException(trace.source() + ": no ProfilerStep#N with N in "
          + options.firstStep() + "-" + options.lastStep() + "; steps in the trace: "
          + trace.steps().stream().map(s -> String.valueOf(s.number()))
          .collect(Collectors.joining(", ")));
    }
    return chosen;
  }

  private static Part build(RecordedTrace trace, TraceOptions options, List<TraceOp> kept,
      DeviceSpec traced, DeviceSpec target, long firstJobId) {
    List<TraceOp> ordered = new ArrayList<>(kept);
    ordered.sort(Comparator.comparingLong(TraceOp::startNs)); // stable: file order on ties
    long base = ordered.stream().mapToLong(TraceOp::submittedNs).min().orElseThrow();
    long end = ordered.stream().mapToLong(TraceOp::endNs).max().orElseThrow();
    long period = Math.round((end - base) * options.timeScale());

    Set<Long> cudaContexts = new LinkedHashSet<>();
    ordered.forEach(op -> cudaContexts.add(op.context()));
    Map<Long, String> contextIds = new HashMap<>();
    List<GpuContext> contexts = new ArrayList<>();
    for (long c : cudaContexts) {
      String id = cudaContexts.size() == 1 ? options.context() : options.context() + "-" + c;
      contextIds.put(c, id);
      contexts.add(new GpuContext(id, false));
    }
    // What every repetition of an op shares: its queue, its kernel, its submit time in the first
    // repetition and the op before it on its stream (for the stream's first op: the stream's last,
    // in the repetition before).
    int n = ordered.size();
    long planned = (long) n * options.repeat();
    if (planned > Limits.MAX_JOBS) {
      throw new ConfigurationException(trace.source() + ": " + n + " operations replayed "
          + options.repeat() + " times (parameter 'repeat') make " + planned
          + " jobs, more than the " + Limits.MAX_JOBS + " one workload may hold; lower 'repeat' "
          + "or select a window");
    }
    Map<String, JobQueue> queues = new LinkedHashMap<>();
    String[] queueIds = new String[n];
    Kernel[] kernels = new Kernel[n];
    long[] submitOffsets = new long[n];
    int[] previousOnStream = new int[n];
    String[] streams = new String[n];
    Map<String, Integer> lastOnStream = new HashMap<>();
    Map<KernelKey, Kernel> made = new HashMap<>(); // a trace repeats its kernels: build each once
    // and its kernels share few register and shared-memory sizes: one program template for each
    Map<Long, ProgramSpec> templates = new HashMap<>();
    checkSpan(trace, ordered, options, base, period);
    for (int i = 0; i < n; i++) {
      TraceOp op = ordered.get(i);
      String context = contextIds.get(op.context());
      String stream = context + ".s" + op.stream();
      boolean kernel = op.kind() == TraceOp.Kind.KERNEL;
      String queueId = kernel ? stream : stream + ".copy";
      queueIds[i] = queues.computeIfAbsent(queueId, id -> new JobQueue(id, context,
          options.priority(), 1, kernel ? EngineKind.COMPUTE : EngineKind.COPY, true)).id();
      Integer previous = lastOnStream.put(stream, i);
      previousOnStream[i] = previous == null ? -1 : previous;
      streams[i] = stream;
      submitOffsets[i] = Math.round((op.submittedNs() - base) * options.timeScale());
      kernels[i] = kernel(trace, op, options, traced, target, made, templates);
    }
    int[] lastOfStream = new int[n];
    for (int i = 0; i < n; i++) {
      lastOfStream[i] = lastOnStream.get(streams[i]);
    }
    // Repetition r of op i is planned job p = r * n + i. Ids count up in order of submit time,
    // then p (repetition, then trace order).
    int total = (int) planned;
    long[] submit = new long[total];
    for (int p = 0; p < total; p++) {
      submit[p] = submitOffsets[p % n] + (long) (p / n) * period;
    }
    int[] byId = sortedStably(submit);
    int[] rank = new int[total];
    for (int k = 0; k < total; k++) {
      rank[byId[k]] = k;
    }
    // Stream order and cross-stream waits, within one repetition; repetition r+1 follows r on
    // every stream.
    Map<Integer, List<Edge>> dependencies = dependencies(trace, ordered);
    checkAcyclic(trace, ordered, previousOnStream, dependencies);
    JobList.Builder jobs = JobList.builder(total); // by column: no record kept per job
    for (int k = 0; k < total; k++) {
      int p = byId[k];
      int r = p / n;
      int i = p % n;
      List<Long> deps = new ArrayList<>();
      int previous = previousOnStream[i] >= 0 ? r * n + previousOnStream[i]
          : r > 0 ? (r - 1) * n + lastOfStream[i] : -1;
      if (previous >= 0) {
        deps.add(firstJobId + rank[previous]);
      }
      for (Edge edge : dependencies.getOrDefault(i, List.of())) {
        long depId = firstJobId + rank[r * n + edge.source()];
        if (!deps.contains(depId)) {
          deps.add(depId);
        }
      }
      jobs.add(new Job(firstJobId + k, queueIds[i], submit[p], 1, deps, Job.NO_DEADLINE, 0,
          kernels[i]));
    }
    return new Part(contexts, new ArrayList<>(queues.values()), jobs.build());
  }

  /** The latest time a replay may submit a job: one day, as the window parameters. */
  static final long MAX_REPLAY_NS = TraceOptions.DAY_NS;

  /**
   * Refuses a replay whose last submission (the latest op in the last repetition) would come
   * after {@link #MAX_REPLAY_NS}, naming that op's line, before any time can overflow.
   */
  private static void checkSpan(RecordedTrace trace, List<TraceOp> ordered, TraceOptions options,
      long base, long period) {
    TraceOp latest = ordered.stream().max(Comparator.comparingLong(TraceOp::submittedNs))
        .orElseThrow();
    double offset = (double) (latest.submittedNs() - base) * options.timeScale();
    double last = offset + (double) (options.repeat() - 1) * period;
    if (offset > MAX_REPLAY_NS || period > MAX_REPLAY_NS || last > MAX_REPLAY_NS) {
      throw new ConfigurationException(trace.source() + ":" + latest.where().replace("line ", "")
          + ": replayed " + options.repeat() + " time(s) at time-scale " + options.timeScale()
          + ", the operation on this line would be submitted after "
          + org.preemptlab.api.Durations.format(MAX_REPLAY_NS) + ", the latest time a replay "
          + "may reach; lower 'repeat' or 'time-scale', or select a window");
    }
  }

  /** The indices of {@code keys} ordered by key, equal keys in index order (a merge sort). */
  static int[] sortedStably(long[] keys) {
    return org.preemptlab.runner.workload.StableOrder.of(keys, keys.length);
  }

  /**
   * For each op (by its index in {@code ordered}), the indices of the ops it waits for, with the
   * wait that made each edge. One pass over the operations groups them by stream, and each wait
   * is resolved by binary search: O((n + w) log n) for n operations and w waits.
   */
  private static Map<Integer, List<Edge>> dependencies(RecordedTrace trace,
      List<TraceOp> ordered) {
    Map<Integer, List<Edge>> result = new HashMap<>();
    if (trace.waits().isEmpty()) {
      return result;
    }
    int device = ordered.get(0).device();
    Map<Long, StreamOps> byStream = new HashMap<>();
    for (int i = 0; i < ordered.size(); i++) {
      byStream.computeIfAbsent(ordered.get(i).stream(), s -> new StreamOps()).add(i);
    }
    byStream.values().forEach(ops -> ops.index(ordered));
    for (StreamWait wait : trace.waits()) {
      if (wait.device() != device || wait.stream() == wait.sourceStream()) {
        continue;
      }
      StreamOps sources = byStream.get(wait.sourceStream());
      StreamOps targets = byStream.get(wait.stream());
      if (sources == null || targets == null) {
        continue;
      }
      int source = wait.recordLaunchNs() >= 0 ? sources.lastSubmittedBy(wait.recordLaunchNs())
          : sources.lastStartedBy(wait.atNs());
      int target = targets.firstStartingFrom(wait.atNs());
      if (source >= 0 && target >= 0 && source != target) {
        result.computeIfAbsent(target, t -> new ArrayList<>()).add(new Edge(source, wait));
      }
    }
    return result;
  }

  /** A cross-stream dependency: the op waits for op {@code source} because of {@code streamWait}. */
  private record Edge(int source, StreamWait streamWait) {}

  /** The ops of one stream (indices into the ordered list, so by start time) and lookups. */
  private static final class StreamOps {
    private int[] indices = new int[8];
    private int size;
    private long[] starts;
    /** The stream's submission times ascending, and the largest index among the first k + 1. */
    private long[] submittedSorted;
    private int[] lastIndexUpTo;

    void add(int index) {
      if (size == indices.length) {
        indices = java.util.Arrays.copyOf(indices, 2 * size);
      }
      indices[size++] = index;
    }

    void index(List<TraceOp> ordered) {
      starts = new long[size];
      long[] submitted = new long[size];
      for (int k = 0; k < size; k++) {
        starts[k] = ordered.get(indices[k]).startNs();
        submitted[k] = ordered.get(indices[k]).submittedNs();
      }
      int[] bySubmission = sortedStably(submitted);
      submittedSorted = new long[size];
      lastIndexUpTo = new int[size];
      int last = -1;
      for (int k = 0; k < size; k++) {
        submittedSorted[k] = submitted[bySubmission[k]];
        last = Math.max(last, indices[bySubmission[k]]);
        lastIndexUpTo[k] = last;
      }
    }

    /** The last op (largest index) submitted at or before {@code ns}, or -1. */
    int lastSubmittedBy(long ns) {
      int count = countAtMost(submittedSorted, ns);
      return count == 0 ? -1 : lastIndexUpTo[count - 1];
    }

    /** The last op started at or before {@code ns}, or -1 (starts ascend with the index). */
    int lastStartedBy(long ns) {
      int count = countAtMost(starts, ns);
      return count == 0 ? -1 : indices[count - 1];
    }

    /** The first op started at or after {@code ns}, or -1. */
    int firstStartingFrom(long ns) {
      int count = countAtMost(starts, ns - 1);
      return count == size ? -1 : indices[count];
    }

    /** How many of the ascending {@code values} are at most {@code ns}. */
    private static int countAtMost(long[] values, long ns) {
      int low = 0;
      int high = values.length;
      while (low < high) {
        int middle = (low + high) >>> 1;
        if (values[middle] <= ns) {
          low = middle + 1;
        } else {
          high = middle;
        }
      }
      return low;
    }
  }

  /**
   * Refuses dependencies that form a cycle (two streams waiting on each other), naming the trace
   * lines of the waits on it. Repetitions only depend on earlier ones, so a cycle, if any, lies
   * within one.
   */
  private static void checkAcyclic(RecordedTrace trace, List<TraceOp> ordered,
      int[] previousOnStream, Map<Integer, List<Edge>> waits) {
    int n = ordered.size();
    if (waits.isEmpty()) {
      return; // stream order alone always points back
    }
    int[] unmet = new int[n];
    List<List<Integer>> dependants = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      dependants.add(new ArrayList<>(1));
    }
    for (int i = 0; i < n; i++) {
      if (previousOnStream[i] >= 0) {
        unmet[i]++;
        dependants.get(previousOnStream[i]).add(i);
      }
      for (Edge edge : waits.getOrDefault(i, List.of())) {
        unmet[i]++;
        dependants.get(edge.source()).add(i);
      }
    }
    java.util.ArrayDeque<Integer> free = new java.util.ArrayDeque<>();
    for (int i = 0; i < n; i++) {
      if (unmet[i] == 0) {
        free.add(i);
      }
    }
    int done = 0;
    while (!free.isEmpty()) {
      int i = free.poll();
      done++;
      for (int d : dependants.get(i)) {
        if (--unmet[d] == 0) {
          free.add(d);
        }
      }
    }
    if (done == n) {
      return;
    }
    // walk back from an op left over along unmet dependencies until an op repeats: a cycle
    int[] seenAt = new int[n];
    java.util.Arrays.fill(seenAt, -1);
    List<Integer> path = new ArrayList<>();
    int at = 0;
    while (unmet[at] == 0) {
      at++;
    }
    while (seenAt[at] < 0) {
      seenAt[at] = path.size();
      path.add(at);
      int next = previousOnStream[at] >= 0 && unmet[previousOnStream[at]] > 0
          ? previousOnStream[at] : -1;
      for (Edge edge : waits.getOrDefault(at, List.of())) {
        if (next < 0 && unmet[edge.source()] > 0) {
          next = edge.source();
        }
      }
      at = next;
    }
    Set<Integer> lines = new TreeSet<>();
    List<Integer> cycle = path.subList(seenAt[at], path.size());
    for (int k = 0; k < cycle.size(); k++) {
      int op = cycle.get(k);
      int source = cycle.get((k + 1) % cycle.size());
      for (Edge edge : waits.getOrDefault(op, List.of())) {
        if (edge.source() == source) {
          lines.add(Integer.valueOf(edge.streamWait().where().replace("line ", "")));
        }
      }
    }
    TraceOp first = ordered.get(cycle.get(0));
    throw new ConfigurationException(trace.source() + ":" + lines.stream().map(String::valueOf)
        .collect(Collectors.joining(","))
        + ": the stream waits on these lines make a cycle: each stream waits for the other, "
        + "so the operation on " + first.where() + " (stream " + first.stream()
        + ") could never start");
  }

  /**
   * What makes a replayed kernel: equal keys give equal kernels, so {@link #kernel} builds one per
   * key (its program is the costly part) and hands the same instance to every equal operation.
   */
  private record KernelKey(String name, boolean kernel, long gridBlocks, int threadsPerBlock,
      int registersPerThread, int sharedMemoryBytes, long blockNs, long dramBytes) {}

  private static Kernel kernel(RecordedTrace trace, TraceOp op, TraceOptions options,
      DeviceSpec traced, DeviceSpec target, Map<KernelKey, Kernel> made,
      Map<Long, ProgramSpec> templates) {
    long dispatch = traced.costs().blockDispatchNs();
    if (op.kind() != TraceOp.Kind.KERNEL) {
      long ns = Math.max(1, op.durationNs() - dispatch);
      return made.computeIfAbsent(new KernelKey(op.name(), false, 1, 1, 0, 0, ns, 0),
          key -> new Kernel(shortName(op), 1, 1, 0, 0, true, BlockProgram.uniform(ns, 0, 0),
              new BlockTiming.Exact()));
    }
    String name = shortName(op);
    long blockNs;
    try {
      blockNs = BlockDurations.blockNs(op, traced, target, options.scaling());
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(trace.source() + ":" + op.where().replace("line ", "")
          + ": kernel '" + name + "': " + e.getMessage());
    }
    int registers = op.registersPerThread();
    int shared = op.sharedMemoryBytes();
    long dramBytes = dramBytesPerBlock(op, options, traced);
    KernelKey key = new KernelKey(op.name(), true, op.gridBlocks(), op.threadsPerBlock(),
        registers, shared, blockNs, dramBytes);
    Kernel earlier = made.get(key);
    if (earlier != null) {
      return earlier;
    }
    ProgramSpec template = templates.computeIfAbsent(
        (long) registers << 32 | Integer.toUnsignedLong(shared),
        k -> ProgramSpec.standard(registers, shared));
    BlockProgram program = Programs.build(template, blockNs, registers, shared, 1.0);
    if (dramBytes > 0) {
      program = Programs.withDramBytes(program, dramBytes);
    }
    Kernel kernel = new Kernel(name, (int) op.gridBlocks(), op.threadsPerBlock(), registers,
        shared, options.idempotent(), program, new BlockTiming.Exact());
    made.put(key, kernel);
    return kernel;
  }

  /** The operation's name, cut to {@link #MAX_NAME} characters. */
  private static String shortName(TraceOp op) {
    return op.name().length() > MAX_NAME ? op.name().substring(0, MAX_NAME - 3) + "..."
        : op.name();
  }

  /**
   * The DRAM bytes one block of a traced kernel moves: its annotation ({@code dram-annotations},
   * bytes per launch by kernel name) spread evenly over its blocks; else from {@code
   * dram-bandwidth-share} (the traces record none): the kernel moved share x the traced GPU's
   * bandwidth x its traced duration, spread evenly over its blocks; 0 when the share is 0.
   */
  static long dramBytesPerBlock(TraceOp op, TraceOptions options, DeviceSpec traced) {
    Long annotated = options.dramBytesByKernel().get(op.name());
    if (annotated != null) {
      return Math.round((double) annotated / op.gridBlocks());
    }
    if (options.dramBandwidthShare() == 0) {
      return 0;
    }
    if (!traced.memory().declared()) {
      throw new ConfigurationException("parameter 'dram-bandwidth-share': the traced GPU's model"
          + " ('" + traced.name() + "') declares no DRAM bandwidth; use traced-hardware with a model"
          + " that does, or 0");
    }
    double bytes = options.dramBandwidthShare() * traced.memory().dramBandwidthBytesPerNs()
        * op.durationNs() / op.gridBlocks();
    return Math.round(bytes);
  }
}
