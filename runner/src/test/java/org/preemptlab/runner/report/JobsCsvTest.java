package org.preemptlab.runner.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Priority;
import org.preemptlab.engine.JobRecord;

class JobsCsvTest {
  @TempDir
  Path dir;

  private static JobRecord job(long id) {
    return new JobRecord(id, "q", "c", Priority.NORMAL, EngineKind.COMPUTE, "k", 1, 0, 0, 0, 1,
        10 + id, 0, 0, 0, 0, Job.NO_DEADLINE);
  }

  private List<String> rows() throws IOException {
    List<String> lines = Files.readAllLines(dir.resolve("jobs.csv"));
    assertThat(lines.get(0)).isEqualTo(JobsCsv.HEADER);
    return lines.subList(1, lines.size());
  }

  @Test
  void rowsFinishedInAnyOrderAreWrittenInWorkloadOrder() throws IOException {
    for (long seed = 1; seed <= 10; seed++) {
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        order.add(i);
      }
      Collections.shuffle(order, new Random(seed));
      try (JobsCsv csv = JobsCsv.open(dir.resolve("jobs.csv"))) {
        for (int i : order) {
          csv.finished(i, job(i), 1.5);
        }
        csv.commit(500);
        assertThat(csv.mostHeld()).isGreaterThan(1).isLessThanOrEqualTo(500);
      }

      List<String> rows = rows();
      assertThat(rows).hasSize(500);
      for (int i = 0; i < 500; i++) {
        assertThat(rows.get(i)).isEqualTo(JobsCsv.row(job(i), 1.5));
      }
    }
  }

  @Test
  void rowsHeldBackBeyondTheMemoryGoToASpillFileAndComeBackInOrder() throws IOException {
    for (long seed = 1; seed <= 5; seed++) {
      List<Integer> order = new ArrayList<>();
      for (int i = 1; i < 3000; i++) {
        order.add(i);
      }
      Collections.shuffle(order, new Random(seed));
      order.add(0); // the first job finishes last and holds back every other row
      try (JobsCsv csv = JobsCsv.open(dir.resolve("jobs.csv"), 16)) {
        for (int i : order) {
          csv.finished(i, job(i), 0.25);
        }
        csv.commit(3000);
        assertThat(csv.mostHeld()).isEqualTo(2999);
        assertThat(csv.spilled()).isGreaterThan(2900);
        assertThat(dir.resolve("jobs.csv.spill")).isRegularFile();
      }

      assertThat(dir.resolve("jobs.csv.spill")).doesNotExist();
      List<String> rows = rows();
      assertThat(rows).hasSize(3000);
      for (int i = 0; i < 3000; i++) {
        assertThat(rows.get(i)).isEqualTo(JobsCsv.row(job(i), 0.25));
      }
    }
  }

  @Test
  void aRowLongerThanTheSpillBufferSurvivesTheSpillFile() throws IOException {
    String name = "k".repeat(100_000) + ",\"quoted\"";
    JobRecord long2 = new JobRecord(2, "q", "c", Priority.NORMAL, EngineKind.COMPUTE, name, 1, 0,
        0, 0, 1, 12, 0, 0, 0, 0, Job.NO_DEADLINE);
    try (JobsCsv csv = JobsCsv.open(dir.resolve("jobs.csv"), 1)) {
      csv.finished(3, job(3), 1);
      csv.finished(2, long2, 1);
      csv.finished(1, job(1), 1);
      csv.finished(0, job(0), 1);
      csv.commit(4);
    }

    assertThat(rows()).containsExactly(JobsCsv.row(job(0), 1), JobsCsv.row(job(1), 1),
        JobsCsv.row(long2, 1), JobsCsv.row(job(3), 1));
  }

  @Test
  void rowsFinishedInOrderAreNeverHeldBack() throws IOException {
    try (JobsCsv csv = JobsCsv.open(dir.resolve("jobs.csv"))) {
      for (int i = 0; i < 100; i++) {
        csv.finished(i, job(i), 1);
      }
      csv.commit(100);
      assertThat(csv.mostHeld()).isZero();
    }

    assertThat(rows()).hasSize(100);
  }

  @Test
  void aRunThatDoesNotCommitLeavesNoFileAndAnEarlierJobsCsvUntouched() throws IOException {
    Files.writeString(dir.resolve("jobs.csv"), "earlier\n");

    try (JobsCsv csv = JobsCsv.open(dir.resolve("jobs.csv"))) {
      csv.finished(0, job(0), 1);
      assertThat(dir.resolve("jobs.csv.partial")).isRegularFile();
    }

    assertThat(Files.readString(dir.resolve("jobs.csv"))).isEqualTo("earlier\n");
    assertThat(dir.resolve("jobs.csv.partial")).doesNotExist();
  }

  @Test
  void committingWithAJobMissingOrAJobTwiceIsRefused() {
    try (JobsCsv csv = JobsCsv.open(dir.resolve("jobs.csv"), 2)) {
      csv.finished(1, job(1), 1);
      csv.finished(0, job(0), 1);

      assertThatThrownBy(() -> csv.finished(1, job(1), 1))
          .hasMessage("job index 1 finished twice");
      csv.finished(3, job(3), 1);
      csv.finished(7, job(7), 1); // spilled
      assertThatThrownBy(() -> csv.finished(3, job(3), 1))
          .hasMessage("job index 3 finished twice");
      assertThatThrownBy(() -> csv.finished(7, job(7), 1))
          .hasMessage("job index 7 finished twice");
      assertThatThrownBy(() -> csv.commit(4)).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("2 of 4 job rows");
      assertThatThrownBy(() -> csv.commit(8)).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("2 of 8 job rows");
    }
    assertThat(dir.resolve("jobs.csv")).doesNotExist();
    assertThat(dir.resolve("jobs.csv.partial")).doesNotExist();
    assertThat(dir.resolve("jobs.csv.spill")).doesNotExist();
  }
}
