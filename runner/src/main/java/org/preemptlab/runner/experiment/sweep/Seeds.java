package org.preemptlab.runner.experiment.sweep;

import static com.google.common.base.Preconditions.checkArgument;

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
    checkArgument(!values.isEmpty(), "seeds: needs at least one seed");
    checkArgument(values.stream().distinct().count() == values.size(), "seeds: must be distinct, "
        + "got %s", values);
  }

  /** The seeds 1 to {@code count}. */
  public static Seeds count(int count) {
    checkArgument(count >= 1, "seeds: a count must be >= 1, got %s", count);
    return new Seeds(LongStream.rangeClosed(1, count).boxed().toList());
  }

  /** The YAML form: a whole number (a count) or a list of whole numbers. */
  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  static Seeds fromYaml(Object value) {
    if (value instanceof Integer count) {
      checkArgument(count >= 1 && count <= Limits.MAX_SEEDS, "a count must be in [1, %s], got %s",
          Limits.MAX_SEEDS, count);
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
      checkArgument(seeds.size() <= Limits.MAX_SEEDS, "at most %s seeds, got %s", Limits.MAX_SEEDS,
          seeds.size());
      checkArgument(!seeds.isEmpty() && seeds.stream().distinct().count() == seeds.size(),
          "expected distinct seeds, at least one, got %s", seeds);
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
