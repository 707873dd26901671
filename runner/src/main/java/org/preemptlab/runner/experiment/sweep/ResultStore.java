package org.preemptlab.runner.experiment.sweep;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.Writer;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The result files of a sweep: {@code runs/<configuration>/seed-<seed>.json} under the output
 * directory, one per run. A file is written to a temporary file in the same directory and then
 * moved into place atomically, so a result file is either absent or complete, whenever the
 * process is killed; leftover temporary files ({@code *.tmp}) are ignored and removed by {@link
 * #removeTemporaryFiles()}.
 *
 * <p>A result file holds every job's turnaround (the samples of the sweep's CDFs), so its size
 * grows with the run's jobs: about 10 bytes a job, at most {@link #MAX_RESULT_FILE_BYTES}. It is
 * read with Jackson's streaming parser, never as one string, and a report reads the turnarounds
 * again from it ({@link #turnarounds}) instead of keeping every run's in memory.
 */
public final class ResultStore implements TurnaroundSource {
  /** The directory of the result files, under the output directory. */
  public static final String RUNS = "runs";

  private static final ObjectMapper JSON = JsonMapper.builder()
      .propertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
      .enable(SerializationFeature.INDENT_OUTPUT)
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .build();

  /**
   * The largest result file read back, so that a corrupt or foreign file of any size is run again
   * instead of being parsed into memory: the size limit of a text input ({@link
   * org.preemptlab.api.Limits#MAX_TEXT_FILE_BYTES}, for the metrics and the rest) plus 21 bytes
   * (a {@code long} of at most 19 digits and the {@code ", "} that separates it from the next, as
   * written) for each of {@link org.preemptlab.api.Limits#MAX_GENERATED_JOBS} turnarounds, the
   * most jobs a synthetic workload or an application may submit in a run (a trace holds at most
   * {@link org.preemptlab.api.Limits#MAX_JOBS}): about 421 MB. A larger file is not one of ours:
   * its run runs again.
   */
  public static final long MAX_RESULT_FILE_BYTES = org.preemptlab.api.Limits.MAX_TEXT_FILE_BYTES
      + 21L * org.preemptlab.api.Limits.MAX_GENERATED_JOBS;

  private final Path runs;

  /** The store of the sweep written to {@code outputDirectory}. */
  public ResultStore(Path outputDirectory) {
    this.runs = outputDirectory.resolve(RUNS);
  }

  /** The result file of {@code run}. */
  public Path file(PlannedRun run) {
    return file(run.point().key(), run.seed());
  }

  private Path file(String configuration, long seed) {
    return runs.resolve(configuration).resolve("seed-" + seed + ".json");
  }

  /** Whether the store holds any result or temporary file. */
  public boolean isEmpty() {
    if (!Files.isDirectory(runs)) {
      return true;
    }
    try (Stream<Path> files = Files.walk(runs)) {
      return files.noneMatch(Files::isRegularFile);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + runs, e);
    }
  }

  /** Writes the result atomically: a temporary file, then a move into place. */
  public void write(PlannedRun run, RunResult result) {
    Path file = file(run);
    try {
      Files.createDirectories(file.getParent());
      writeAtomically(file, out -> {
        JSON.writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, result);
        out.write('\n');
      });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  /**
   * Writes {@code content} to {@code file} through a temporary file in the same directory and an
   * atomic move, so that readers (and a later {@code --resume}) never see a partial file.
   */
  public static void writeAtomically(Path file, byte[] content) throws IOException {
    atomically(file, temp -> Files.write(temp, content));
  }

  /** What {@link #writeAtomically(Path, Content)} writes, streamed to a writer. */
  @FunctionalInterface
  public interface Content {
    /** Writes the content to {@code out}; the caller closes {@code out}. */
    void writeTo(Writer out) throws IOException;
  }

  /**
   * Writes what {@code content} writes to {@code file} (UTF-8, buffered) as {@link
   * #writeAtomically(Path, byte[])} does, without holding the content whole.
   */
  public static void writeAtomically(Path file, Content content) throws IOException {
    atomically(file, temp -> {
      try (Writer out = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
        content.writeTo(out);
      }
    });
  }

  private interface TempWriter {
    void write(Path temp) throws IOException;
  }

  private static void atomically(Path file, TempWriter writer) throws IOException {
    Path temp = file.resolveSibling("." + file.getFileName() + ".tmp");
    try {
      writer.write(temp);
      try {
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE,
            StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /**
   * The complete result of {@code run}, if its file exists, reads, and was made for the same
   * configuration (name, seed and configuration digest); empty otherwise.
   */
  public Optional<RunResult> completed(PlannedRun run) {
    return read(run.point().key(), run.seed(), run.configDigest());
  }

  private Optional<RunResult> read(String configuration, long seed, String configDigest) {
    Path file = file(configuration, seed);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    RunResult result;
    try {
      if (Files.size(file) > MAX_RESULT_FILE_BYTES) {
        return Optional.empty(); // not one of ours: run again
      }
      try (InputStream in = Files.newInputStream(file)) {
        result = JSON.readValue(in, RunResult.class);
      }
    } catch (JsonProcessingException e) {
      return Optional.empty(); // not one of ours, or edited: run again
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    boolean same = result.configuration().equals(configuration) && result.seed() == seed
        && configDigest.equals(result.configDigest());
    return same ? Optional.of(result) : Optional.empty();
  }

  /**
   * The turnarounds of {@code result}'s run, read again from its result file; empty for a failed
   * run.
   *
   * @throws IllegalStateException if the file no longer holds a successful result of the same
   *     run (removed or replaced since {@code result} was read)
   */
  @Override
  public Map<String, long[]> turnarounds(RunResult result) {
    if (!result.isOk()) {
      return Map.of();
    }
    return read(result.configuration(), result.seed(), result.configDigest())
        .filter(RunResult::isOk).map(RunResult::turnaroundsNs)
        .orElseThrow(() -> new IllegalStateException("the result of " + result.configuration()
            + " seed " + result.seed() + " in " + file(result.configuration(), result.seed())
            + " was removed or replaced while the sweep's reports were written"));
  }

  /** Deletes the temporary files a killed sweep left behind. */
  public void removeTemporaryFiles() {
    if (!Files.isDirectory(runs)) {
      return;
    }
    try (Stream<Path> files = Files.walk(runs)) {
      for (Path file : files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList()) {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot clean " + runs, e);
    }
  }

  /**
   * Reads the results of {@code runs}, in that order, {@link RunResult#withoutTurnarounds()
   * without their turnarounds} (read them with {@link #turnarounds}), so that the list holds a few
   * KiB per run whatever the runs' jobs.
   *
   * @throws IllegalStateException if one is missing
   */
  public List<RunResult> readAll(List<PlannedRun> runs) {
    return runs.stream().map(run -> completed(run).orElseThrow(() ->
        new IllegalStateException("no complete result for " + run + " in " + file(run)))
        .withoutTurnarounds()).toList();
  }
}
