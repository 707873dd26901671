package org.preemptlab.api.hardware;

import static org.preemptlab.api.Checks.checkArgument;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;
import org.preemptlab.api.API;
import org.preemptlab.api.Durations;

/**
 * A hardware cost that varies from one occurrence to the next, given by points of its quantile
 * function: "p10 9.2us, p50 9.9us, p90 11.2us, p99 24.5us" means 10% of occurrences cost at most
 * 9.2 µs, and so on. A draw takes a uniform {@code u} in [0, 1) and interpolates linearly between
 * the two nearest points; below the first point it returns the first value and above the last the
 * last (measurements rarely give a minimum or maximum, so the tails are not extrapolated). A
 * distribution of one point is a constant and never draws from the generator.
 *
 * @param probabilities the quantile levels, strictly increasing, each in [0, 1]
 * @param valuesNs the cost at each level in ns, not decreasing, each at least 0
 * @since 0.1
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public record CostDistribution(double[] probabilities, long[] valuesNs) {

  /** Validates and copies the points. */
  public CostDistribution {
    checkArgument(probabilities.length != 0 && probabilities.length == valuesNs.length,
        "a cost distribution needs one value per quantile level, at least one");
    probabilities = probabilities.clone();
    valuesNs = valuesNs.clone();
    for (int i = 0; i < probabilities.length; i++) {
      double p = probabilities[i];
      checkArgument(p >= 0 && p <= 1, "quantile level %s is not in [0, 1]", p);
      checkArgument(valuesNs[i] >= 0, "a cost must be >= 0 ns, got %s", valuesNs[i]);
      if (i > 0) {
        checkArgument(p > probabilities[i - 1], "quantile levels must increase: p%s is followed "
            + "by p%s", level(probabilities[i - 1]), level(p));
        checkArgument(valuesNs[i] >= valuesNs[i - 1], "quantile values must not decrease: p%s %s "
            + "> p%s %s", level(probabilities[i - 1]), Durations.format(valuesNs[i - 1]),
            level(p), Durations.format(valuesNs[i]));
      }
    }
  }

  /** A cost that is always {@code ns}. */
  public static CostDistribution fixed(long ns) {
    return new CostDistribution(new double[] {0.5}, new long[] {ns});
  }

  /**
   * Parses a duration ({@code 9.7us}: a constant) or comma-separated quantile points ({@code p10
   * 9.2us, p50 9.9us, p99 24.5us}; levels written as percentages, {@code p0} and {@code p100}
   * allowed).
   *
   * @throws IllegalArgumentException naming what is wrong
   */
  public static CostDistribution parse(String text) {
    String trimmed = text.trim();
    if (!trimmed.toLowerCase(Locale.ROOT).startsWith("p")) {
      return fixed(Durations.parseNs(trimmed));
    }
    String[] parts = trimmed.split(",");
    double[] levels = new double[parts.length];
    long[] values = new long[parts.length];
    for (int i = 0; i < parts.length; i++) {
      String[] words = parts[i].trim().split("\\s+");
      checkArgument(words.length == 2 && words[0].toLowerCase(Locale.ROOT).startsWith("p"),
          "'%s' is not a quantile point; write e.g. 'p50 9.9us'", parts[i].trim());
      try {
        levels[i] = org.preemptlab.api.Numbers.decimal(words[0].substring(1)).doubleValue()
            / 100.0;
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("'" + words[0] + "' is not a quantile level such as"
            + " p50");
      }
      values[i] = Durations.parseNs(words[1]);
    }
    return new CostDistribution(levels, values);
  }

  /** Whether the cost never varies. */
  public boolean isFixed() {
    return valuesNs.length == 1 || valuesNs[0] == valuesNs[valuesNs.length - 1];
  }

  /** The median cost in ns: the value a fixed-cost field of {@link DeviceCosts} carries. */
  public long medianNs() {
    return quantileNs(0.5);
  }

  /** The cost at quantile level {@code u} in [0, 1], interpolated as a draw is. */
  public long quantileNs(double u) {
    int n = probabilities.length;
    if (n == 1 || u <= probabilities[0]) {
      return valuesNs[0];
    }
    if (u >= probabilities[n - 1]) {
      return valuesNs[n - 1];
    }
    int i = Arrays.binarySearch(probabilities, u);
    if (i >= 0) {
      return valuesNs[i];
    }
    int hi = -i - 1;
    int lo = hi - 1;
    double f = (u - probabilities[lo]) / (probabilities[hi] - probabilities[lo]);
    return Math.round(valuesNs[lo] + f * (valuesNs[hi] - valuesNs[lo]));
  }

  /** One draw; a fixed cost returns its value without touching {@code random}. */
  public long sample(RandomGenerator random) {
    if (isFixed()) {
      return valuesNs[0];
    }
    return quantileNs(random.nextDouble());
  }

  /** The text {@link #parse} reads back, e.g. {@code p10 9.2us, p50 9.9us}. */
  @Override
  public String toString() {
    if (valuesNs.length == 1) {
      return Durations.format(valuesNs[0]);
    }
    List<String> points = new ArrayList<>();
    for (int i = 0; i < valuesNs.length; i++) {
      points.add("p" + level(probabilities[i]) + " " + Durations.format(valuesNs[i]));
    }
    return String.join(", ", points);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CostDistribution d && Arrays.equals(probabilities, d.probabilities)
        && Arrays.equals(valuesNs, d.valuesNs);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(probabilities) + Arrays.hashCode(valuesNs);
  }

  private static String level(double p) {
    double percent = Math.round(p * 100 * 1e6) / 1e6;
    return percent == Math.rint(percent) ? Long.toString(Math.round(percent))
        : Double.toString(percent);
  }
}
