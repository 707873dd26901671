package org.preemptlab.runner.workload;

import static com.google.common.base.Preconditions.checkArgument;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * A whole-number quantity of a spec (a grid size, a block time in ns, a think time) that is either
 * fixed or drawn per job. In YAML: a plain value, {@code {uniform: [min, max]}} (inclusive) or
 * {@code {choice: [a, b, c]}} (equally likely).
 *
 * <p>Every {@link #sample} consumes exactly one {@code nextDouble()} of the stream, whatever the
 * kind, so changing one quantity's distribution never shifts the draws of the quantities after it.
 */
public sealed interface Distribution {

  /** Draws one value; consumes exactly one {@code nextDouble()} of {@code random}. */
  long sample(RandomGenerator random);

  /** The smallest value the distribution can give. */
  long min();

  /** The largest value the distribution can give. */
  long max();

  /** A distribution that always gives {@code value}. */
  static Distribution fixed(long value) {
    return new Fixed(value);
  }

  /**
   * Always the same value.
   *
   * @param value the value
   */
  record Fixed(long value) implements Distribution {
    /** Written back as the bare value, the form it is read from. */
    @JsonValue
    long json() {
      return value;
    }

    @Override
    public long sample(RandomGenerator random) {
      random.nextDouble();
      return value;
    }

    @Override
    public long min() {
      return value;
    }

    @Override
    public long max() {
      return value;
    }
  }

  /**
   * Uniform over the whole numbers {@code [low, high]}.
   *
   * @param low the smallest value
   * @param high the largest value, at least {@code low}
   */
  record Uniform(long low, long high) implements Distribution {
    /** Written back as {@code {uniform: [low, high]}}, the form it is read from. */
    @JsonValue
    Map<String, List<Long>> json() {
      return Map.of("uniform", List.of(low, high));
    }

    /** Checks that the range is not empty. */
    public Uniform {
      checkArgument(low <= high, "uniform range is empty: min %s > max %s", low, high);
    }

    @Override
    public long sample(RandomGenerator random) {
      double span = (double) high - low + 1;
      return Math.min(high, low + (long) Math.floor(random.nextDouble() * span));
    }

    @Override
    public long min() {
      return low;
    }

    @Override
    public long max() {
      return high;
    }
  }

  /**
   * One of a list of values, each equally likely (repeat a value to weight it).
   *
   * @param values at least one value
   */
  record Choice(List<Long> values) implements Distribution {
    /** Written back as {@code {choice: [...]}}, the form it is read from. */
    @JsonValue
    Map<String, List<Long>> json() {
      return Map.of("choice", values);
    }

    /** Copies the values and checks there is at least one. */
    public Choice {
      values = List.copyOf(values);
      checkArgument(!values.isEmpty(), "choice needs at least one value");
    }

    @Override
    public long sample(RandomGenerator random) {
      int index = (int) Math.floor(random.nextDouble() * values.size());
      return values.get(Math.min(index, values.size() - 1));
    }

    @Override
    public long min() {
      return values.stream().mapToLong(Long::longValue).min().orElseThrow();
    }

    @Override
    public long max() {
      return values.stream().mapToLong(Long::longValue).max().orElseThrow();
    }
  }
}
