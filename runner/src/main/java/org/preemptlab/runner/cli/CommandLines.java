package org.preemptlab.runner.cli;

import java.util.regex.Pattern;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;

/**
 * The command line that produced a {@link CommandLine}, written back as a shell command for
 * provenance: {@code preemptlab COMMAND}, every option in the order given with its values, then
 * the arguments, each quoted for a POSIX shell where needed.
 */
public final class CommandLines {
  private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_./=:,+@%-]+");

  private CommandLines() {}

  /** {@code preemptlab COMMAND --option value ... args}. */
  public static String render(String command, CommandLine line) {
    StringBuilder sb = new StringBuilder("preemptlab ").append(command);
    for (Option option : line.getOptions()) {
      sb.append(' ').append(option.getLongOpt() != null ? "--" + option.getLongOpt()
          : "-" + option.getOpt());
      for (String value : option.getValuesList()) {
        sb.append(' ').append(quote(value));
      }
    }
    for (String arg : line.getArgList()) {
      sb.append(' ').append(quote(arg));
    }
    return sb.toString();
  }

  /** The word as a POSIX shell reads it back: as is when safe, otherwise in single quotes. */
  static String quote(String word) {
    if (SAFE.matcher(word).matches()) {
      return word;
    }
    return "'" + word.replace("'", "'\\''") + "'";
  }
}
