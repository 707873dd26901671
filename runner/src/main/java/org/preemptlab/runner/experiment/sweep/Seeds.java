package org.preemptlab.runner.experiment.sweep;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.preemptlab.api.Limits;
import org.preemptlab.runner.workload.SpecViolation;

/**
 * The root seeds every configuration of a sweep runs with. In YAML either a count, {@code seeds:
 * 10} for the seeds 1 to 10, or an explicit list, {@code seeds: [1, 7, 42]}.
 *
 * @param values the seeds in run order, at least one, distinct
 */
public record Seeds(List<Long> values) {

  /** Checks and copies the seeds. */
  public Seeds {
    values = List.copyOf(values);
    if (values.isEmpty()) {
      throw new IllegalArgumentException("seeds: needs at least one seed");
    }
    if (values.stream().distinct().count() != values.size()) {
      throw new IllegalArgumentException("seeds: must be distinct, got " + values);
    }
  }

  /** The seeds 1 to {@code count}. */
  public static Seeds count(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("seeds: a count must be >= 1, got " + count);
    }
    return new Seeds(LongStream.rangeClosed(1, count).boxed().toList());
  }

  /** The YAML form: a whole number (a count) or a list of whole numbers. */
  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  static Seeds fromYaml(Object value) {
    if (value instanceof Integer count) {
      if (count < 1 || count > Limits.MAX_SEEDS) {
        throw new IllegalArgumentException("a count must be in [1, " + Limits.MAX_SEEDS
            + "], got " + count);
      }
      return count(count);
    }
    if (value instanceof List<?> list) {
      List<Long> seeds = new ArrayList<>();
      for (int i = 0; i < list.size(); i++) {
        Object seed = list.get(i);
        if (!(seed instanceof Integer || seed instanceof Long)) {
          throw new SpecViolation("[" + i + "]", "expected a whole number, got '" + seed
              + "'");
        }
        seeds.add(((Number) seed).longValue());
      }
      if (seeds.size() > Limits.MAX_SEEDS) {
        throw new IllegalArgumentException("at most " + Limits.MAX_SEEDS + " seeds, got "
            + seeds.size());
      }
      if (seeds.isEmpty() || seeds.stream().distinct().count() != seeds.size()) {
        throw new IllegalArgumentException("expected distinct seeds, at least one, got " + seeds);
      }
      return new Seeds(seeds);
    }
    throw new IllegalArgumentException("expected a count (e.g. 10 for the seeds 1..10) or a list "
        + "of seeds, got '" + value + "'");
  }

  /** Written back as the list of seeds. */
  @JsonValue
  List<Long> toYaml() {
    return values;
  }
}
