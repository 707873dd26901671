package org.preemptlab.runner.report;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.preemptlab.api.ConfigurationException;

/**
 * The rules every output path follows, checked before a run starts (after its configuration has
 * been checked) so that a mistake costs nothing and touches nothing:
 *
 * <ul>
 *   <li>an output folder is new, empty, or holds this same command's earlier outputs; a folder
 *       holding anything else is refused, never overwritten;
 *   <li>an output file ({@code --trace}) is new: an existing file, a device such as {@code
 *       /dev/null} or a symbolic link is refused, never truncated;
 *   <li>no output is written through a symbolic link: folders and files that are links are
 *       refused, and files inside an output folder are opened with {@link
 *       LinkOption#NOFOLLOW_LINKS};
 *   <li>a name taken from an input file (a sweep's name) is one plain path segment, so it cannot
 *       leave the folder it is written into.
 * </ul>
 */
public final class OutputPaths {
  /** How files inside a checked output folder are opened: created or replaced, never followed. */
  public static final OpenOption[] WRITE = {StandardOpenOption.CREATE,
      StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS};

  private OutputPaths() {}

  /**
   * Checks (and creates) an output folder.
   *
   * @param option how the user named it, e.g. {@code --out}
   * @param dir the folder
   * @param ownedBy whether a non-empty existing folder holds this command's own earlier outputs
   * @throws ConfigurationException if it is a link or a file, cannot be created or written, or
   *     holds anything else
   */
  public static void checkDirectory(String option, Path dir, Predicate<Path> ownedBy) {
    if (dir.toString().isBlank()) {
      throw new ConfigurationException(option + ": needs a folder name");
    }
    if (Files.isSymbolicLink(dir)) {
      throw new ConfigurationException(option + " " + dir + ": is a symbolic link; outputs are "
          + "never written through links, name the folder itself");
    }
    if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
      if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
        throw new ConfigurationException(option + " " + dir + ": exists and is not a folder; "
            + "name a new folder");
      }
      if (!isEmpty(dir) && !ownedBy.test(dir)) {
        throw new ConfigurationException(option + " " + dir + ": the folder already holds other "
            + "files (not this command's outputs); name a new or empty folder, nothing is "
            + "overwritten");
      }
      if (hasLinks(dir)) {
        throw new ConfigurationException(option + " " + dir + ": the folder holds symbolic "
            + "links; outputs are never written through links");
      }
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new ConfigurationException(option + " " + dir + ": cannot create the folder ("
          + e.getClass().getSimpleName() + ")");
    }
    if (!Files.isWritable(dir)) {
      throw new ConfigurationException(option + " " + dir + ": the folder is not writable");
    }
  }

  /**
   * Checks a new output file: it must not exist (not even as a link or device), and its folder
   * must exist or be creatable, and be writable. Creates the folder.
   *
   * @throws ConfigurationException naming the option and the problem
   */
  public static void checkNewFile(String option, Path file) {
    if (file.toString().isBlank()) {
      throw new ConfigurationException(option + ": needs a file name");
    }
    if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      throw new ConfigurationException(option + " " + file + ": exists; name a new file (an "
          + "existing file is never overwritten)");
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      if (Files.exists(parent) && !Files.isDirectory(parent)) {
        throw new ConfigurationException(option + " " + file + ": " + parent
            + " is not a folder");
      }
      try {
        Files.createDirectories(parent);
      } catch (IOException e) {
        throw new ConfigurationException(option + " " + file + ": cannot create its folder ("
            + e.getClass().getSimpleName() + ")");
      }
      if (!Files.isWritable(parent)) {
        throw new ConfigurationException(option + " " + file + ": its folder is not writable");
      }
    }
  }

  /**
   * Whether {@code dir} holds the outputs of the command {@code command}: its {@code command.txt}
   * names exactly that command line.
   */
  public static boolean heldBy(Path dir, String command) {
    Path file = dir.resolve(Provenance.COMMAND_FILE);
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    try {
      if (Files.size(file) > 1 << 16) {
        return false;
      }
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      Optional<String> last = lines.stream().filter(l -> !l.startsWith("#") && !l.isBlank())
          .reduce((a, b) -> b);
      return last.isPresent() && last.get().equals(command);
    } catch (IOException | UncheckedIOException e) {
      return false;
    }
  }

  /**
   * Whether {@code dir} holds something, and only plain files named one of {@code names} (the
   * leftovers of a run that was killed).
   */
  public static boolean holdsOnly(Path dir, java.util.Set<String> names) {
    try (Stream<Path> entries = Files.list(dir)) {
      List<Path> all = entries.limit(names.size() + 1L).toList();
      return !all.isEmpty() && all.stream().allMatch(p -> names.contains(
          p.getFileName().toString()) && Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS));
    } catch (IOException | UncheckedIOException e) {
      return false;
    }
  }

  /**
   * Checks that a name from an input file is one plain path segment: letters, digits, {@code .},
   * {@code _} and {@code -}, not {@code .} or {@code ..}.
   *
   * @throws IllegalArgumentException saying which characters are allowed
   */
  public static String checkName(String name) {
    checkArgument(name.matches("[A-Za-z0-9._-]{1,100}") && !name.equals(".")
        && !name.equals(".."), "'%s' is not a plain name; use letters, digits, '.', '_' and '-' "
        + "(at most 100), it names the output folder results/NAME",
        name.length() <= 40 ? name : name.substring(0, 37) + "...");
    return name;
  }

  private static boolean isEmpty(Path dir) {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.findAny().isEmpty();
    } catch (IOException e) {
      return false;
    }
  }

  private static boolean hasLinks(Path dir) {
    try (Stream<Path> entries = Files.walk(dir)) {
      return entries.anyMatch(Files::isSymbolicLink);
    } catch (IOException | UncheckedIOException e) {
      return true;
    }
  }

  /**
   * Writes a new file whole or not at all: into a hidden temporary file beside it, then renamed to
   * its name (refusing to replace a file that appeared meanwhile). A full disk or any other
   * failure leaves no file of that name, so no later run reads a truncated output as complete.
   *
   * @throws IOException if it cannot be written; the temporary file is removed
   */
  public static void writeNewFile(Path file, byte[] content) throws IOException {
    Path temp = file.resolveSibling("." + file.getFileName() + ".partial");
    try {
      Files.write(temp, content, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
          LinkOption.NOFOLLOW_LINKS);
      Files.move(temp, file); // a rename within the folder, without replacing
    } finally {
      Files.deleteIfExists(temp);
    }
  }

}
