package org.preemptlab.runner.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NumbersTest {
  private static String formatter(double value, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", value);
  }

  @ParameterizedTest
  @ValueSource(doubles = {0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, -2.5, 1.0000005, 1.0000015,
      0.0000005, -0.0000004, 0.001, 0.0009999, 1e-7, 123456.7890125, 1e15, 9.99999999e14, 1e300,
      Double.MIN_VALUE, Double.MAX_VALUE, Double.NaN, Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY, 1.2345675, 3.14159265358979, 1.506, 0.1 + 0.2})
  void fixedWritesWhatTheFormatterWritesForEdgeValues(double value) {
    for (int decimals = 0; decimals <= 9; decimals++) {
      assertThat(Numbers.fixed(value, decimals)).as("%s with %s decimals", value, decimals)
          .isEqualTo(formatter(value, decimals));
    }
  }

  @Test
  void fixedWritesWhatTheFormatterWritesForRandomValuesOfEveryMagnitude() {
    SplittableRandom random = new SplittableRandom(29);
    for (int i = 0; i < 40_000; i++) {
      double value = switch (i % 4) {
        case 0 -> random.nextDouble(1, 100); // slowdowns
        case 1 -> Math.scalb(random.nextDouble(), random.nextInt(-20, 60)); // any magnitude
        case 2 -> random.nextInt(1, 1_000_000) / 1e6 + 0.0000005; // near a tie at 6 decimals
        default -> -random.nextDouble(0, 1e4);
      };
      int decimals = random.nextInt(0, 10);
      assertThat(Numbers.fixed(value, decimals)).as("%s with %s decimals", value, decimals)
          .isEqualTo(formatter(value, decimals));
    }
  }
}
