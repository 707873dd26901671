package org.preemptlab.runner.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import com.google.common.base.Strings;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.discovery.PluginFailureException;
import org.preemptlab.engine.InvariantViolationException;
import org.preemptlab.runner.report.Versions;

/**
 * The {@code preemptlab} command. Exit codes: 0 success, 1 a run failed (a plugin broke a rule or
 * threw), 2 a usage or configuration mistake, 130 interrupted (Ctrl-C) with completed results
 * kept. Errors are one line on standard error.
 */
public final class Main {
  /** Exit code of success. */
  public static final int OK = 0;
  /** Exit code of a failed run. */
  public static final int FAILED = 1;
  /** Exit code of a usage or configuration mistake. */
  public static final int USAGE = 2;
  /** Exit code of a command stopped by Ctrl-C (128 + SIGINT, as shells report it). */
  public static final int INTERRUPTED = 130;

  private static final Option HELP = Option.builder("h").longOpt("help")
      .desc("show this help").get();
  private static final Option STACKTRACE = Option.builder().longOpt("stacktrace")
      .desc("on failure, also print the full stack trace, in a sweep of each failed run (for "
          + "plugin authors)").get();

  /** The commands the lab module adds, named when the lab is not on the class path. */
  private static final Set<String> LAB_COMMANDS = Set.of("reproduce", "bench");

  private final PrintStream out;
  private final PrintStream err;
  private final Map<String, Command> commands = new LinkedHashMap<>();

  /** A command line writing to the given streams. */
  public Main(PrintStream out, PrintStream err) {
    this(out, err, Signals.JVM);
  }

  /** A command line whose long commands learn of Ctrl-C from {@code signals} (tests fire them). */
  Main(PrintStream out, PrintStream err, Signals signals) {
    this.out = out;
    this.err = err;
    for (Command command : List.of(
        new DemoCommand(),
        new RunCommand(signals),
        new SweepCommand(org.preemptlab.runner.experiment.cluster.Slurm.commands(), signals),
        new ListCommand(),
        new DrmScenarioCommand(),
        new ProfileCommand(),
        new CapacityCommand())) {
      commands.put(command.name(), command);
    }
    for (Command command : contributedCommands()) {
      commands.putIfAbsent(command.name(), command);
    }
  }

  /**
   * The commands other modules add through {@link Command}'s service file (the lab's
   * {@code reproduce} and {@code bench}), by name, so the overview's order does not depend on the
   * class path's.
   */
  private static List<Command> contributedCommands() {
    List<Command> found = new ArrayList<>();
    for (ServiceLoader.Provider<Command> provider : ServiceLoader.load(Command.class,
        Main.class.getClassLoader()).stream().toList()) {
      try {
        found.add(provider.get());
      } catch (java.util.ServiceConfigurationError | RuntimeException | LinkageError e) {
        // a command that cannot be made is absent: the others, and every built-in one, still work
      }
    }
    found.sort(Comparator.comparing(Command::name));
    return found;
  }

  /** Runs {@code preemptlab} and exits with its exit code. */
  public static void main(String[] args) {
    // UTF-8 whatever the locale: reports print µs and ±.
    PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out),
        true, java.nio.charset.StandardCharsets.UTF_8);
    PrintStream err = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.err),
        true, java.nio.charset.StandardCharsets.UTF_8);
    System.exit(new Main(out, err).run(args));
  }

  /** Runs {@code preemptlab} with {@code args} and returns the exit code. */
  public int run(String... args) {
    if (args.length == 0 || args[0].equals("-h") || args[0].equals("--help")
        || args[0].equals("help")) {
      out.print(overview());
      return args.length == 0 ? USAGE : OK;
    }
    if (args[0].equals("--version")) {
      out.println("preemptlab " + Versions.project());
      return OK;
    }
    Command command = commands.get(args[0]);
    if (command == null) {
      error("preemptlab: " + (LAB_COMMANDS.contains(args[0])
          ? "'" + args[0] + "' is a command of the lab module (reproductions and the benchmark), "
              + "which is not on this class path: run ./preemptlab from the source tree, or java "
              + "-jar distribution/target/preemptlab.jar after mvn package"
          : ConfigurationException.unknown("command", args[0], commands.keySet()).getMessage()));
      return USAGE;
    }
    Options options = command.options().addOption(HELP).addOption(STACKTRACE);
    boolean stackTrace = Arrays.asList(args).contains("--stacktrace");
    try {
      CommandLine line = DefaultParser.builder().get()
          .parse(options, Arrays.copyOfRange(args, 1, args.length));
      if (line.hasOption(HELP)) {
        out.print(help(command, options));
        return OK;
      }
      return command.run(line, out);
    } catch (ParseException e) {
      error("preemptlab " + command.name() + ": " + e.getMessage() + " (see preemptlab "
          + command.name() + " --help)");
      return USAGE;
    } catch (ConfigurationException e) {
      error("preemptlab " + command.name() + ": " + e.getMessage());
      stackTrace(stackTrace, e);
      return USAGE;
    } catch (PluginFailureException | InvariantViolationException
        | SharedOptions.RunTimeoutException e) {
      error("preemptlab " + command.name() + ": run failed: " + e.getMessage());
      stackTrace(stackTrace, e);
      return FAILED;
    } catch (java.io.UncheckedIOException e) {
      // a disk that is full, a folder that went away: the file and the cause, in one line
      error("preemptlab " + command.name() + ": " + e.getMessage() + ": "
          + ioCause(e.getCause()));
      stackTrace(stackTrace, e);
      return FAILED;
    } catch (OutOfMemoryError e) {
      // the run's data is unreachable once the error has unwound to here: one line is safe
      error("preemptlab " + command.name() + ": out of memory (" + e.getMessage() + ") with a "
          + "Java heap of at most " + Runtime.getRuntime().maxMemory() / (1024 * 1024)
          + " MiB; give the JVM more, e.g. PREEMPTLAB_JAVA_OPTS=-Xmx8g ./preemptlab ... (java "
          + "-Xmx8g -jar ... without the launcher), or run fewer jobs (a sweep: fewer --jobs "
          + "threads; its completed runs are kept, --resume continues it)");
      stackTrace(stackTrace, e);
      return FAILED;
    } catch (Exception | Error e) {
      // a plugin's Error (StackOverflowError, LinkageError, AssertionError, ...) fails the run
      // one line, as every error: what was thrown and where, without a stack trace
      StackTraceElement[] trace = e.getStackTrace();
      error("preemptlab " + command.name() + ": run failed: " + e
          + (trace.length > 0 ? " (at " + trace[0] + ")" : ""));
      stackTrace(stackTrace, e);
      return FAILED;
    }
  }

  /** With {@code --stacktrace}, prints the full stack trace after the one-line error. */
  private void stackTrace(boolean wanted, Throwable e) {
    if (wanted) {
      e.printStackTrace(err);
    }
  }

  /** The most characters of an error line; a longer one is cut in the middle. */
  static final int MAX_ERROR_CHARS = 2000;

  /**
   * Prints an error as the one line it must be, even if a message holds line breaks, and at most
   * {@link #MAX_ERROR_CHARS} long: a long value or list echoed in it is elided in the middle.
   */
  private void error(String message) {
    err.println(bounded(message.strip().replaceAll("\\s*\\R\\s*", " ")));
  }

  /** {@code line} cut to {@link #MAX_ERROR_CHARS} characters, its middle elided. */
  static String bounded(String line) {
    if (line.length() <= MAX_ERROR_CHARS) {
      return line;
    }
    int head = MAX_ERROR_CHARS * 3 / 4;
    int tail = MAX_ERROR_CHARS / 5;
    return line.substring(0, head) + " ... (" + (line.length() - head - tail)
        + " characters left out) ... " + line.substring(line.length() - tail);
  }

  /** Why an I/O operation failed, in words: "No space left on device", not a class name. */
  static String ioCause(java.io.IOException cause) {
    if (cause instanceof java.nio.file.FileSystemException fs && fs.getReason() != null) {
      return fs.getReason();
    }
    String message = cause.getMessage();
    return message == null || message.isBlank() ? cause.getClass().getSimpleName()
        : message.strip();
  }

  private String overview() {
    StringBuilder sb = new StringBuilder();
    sb.append("PreemptLab ").append(Versions.project())
        .append(": GPU scheduling and preemption simulator\n\n");
    sb.append("usage: preemptlab COMMAND [OPTIONS]   (preemptlab COMMAND --help for details)\n\n");
    int width = commands.keySet().stream().mapToInt(String::length).max().orElse(0);
    for (Command command : commands.values()) {
      sb.append("  ").append(Strings.padEnd(command.name(), width, ' ')).append("  ")
          .append(command.summary()).append('\n');
    }
    sb.append("\nStart with: preemptlab demo\n");
    return sb.toString();
  }

  private static String help(Command command, Options options) {
    StringWriter text = new StringWriter();
    PrintWriter writer = new PrintWriter(text);
    HelpFormatter formatter = HelpFormatter.builder().get();
    formatter.printHelp(writer, 100, "preemptlab " + command.name() + " [OPTIONS]",
        command.summary() + "\n\n", options, 2, 2, "\nexamples:\n" + command.examples().indent(2),
        false);
    writer.flush();
    return text.toString();
  }
}
