package org.preemptlab.engine;

import com.google.common.base.Preconditions;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.function.Predicate;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Priority;

/**
 * The job records of a run, stored as columns of primitives: an immutable {@code List<JobRecord>}
 * whose elements are made on demand. The engine fills a job's row when the job finishes ({@link
 * Builder#ofRows}), so that it keeps no other state of finished jobs. A job costs 96 bytes here
 * instead of a {@link JobRecord}
 * object with its reference (about 120 bytes), and percentiles and means read one column without
 * boxing. A table is either the whole run ({@link #base()} is itself) or a selection of its rows
 * ({@link #select}), which costs 4 bytes per selected job.
 *
 * <p>Queue, context, priority and engine are stored once per distinct combination (a job's
 * "lane"); the kernel name is a reference to the workload's string (a trace may give every job its
 * own name, and a map from names to ids would cost more than the reference).
 */
public final class JobTable extends AbstractList<JobRecord> implements RandomAccess {
  private final Columns columns;
  /** Rows of {@link #columns} in this table, or null for all of them in order. */
  private final int[] rows;

  private JobTable(Columns columns, int[] rows) {
    this.columns = columns;
    this.rows = rows;
  }

  /** A table holding {@code records} in order; returns {@code records} itself if it is a table. */
  public static JobTable copyOf(List<JobRecord> records) {
    if (records instanceof JobTable table) {
      return table;
    }
    Builder builder = new Builder(records.size());
    for (JobRecord r : records) {
      builder.add(r);
    }
    return builder.build();
  }

  /** An empty table. */
  public static JobTable empty() {
    return new Builder(0).build();
  }

  @Override
  public JobRecord get(int index) {
    return columns.record(row(index));
  }

  @Override
  public int size() {
    return rows == null ? columns.size : rows.length;
  }

  /** The row of the whole run's table that element {@code index} of this table is. */
  public int row(int index) {
    if (rows == null) {
      java.util.Objects.checkIndex(index, columns.size);
      return index;
    }
    return rows[index];
  }

  /** The table of the whole run this table's rows belong to. */
  public JobTable base() {
    return rows == null ? this : new JobTable(columns, null);
  }

  /** Whether {@code other} holds rows of the same run's table. */
  public boolean sameBase(JobTable other) {
    return other.columns == columns;
  }

  /** The rows of this table that {@code member} accepts, in order. */
  public JobTable select(Predicate<JobRecord> member) {
    int[] selected = new int[size()];
    int n = 0;
    for (int i = 0; i < selected.length; i++) {
      int row = row(i);
      if (member.test(columns.record(row))) {
        selected[n++] = row;
      }
    }
    return new JobTable(columns, Arrays.copyOf(selected, n));
  }

  /** The job id of element {@code index}. */
  public long jobId(int index) {
    return columns.jobId[row(index)];
  }

  /** Turnaround (finish − submit) of element {@code index}. */
  public long turnaroundNs(int index) {
    int row = row(index);
    return columns.finishNs[row] - columns.submitNs[row];
  }

  /**
   * The row of the whole run's table holding job {@code jobId}, or -1. Binary search over the id
   * column when ids ascend (as generated workloads and traces number them), otherwise over a
   * sorted index built with the table.
   */
  public int rowOf(long jobId) {
    return columns.rowOf(jobId);
  }

  /** Builds a table row by row; the capacity grows as needed. */
  public static final class Builder {
    private final Map<Lane, Integer> laneIds = new HashMap<>();
    private final Columns c;
    /** The rows of a builder made by {@link #ofRows}, or -1. */
    private int fixedRows = -1;
    /** The rows set so far, with a fixed number of rows. */
    private java.util.BitSet rowsSet;

    /** A builder for about {@code capacity} jobs. */
    public Builder(int capacity) {
      c = new Columns(Math.max(capacity, 0));
    }

    /**
     * A builder of a table of exactly {@code rows} rows, filled in any order with {@link #set} (the
     * engine writes each job's row when it finishes); every row must be set before {@link
     * #build()}.
     */
    public static Builder ofRows(int rows) {
      Builder builder = new Builder(rows);
      builder.fixedRows = rows;
      builder.rowsSet = new java.util.BitSet(rows);
      return builder;
    }

    /** The rows of a builder made by {@link #ofRows}. */
    public int rows() {
      Preconditions.checkState(fixedRows >= 0, "only a table of fixed rows has a row count");
      return fixedRows;
    }

    /**
     * Raises the rows of a builder made by {@link #ofRows} to {@code rows} (jobs that applications
     * submit during the run); the capacity grows geometrically.
     */
    public Builder growRows(int rows) {
      Preconditions.checkState(fixedRows >= 0, "only a table of fixed rows grows its rows");
      Preconditions.checkArgument(rows >= fixedRows, "rows %s below %s", rows, fixedRows);
      if (rows > c.jobId.length) {
        c.resize(Math.max(rows, c.jobId.length + (c.jobId.length >> 1) + 8));
      }
      fixedRows = rows;
      return this;
    }

    /** Appends one job. */
    public Builder add(JobRecord r) {
      Preconditions.checkState(fixedRows < 0, "a table of fixed rows is filled with set");
      if (c.size == c.jobId.length) {
        c.resize(Math.max(8, c.size * 2));
      }
      c.put(c.size++, r, laneOf(r));
      return this;
    }

    /** Sets row {@code row} of a builder made by {@link #ofRows}; each row is set once. */
    public Builder set(int row, JobRecord r) {
      Preconditions.checkState(fixedRows >= 0, "only a table of fixed rows is filled with set");
      java.util.Objects.checkIndex(row, fixedRows);
      Preconditions.checkState(!rowsSet.get(row), "row %s set twice", row);
      rowsSet.set(row);
      c.put(row, r, laneOf(r));
      return this;
    }

    private int laneOf(JobRecord r) {
      Lane lane = new Lane(r.queueId(), r.contextId(), r.priority(), r.engine());
      // The lane array grows geometrically; build() trims it.
      return laneIds.computeIfAbsent(lane, l -> {
        if (laneIds.size() == c.lanes.length) {
          c.lanes = Arrays.copyOf(c.lanes, Math.max(4, 2 * c.lanes.length));
        }
        c.lanes[laneIds.size()] = l;
        return laneIds.size();
      });
    }

    /** The table; the builder must not be used afterwards. */
    public JobTable build() {
      if (fixedRows >= 0) {
        Preconditions.checkState(rowsSet.cardinality() == fixedRows, "%s of %s rows set",
            rowsSet.cardinality(), fixedRows);
        c.size = fixedRows;
      }
      c.lanes = Arrays.copyOf(c.lanes, laneIds.size());
      c.trim();
      c.index();
      return new JobTable(c, null);
    }
  }

  /** One queue with its context, priority and engine. */
  private record Lane(String queueId, String contextId, Priority priority, EngineKind engine) {}

  /** The columns of a whole run. */
  private static final class Columns {
    Lane[] lanes = new Lane[0];
    int size;
    long[] jobId;
    int[] lane;
    /** Kernel names: references to the workload's strings, no copy. */
    String[] kernel;
    int[] blocks;
    long[] submitNs;
    long[] readyNs;
    long[] dispatchNs;
    long[] firstStartNs;
    long[] finishNs;
    int[] preemptions;
    long[] bytesSaved;
    long[] bytesRestored;
    long[] lostWorkNs;
    long[] deadlineNs;
    /** Finds a job id's row; set by {@link #index()}. */
    JobIdIndex ids;

    Columns(int capacity) {
      jobId = new long[capacity];
      lane = new int[capacity];
      kernel = new String[capacity];
      blocks = new int[capacity];
      submitNs = new long[capacity];
      readyNs = new long[capacity];
      dispatchNs = new long[capacity];
      firstStartNs = new long[capacity];
      finishNs = new long[capacity];
      preemptions = new int[capacity];
      bytesSaved = new long[capacity];
      bytesRestored = new long[capacity];
      lostWorkNs = new long[capacity];
      deadlineNs = new long[capacity];
    }

    void put(int i, JobRecord r, int laneId) {
      jobId[i] = r.jobId();
      lane[i] = laneId;
      kernel[i] = r.kernel();
      blocks[i] = r.blocks();
      submitNs[i] = r.submitNs();
      readyNs[i] = r.readyNs();
      dispatchNs[i] = r.dispatchNs();
      firstStartNs[i] = r.firstStartNs();
      finishNs[i] = r.finishNs();
      preemptions[i] = r.preemptions();
      bytesSaved[i] = r.bytesSaved();
      bytesRestored[i] = r.bytesRestored();
      lostWorkNs[i] = r.lostWorkNs();
      deadlineNs[i] = r.deadlineNs();
    }

    void trim() {
      if (size != jobId.length) {
        resize(size);
      }
    }

    void resize(int n) {
      jobId = Arrays.copyOf(jobId, n);
      lane = Arrays.copyOf(lane, n);
      kernel = Arrays.copyOf(kernel, n);
      blocks = Arrays.copyOf(blocks, n);
      submitNs = Arrays.copyOf(submitNs, n);
      readyNs = Arrays.copyOf(readyNs, n);
      dispatchNs = Arrays.copyOf(dispatchNs, n);
      firstStartNs = Arrays.copyOf(firstStartNs, n);
      finishNs = Arrays.copyOf(finishNs, n);
      preemptions = Arrays.copyOf(preemptions, n);
      bytesSaved = Arrays.copyOf(bytesSaved, n);
      bytesRestored = Arrays.copyOf(bytesRestored, n);
      lostWorkNs = Arrays.copyOf(lostWorkNs, n);
      deadlineNs = Arrays.copyOf(deadlineNs, n);
    }

    void index() {
      ids = JobIdIndex.of(jobId, size);
    }

    int rowOf(long id) {
      return ids.rowOf(id);
    }

    JobRecord record(int i) {
      Lane l = lanes[lane[i]];
      return new JobRecord(jobId[i], l.queueId(), l.contextId(), l.priority(), l.engine(),
          kernel[i], blocks[i], submitNs[i], readyNs[i], dispatchNs[i], firstStartNs[i],
          finishNs[i], preemptions[i], bytesSaved[i], bytesRestored[i], lostWorkNs[i],
          deadlineNs[i]);
    }
  }
}
