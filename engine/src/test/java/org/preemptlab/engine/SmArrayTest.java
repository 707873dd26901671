package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.program;
import static org.preemptlab.engine.Sim.record;
import static org.preemptlab.engine.Sim.seg;
import static org.preemptlab.engine.Sim.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.SmSpec;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.model.Workload;

/** The SM index's placement search and the per-SM save channel. */
class SmArrayTest {

  @Test
  void indexedSearchAgreesWithALinearScanOverRandomAllocationsAndReleases() {
    // Shapes drawn anew each step (the index is rebuilt for most searches) and from three shapes
    // only (the index and its list of freed SMs are kept up to date across allocations and
    // releases).
    for (boolean fewShapes : new boolean[] {false, true}) {
      searchAgreesWithALinearScan(fewShapes);
    }
  }

  private void searchAgreesWithALinearScan(boolean fewShapes) {
    SplittableRandom random = new SplittableRandom(7);
    int[][] shapes = {{128, 128 * 32, 0}, {256, 256 * 64, 16384}, {1024, 1024 * 16, 8192}};
    for (int smCount : new int[] {1, 2, 3, 7, 15, 64, 65, 132, 200}) {
      SmSpec spec = new SmSpec(2048, 8, 65536, 100_000, 128);
      SmArray sms = new SmArray(device(smCount, spec, costs()));
      int[] threads = new int[smCount];
      int[] blocks = new int[smCount];
      int[] regs = new int[smCount];
      int[] shared = new int[smCount];
      java.util.Arrays.fill(threads, 2048);
      java.util.Arrays.fill(blocks, 8);
      java.util.Arrays.fill(regs, 65536);
      java.util.Arrays.fill(shared, 100_000);
      List<int[]> resident = new ArrayList<>();
      int current = 0;
      for (int step = 0; step < 5000; step++) {
        if (random.nextInt(50) == 0) {
          current = random.nextInt(shapes.length); // a new job's shape
        }
        int[] shape = shapes[current];
        int t = fewShapes ? shape[0] : 32 * (1 + random.nextInt(32));
        int r = fewShapes ? shape[1] : t * random.nextInt(64);
        int s = sms.sharedNeed(fewShapes ? shape[2] : random.nextInt(4) * 8192);
        int expected = -1;
        for (int i = 0; i < smCount; i++) {
          boolean fits = threads[i] >= t && blocks[i] > 0 && regs[i] >= r && shared[i] >= s;
          if (fits && (expected < 0 || threads[i] > threads[expected])) {
            expected = i;
          }
        }
        assertThat(sms.findBest(t, r, s)).as("step %d on %d SMs", step, smCount)
            .isEqualTo(expected);
        // Between searches, up to a dozen changes (several releases list several freed SMs): an
        // allocation on the SM found, or on any SM that can hold the block (as a restricted job's
        // or a restored block's), or a release.
        int changes = random.nextInt(4) == 0 ? random.nextInt(13) : 1;
        for (int c = 0; c < changes; c++) {
          int sm = c == 0 ? expected : random.nextInt(smCount);
          boolean fits = sm >= 0 && threads[sm] >= t && blocks[sm] > 0 && regs[sm] >= r
              && shared[sm] >= s;
          if (fits && random.nextInt(3) > 0) {
            sms.allocate(sm, t, r, s, step);
            threads[sm] -= t;
            blocks[sm]--;
            regs[sm] -= r;
            shared[sm] -= s;
            resident.add(new int[] {sm, t, r, s});
          } else if (!resident.isEmpty()) {
            int[] b = resident.remove(random.nextInt(resident.size()));
            sms.release(b[0], b[1], b[2], b[3], step);
            threads[b[0]] += b[1];
            blocks[b[0]]++;
            regs[b[0]] += b[2];
            shared[b[0]] += b[3];
          }
        }
      }
    }
  }

  @Test
  void aRunOfBlocksTakesTheSmsOneSearchPerBlockWouldTakeInTheSameOrder() {
    // Two arrays with the same history: one places runs with allocateRun, the other the same
    // blocks one by one with findBest and allocate. Between runs, releases (several freed SMs
    // listed at once, or one) and allocations elsewhere change them alike; every run must give the
    // same SMs in the same order and stop at the same block, and the searches after it agree.
    SplittableRandom random = new SplittableRandom(11);
    int[][] shapes = {{128, 128 * 32, 0}, {256, 256 * 64, 16384}, {1024, 1024 * 16, 8192},
        {32, 32 * 8, 0}};
    for (int smCount : new int[] {1, 2, 3, 7, 64, 65, 132, 188, 200}) {
      SmSpec spec = new SmSpec(2048, 8, 65536, 100_000, 128);
      SmArray bulk = new SmArray(device(smCount, spec, costs()));
      SmArray single = new SmArray(device(smCount, spec, costs()));
      List<int[]> resident = new ArrayList<>();
      for (int step = 0; step < 3000; step++) {
        int[] shape = shapes[random.nextInt(4) == 0 ? random.nextInt(shapes.length) : 0];
        int t = shape[0];
        int r = shape[1];
        int s = bulk.sharedNeed(shape[2]);
        int wanted = 1 + random.nextInt(random.nextBoolean() ? 3 : 3 * smCount);
        int[] out = new int[wanted];
        int placed = bulk.allocateRun(t, r, s, wanted, out, step);
        int expected = 0;
        while (expected < wanted) {
          int sm = single.findBest(t, r, s);
          if (sm < 0) {
            break;
          }
          assertThat(out[expected]).as("block %d of the run at step %d on %d SMs", expected,
              step, smCount).isEqualTo(sm);
          single.allocate(sm, t, r, s, step);
          resident.add(new int[] {sm, t, r, s});
          expected++;
        }
        assertThat(placed).as("blocks placed at step %d on %d SMs", step, smCount)
            .isEqualTo(expected);
        int releases = random.nextInt(3) == 0 ? random.nextInt(2 * smCount + 1)
            : random.nextInt(3);
        for (int c = 0; c < releases && !resident.isEmpty(); c++) {
          int[] b = resident.remove(random.nextInt(resident.size()));
          bulk.release(b[0], b[1], b[2], b[3], step);
          single.release(b[0], b[1], b[2], b[3], step);
        }
        if (random.nextInt(5) == 0) { // a restricted job's or a restored block's allocation
          int sm = random.nextInt(smCount);
          if (bulk.fits(sm, t, r, s)) {
            bulk.allocate(sm, t, r, s, step);
            single.allocate(sm, t, r, s, step);
            resident.add(new int[] {sm, t, r, s});
          }
        }
        assertThat(bulk.findBest(t, r, s)).isEqualTo(single.findBest(t, r, s));
        assertThat(bulk.busyArea(step)).isEqualTo(single.busyArea(step));
      }
    }
  }

  @Test
  void blocksOfOnePreemptionOnOneSmShareOneSaveAndPayTheFixedCostOnce() {
    // 1 SM holding two LOW blocks of 512 threads x 4 registers: 8192 B each. Save 32 B/ns + 100 ns
    // fixed; signal 50. HIGH arrives at 300 and preempts; both blocks stop at 350 and are written
    // as one save of the SM: the first block is free at 350 + 100 + 8192 / 32 = 706, the second
    // at 350 + 100 + 16384 / 32 = 962 (not 706 + 100 + 256 = 1062, a second fixed cost).
    DeviceSpec device = device(1, Sim.bigSm(), costs().signal(50).save(32, 100)
        .restore(1e9, 0));
    Workload w = workload().context("ctx", true)
        .queue("low", Priority.LOW).queue("high", Priority.HIGH)
        .job(1, "low", 0, kernel("train", 2, 512, 4, 0, false,
            program(seg(SegmentKind.COMPUTE, 1000, 4))))
        .job(2, "high", 300, kernel("infer", 1, 1024, 0, 0, 200))
        .build();

    SimulationResult result = Sim.run(w, device, "priority", "instruction-level", "full");

    assertThat(result.preemptions()).containsExactly(new PreemptionRecord(1, "low", 300, 350, 962,
        2, 0, 2, 0, 16384, Map.of("instruction", 2), 2, 962));
    assertThat(record(result, 2).firstStartNs()).isEqualTo(962);
  }
}
