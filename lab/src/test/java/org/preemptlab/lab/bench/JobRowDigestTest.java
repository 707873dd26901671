package org.preemptlab.lab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Priority;
import org.preemptlab.engine.JobRecord;

/** The digest {@code bench --llm} compares two runs' job rows by. */
class JobRowDigestTest {
  private static JobRecord row(long id, long finishNs) {
    return new JobRecord(id, "q", "c", Priority.NORMAL, EngineKind.COMPUTE, "k", 4, 10, 10, 12,
        15, finishNs, 0, 0, 0, 0, -1);
  }

  private static JobRowDigest of(JobRecord... rows) {
    JobRowDigest digest = new JobRowDigest();
    for (JobRecord r : rows) {
      digest.finished((int) r.jobId(), r, 1.5);
    }
    return digest;
  }

  @Test
  void equalRowsFinishedInAnotherOrderGiveTheSameDigest() {
    assertThat(of(row(0, 100), row(1, 200), row(2, 300))
        .sameAs(of(row(2, 300), row(0, 100), row(1, 200)))).isTrue();
  }

  @Test
  void aRowThatDiffersInOneFieldOrAMissingRowGivesAnotherDigest() {
    JobRowDigest base = of(row(0, 100), row(1, 200));

    assertThat(base.sameAs(of(row(0, 100), row(1, 201)))).isFalse();
    assertThat(base.sameAs(of(row(0, 100)))).isFalse();
    // two rows swapping their finish times: the same multiset of values, other rows
    assertThat(base.sameAs(of(row(0, 200), row(1, 100)))).isFalse();
    JobRowDigest slower = new JobRowDigest();
    slower.finished(0, row(0, 100), 1.5);
    slower.finished(1, row(1, 200), 1.75);
    assertThat(base.sameAs(slower)).isFalse();
    assertThat(base.jobs()).isEqualTo(2);
  }
}
