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

  /** Block shapes (threads, registers, shared memory) of the run tests, the first the commonest. */
  private static final int[][] RUN_SHAPES = {{128, 128 * 32, 0}, {256, 256 * 64, 16384},
      {1024, 1024 * 16, 8192}, {32, 32 * 8, 0}};
  /** Device sizes of the run tests: one SM, a few, and around the index's word boundaries. */
  private static final int[] RUN_SM_COUNTS = {1, 2, 3, 7, 64, 65, 132, 188, 200};
  /** The SM of the run tests. */
  private static final SmSpec RUN_SM = new SmSpec(2048, 8, 65536, 100_000, 128);

  @Test
  void aRunOfBlocksTakesTheSmsOneSearchPerBlockWouldTakeInTheSameOrder() {
    // Two arrays with the same history: one places runs with allocateRun, the other the same
    // blocks one by one with findBest and allocate. Between runs, releases (several freed SMs
    // listed at once, or one) and allocations elsewhere change them alike; every run must give the
    // same SMs in the same order and stop at the same block, and the searches after it agree.
    SplittableRandom random = new SplittableRandom(11);
    for (int smCount : RUN_SM_COUNTS) {
      SmArray bulk = new SmArray(device(smCount, RUN_SM, costs()));
      SmArray single = new SmArray(device(smCount, RUN_SM, costs()));
      List<int[]> resident = new ArrayList<>();
      for (int step = 0; step < 3000; step++) {
        int[] shape = runShape(random);
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
  void aRunOfReleasesLeavesTheArrayExactlyAsOneReleasePerBlockInTheSameOrder() {
    // Two arrays with the same history, except that one frees groups of blocks of one shape with
    // releaseRun and the other the same blocks one by one with release, in the same order. Runs of
    // allocations, single allocations, searches and single releases change both alike in between.
    // After every step every field of the two arrays (index, buckets, freed list and its order,
    // resources, busy accounting) must be equal.
    SplittableRandom random = new SplittableRandom(29);
    for (int smCount : RUN_SM_COUNTS) {
      SmArray bulk = new SmArray(device(smCount, RUN_SM, costs()));
      SmArray single = new SmArray(device(smCount, RUN_SM, costs()));
      List<int[]> resident = new ArrayList<>();
      int[] lastRun = new int[0];
      int[] lastShape = RUN_SHAPES[0];
      long now = 0;
      for (int step = 0; step < 2000; step++) {
        now += random.nextInt(3) == 0 ? 0 : random.nextInt(1000);
        int[] shape = runShape(random);
        int t = shape[0];
        int r = shape[1];
        int s = bulk.sharedNeed(shape[2]);
        int op = random.nextInt(4);
        if (op <= 1) { // a wave placed in one run, on both
          int wanted = 1 + random.nextInt(random.nextBoolean() ? 3 : 3 * smCount);
          int[] out = new int[wanted];
          int[] outSingle = new int[wanted];
          int placed = bulk.allocateRun(t, r, s, wanted, out, now);
          assertThat(single.allocateRun(t, r, s, wanted, outSingle, now)).isEqualTo(placed);
          for (int i = 0; i < placed; i++) {
            resident.add(new int[] {out[i], t, r, s});
          }
          lastRun = java.util.Arrays.copyOf(out, placed);
          lastShape = new int[] {t, r, s};
        } else if (op == 2) { // one block by search, or on a given SM, on both
          int sm = random.nextInt(smCount);
          if (random.nextBoolean()) { // a search settles freed SMs: on both
            sm = bulk.findBest(t, r, s);
            assertThat(single.findBest(t, r, s)).isEqualTo(sm);
          }
          if (sm >= 0 && bulk.fits(sm, t, r, s)) {
            bulk.allocate(sm, t, r, s, now);
            single.allocate(sm, t, r, s, now);
            resident.add(new int[] {sm, t, r, s});
          }
        } else if (random.nextInt(3) == 0 && !resident.isEmpty()) { // single releases on both
          for (int c = random.nextInt(3); c >= 0 && !resident.isEmpty(); c--) {
            int[] b = resident.remove(random.nextInt(resident.size()));
            bulk.release(b[0], b[1], b[2], b[3], now);
            single.release(b[0], b[1], b[2], b[3], now);
          }
        } else if (!resident.isEmpty()) { // a group of one shape: a run against one by one
          int[] groupShape = random.nextBoolean() ? lastShape
              : java.util.Arrays.copyOfRange(resident.get(random.nextInt(resident.size())), 1, 4);
          List<Integer> group = new ArrayList<>();
          if (random.nextBoolean() && lastRun.length > 0) { // the last wave, in placement order
            for (int sm : lastRun) {
              group.add(sm);
            }
          } else {
            List<int[]> ofShape = new ArrayList<>();
            for (int[] b : resident) {
              if (b[1] == groupShape[0] && b[2] == groupShape[1] && b[3] == groupShape[2]) {
                ofShape.add(b);
              }
            }
            int size = ofShape.isEmpty() ? 0 : 1 + random.nextInt(ofShape.size());
            for (int i = 0; i < size; i++) {
              group.add(ofShape.remove(random.nextInt(ofShape.size()))[0]);
            }
          }
          int[] sms = new int[group.size() + 1];
          int n = 0;
          for (int sm : group) { // only blocks still resident, each once
            int at = indexOf(resident, sm, groupShape);
            if (at >= 0) {
              resident.remove(at);
              sms[n++] = sm;
            }
          }
          bulk.releaseRun(sms, n, groupShape[0], groupShape[1], groupShape[2], now);
          for (int i = 0; i < n; i++) {
            single.release(sms[i], groupShape[0], groupShape[1], groupShape[2], now);
          }
          lastRun = new int[0];
        }
        assertSameState(bulk, single, "step " + step + " on " + smCount + " SMs");
        if (random.nextInt(4) == 0) {
          assertThat(bulk.findBest(t, r, s)).isEqualTo(single.findBest(t, r, s));
          assertThat(bulk.busyArea(now)).isEqualTo(single.busyArea(now));
          assertSameState(bulk, single, "after a search at step " + step);
        }
      }
    }
  }

  @Test
  void theStateComparisonSeesTheOrderOfTheFreedList() {
    // The comparison of the test above can fail: the same two releases in the other order leave
    // the same resources but another order of freed SMs.
    SmArray a = new SmArray(device(4, RUN_SM, costs()));
    SmArray b = new SmArray(device(4, RUN_SM, costs()));
    int[] out = new int[2];
    a.allocateRun(128, 128, 0, 2, out, 0);
    b.allocateRun(128, 128, 0, 2, new int[2], 0);
    assertSameState(a, b, "after the same allocations");
    a.releaseRun(new int[] {out[0], out[1]}, 2, 128, 128, 0, 5);
    b.releaseRun(new int[] {out[1], out[0]}, 2, 128, 128, 0, 5);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> assertSameState(a, b, "x"))
        .isInstanceOf(AssertionError.class).hasMessageContaining("freed");
  }

  /** A shape of {@link #RUN_SHAPES}, the first most often (a wave of one kernel after another). */
  private static int[] runShape(SplittableRandom random) {
    return RUN_SHAPES[random.nextInt(4) == 0 ? random.nextInt(RUN_SHAPES.length) : 0];
  }

  private static int indexOf(List<int[]> resident, int sm, int[] shape) {
    for (int i = resident.size() - 1; i >= 0; i--) {
      int[] b = resident.get(i);
      if (b[0] == sm && b[1] == shape[0] && b[2] == shape[1] && b[3] == shape[2]) {
        return i;
      }
    }
    return -1;
  }

  /** Every field of two SM arrays is equal (arrays element by element). */
  private static void assertSameState(SmArray a, SmArray b, String where) {
    for (java.lang.reflect.Field field : SmArray.class.getDeclaredFields()) {
      if (java.lang.reflect.Modifier.isStatic(field.getModifiers())) {
        continue;
      }
      field.setAccessible(true);
      try {
        assertThat(java.util.Objects.deepEquals(field.get(a), field.get(b)))
            .as("field %s at %s", field.getName(), where).isTrue();
      } catch (IllegalAccessException e) {
        throw new AssertionError(e);
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
