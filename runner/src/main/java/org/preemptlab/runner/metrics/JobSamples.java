package org.preemptlab.runner.metrics;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkState;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntToLongFunction;
import java.util.function.LongBinaryOperator;
import java.util.function.Predicate;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Priority;
import org.preemptlab.engine.JobIdIndex;
import org.preemptlab.engine.JobRecord;

/**
 * What the metrics keep of each job of a run, filled as the jobs finish ({@link Recorder}) so that
 * the records themselves need not be kept: per job its turnaround (8 bytes, in the workload's order:
 * percentiles are exact and sums of slowdowns add in job order) and its lane (one byte while the
 * run has at most 256 lanes). A job's slowdown is not stored: it is its turnaround over its
 * turnaround alone, which the run keeps per distinct kernel, computed by the same expression
 * whenever it is read, so it is the same {@code double}; per lane (a queue with its context,
 * priority and engine) the sums that add up exactly in any order: jobs, waiting time, lost work,
 * deadline misses, first submission and last finish.
 *
 * <p>An instance is the whole run or the jobs of some of its lanes ({@link #select}); a selection
 * shares the run's columns.
 */
public final class JobSamples {
  private static final JobSamples EMPTY = new Recorder(0, i -> 1).build();

  private final Columns columns;
  /** The lanes in this selection, or null for all. */
  private final BitSet lanes;

  private JobSamples(Columns columns, BitSet lanes) {
    this.columns = columns;
    this.lanes = lanes;
  }

  /** The samples of a run without jobs. */
  public static JobSamples empty() {
    return EMPTY;
  }

  /**
   * The samples of {@code records} (a run's jobs in the workload's order).
   *
   * @param isolatedNs each job's turnaround when run alone, in the order of {@code records}
   */
  public static JobSamples of(List<JobRecord> records, long[] isolatedNs) {
    checkArgument(isolatedNs.length == records.size(), "%s isolated turnarounds for %s jobs",
        isolatedNs.length, records.size());
    Recorder recorder = new Recorder(records.size(), i -> isolatedNs[i]);
    for (int i = 0; i < isolatedNs.length; i++) {
      recorder.add(i, records.get(i));
    }
    return recorder.build();
  }

  /**
   * The samples of {@code records} (a run's jobs in the workload's order).
   *
   * @param isolatedNs each job's turnaround when run alone, by job id
   */
  public static JobSamples of(List<JobRecord> records, Map<Long, Long> isolatedNs) {
    long[] alone = new long[records.size()];
    for (int i = 0; i < alone.length; i++) {
      long id = records.get(i).jobId();
      Long ns = isolatedNs.get(id);
      checkArgument(ns != null, "no isolated turnaround for job %s", id);
      alone[i] = ns;
    }
    return of(records, alone);
  }

  /** One queue with its context, priority and engine: what a scope selects jobs by. */
  public record Lane(String queueId, String contextId, Priority priority, EngineKind engine) {
    /** Checks that nothing is null. */
    public Lane {
      Objects.requireNonNull(queueId, "queueId");
      Objects.requireNonNull(contextId, "contextId");
      Objects.requireNonNull(priority, "priority");
      Objects.requireNonNull(engine, "engine");
    }

    static Lane of(JobRecord r) {
      return new Lane(r.queueId(), r.contextId(), r.priority(), r.engine());
    }
  }

  /** The jobs of the lanes {@code member} accepts. */
  public JobSamples select(Predicate<Lane> member) {
    BitSet selected = new BitSet();
    for (int l = 0; l < columns.lanes.length; l++) {
      if (in(l) && member.test(columns.lanes[l])) {
        selected.set(l);
      }
    }
    return new JobSamples(columns, selected);
  }

  /** The lanes with jobs here, in order of their first finished job. */
  public List<Lane> lanes() {
    List<Lane> here = new ArrayList<>();
    for (int l = 0; l < columns.lanes.length; l++) {
      if (in(l)) {
        here.add(columns.lanes[l]);
      }
    }
    return List.copyOf(here);
  }

  /** Jobs here. */
  public int size() {
    return (int) overLanes(0, Long::sum, l -> columns.jobs[l]);
  }

  /** Whether there is no job here. */
  public boolean isEmpty() {
    return size() == 0;
  }

  /** The jobs' turnarounds (finish − submit), in the workload's order; a new array. */
  public long[] turnarounds() {
    if (lanes == null) {
      return Arrays.copyOf(columns.turnaround, columns.size);
    }
    long[] values = new long[count()];
    int at = 0;
    for (int row = 0; row < columns.size; row++) {
      if (in(columns.lane(row))) {
        values[at++] = columns.turnaround[row];
      }
    }
    return values;
  }

  /**
   * The jobs' turnarounds in ascending order, for percentiles and means over them; the caller must
   * not change the array. Selections of the same lanes share one sorted copy while it lives (held
   * weakly: until the next garbage collection once no caller holds it, so it adds no memory per
   * job to what a run keeps), so the turnaround statistics of a run's queue, context and priority,
   * which are the same jobs when a run has one queue, sort them once instead of once per statistic.
   */
  long[] sortedTurnarounds() {
    SortedCopy cached = columns.sorted;
    if (cached != null && Objects.equals(cached.lanes(), lanes)) {
      long[] sorted = cached.values().get();
      if (sorted != null) {
        return sorted;
      }
    }
    long[] sorted = turnarounds();
    Arrays.sort(sorted);
    columns.sorted = new SortedCopy(lanes == null ? null : (BitSet) lanes.clone(),
        new WeakReference<>(sorted));
    return sorted;
  }

  /** A sorted copy of the turnarounds of some lanes (null: all), held weakly. */
  private record SortedCopy(BitSet lanes, WeakReference<long[]> values) {}

  /** The jobs' slowdowns (turnaround / turnaround alone), in the workload's order; a new array. */
  public double[] slowdowns() {
    double[] values = new double[lanes == null ? columns.size : count()];
    int at = 0;
    for (int row = 0; row < columns.size; row++) {
      if (lanes == null || in(columns.lane(row))) {
        values[at++] = columns.slowdown(row);
      }
    }
    return values;
  }

  /** The rows here, counted (without building an array). */
  private int count() {
    int n = 0;
    for (int row = 0; row < columns.size; row++) {
      if (in(columns.lane(row))) {
        n++;
      }
    }
    return n;
  }

  /** The jobs' turnarounds by queue id, each in the workload's order; queues sorted by id. */
  public Map<String, long[]> turnaroundsByQueue() {
    Map<String, long[]> byQueue = new TreeMap<>();
    for (String queue : lanes().stream().map(Lane::queueId).distinct().toList()) {
      byQueue.put(queue, select(l -> l.queueId().equals(queue)).turnarounds());
    }
    return byQueue;
  }

  /**
   * The mean waiting time (first start − submit), NaN without jobs. The sum is exact (a {@code
   * long}) unless it exceeds {@code Long.MAX_VALUE} ns, when it continues as a {@code double}.
   */
  public double waitingMeanNs() {
    int jobs = size();
    if (jobs == 0) {
      return Double.NaN;
    }
    WideSum sum = new WideSum();
    for (int l = 0; l < columns.lanes.length; l++) {
      if (in(l)) {
        sum.add(columns.waiting[l]);
      }
    }
    return sum.value() / jobs;
  }

  /** Block execution time discarded by flushes, summed over the jobs. */
  public long lostWorkNs() {
    return overLanes(0, Long::sum, l -> columns.lostWork[l]);
  }

  /** Jobs with a deadline that finished after it. */
  public int deadlineMisses() {
    return (int) overLanes(0, Long::sum, l -> columns.misses[l]);
  }

  /** The earliest submission here ({@code Long.MAX_VALUE} without jobs). */
  public long firstSubmitNs() {
    return overLanes(Long.MAX_VALUE, Math::min, l -> columns.firstSubmit[l]);
  }

  /** The latest finish here ({@code Long.MIN_VALUE} without jobs). */
  public long lastFinishNs() {
    return overLanes(Long.MIN_VALUE, Math::max, l -> columns.lastFinish[l]);
  }

  /** Whether job {@code jobId} is here. */
  public boolean contains(long jobId) {
    int row = columns.rowOf(jobId);
    return row >= 0 && in(columns.lane(row));
  }

  /** The slowdown of job {@code jobId} of the run (here or not), or null for an unknown id. */
  Double slowdown(long jobId) {
    int row = columns.rowOf(jobId);
    return row < 0 ? null : columns.slowdown(row);
  }

  /** Jobs of the whole run. */
  int runSize() {
    return columns.size;
  }

  /** The job id of row {@code row} of the whole run. */
  long jobId(int row) {
    return columns.ids == null ? row : columns.ids[row];
  }

  /** The slowdown of row {@code row} of the whole run. */
  double slowdownAt(int row) {
    return columns.slowdown(row);
  }

  /**
   * Equal when both hold the same jobs with the same values, lanes and per-lane sums, however the
   * jobs were recorded (the numbering of lanes follows the order in which jobs finished).
   */
  @Override
  public boolean equals(Object o) {
    if (!(o instanceof JobSamples other) || other.columns.size != columns.size
        || !Set.copyOf(lanes()).equals(Set.copyOf(other.lanes()))) {
      return false;
    }
    Columns a = columns;
    Columns b = other.columns;
    for (int row = 0; row < a.size; row++) {
      if (a.turnaround[row] != b.turnaround[row]
          || Double.compare(a.slowdown(row), b.slowdown(row)) != 0
          || jobId(row) != other.jobId(row) || !a.lanes[a.lane(row)].equals(b.lanes[b.lane(row)])) {
        return false;
      }
    }
    for (Lane lane : lanes()) {
      JobSamples mine = select(lane::equals);
      JobSamples theirs = other.select(lane::equals);
      if (mine.size() != theirs.size() || mine.lostWorkNs() != theirs.lostWorkNs()
          || mine.deadlineMisses() != theirs.deadlineMisses()
          || Double.compare(mine.waitingMeanNs(), theirs.waitingMeanNs()) != 0
          || mine.firstSubmitNs() != theirs.firstSubmitNs()
          || mine.lastFinishNs() != theirs.lastFinishNs()) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(turnarounds()) + Arrays.hashCode(slowdowns());
  }

  @Override
  public String toString() {
    return "JobSamples[" + size() + " jobs in " + lanes().size() + " lanes]";
  }

  /**
   * A per-lane column folded over the lanes here with {@code op}, from {@code identity}: a sum, a
   * minimum or a maximum. The per-lane statistics are a loop, not streams: a run computes them a
   * few dozen times, once, in code the JIT compiler has not compiled yet when the run is short
   * (docs/performance-log.md, "Nsight Systems traces: fixed costs per row").
   */
  private long overLanes(long identity, LongBinaryOperator op, IntToLongFunction perLane) {
    long result = identity;
    for (int l = 0; l < columns.lanes.length; l++) {
      if (in(l)) {
        result = op.applyAsLong(result, perLane.applyAsLong(l));
      }
    }
    return result;
  }

  private boolean in(int lane) {
    return lanes == null || lanes.get(lane);
  }

  /**
   * Fills the samples of a run as its jobs finish, in any order; each job index comes once. A job
   * index at or beyond the expected number (a job an application submitted during the run) grows
   * the columns; {@link #build()} then wants every index up to the highest. Not thread-safe.
   *
   * <p>A {@linkplain #spilling spilling} recorder keeps no column while the run goes on: each job's
   * index, id, turnaround and lane wait in a buffer (65,536 jobs, 1.5 MiB) and then in a
   * temporary file, and {@link #build()} reads them back into the columns (the same values:
   * the run's heap holds the per-job samples only once the simulation is over).
   */
  public static final class Recorder {
    private final Columns c;
    private final Map<Lane, Integer> laneIds = new HashMap<>();
    private final BitSet added;
    /** Where a spilling recorder's jobs wait until {@link #build()}, else null. */
    private final SampleSpill spill;

    /**
     * A recorder of {@code jobs} jobs, or more if higher indices come, that keeps its columns in
     * memory.
     *
     * @param isolatedNs the turnaround when run alone of the job with a given index
     */
    public Recorder(int jobs, IntToLongFunction isolatedNs) {
      this(jobs, isolatedNs, null);
    }

    private Recorder(int jobs, IntToLongFunction isolatedNs, SampleSpill spill) {
      checkArgument(jobs >= 0, "jobs %s", jobs);
      this.spill = spill;
      this.c = new Columns(spill == null ? jobs : 0, Objects.requireNonNull(isolatedNs,
          "isolatedNs"));
      c.size = jobs;
      this.added = new BitSet(jobs);
    }

    /**
     * A recorder of {@code jobs} jobs (or more) whose per-job samples wait outside the heap until
     * {@link #build()}: the recorder of a run that streams its job records.
     *
     * @param isolatedNs the turnaround when run alone of the job with a given index
     */
    public static Recorder spilling(int jobs, IntToLongFunction isolatedNs) {
      return spilling(jobs, isolatedNs, SampleSpill.BUFFERED, null);
    }

    /**
     * A spilling recorder whose buffer holds {@code buffered} jobs and whose file goes to {@code
     * folder} (null: the system's temporary folder); tests use a small buffer and a folder.
     */
    static Recorder spilling(int jobs, IntToLongFunction isolatedNs, int buffered,
        java.nio.file.Path folder) {
      return new Recorder(jobs, isolatedNs, new SampleSpill(buffered, folder));
    }

    /**
     * Records job {@code index}.
     *
     * @return its slowdown: turnaround over its turnaround alone
     */
    public double add(int index, JobRecord r) {
      checkArgument(index >= 0, "job index %s", index);
      checkState(!added.get(index), "job index %s recorded twice", index);
      added.set(index);
      int lane = laneIds.computeIfAbsent(Lane.of(r), c::addLane);
      if (spill == null) {
        c.put(index, r.jobId(), r.turnaroundNs(), lane);
      } else {
        c.size = Math.max(c.size, index + 1);
        spill.add(index, r.jobId(), r.turnaroundNs(), lane);
      }
      double slowdown = (double) r.turnaroundNs() / c.isolatedNs.applyAsLong(index);
      c.jobs[lane]++;
      c.waiting[lane].add(r.waitingNs());
      c.lostWork[lane] += r.lostWorkNs();
      if (r.missedDeadline()) {
        c.misses[lane]++;
      }
      c.firstSubmit[lane] = Math.min(c.firstSubmit[lane], r.submitNs());
      c.lastFinish[lane] = Math.max(c.lastFinish[lane], r.finishNs());
      return slowdown;
    }

    /**
     * The samples; every job must have been recorded.
     *
     * @throws IllegalStateException naming how many jobs are missing
     */
    public JobSamples build() {
      checkState(added.cardinality() == c.size, "%s of %s jobs recorded",
          added.cardinality(), c.size);
      if (spill != null) {
        int rows = c.size;
        c.grow(rows);
        spill.readBack(c::put);
      }
      c.finish();
      return new JobSamples(c, null);
    }
  }

  /** The columns of a whole run. */
  private static final class Columns {
    /** Rows: the highest job index recorded plus one, or the expected number if higher. */
    int size;
    long[] turnaround;
    /** Each job's turnaround alone, by row: the denominator of its slowdown. */
    final IntToLongFunction isolatedNs;
    /** Lane per job while there are at most 256 lanes (as an unsigned byte), else null. */
    byte[] smallLane;
    /** Lane per job once there are more than 256 lanes, else null. */
    int[] lane;
    /** Job ids by row, or null while every job's id is its index. */
    long[] ids;
    JobIdIndex index;
    /** The lanes by id; their number is {@link #laneCount} until {@link #finish()} trims. */
    Lane[] lanes = new Lane[0];
    int laneCount;
    int[] jobs = new int[0];
    WideSum[] waiting = new WideSum[0];
    long[] lostWork = new long[0];
    int[] misses = new int[0];
    long[] firstSubmit = new long[0];
    long[] lastFinish = new long[0];
    /** The last sorted copy of some lanes' turnarounds ({@link #sortedTurnarounds}), or null. */
    SortedCopy sorted;

    Columns(int size, IntToLongFunction isolatedNs) {
      this.size = size;
      this.isolatedNs = isolatedNs;
      turnaround = new long[size];
      smallLane = new byte[size];
    }

    /** Puts job {@code row}'s values in the columns, growing them to hold the row. */
    void put(int row, long jobId, long turnaroundNs, int laneId) {
      if (row >= size || row >= turnaround.length) {
        grow(Math.max(size, row + 1));
      }
      turnaround[row] = turnaroundNs;
      if (jobId != row && ids == null) {
        ids = new long[turnaround.length];
        for (int i = 0; i < ids.length; i++) {
          ids[i] = i; // every job put so far has its index as id
        }
      }
      if (ids != null) {
        ids[row] = jobId;
      }
      setLane(row, laneId);
    }

    /** Raises the rows to {@code rows}; the capacity grows by half at least. */
    void grow(int rows) {
      if (rows > turnaround.length) {
        int capacity = Math.max(rows, turnaround.length + (turnaround.length >> 1) + 8);
        turnaround = Arrays.copyOf(turnaround, capacity);
        if (smallLane != null) {
          smallLane = Arrays.copyOf(smallLane, capacity);
        }
        if (lane != null) {
          lane = Arrays.copyOf(lane, capacity);
        }
        if (ids != null) {
          ids = Arrays.copyOf(ids, capacity);
        }
      }
      size = rows;
    }

    /** The slowdown of row {@code row}: its turnaround over its turnaround alone. */
    double slowdown(int row) {
      return (double) turnaround[row] / isolatedNs.applyAsLong(row);
    }

    int lane(int row) {
      return smallLane != null ? smallLane[row] & 0xFF : lane[row];
    }

    void setLane(int row, int id) {
      if (smallLane != null && id > 0xFF) {
        lane = new int[smallLane.length];
        for (int i = 0; i < smallLane.length; i++) {
          lane[i] = smallLane[i] & 0xFF;
        }
        smallLane = null;
      }
      if (smallLane != null) {
        smallLane[row] = (byte) id;
      } else {
        lane[row] = id;
      }
    }

    int addLane(Lane l) {
      int id = laneCount++;
      if (id == lanes.length) {
        resizeLanes(Math.max(4, 2 * id));
      }
      lanes[id] = l;
      waiting[id] = new WideSum();
      firstSubmit[id] = Long.MAX_VALUE;
      lastFinish[id] = Long.MIN_VALUE;
      return id;
    }

    private void resizeLanes(int n) {
      lanes = Arrays.copyOf(lanes, n);
      jobs = Arrays.copyOf(jobs, n);
      waiting = Arrays.copyOf(waiting, n);
      lostWork = Arrays.copyOf(lostWork, n);
      misses = Arrays.copyOf(misses, n);
      firstSubmit = Arrays.copyOf(firstSubmit, n);
      lastFinish = Arrays.copyOf(lastFinish, n);
    }

    void finish() {
      resizeLanes(laneCount); // from here on lanes.length is the number of lanes
      if (turnaround.length != size) { // grown during the run: trim to the rows
        turnaround = Arrays.copyOf(turnaround, size);
        smallLane = smallLane == null ? null : Arrays.copyOf(smallLane, size);
        lane = lane == null ? null : Arrays.copyOf(lane, size);
        ids = ids == null ? null : Arrays.copyOf(ids, size);
      }
      if (ids != null) {
        index = JobIdIndex.of(ids, size);
      }
    }

    int rowOf(long id) {
      if (ids == null) {
        return id >= 0 && id < size ? (int) id : -1;
      }
      return index.rowOf(id);
    }
  }

  /**
   * A sum of {@code long}s that is exact until it would pass {@code Long.MAX_VALUE}, and goes on
   * in a {@code double} beyond.
   */
  private static final class WideSum {
    private long exact;
    private double beyond;

    void add(long value) {
      long sum = exact + value;
      if (((exact ^ sum) & (value ^ sum)) < 0) { // overflowed: move the exact part out
        beyond += exact;
        sum = value;
      }
      exact = sum;
    }

    void add(WideSum other) {
      add(other.exact);
      beyond += other.beyond;
    }

    double value() {
      return beyond + exact;
    }
  }
}
