package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Priority;

class JobTableTest {
  private static JobRecord job(long id, String queue, Priority priority, String kernel,
      long submit, long finish) {
    return new JobRecord(id, queue, "ctx-" + queue, priority, EngineKind.COMPUTE, kernel,
        (int) id + 1, submit, submit + 1, submit + 2, submit + 3, finish, (int) id, id * 10,
        id * 20, id * 30, id == 2 ? 99 : Job.NO_DEADLINE);
  }

  private static final List<JobRecord> RECORDS = List.of(
      job(7, "a", Priority.HIGH, "gemm", 0, 100), job(2, "b", Priority.LOW, "conv", 5, 200),
      job(9, "a", Priority.HIGH, "gemm", 10, 50), job(4, "b", Priority.NORMAL, "conv", 20, 30));

  @Test
  void aTableHoldsEveryFieldOfEveryRecordInOrder() {
    JobTable table = JobTable.copyOf(RECORDS);

    assertThat(table).containsExactlyElementsOf(RECORDS);
    assertThat(table).isEqualTo(RECORDS);
    assertThat(table.turnaroundNs(1)).isEqualTo(195);
    assertThat(JobTable.copyOf(table)).isSameAs(table);
  }

  @Test
  void aTableOfFixedRowsFilledInAnyOrderEqualsTheRecordsInRowOrder() {
    JobTable.Builder builder = JobTable.Builder.ofRows(RECORDS.size());
    for (int row : new int[] {2, 0, 3, 1}) {
      builder.set(row, RECORDS.get(row));
    }

    JobTable table = builder.build();

    assertThat(table).containsExactlyElementsOf(RECORDS);
    assertThat(table.rowOf(9)).isEqualTo(2);
  }

  @Test
  void aTableOfFixedRowsIsNotBuiltWithARowMissingOrSetTwice() {
    JobTable.Builder builder = JobTable.Builder.ofRows(3)
        .set(0, RECORDS.get(0)).set(2, RECORDS.get(2));

    assertThatThrownBy(builder::build).isInstanceOf(IllegalStateException.class)
        .hasMessage("2 of 3 rows set");
    assertThatThrownBy(() -> JobTable.Builder.ofRows(3).set(3, RECORDS.get(0)))
        .isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> builder.set(2, RECORDS.get(2)))
        .isInstanceOf(IllegalStateException.class).hasMessage("row 2 set twice");
  }

  @Test
  void aJobIsFoundByIdWhetherOrNotTheIdsAscend() {
    JobTable shuffled = JobTable.copyOf(RECORDS);
    JobTable ascending = JobTable.copyOf(List.of(RECORDS.get(1), RECORDS.get(3), RECORDS.get(0),
        RECORDS.get(2)));

    assertThat(shuffled.rowOf(9)).isEqualTo(2);
    assertThat(shuffled.rowOf(2)).isEqualTo(1);
    assertThat(shuffled.rowOf(3)).isEqualTo(-1);
    assertThat(ascending.rowOf(7)).isEqualTo(2);
    assertThat(ascending.rowOf(8)).isEqualTo(-1);
  }

  @Test
  void aSelectionKeepsTheRowsOfTheWholeRun() {
    JobTable table = JobTable.copyOf(RECORDS);

    JobTable queueB = table.select(j -> j.queueId().equals("b"));

    assertThat(queueB).containsExactly(RECORDS.get(1), RECORDS.get(3));
    assertThat(queueB.row(1)).isEqualTo(3);
    assertThat(queueB.sameBase(table)).isTrue();
    assertThat(queueB.base()).isEqualTo(RECORDS);
    assertThat(queueB.select(j -> j.jobId() == 4)).containsExactly(RECORDS.get(3));
  }

  @Test
  void aTableIsReadOnly() {
    JobTable table = JobTable.copyOf(RECORDS);

    assertThatThrownBy(() -> table.add(RECORDS.get(0)))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> table.get(4)).isInstanceOf(IndexOutOfBoundsException.class);
  }

  @Test
  void theEngineHandsItsRecordsOverAsATable() {
    SimulationResult result = new SimulationResult(RECORDS, List.of(), 200, 0.5, 0, 1, 1);

    assertThat(result.jobs()).isInstanceOf(JobTable.class).isEqualTo(RECORDS);
  }
}
