package org.preemptlab.runner.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The git commit of the working directory, for provenance: {@code git rev-parse HEAD} and whether
 * tracked files differ from it ({@code git status --porcelain --untracked-files=no}), each with a
 * short timeout. Never fails: without a repository or a git executable the commit is {@code
 * unknown}.
 *
 * <p>A repository's configuration can name commands that git runs (a {@code core.fsmonitor}
 * program, hooks, and the clean, smudge and process commands of filter drivers that its {@code
 * .gitattributes} assign to files, which {@code status} runs to compare a file whose timestamp
 * changed); the working directory may be anyone's repository, so every call disables them:
 * {@code git -c core.fsmonitor= -c core.hooksPath=/dev/null --no-optional-locks ...}, which also
 * keeps {@code status} from writing the index, and {@code status} gets {@code -c
 * filter.NAME.clean= -c filter.NAME.smudge= -c filter.NAME.process= -c filter.NAME.required=false}
 * for every filter driver the configuration defines (listed with {@code git config --name-only
 * --list}, which runs nothing). If they cannot be listed, {@code status} is not run and the
 * commit is reported clean.
 *
 * @param commit the full commit hash, or {@code unknown}
 * @param dirty whether tracked files have uncommitted changes (false when unknown)
 */
public record GitCommit(String commit, boolean dirty) {
  /** The commit when it cannot be determined. */
  public static final String UNKNOWN = "unknown";

  private static final long TIMEOUT_MILLIS = 2_000;

  /** The commit of the repository that holds {@code directory}, if any. */
  public static GitCommit of(Path directory) {
    if (!insideRepository(directory.toAbsolutePath())) {
      return new GitCommit(UNKNOWN, false);
    }
    Optional<String> head = git(directory, "rev-parse", "HEAD")
        .filter(h -> h.matches("[0-9a-f]{7,64}"));
    if (head.isEmpty()) {
      return new GitCommit(UNKNOWN, false);
    }
    Optional<List<String>> noFilters = git(directory, "config", "--name-only", "--list")
        .flatMap(GitCommit::disableFilters);
    if (noFilters.isEmpty()) {
      return new GitCommit(head.get(), false);
    }
    List<String> status = new java.util.ArrayList<>(noFilters.get());
    status.addAll(List.of("status", "--porcelain", "--untracked-files=no"));
    boolean dirty = git(directory, status.toArray(String[]::new))
        .map(s -> !s.isEmpty()).orElse(false);
    return new GitCommit(head.get(), dirty);
  }

  /**
   * The {@code -c} options that empty every filter driver named in {@code configNames} (one
   * configuration name a line); empty if a driver's name cannot be passed safely.
   */
  static Optional<List<String>> disableFilters(String configNames) {
    java.util.Set<String> drivers = new java.util.TreeSet<>();
    for (String name : configNames.split("\\R")) {
      String lower = name.toLowerCase(java.util.Locale.ROOT);
      int last = name.lastIndexOf('.');
      if (lower.startsWith("filter.") && last > "filter.".length()) {
        drivers.add(name.substring("filter.".length(), last));
      }
    }
    List<String> options = new java.util.ArrayList<>();
    for (String driver : drivers) {
      if (driver.contains("=")) {
        return Optional.empty(); // "-c filter.a=b.clean=" would name another key
      }
      for (String key : List.of("clean=", "smudge=", "process=", "required=false")) {
        options.add("-c");
        options.add("filter." + driver + "." + key);
      }
    }
    return Optional.of(options);
  }

  /** The class-path resource the build writes (runner/pom.xml, maven-antrun-plugin). */
  static final String BUILD_RESOURCE = "/org/preemptlab/runner/report/build.properties";

  /**
   * The commit the running PreemptLab was built from, and whether its tracked files had
   * uncommitted changes then, as the build embedded them; {@code unknown} for classes built
   * without git (a source archive) or without the build's resource.
   */
  public static GitCommit ofBuild() {
    java.util.Properties build = new java.util.Properties();
    try (java.io.InputStream in = GitCommit.class.getResourceAsStream(BUILD_RESOURCE)) {
      if (in == null) {
        return new GitCommit(UNKNOWN, false);
      }
      build.load(in);
    } catch (java.io.IOException e) {
      return new GitCommit(UNKNOWN, false);
    }
    String commit = build.getProperty("commit", UNKNOWN).trim();
    return commit.matches("[0-9a-f]{7,64}")
        ? new GitCommit(commit, Boolean.parseBoolean(build.getProperty("dirty", "false").trim()))
        : new GitCommit(UNKNOWN, false);
  }

  /** The commit of the current working directory's repository. */
  public static GitCommit ofWorkingDirectory() {
    return of(Path.of(""));
  }

  private static boolean insideRepository(Path directory) {
    for (Path d = directory; d != null; d = d.getParent()) {
      if (Files.exists(d.resolve(".git"))) {
        return true;
      }
    }
    return false;
  }

  private static Optional<String> git(Path directory, String... args) {
    List<String> command = new java.util.ArrayList<>(List.of("git", "-c", "core.fsmonitor=",
        "-c", "core.hooksPath=/dev/null", "-c", "core.untrackedCache=false",
        "--no-optional-locks"));
    command.addAll(List.of(args));
    Path output = null;
    Process process = null;
    try {
      // output to a file, so a large output can never block git while we wait with a timeout
      output = Files.createTempFile("preemptlab-git-", ".txt");
      ProcessBuilder builder = new ProcessBuilder(command);
      builder.environment().put("GIT_OPTIONAL_LOCKS", "0");
      builder.environment().remove("GIT_CONFIG_PARAMETERS");
      process = builder.directory(directory.toAbsolutePath().toFile())
          .redirectError(ProcessBuilder.Redirect.DISCARD)
          .redirectOutput(output.toFile()).start();
      process.getOutputStream().close(); // git reads nothing
      if (!process.waitFor(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS) || process.exitValue() != 0) {
        return Optional.empty();
      }
      return Optional.of(Files.readString(output, StandardCharsets.UTF_8).strip());
    } catch (IOException e) {
      return Optional.empty(); // no git executable, or no temporary file
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    } finally {
      if (process != null) {
        process.destroyForcibly();
      }
      if (output != null) {
        try {
          Files.deleteIfExists(output);
        } catch (IOException e) {
          // a leftover temporary file is harmless
        }
      }
    }
  }
}
