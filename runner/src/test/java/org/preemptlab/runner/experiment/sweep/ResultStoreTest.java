package org.preemptlab.runner.experiment.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
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
    // still the same JSON (a parser stops at the end of its object), but larger than any of
    // ours: extended by zero bytes, a sparse file that costs no disk
    try (java.io.RandomAccessFile file = new java.io.RandomAccessFile(store.file(run).toFile(),
        "rw")) {
      file.setLength(ResultStore.MAX_RESULT_FILE_BYTES + 1);
    }

    assertThat(store.completed(run)).isEmpty();
  }

  @Test
  void theResultOfARunOfMoreThanAMillionJobsIsKeptOnResume() throws IOException { // issue 52
    ResultStore store = new ResultStore(dir);
    PlannedRun run = runs("vary: {policy: [fifo]}\n").get(0);
    long[] turnarounds = new long[1_100_000];
    java.util.Arrays.fill(turnarounds, 1_000_000_000_000_000_000L); // 19 digits, the longest
    turnarounds[0] = 7;
    store.write(run, ok(run, Map.of("q", turnarounds)));

    // larger than the old bound: 1 MiB and 21 bytes for each of a trace's 1,000,000 jobs
    assertThat(Files.size(store.file(run)))
        .isGreaterThan(org.preemptlab.api.Limits.MAX_TEXT_FILE_BYTES
            + 21L * org.preemptlab.api.Limits.MAX_JOBS);
    assertThat(store.completed(run)).hasValueSatisfying(r -> {
      assertThat(r.turnaroundsNs().get("q")).hasSize(1_100_000).startsWith(7,
          1_000_000_000_000_000_000L);
    });
  }

  @Test
  void theSizeBoundHoldsTheLargestRunASyntheticWorkloadOrApplicationMaySubmit() {
    // every turnaround at its longest: 19 digits and the ", " before the next
    assertThat(ResultStore.MAX_RESULT_FILE_BYTES).isGreaterThanOrEqualTo(
        org.preemptlab.api.Limits.MAX_TEXT_FILE_BYTES
            + 21L * org.preemptlab.api.Limits.MAX_GENERATED_JOBS);
  }

  private static RunResult ok(PlannedRun run, Map<String, long[]> turnarounds) {
    return new RunResult(run.point().key(), run.point().values(), run.seed(), run.configDigest(),
        RunResult.Status.OK, null, Map.of("makespan", 1.0), turnarounds);
  }

  @Test
  void theTurnaroundsAreLeftOutOfTheReadResultsAndReadAgainFromTheirFile() {
    ResultStore store = new ResultStore(dir);
    List<PlannedRun> planned = runs("vary: {policy: [fifo]}\nseeds: 2\n");
    store.write(planned.get(0), ok(planned.get(0), Map.of("b", new long[] {5, 3},
        "a", new long[] {7})));
    store.write(planned.get(1), RunResult.failed(planned.get(1), "boom"));

    List<RunResult> read = store.readAll(planned);

    assertThat(read).allSatisfy(r -> assertThat(r.turnaroundsNs()).isEmpty());
    assertThat(read.get(0).metrics()).containsEntry("makespan", 1.0);
    Map<String, long[]> again = store.turnarounds(read.get(0));
    assertThat(again.keySet()).containsExactly("a", "b");
    assertThat(again.get("b")).containsExactly(5, 3);
    assertThat(again.get("a")).containsExactly(7);
    assertThat(store.turnarounds(read.get(1))).isEmpty();
  }

  @Test
  void aResultFileOfTurnaroundsWrittenAsAJsonArrayOfNumbersReadsBack() throws IOException {
    ResultStore store = new ResultStore(dir);
    PlannedRun run = runs("vary: {policy: [fifo]}\n").get(0);
    store.write(run, ok(run, Map.of("q", new long[] {12, 3})));

    String written = Files.readString(store.file(run));

    // the format every earlier version wrote (a list of boxed longs), which --resume reads
    assertThat(written).contains("\"turnarounds-ns\" : {\n    \"q\" : [ 12, 3 ]\n  }");
    assertThat(store.completed(run)).hasValueSatisfying(r ->
        assertThat(r).isEqualTo(ok(run, Map.of("q", new long[] {12, 3}))));
  }

  @Test
  void aResultOfMoreThanAMebibyteOfTurnaroundsReadsBack() {
    ResultStore store = new ResultStore(dir);
    PlannedRun run = runs("vary: {policy: [fifo]}\n").get(0);
    long[] many = new long[200_000];
    java.util.Arrays.fill(many, 123_456_789_012L); // 12 digits: 2.8 MB of JSON
    store.write(run, ok(run, Map.of("q", many)));

    assertThat(store.completed(run)).hasValueSatisfying(r ->
        assertThat(r.turnaroundsNs().get("q")).isEqualTo(many));
  }

  @Test
  void readingTheTurnaroundsOfAResultWhoseFileWasReplacedFailsNamingTheFile() {
    ResultStore store = new ResultStore(dir);
    PlannedRun run = runs("vary: {policy: [fifo]}\n").get(0);
    store.write(run, ok(run, Map.of("q", new long[] {1})));
    RunResult read = store.readAll(List.of(run)).get(0);
    store.write(run, RunResult.failed(run, "later"));

    assertThatThrownBy(() -> store.turnarounds(read)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("runs/fifo/seed-1.json").hasMessageContaining("replaced");
  }

  @Test
  void aStoreWithoutRunsIsEmpty() {
    assertThat(new ResultStore(dir.resolve("none")).isEmpty()).isTrue();
  }
}
