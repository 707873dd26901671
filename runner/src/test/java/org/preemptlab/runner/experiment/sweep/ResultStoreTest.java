package org.preemptlab.runner.experiment.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.runner.experiment.YamlBinding;

class ResultStoreTest {
  @TempDir
  Path dir;

  private static List<PlannedRun> runs(String yaml) {
    return SweepPlan.of(YamlBinding.parse(yaml, "s.yaml", SweepConfig.class).orElseThrow())
        .runs();
  }

  @Test
  void aWrittenResultReadsBackCompleteAndLeavesNoTemporaryFile() throws IOException {
    ResultStore store = new ResultStore(dir);
    PlannedRun run = runs("vary: {policy: [fifo]}\nseeds: [4]\n").get(0);

    store.write(run, RunResult.failed(run, "boom"));

    assertThat(store.file(run)).isEqualTo(dir.resolve("runs/fifo/seed-4.json"));
    assertThat(store.completed(run)).hasValueSatisfying(r -> {
      assertThat(r.error()).isEqualTo("boom");
      assertThat(r.status()).isEqualTo(RunResult.Status.FAILED);
    });
    assertThat(Files.readString(store.file(run))).contains("\"status\" : \"failed\"");
    try (Stream<Path> files = Files.walk(dir)) {
      assertThat(files.filter(f -> f.toString().endsWith(".tmp"))).isEmpty();
    }
    assertThat(store.isEmpty()).isFalse();
  }

  @Test
  void aResultOfAnotherConfigurationUnderTheSameNameIsNotComplete() {
    ResultStore store = new ResultStore(dir);
    PlannedRun old = runs("base: {seed: 1}\nvary: {policy: [fifo]}\n").get(0);
    PlannedRun changed = runs("base: {hardware: gtx480}\nvary: {policy: [fifo]}\n").get(0);
    store.write(old, RunResult.failed(old, "x"));

    assertThat(store.file(changed)).isEqualTo(store.file(old));
    assertThat(store.completed(old)).isPresent();
    assertThat(store.completed(changed)).isEmpty();
  }

  @Test
  void aHalfWrittenFileIsNotCompleteAndTemporaryFilesAreRemoved() throws IOException {
    ResultStore store = new ResultStore(dir);
    PlannedRun run = runs("vary: {policy: [fifo]}\n").get(0);
    Files.createDirectories(store.file(run).getParent());
    Files.writeString(store.file(run), "{\"configuration\" : \"fifo\", \"val");
    Path temp = store.file(run).resolveSibling(".seed-1.json.tmp");
    Files.writeString(temp, "{");

    assertThat(store.completed(run)).isEmpty();
    store.removeTemporaryFiles();
    assertThat(temp).doesNotExist();
    assertThat(store.file(run)).exists();
  }

  @Test
  void aResultFileAboveTheSizeLimitIsNotReadButRunAgain() throws IOException {
    ResultStore store = new ResultStore(dir);
    PlannedRun run = runs("vary: {policy: [fifo]}\n").get(0);
    store.write(run, RunResult.failed(run, "x"));
    String valid = Files.readString(store.file(run));
    Files.writeString(store.file(run), valid.replace("{", "{" + " ".repeat(
        org.preemptlab.api.Limits.MAX_TEXT_FILE_BYTES))); // still the same JSON, but 1 MiB more

    assertThat(store.completed(run)).isEmpty();
  }

  @Test
  void aStoreWithoutRunsIsEmpty() {
    assertThat(new ResultStore(dir.resolve("none")).isEmpty()).isTrue();
  }
}
