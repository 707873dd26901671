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
      250        | 250
      1_000us    | 1000000
      ' 7 ms '   | 7000000
      7MS        | 7000000
      1.5        | 2
      2.5        | 2
      0.0004ms   | 400
      """)
  void parsesEveryUnitDecimalsAndBareNumbers(String text, long expectedNs) {
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

  @ParameterizedTest(name = "''{0}'' overflows")
  @ValueSource(strings = {"10000000000s", "9223372036854775808", "1e30ns"})
  void rejectsDurationsThatDoNotFitALong(String text) {
    assertThatThrownBy(() -> Durations.parseNs(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("'" + text + "' is too long a duration");
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
      1_000_000_007, 3_600_000_000_000L, Long.MAX_VALUE})
  void formatThenParseGivesBackTheSameNanoseconds(long ns) {
    assertThat(Durations.parseNs(Durations.format(ns))).isEqualTo(ns);
  }
}
