package org.preemptlab.runner.experiment.sweep;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The result files of a sweep: {@code runs/<configuration>/seed-<seed>.json} under the output
 * directory, one per run. A file is written to a temporary file in the same directory and then
 * moved into place atomically, so a result file is either absent or complete, whenever the
 * process is killed; leftover temporary files ({@code *.tmp}) are ignored and removed by {@link
 * #removeTemporaryFiles()}.
 */
public final class ResultStore {
  /** The directory of the result files, under the output directory. */
  public static final String RUNS = "runs";

  private static final ObjectMapper JSON = JsonMapper.builder()
      .propertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
      .enable(SerializationFeature.INDENT_OUTPUT)
      .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .build();

  private final Path runs;

  /** The store of the sweep written to {@code outputDirectory}. */
  public ResultStore(Path outputDirectory) {
    this.runs = outputDirectory.resolve(RUNS);
  }

  /** The result file of {@code run}. */
  public Path file(PlannedRun run) {
    return runs.resolve(run.point().key()).resolve("seed-" + run.seed() + ".json");
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
      writeAtomically(file, (JSON.writeValueAsString(result) + "\n")
          .getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }

  /**
   * Writes {@code content} to {@code file} through a temporary file in the same directory and an
   * atomic move, so that readers (and a later {@code --resume}) never see a partial file.
   */
  public static void writeAtomically(Path file, byte[] content) throws IOException {
    Path temp = file.resolveSibling("." + file.getFileName() + ".tmp");
    try {
      Files.write(temp, content);
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
    Path file = file(run);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    RunResult result;
    try {
      if (Files.size(file) > org.preemptlab.api.Limits.MAX_TEXT_FILE_BYTES) {
        return Optional.empty(); // not one of ours (a result is a few KiB): run again
      }
      result = JSON.readValue(Files.readString(file, StandardCharsets.UTF_8), RunResult.class);
    } catch (JsonProcessingException e) {
      return Optional.empty(); // not one of ours, or edited: run again
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    boolean same = result.configuration().equals(run.point().key()) && result.seed() == run.seed()
        && run.configDigest().equals(result.configDigest());
    return same ? Optional.of(result) : Optional.empty();
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
   * Reads the results of {@code runs}, in that order.
   *
   * @throws IllegalStateException if one is missing
   */
  public List<RunResult> readAll(List<PlannedRun> runs) {
    return runs.stream().map(run -> completed(run).orElseThrow(() ->
        new IllegalStateException("no complete result for " + run + " in " + file(run))))
        .toList();
  }
}
