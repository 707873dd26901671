package org.preemptlab.api.model;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.RandomAccess;
import org.preemptlab.api.API;

/**
 * An immutable list of jobs stored by column, the list behind {@link Workload#jobs()}: a workload
 * of a million jobs would otherwise hold a million {@link Job} records with their kernels for the
 * whole run, although the engine needs each job only from its submission to its finish.
 *
 * <p>Each field is one array of primitives over all jobs, or no array at all while every job has
 * the same value (ids that equal the job's index, no deadline, no think time, one queue, one
 * credit count, no dependency). Queue ids and kernels are kept once each in a table and referred
 * to by index: equal kernels ({@link Kernel#equals}) are stored once, and a kernel that differs
 * from the others only in its name, grid or timing seed shares their program and timing objects.
 * {@link #get} builds the {@link Job} record of an index on each call: equal to the job that was
 * added, though not the same object. The accessors by index ({@link #id(int)}, {@link
 * #submitTimeNs(int)}, ...) read a column without building a record.
 *
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class JobList extends AbstractList<Job> implements RandomAccess {
  private static final JobList EMPTY = new Builder(0).build();

  private final int size;
  private final Longs ids;
  private final Longs submitTimes;
  private final Longs credits;
  private final Longs deadlines;
  private final Longs thinkTimes;
  private final Longs preparations;
  private final Longs queueIndex;
  private final Longs kernelIndex;
  private final String[] queueIds;
  private final Kernel[] kernels;
  private final BitSet closedLoop;
  /** Job i's dependencies are {@code dependencyIds[offsets[i] .. offsets[i + 1])}; null: none. */
  private final int[] dependencyOffsets;
  private final long[] dependencyIds;

  private JobList(Builder b) {
    size = b.size;
    ids = b.ids.trim(size);
    submitTimes = b.submitTimes.trim(size);
    credits = b.credits.trim(size);
    deadlines = b.deadlines.trim(size);
    thinkTimes = b.thinkTimes.trim(size);
    preparations = b.preparations.trim(size);
    queueIndex = b.queueIndex.trim(size);
    kernelIndex = b.kernelIndex.trim(size);
    queueIds = b.queueOrder.toArray(new String[0]);
    kernels = b.kernels.toArray(new Kernel[0]);
    closedLoop = (BitSet) b.closedLoop.clone();
    dependencyOffsets = b.dependencyOffsets == null ? null
        : Arrays.copyOf(b.dependencyOffsets, size + 1);
    dependencyIds = b.dependencyOffsets == null ? null
        : Arrays.copyOf(b.dependencyIds, b.dependencyOffsets[size]);
  }

  /**
   * The jobs of {@code jobs} in its order: {@code jobs} itself if it is a {@code JobList}.
   *
   * @param jobs the jobs, none null
   * @return a list equal to {@code jobs}
   */
  public static JobList copyOf(Collection<? extends Job> jobs) {
    if (jobs instanceof JobList list) {
      return list;
    }
    Builder builder = new Builder(jobs.size());
    for (Job job : jobs) {
      builder.add(job);
    }
    return builder.build();
  }

  /** An empty list. */
  public static JobList of() {
    return EMPTY;
  }

  /**
   * A builder for a list of about {@code expectedSize} jobs (more may be added).
   *
   * @param expectedSize how many jobs will be added, at least 0: sizes the first arrays
   * @return an empty builder
   */
  public static Builder builder(int expectedSize) {
    checkArgument(expectedSize >= 0, "expected size must be >= 0, got %s", expectedSize);
    return new Builder(expectedSize);
  }

  @Override
  public int size() {
    return size;
  }

  /** The job at {@code index}, built from the columns: equal to the job that was added there. */
  @Override
  public Job get(int index) {
    Objects.checkIndex(index, size);
    return new Job(id(index), queueId(index), submitTimeNs(index), (int) credits.get(index),
        dependencies(index), deadlines.get(index), thinkTimes.get(index), kernel(index),
        closedLoop.get(index), preparations.get(index));
  }

  /**
   * The preparation phase of job {@code index} ({@link Job#preparationNs()}), 0 for none.
   *
   * @since 0.2
   */
  public long preparationNs(int index) {
    return preparations.get(Objects.checkIndex(index, size));
  }

  /** The id of job {@code index}. */
  public long id(int index) {
    return ids.get(Objects.checkIndex(index, size));
  }

  /** The submit time in ns of job {@code index}. */
  public long submitTimeNs(int index) {
    return submitTimes.get(Objects.checkIndex(index, size));
  }

  /** The queue id of job {@code index}. */
  public String queueId(int index) {
    return queueIds[(int) queueIndex.get(Objects.checkIndex(index, size))];
  }

  /** The kernel of job {@code index}: the same object for every job with an equal kernel. */
  public Kernel kernel(int index) {
    return kernels[(int) kernelIndex.get(Objects.checkIndex(index, size))];
  }

  /** Whether job {@code index} is closed-loop ({@link Job#closedLoop()}). */
  public boolean closedLoop(int index) {
    return closedLoop.get(Objects.checkIndex(index, size));
  }

  /** How many dependencies job {@code index} declares. */
  public int dependencyCount(int index) {
    Objects.checkIndex(index, size);
    return dependencyOffsets == null ? 0
        : dependencyOffsets[index + 1] - dependencyOffsets[index];
  }

  /** The id of dependency {@code k} (in declaration order) of job {@code index}. */
  public long dependency(int index, int k) {
    Objects.checkIndex(k, dependencyCount(index));
    return dependencyIds[dependencyOffsets[index] + k];
  }

  /** Whether some job declares a dependency. */
  public boolean anyDependency() {
    return dependencyOffsets != null && dependencyOffsets[size] > 0;
  }

  /** The distinct queue ids of the jobs, in order of first use. */
  public List<String> queueIds() {
    return List.of(queueIds);
  }

  /** How many distinct kernels ({@link Kernel#equals}) the jobs run. */
  public int distinctKernels() {
    return kernels.length;
  }

  /**
   * Which of the {@link #distinctKernels()} job {@code index} runs: jobs with equal kernels have
   * the same number, from 0 in order of first use.
   */
  public int kernelIndex(int index) {
    return (int) kernelIndex.get(Objects.checkIndex(index, size));
  }

  private List<Long> dependencies(int index) {
    int count = dependencyCount(index);
    if (count == 0) {
      return List.of();
    }
    Long[] values = new Long[count];
    for (int k = 0; k < count; k++) {
      values[k] = dependencyIds[dependencyOffsets[index] + k];
    }
    return List.of(values);
  }

  /**
   * Adds jobs one at a time into the columns, so that a generator never holds all its {@link Job}
   * records at once. Not thread-safe.
   *
   * @since 0.1
   */
  @API(status = API.Status.EXPERIMENTAL, since = "0.1")
  public static final class Builder {
    private int size;
    private final Longs ids;
    private final Longs submitTimes;
    private final Longs credits;
    private final Longs deadlines;
    private final Longs thinkTimes;
    private final Longs preparations;
    private final Longs queueIndex;
    private final Longs kernelIndex;
    private final Map<String, Integer> queueIds = new HashMap<>();
    private final List<String> queueOrder = new java.util.ArrayList<>();
    private final List<Kernel> kernels = new java.util.ArrayList<>();
    /**
     * The kernels' indices plus one by hash (open addressing, linear probing; 0: empty), at most
     * half full: about 12 bytes a distinct kernel with {@link #kernelHashes}, where a map entry
     * with a boxed index would take about 50 (a trace may give every job its own kernel).
     */
    private int[] kernelSlots = new int[16];
    /** Each kernel's {@code hashCode}, by index, for growing {@link #kernelSlots}. */
    private int[] kernelHashes = new int[16];
    /**
     * The kernel instances added last, by identity hash (direct-mapped, {@value #RECENT} entries),
     * with their indices: a workload's jobs share kernel instances, and a kernel's record {@code
     * hashCode} walks its program's segments (it was about 5 % of mapping the inference example
     * in bench --trace's profile). An instance found here is equal to the kernel at its index.
     */
    private final Kernel[] recentKernels = new Kernel[RECENT];
    private final int[] recentIndices = new int[RECENT];
    private final Map<BlockProgram, BlockProgram> programs = new HashMap<>();
    private final Map<BlockTiming, BlockTiming> timings = new HashMap<>();
    private final BitSet closedLoop = new BitSet();
    private int[] dependencyOffsets;
    private long[] dependencyIds;
    private boolean built;

    private static final int RECENT = 64;

    private Builder(int expectedSize) {
      ids = Longs.indices(false, expectedSize);
      submitTimes = Longs.constant(0, expectedSize);
      credits = Longs.constantInt(1, expectedSize);
      deadlines = Longs.constant(Job.NO_DEADLINE, expectedSize);
      thinkTimes = Longs.constant(0, expectedSize);
      preparations = Longs.constant(0, expectedSize);
      queueIndex = Longs.constantInt(0, expectedSize);
      kernelIndex = Longs.indices(true, expectedSize);
    }

    /**
     * Appends one job.
     *
     * @param job the job, not null
     * @return this builder
     * @throws IllegalStateException if {@link #build()} was called
     */
    public Builder add(Job job) {
      Objects.requireNonNull(job, "job");
      if (built) {
        throw new IllegalStateException("the list was already built");
      }
      int i = size;
      ids.set(i, job.id());
      submitTimes.set(i, job.submitTimeNs());
      credits.set(i, job.credits());
      deadlines.set(i, job.deadlineNs());
      thinkTimes.set(i, job.thinkTimeNs());
      preparations.set(i, job.preparationNs());
      Integer queue = queueIds.get(job.queueId());
      if (queue == null) {
        queue = queueOrder.size();
        queueIds.put(job.queueId(), queue);
        queueOrder.add(job.queueId());
      }
      queueIndex.set(i, queue);
      kernelIndex.set(i, kernelIndexOf(job.kernel()));
      closedLoop.set(i, job.closedLoop());
      List<Long> dependencies = job.dependencies();
      if (!dependencies.isEmpty() && dependencyOffsets == null) {
        dependencyOffsets = new int[Math.max(16, i + 2)];
        dependencyIds = new long[16];
      }
      if (dependencyOffsets != null) {
        if (i + 2 > dependencyOffsets.length) {
          dependencyOffsets = Arrays.copyOf(dependencyOffsets, grow(dependencyOffsets.length));
        }
        int at = dependencyOffsets[i];
        if (at + dependencies.size() > dependencyIds.length) {
          dependencyIds = Arrays.copyOf(dependencyIds,
              Math.max(grow(dependencyIds.length), at + dependencies.size()));
        }
        for (long dependency : dependencies) {
          dependencyIds[at++] = dependency;
        }
        dependencyOffsets[i + 1] = at;
      }
      size++;
      return this;
    }

    /** The index of {@code kernel} in the table, adding it (with shared parts) if it is new. */
    private int kernelIndexOf(Kernel kernel) {
      int recent = System.identityHashCode(kernel) & (RECENT - 1);
      if (recentKernels[recent] == kernel) {
        return recentIndices[recent];
      }
      int index = kernelIndexByValue(kernel);
      recentKernels[recent] = kernel;
      recentIndices[recent] = index;
      return index;
    }

    private int kernelIndexByValue(Kernel kernel) {
      int hash = kernel.hashCode();
      int mask = kernelSlots.length - 1;
      int slot = spread(hash) & mask;
      for (int entry = kernelSlots[slot]; entry != 0; entry = kernelSlots[slot]) {
        if (kernelHashes[entry - 1] == hash && kernels.get(entry - 1).equals(kernel)) {
          return entry - 1;
        }
        slot = (slot + 1) & mask;
      }
      BlockProgram program = programs.computeIfAbsent(kernel.program(), p -> p);
      BlockTiming timing = timings.computeIfAbsent(kernel.timing(), t -> t);
      Kernel shared = program == kernel.program() && timing == kernel.timing() ? kernel
          : new Kernel(kernel.name(), kernel.gridBlocks(), kernel.threadsPerBlock(),
              kernel.registersPerThread(), kernel.sharedMemoryPerBlock(), kernel.idempotent(),
              program, timing);
      int index = kernels.size();
      kernels.add(shared);
      if (index == kernelHashes.length) {
        kernelHashes = Arrays.copyOf(kernelHashes, grow(index));
      }
      kernelHashes[index] = hash; // an equal kernel has the same hash
      kernelSlots[slot] = index + 1;
      if (2 * kernels.size() > kernelSlots.length) {
        rehashKernels();
      }
      return index;
    }

    /** Doubles {@link #kernelSlots}. */
    private void rehashKernels() {
      kernelSlots = new int[2 * kernelSlots.length];
      int mask = kernelSlots.length - 1;
      for (int index = 0; index < kernels.size(); index++) {
        int slot = spread(kernelHashes[index]) & mask;
        while (kernelSlots[slot] != 0) {
          slot = (slot + 1) & mask;
        }
        kernelSlots[slot] = index + 1;
      }
    }

    /** Mixes the high bits of a hash into the low ones, which pick the slot. */
    private static int spread(int hash) {
      int h = hash * 0x9E3779B9;
      return h ^ (h >>> 16);
    }

    /**
     * The list of the jobs added, in their order. The builder accepts no more jobs after this.
     *
     * @return the list
     */
    public JobList build() {
      built = true;
      if (dependencyOffsets != null && dependencyOffsets.length < size + 1) {
        dependencyOffsets = Arrays.copyOf(dependencyOffsets, size + 1);
      }
      JobList list = new JobList(this);
      kernelSlots = new int[0];
      kernelHashes = new int[0];
      programs.clear();
      timings.clear();
      return list;
    }
  }

  private static int grow(int length) {
    return Math.max(16, length + (length >> 1));
  }

  /**
   * One column of longs (or of ints, when narrow): no array while every value is the default (a
   * constant, or the row's index), then one array.
   */
  private static final class Longs {
    private final long constant;
    private final boolean indices;
    private final boolean narrow;
    private final int expectedSize;
    private long[] values;
    private int[] ints;

    private Longs(long constant, boolean indices, boolean narrow, int expectedSize) {
      this.constant = constant;
      this.indices = indices;
      this.narrow = narrow;
      this.expectedSize = expectedSize;
    }

    static Longs constant(long value, int expectedSize) {
      return new Longs(value, false, false, expectedSize);
    }

    /** A column of ints that are mostly {@code value}. */
    static Longs constantInt(int value, int expectedSize) {
      return new Longs(value, false, true, expectedSize);
    }

    static Longs indices(boolean narrow, int expectedSize) {
      return new Longs(0, true, narrow, expectedSize);
    }

    long get(int i) {
      return values != null ? values[i] : ints != null ? ints[i] : indices ? i : constant;
    }

    void set(int i, long value) {
      if (values == null && ints == null) {
        if (value == (indices ? i : constant)) {
          return;
        }
        int length = Math.max(expectedSize, i + 1);
        if (narrow) {
          ints = new int[length];
        } else {
          values = new long[length];
        }
        for (int k = 0; k < i; k++) {
          put(k, indices ? k : constant);
        }
      } else if (i >= (narrow ? ints.length : values.length)) {
        int length = Math.max(grow(narrow ? ints.length : values.length), i + 1);
        if (narrow) {
          ints = Arrays.copyOf(ints, length);
        } else {
          values = Arrays.copyOf(values, length);
        }
      }
      put(i, value);
    }

    private void put(int i, long value) {
      if (narrow) {
        ints[i] = Math.toIntExact(value);
      } else {
        values[i] = value;
      }
    }

    /** This column over the first {@code size} rows, its array no longer than that. */
    Longs trim(int size) {
      Longs trimmed = new Longs(constant, indices, narrow, 0);
      trimmed.values = values == null || values.length == size ? values
          : Arrays.copyOf(values, size);
      trimmed.ints = ints == null || ints.length == size ? ints : Arrays.copyOf(ints, size);
      return trimmed;
    }
  }
}
