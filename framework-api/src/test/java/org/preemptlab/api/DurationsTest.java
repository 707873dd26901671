package org.preemptlab.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {

  @ParameterizedTest(name = "''{0}'' is {1} ns")
  @CsvSource(delimiter = '|', textBlock = """
      250ns      | 250
      0ns        | 0
      0          | 0
      12us       | 12000
      12µs       | 12000
      12µS       | 12000
      1.5ms      | 1500000
      2s         | 2000000000
      0.25s      | 250000000
      1.234567ms | 1234567
      1_000us    | 1000000
      ' 7 ms '   | 7000000
      7MS        | 7000000
      1.5ns      | 2
      2.5ns      | 2
      0.0004ms   | 400
      """)
  void parsesEveryUnitDecimalsAndBareZero(String text, long expectedNs) {
    assertThat(Durations.parseNs(text)).isEqualTo(expectedNs);
  }

  @ParameterizedTest(name = "''{0}'' is rejected as negative")
  @ValueSource(strings = {"-1", "-5ms", "-0.5us", "-2s"})
  void rejectsNegativeDurationsSayingTheyMustBeNonNegative(String text) {
    assertThatThrownBy(() -> Durations.parseNs(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("'" + text + "' is negative; a duration must be >= 0");
  }

  @ParameterizedTest(name = "''{0}'' is not a duration")
  @ValueSource(strings = {"abc", "", "ms", "5 m", "5h", "1.2.3ms", "five s", "5min", "NaNs"})
  void rejectsGarbageNamingTheTextAndTheUnits(String text) {
    assertThatThrownBy(() -> Durations.parseNs(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("'" + text
            + "' is not a duration; write a number and a unit: ns, us, ms or s (e.g. 250us)");
  }

  @ParameterizedTest(name = "''{0}'' needs a unit")
  @ValueSource(strings = {"250", "1.5", "1e3", "9223372036854775808"})
  void rejectsNumbersWithoutAUnitOtherThanZero(String text) {
    assertThatThrownBy(() -> Durations.parseNs(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("'" + text + "' has no unit; write a unit: ns, us, ms or s");
  }

  @ParameterizedTest(name = "''{0}'' is longer than the limit")
  @ValueSource(strings = {"10000000000s", "3600.000000001s", "1e30ns", "9223372036854775807ns"})
  void rejectsDurationsLongerThanOneHour(String text) {
    assertThatThrownBy(() -> Durations.parseNs(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("'" + text + "' is too long; a duration must be at most 3600s (1 hour of "
            + "simulated time)");
  }

  @ParameterizedTest(name = "''{0}'' is refused at once")
  @ValueSource(strings = {"1e-99999999s", "1e99999999ns", "1e-31ms", "1E+999999999s"})
  void rejectsHugeExponentsWithoutExpandingThem(String text) {
    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(2),
        () -> assertThatThrownBy(() -> Durations.parseNs(text))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("is out of range; a duration must be in [0ns, 3600s] with at "
                + "most 30 digits of exponent"));
  }

  @ParameterizedTest(name = "{0} ns is ''{1}''")
  @CsvSource(delimiter = '|', textBlock = """
      0             | 0ns
      999           | 999ns
      1000          | 1us
      1500          | 1.5us
      999999        | 999.999us
      1000000       | 1ms
      1500000       | 1.5ms
      2000000       | 2ms
      1234567       | 1.234567ms
      1999999       | 1.999999ms
      1000000000    | 1s
      1500000000    | 1.5s
      60000000000   | 60s
      1000000001    | 1.000000001s
      """)
  void formatsWithTheLargestUnitThatKeepsTheValueAtLeastOne(long ns, String expected) {
    assertThat(Durations.format(ns)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0} ns survives format then parse")
  @ValueSource(longs = {0, 1, 999, 1001, 123_456, 1_234_567, 1_999_999, 987_654_321,
      1_000_000_007, 3_600_000_000_000L, Limits.MAX_DURATION_NS})
  void formatThenParseGivesBackTheSameNanoseconds(long ns) {
    assertThat(Durations.parseNs(Durations.format(ns))).isEqualTo(ns);
  }

  @org.junit.jupiter.api.Test
  void formatWritesWhatTheExactDecimalQuotientWritesForEveryMagnitude() {
    java.util.SplittableRandom random = new java.util.SplittableRandom(29);
    for (int i = 0; i < 20_000; i++) {
      long ns = switch (i % 4) {
        case 0 -> random.nextLong(-5_000, 5_000);
        case 1 -> random.nextLong(0, 10_000_000);
        case 2 -> random.nextLong(0, Long.MAX_VALUE);
        default -> random.nextLong(1, 10) * (long) Math.pow(10, random.nextInt(0, 18));
      };
      String expected = ns < 1_000 ? ns + "ns" : exactText(ns);
      assertThat(Durations.format(ns)).as("%s ns", ns).isEqualTo(expected);
    }
  }

  /** The formula format had before it was written with integer arithmetic. */
  private static String exactText(long ns) {
    long unit = ns >= 1_000_000_000L ? 1_000_000_000L : ns >= 1_000_000 ? 1_000_000 : 1_000;
    String suffix = unit == 1_000_000_000L ? "s" : unit == 1_000_000 ? "ms" : "us";
    return java.math.BigDecimal.valueOf(ns).divide(java.math.BigDecimal.valueOf(unit))
        .stripTrailingZeros().toPlainString() + suffix;
  }
}
