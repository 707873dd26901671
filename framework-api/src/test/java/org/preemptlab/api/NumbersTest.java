package org.preemptlab.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class NumbersTest {

  /**
   * What {@link Numbers#whole} gave before its {@code long} fast path: the value through {@link
   * BigDecimal}, or the message of the failure.
   */
  private static String reference(String text, long min, long max) {
    String s = text.strip();
    boolean digits = !s.isEmpty() && s.length() <= Numbers.MAX_CHARS;
    for (int i = 0; i < s.length() && digits; i++) {
      char c = s.charAt(i);
      digits = c >= '0' && c <= '9' || i == 0 && (c == '+' || c == '-') && s.length() > 1;
    }
    if (!digits) {
      return Checks.format("'%s' is not a whole number", Numbers.shortText(text));
    }
    BigDecimal value = new BigDecimal(s);
    if (value.compareTo(BigDecimal.valueOf(min)) < 0
        || value.compareTo(BigDecimal.valueOf(max)) > 0) {
      return Checks.format("'%s' is out of range [%s, %s]", Numbers.shortText(text), min, max);
    }
    return String.valueOf(value.longValueExact());
  }

  private static String actual(String text, long min, long max) {
    try {
      return String.valueOf(Numbers.whole(text, min, max));
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
  }

  @Test
  void wholeNumbersAndTheirFailuresAreAsThroughBigDecimal() {
    List<String> texts = new ArrayList<>(List.of("0", "-0", "+0", "7", "+7", "-7", "007", " 42 ",
        "", " ", "+", "-", "1.0", "1e3", "12a", "٣", "999999999999999999", "-999999999999999999",
        "+999999999999999999", "1000000000000000000", "9223372036854775807",
        "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "0000000000000000000000000001", "1".repeat(64), "1".repeat(65)));
    Random random = new Random(29);
    for (int i = 0; i < 2_000; i++) {
      StringBuilder sb = new StringBuilder(random.nextInt(4) == 0 ? "-" : "");
      int length = 1 + random.nextInt(22);
      for (int k = 0; k < length; k++) {
        sb.append((char) ('0' + random.nextInt(10)));
      }
      texts.add(sb.toString());
    }
    long[][] ranges = {{0, Long.MAX_VALUE}, {Long.MIN_VALUE, Long.MAX_VALUE}, {1, 255},
        {0, Integer.MAX_VALUE}, {-5, -1}, {Long.MIN_VALUE, 0}};
    for (String text : texts) {
      for (long[] range : ranges) {
        assertThat(actual(text, range[0], range[1])).as("'%s' in [%s, %s]", text, range[0],
            range[1]).isEqualTo(reference(text, range[0], range[1]));
      }
    }
  }

  @Test
  void decimalsAndScaledValuesFailWithTheirMessages() {
    assertThatThrownBy(() -> Numbers.decimal("1".repeat(65)))
        .hasMessage("'1111111111111111111111111111111111111...' is not a number of at most 64 "
            + "characters");
    assertThatThrownBy(() -> Numbers.decimal("1.2.3")).hasMessage("'1.2.3' is not a number");
    assertThatThrownBy(() -> Numbers.decimal("1e-99999999"))
        .hasMessage("'1e-99999999' is out of range (at most " + Limits.MAX_EXPONENT
            + " digits of exponent)");
    assertThat(Numbers.decimal(" 1.50 ")).isEqualByComparingTo("1.5");
    assertThat(Numbers.scaled(Numbers.decimal("2.5"), 1_000, 0, 10_000, "2.5")).isEqualTo(2_500);
    assertThatThrownBy(() -> Numbers.scaled(Numbers.decimal("20"), 1_000, 0, 10_000, "20"))
        .hasMessage("'20' is out of range [0, 10000]");
  }
}
