package org.preemptlab.runner.metrics;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;
import org.preemptlab.runner.engine.JobTable;

/**
 * One {@code double} per job of a run, by job id: an immutable map backed by a {@code double[]} in
 * the order of the run's {@link JobTable} (8 bytes per job instead of a map entry with a boxed key
 * and value). Iterates in job order; looks a job up through {@link JobTable#rowOf}.
 */
public final class JobValues extends AbstractMap<Long, Double> {
  private final JobTable jobs;
  private final double[] values;

  /**
   * The values of {@code jobs}' rows.
   *
   * @param jobs the whole run's table
   * @param values one value per row of {@code jobs}, in its order (not copied: the caller hands
   *     it over)
   */
  public JobValues(JobTable jobs, double[] values) {
    com.google.common.base.Preconditions.checkArgument(jobs.base().size() == values.length,
        "%s values for %s jobs", values.length, jobs.base().size());
    this.jobs = jobs.base();
    this.values = values;
  }

  /** The value of element {@code index} of {@code table}, a table of the same run. */
  double at(JobTable table, int index) {
    return values[table.row(index)];
  }

  /** Whether these are values of {@code table}'s run. */
  boolean covers(JobTable table) {
    return jobs.sameBase(table);
  }

  @Override
  public Double get(Object key) {
    if (!(key instanceof Long id)) {
      return null;
    }
    int row = jobs.rowOf(id);
    return row < 0 ? null : values[row];
  }

  @Override
  public boolean containsKey(Object key) {
    return key instanceof Long id && jobs.rowOf(id) >= 0;
  }

  @Override
  public int size() {
    return values.length;
  }

  @Override
  public Set<Entry<Long, Double>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Entry<Long, Double>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < values.length;
          }

          @Override
          public Entry<Long, Double> next() {
            if (next >= values.length) {
              throw new NoSuchElementException();
            }
            int row = next++;
            return new SimpleImmutableEntry<>(jobs.jobId(row), values[row]);
          }
        };
      }

      @Override
      public int size() {
        return values.length;
      }
    };
  }
}
