package org.preemptlab.api;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A mistake in the user's input: an unknown plugin or key, a value out of range, a malformed trace
 * row, a workload that cannot run on the chosen device. The message is one line that names the
 * file, line or key and, where there are any, the valid choices. The command line prints it and
 * exits with code 2; it never prints a stack trace for this exception.
 *
 * <p>Plugins throw it from {@code create} when their parameters or the device make the run
 * impossible (for example instruction-level preemption on hardware without it).
 *
 * @since 0.1
 */
@API(status = API.Status.STABLE, since = "0.1")
public class ConfigurationException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** Creates an exception with a one-line message for the user. */
  public ConfigurationException(String message) {
    super(message);
  }

  /** Creates an exception with a one-line message for the user and the cause behind it. */
  public ConfigurationException(String message, Throwable cause) {
    super(message, cause);
  }

  /** The most valid names an {@link #unknown} message lists; the rest are counted. */
  public static final int MAX_LISTED = 40;

  /**
   * An unknown name, with the valid choices and the closest match, for example {@code unknown
   * policy 'fifi'; did you mean 'fifo'? valid: fifo, priority, round-robin}.
   *
   * @param what what kind of name it is, e.g. "policy" or "parameter of policy 'fifo'"
   * @param given the name the user gave
   * @param valid every valid name
   */
  public static ConfigurationException unknown(String what, String given, Collection<String> valid) {
    List<String> sorted = valid.stream().sorted().toList();
    String suggestion = closest(given, sorted).map(s -> "; did you mean '" + s + "'?").orElse("");
    String choices = sorted.isEmpty() ? "there are none"
        : sorted.size() <= MAX_LISTED ? String.join(", ", sorted)
        : String.join(", ", sorted.subList(0, MAX_LISTED)) + " and " + (sorted.size() - MAX_LISTED)
            + " more";
    String separator = suggestion.isEmpty() ? "; valid: " : " valid: ";
    return new ConfigurationException(
        "unknown " + what + " '" + Numbers.shortText(given) + "'" + suggestion + separator
            + choices);
  }

  /**
   * The valid name closest to {@code given} by edit distance, if it is close enough to be a likely
   * typo: at most a third of its length in edits, but always allowing two, so that two swapped
   * letters of a short name ({@code HGIH} for {@code HIGH}) still match. Case is ignored.
   */
  public static Optional<String> closest(String given, Collection<String> valid) {
    if (given.length() > 100) {
      return Optional.empty(); // no name is that long: not a typo
    }
    String needle = given.toLowerCase(Locale.ROOT);
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String candidate : valid) {
      int distance = editDistance(needle, candidate.toLowerCase(Locale.ROOT));
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    int allowed = Math.max(2, needle.length() / 3);
    return bestDistance <= allowed ? Optional.of(best) : Optional.empty();
  }

  private static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j] + 1, current[j - 1] + 1));
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }
}
