package org.preemptlab.runner.metrics;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * Each job's slowdown by job id: an immutable map read from a run's {@link JobSamples} (8 bytes
 * per job instead of a map entry with a boxed key and value). Iterates in job order.
 */
final class JobValues extends AbstractMap<Long, Double> {
  private final JobSamples samples;

  /** The slowdowns of every job of {@code samples}' run. */
  JobValues(JobSamples samples) {
    this.samples = samples;
  }

  @Override
  public Double get(Object key) {
    return key instanceof Long id ? samples.slowdown(id) : null;
  }

  @Override
  public boolean containsKey(Object key) {
    return key instanceof Long id && samples.slowdown(id) != null;
  }

  @Override
  public int size() {
    return samples.runSize();
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
            return next < samples.runSize();
          }

          @Override
          public Entry<Long, Double> next() {
            if (next >= samples.runSize()) {
              throw new NoSuchElementException();
            }
            int row = next++;
            return new SimpleImmutableEntry<>(samples.jobId(row), samples.slowdownAt(row));
          }
        };
      }

      @Override
      public int size() {
        return samples.runSize();
      }
    };
  }
}
