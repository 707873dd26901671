package org.preemptlab.runner.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Priority;
import org.preemptlab.engine.JobRecord;

/**
 * A spilling recorder (the samples of a streamed run wait in a file until the run is over) builds
 * exactly the samples an in-memory recorder builds: same jobs, turnarounds, slowdowns, lanes and
 * per-lane sums, whatever order the jobs finish in, with ids that are not their indices, more than
 * 256 lanes and jobs beyond the expected count (an application's); and it leaves no file behind.
 */
class SpillingRecorderTest {
  @TempDir
  Path folder;

  @Test
  void aSpillingRecorderBuildsTheSamplesOfAnInMemoryOneAndDeletesItsFile() throws IOException {
    for (int seed = 0; seed < 12; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      int expected = 1 + random.nextInt(3_000);
      int n = expected + (seed % 3 == 0 ? random.nextInt(50) : 0); // applications' jobs beyond
      int queues = seed % 4 == 0 ? 300 : 1 + random.nextInt(5); // 300 lanes: wider than a byte
      boolean shuffledIds = seed % 2 == 1;
      List<JobRecord> records = new ArrayList<>();
      long[] alone = new long[n];
      for (int i = 0; i < n; i++) {
        long submit = random.nextLong(1_000_000);
        long finish = submit + 1 + random.nextLong(100_000);
        long id = shuffledIds ? (i * 7919L) % 100_003 + 17 : i;
        records.add(new JobRecord(id, "q" + random.nextInt(queues), "c", Priority.NORMAL,
            EngineKind.COMPUTE, "k", 1, submit, submit, submit, submit, finish, 0, 0, 0,
            random.nextLong(50), random.nextBoolean() ? Job.NO_DEADLINE : submit + 50_000));
        alone[i] = 1 + random.nextLong(finish - submit);
      }
      List<Integer> finishOrder = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        finishOrder.add(i);
      }
      Collections.shuffle(finishOrder, new java.util.Random(seed));
      JobSamples.Recorder inMemory = new JobSamples.Recorder(expected, i -> alone[i]);
      JobSamples.Recorder spilling = JobSamples.Recorder.spilling(expected, i -> alone[i],
          1 + random.nextInt(200), folder);
      for (int i : finishOrder) {
        assertThat(spilling.add(i, records.get(i))).isEqualTo(inMemory.add(i, records.get(i)));
      }

      JobSamples kept = inMemory.build();
      JobSamples spilled = spilling.build();

      String what = "seed " + seed;
      assertThat(spilled).as(what).isEqualTo(kept);
      assertThat(spilled.turnarounds()).as(what).containsExactly(kept.turnarounds());
      assertThat(spilled.slowdowns()).as(what).containsExactly(kept.slowdowns());
      assertThat(spilled.lanes()).as(what).containsExactlyInAnyOrderElementsOf(kept.lanes());
      assertThat(spilled.waitingMeanNs()).as(what).isEqualTo(kept.waitingMeanNs());
      assertThat(spilled.size()).as(what).isEqualTo(n);
      try (Stream<Path> left = Files.list(folder)) {
        assertThat(left).as(what + ": spill files left").isEmpty();
      }
    }
  }

  @Test
  void aRunOfFewerJobsThanTheBufferNeverWritesAFile() throws IOException {
    JobSamples.Recorder recorder = JobSamples.Recorder.spilling(3, i -> 10, 8, folder);
    for (int i = 0; i < 3; i++) {
      recorder.add(i, new JobRecord(i, "q", "c", Priority.NORMAL, EngineKind.COMPUTE, "k", 1, 0,
          0, 0, 0, 20 + i, 0, 0, 0, 0, Job.NO_DEADLINE));
      try (Stream<Path> files = Files.list(folder)) {
        assertThat(files).isEmpty();
      }
    }

    assertThat(recorder.build().turnarounds()).containsExactly(20, 21, 22);
  }
}
