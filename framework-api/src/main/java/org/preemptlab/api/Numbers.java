package org.preemptlab.api;

import static org.preemptlab.api.Checks.checkArgument;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * The one strict, bounded number layer every reader of user input goes through: configuration
 * values, parameters, specs, CSV traces, PyTorch (Kineto) and Nsight Systems traces. A number is
 * plain ASCII ({@code [+-]digits[.digits][e[+-]digits]}; full-width or other Unicode digits, hex,
 * {@code NaN} and {@code Infinity} are not numbers), at most {@value #MAX_CHARS} characters long,
 * with at most {@link Limits#MAX_EXPONENT} digits of scale either way, so that no value (such as
 * {@code 1e-99999999}) is expanded digit by digit, and every conversion to a {@code long} is
 * checked against a bound instead of overflowing or wrapping.
 *
 * <p>Every method throws an {@link IllegalArgumentException} whose message quotes the value (cut
 * to 40 characters) and says what was expected; readers prefix it with the file and line.
 *
 * @since 0.2
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public final class Numbers {
  /** The longest text read as a number. */
  public static final int MAX_CHARS = 64;

  /** The most decimal digits before the point a number may have. */
  private static final int MAX_INTEGER_DIGITS = 40;

  /** The most decimal digits that always fit in a {@code long} (its maximum has 19). */
  private static final int LONG_DIGITS = 18;

  private Numbers() {}

  /**
   * Parses a decimal number such as {@code 12}, {@code -0.5} or {@code 1.5e3}.
   *
   * @throws IllegalArgumentException if {@code text} is not such a number in ASCII, is longer than
   *     {@value #MAX_CHARS} characters, or its exponent is out of range
   */
  public static BigDecimal decimal(String text) {
    String s = text.strip();
    checkArgument(s.length() <= MAX_CHARS, "'%s' is not a number of at most %s characters",
        shortText(text), MAX_CHARS);
    checkArgument(isAsciiNumber(s), "'%s' is not a number", shortText(text));
    BigDecimal value;
    try {
      value = new BigDecimal(s);
    } catch (NumberFormatException e) { // an exponent beyond an int
      throw new IllegalArgumentException("'" + shortText(text) + "' is out of range");
    }
    // the scale is the negated exponent: 1e-99999999 has scale 99999999, 1e99999999 -99999999
    checkArgument(Math.abs((long) value.scale()) <= Limits.MAX_EXPONENT
        && (long) value.precision() - value.scale() <= MAX_INTEGER_DIGITS,
        "'%s' is out of range (at most %s digits of exponent)", shortText(text),
        Limits.MAX_EXPONENT);
    return value;
  }

  /**
   * Parses a whole number in {@code [min, max]}: ASCII digits with an optional sign, no point or
   * exponent.
   *
   * @throws IllegalArgumentException if it is not a whole number or out of the range
   */
  public static long whole(String text, long min, long max) {
    String s = text.strip();
    boolean digits = !s.isEmpty() && s.length() <= MAX_CHARS;
    for (int i = 0; i < s.length() && digits; i++) {
      char c = s.charAt(i);
      digits = isDigit(c) || i == 0 && (c == '+' || c == '-') && s.length() > 1;
    }
    checkArgument(digits, "'%s' is not a whole number", shortText(text));
    // up to 18 digits (and a sign) fit in a long: no BigDecimal for the numbers a trace writes;
    // a value out of range takes the exact path below for its message
    if (s.length() <= LONG_DIGITS + (isDigit(s.charAt(0)) ? 0 : 1)) {
      long value = Long.parseLong(s);
      if (value >= min && value <= max) {
        return value;
      }
    }
    return inRange(new BigDecimal(s), min, max, text);
  }

  /**
   * {@code value * factor}, rounded half to even, as a {@code long} in {@code [min, max]}: a time
   * in µs to ns ({@code factor} 1000), a size in MiB to bytes.
   *
   * @param value a number from {@link #decimal}
   * @param text the text it was read from, for the message
   * @throws IllegalArgumentException if the result is outside {@code [min, max]}
   */
  public static long scaled(BigDecimal value, long factor, long min, long max, String text) {
    checkArgument(Math.abs((long) value.scale()) <= Limits.MAX_EXPONENT
        && (long) value.precision() - value.scale() <= MAX_INTEGER_DIGITS,
        "'%s' is out of range", shortText(text));
    BigDecimal result = value.multiply(BigDecimal.valueOf(factor))
        .setScale(0, RoundingMode.HALF_EVEN);
    return inRange(result, min, max, text);
  }

  /**
   * {@code a * b} of two factors of at least 0, or {@code -1} if the product is above {@code max}
   * or a factor is negative (the {@code -1} of an earlier product): products of grid or block
   * dimensions, which must not wrap.
   */
  public static long productAtMost(long a, long b, long max) {
    if (a < 0 || b < 0 || max < 0) {
      return -1;
    }
    if (a != 0 && b > max / a) {
      return -1;
    }
    return a * b;
  }

  /** The text for a message, cut to 40 characters so that a huge value is not echoed whole. */
  public static String shortText(String text) {
    String t = String.valueOf(text).strip();
    return t.length() <= 40 ? t : t.substring(0, 37) + "...";
  }

  private static long inRange(BigDecimal value, long min, long max, String text) {
    checkArgument(value.compareTo(BigDecimal.valueOf(min)) >= 0
        && value.compareTo(BigDecimal.valueOf(max)) <= 0, "'%s' is out of range [%s, %s]",
        shortText(text), min, max);
    return value.longValueExact();
  }

  /** Whether {@code s} is {@code [+-]digits[.digits][e[+-]digits]} in ASCII (digits on a side). */
  private static boolean isAsciiNumber(String s) {
    int i = 0;
    int n = s.length();
    if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
      i++;
    }
    int digits = 0;
    while (i < n && isDigit(s.charAt(i))) {
      i++;
      digits++;
    }
    if (i < n && s.charAt(i) == '.') {
      i++;
      while (i < n && isDigit(s.charAt(i))) {
        i++;
        digits++;
      }
    }
    if (digits == 0) {
      return false;
    }
    if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
      i++;
      if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
        i++;
      }
      int exponent = 0;
      while (i < n && isDigit(s.charAt(i))) {
        i++;
        exponent++;
      }
      if (exponent == 0) {
        return false;
      }
    }
    return i == n;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
