package org.preemptlab.api;

/**
 * One-line argument checks for framework-api, which depends on the JDK only: the same calls and the
 * same {@code %s} templates as Guava's {@code com.google.common.base.Preconditions}, which the
 * other modules use. The message is formatted only when the check fails.
 *
 * <pre>{@code
 * checkArgument(gridBlocks >= 1, "kernel '%s': grid must have >= 1 block, got %s", name, gridBlocks);
 * }</pre>
 *
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public final class Checks {
  private Checks() {}

  /**
   * Throws {@link IllegalArgumentException} with the formatted message unless {@code condition}
   * holds.
   *
   * @param condition what the caller's arguments must satisfy
   * @param template the message, each {@code %s} standing for the next of {@code args}
   * @param args the values for the {@code %s} placeholders, shown with {@link String#valueOf}
   * @throws IllegalArgumentException if {@code condition} is false
   */
  public static void checkArgument(boolean condition, String template, Object... args) {
    if (!condition) {
      throw new IllegalArgumentException(format(template, args));
    }
  }

  /**
   * {@link #checkArgument(boolean, String, Object...)} without arguments: nothing is allocated when
   * the check holds.
   *
   * @since 0.1
   */
  public static void checkArgument(boolean condition, String message) {
    if (!condition) {
      throw new IllegalArgumentException(format(message));
    }
  }

  /**
   * {@link #checkArgument(boolean, String, Object...)} with one {@code long} (or narrower integer)
   * argument, as Guava's primitive overloads: nothing is boxed when the check holds, which matters
   * in checks made per block or per event. A {@code char} argument is shown as its number here;
   * pass it as an object ({@code (Object) c}) to show the character.
   *
   * @since 0.1
   */
  public static void checkArgument(boolean condition, String template, long arg) {
    if (!condition) {
      throw new IllegalArgumentException(format(template, arg));
    }
  }

  /**
   * {@link #checkArgument(boolean, String, long)} with two {@code long} arguments.
   *
   * @since 0.1
   */
  public static void checkArgument(boolean condition, String template, long arg1, long arg2) {
    if (!condition) {
      throw new IllegalArgumentException(format(template, arg1, arg2));
    }
  }

  /**
   * {@link #checkArgument(boolean, String, long)} with three {@code long} arguments.
   *
   * @since 0.1
   */
  public static void checkArgument(boolean condition, String template, long arg1, long arg2,
      long arg3) {
    if (!condition) {
      throw new IllegalArgumentException(format(template, arg1, arg2, arg3));
    }
  }

  /**
   * Returns {@code value}, or throws {@link NullPointerException} with the formatted message when
   * it is null.
   *
   * @param value the value that must not be null
   * @param template the message, each {@code %s} standing for the next of {@code args}
   * @param args the values for the {@code %s} placeholders
   * @param <T> the value's type
   * @return {@code value}
   * @throws NullPointerException if {@code value} is null
   */
  public static <T> T checkNotNull(T value, String template, Object... args) {
    if (value == null) {
      throw new NullPointerException(format(template, args));
    }
    return value;
  }

  /**
   * Formats as Guava's {@code Strings.lenientFormat}: each {@code %s} in {@code template} is
   * replaced by the next argument ({@link String#valueOf}); arguments left over are appended in
   * square brackets, separated by commas; placeholders left over stay as they are.
   *
   * @param template the message with {@code %s} placeholders; {@code "null"} when null
   * @param args the values; none when null
   * @return the message
   */
  public static String format(String template, Object... args) {
    String text = String.valueOf(template);
    Object[] values = args == null ? new Object[0] : args;
    StringBuilder sb = new StringBuilder(text.length() + 16 * values.length);
    int start = 0;
    int i = 0;
    while (i < values.length) {
      int at = text.indexOf("%s", start);
      if (at < 0) {
        break;
      }
      sb.append(text, start, at).append(values[i++]);
      start = at + 2;
    }
    sb.append(text, start, text.length());
    if (i < values.length) {
      sb.append(" [").append(values[i++]);
      while (i < values.length) {
        sb.append(", ").append(values[i++]);
      }
      sb.append(']');
    }
    return sb.toString();
  }
}
