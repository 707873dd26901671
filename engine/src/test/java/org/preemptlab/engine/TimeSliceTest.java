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
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.model.Workload;
import org.preemptlab.testkit.doubles.InstructionLevelDouble;
import org.preemptlab.testkit.doubles.FullSaveDouble;
import org.preemptlab.testkit.doubles.PriorityDouble;

/** Contexts that may not share SMs take turns in time slices. */
class TimeSliceTest {

  /** Two contexts, one job each submitted at 0: a block of {@code threads} threads, 12000 ns. */
  private static Workload twoContexts(int gridA, int threads) {
    return workload()
        .queue(Sim.queue("qa", "A", Priority.NORMAL))
        .queue(Sim.queue("qb", "B", Priority.NORMAL))
        .job(1, "qa", 0, kernel("a", gridA, threads, 1, 0, 12_000))
        .job(2, "qb", 0, kernel("b", 1, threads, 1, 0, 12_000))
        .build();
  }

  @Test
  void timeSlicedContextsSwitchAtSliceEndsAndPaySaveRestoreAndSwitchCosts() {
    // 1 SM; slice 10000; signal 0; save 1 B/ns (+0), restore 2 B/ns (+0), switch 500.
    // A block of 250 threads x 1 register = 1000 B: save 1000 ns, restore 500 ns.
    //   0      A active (first dispatched), job 1 [0, ...); slice ends at 10000.
    //   10000  switch 1: park job 1 (progress 10000), saved 11000, switch done 11500.
    //   11500  B active: job 2 starts; slice ends 21500.
    //   21500  switch 2: park job 2 (progress 10000), saved 22500, done 23000.
    //   23000  A active: job 1 restored on its SM: starts 23500, 2000 left -> 25500.
    //   25500  A idle -> switch 3 at once: nothing to save, done 26000.
    //   26000  B active: job 2 restored: starts 26500, 2000 left -> 28500.
    DeviceSpec device = device(1, Sim.bigSm(),
        costs().save(1, 0).restore(2, 0).contextSwitch(500).timeSlice(10_000), false);

    SimulationResult result = Sim.fifo(twoContexts(1, 250), device);

    assertThat(result.contextSwitches()).isEqualTo(3);
    JobRecord a = record(result, 1);
    JobRecord b = record(result, 2);
    assertThat(a.firstStartNs()).isEqualTo(0);
    assertThat(a.finishNs()).isEqualTo(25_500);
    assertThat(b.firstStartNs()).isEqualTo(11_500);
    assertThat(b.finishNs()).isEqualTo(28_500);
    assertThat(a.bytesSaved()).isEqualTo(1000);
    assertThat(a.bytesRestored()).isEqualTo(1000);
    assertThat(b.bytesSaved()).isEqualTo(1000);
    assertThat(b.bytesRestored()).isEqualTo(1000);
    assertThat(result.makespanNs()).isEqualTo(28_500);
    // the SM is idle only during the last switch [25500, 26000]
    assertThat(result.smBusyFraction()).isEqualTo(28_000.0 / 28_500.0);
    assertThat(result.preemptions()).isEmpty();
  }

  @Test
  void switchedOutBlocksAreRestoredOnTheSmTheyLeft() {
    // 2 SMs; save 2 B/ns device-wide = 1 B/ns per SM; restore 4 B/ns = 2 B/ns per SM.
    // Blocks of 512 threads x 1 register = 2048 B.
    // job 1 (A) has 3 blocks: b0 -> SM0, b1 -> SM1 (most free), b2 -> SM0 (tie, lowest index).
    //   10000  park: SM0 holds 4096 B (4096 ns), SM1 2048 B -> saved 14096, done 14596.
    //   14596  B: job 2 -> SM0, slice ends 24596.
    //   24596  park job 2: 2048 B on SM0 -> saved 26644, done 27144.
    //   27144  A: restore per SM: SM0 4096 B -> 2048 ns -> b0, b2 run [29192, 31192];
    //          SM1 2048 B -> 1024 ns -> b1 runs [28168, 30168]. job 1 finishes 31192.
    //   31192  A idle -> switch, done 31692; job 2 restored on SM0: 1024 ns -> [32716, 34716].
    List<long[]> restores = new ArrayList<>();
    DeviceSpec device = device(2, Sim.bigSm(),
        costs().save(2, 0).restore(4, 0).contextSwitch(500).timeSlice(10_000), false);
    HardwareModel recording = new HardwareModel() {
      @Override
      public DeviceSpec device() {
        return device;
      }

      @Override
      public long restoreNs(long bytes, int threads) {
        restores.add(new long[] {bytes, threads});
        return HardwareModel.super.restoreNs(bytes, threads);
      }
    };

    SimulationResult result = new Simulator(twoContexts(3, 512), recording,
        EngineFixtures.plugins(device, "fifo", "block-boundary", "full"), EngineOptions.defaults())
        .run();

    assertThat(record(result, 1).finishNs()).isEqualTo(31_192);
    assertThat(record(result, 2).finishNs()).isEqualTo(34_716);
    assertThat(result.contextSwitches()).isEqualTo(3);
    // one restore per SM and switch, charged with the bytes the SM saved: A on SM0 and SM1, then B
    assertThat(restores).extracting(r -> r[0] + "/" + r[1])
        .containsExactly("4096/1024", "2048/512", "2048/512");
    assertThat(record(result, 1).bytesSaved()).isEqualTo(6144);
    assertThat(record(result, 1).bytesRestored()).isEqualTo(6144);
  }

  @Test
  void contextsThatMayShareSmsRunConcurrentlyWithoutSwitches() {
    // concurrentContexts=true: both 250-thread blocks fit the SM together -> [0, 12000].
    DeviceSpec device = device(1, Sim.bigSm(),
        costs().save(1, 0).restore(2, 0).contextSwitch(500).timeSlice(10_000), true);

    SimulationResult result = Sim.fifo(twoContexts(1, 250), device);

    assertThat(result.contextSwitches()).isZero();
    assertThat(record(result, 1).finishNs()).isEqualTo(12_000);
    assertThat(record(result, 2).firstStartNs()).isEqualTo(0);
    assertThat(record(result, 2).finishNs()).isEqualTo(12_000);
    assertThat(record(result, 2).bytesSaved()).isZero();
  }

  @Test
  void aBlockThatCannotBeRestoredOnItsSmIsRestoredOnceLater() {
    // 1 SM holding one 1024-thread block; slice 1000; save and restore 4 B/ns; switch 100.
    // job 1 (context B, LOW): 1024 threads x 1 register = 4096 B (1024 ns to save or restore),
    //   3000 ns. job 2 (context A, LOW): 0 registers, program compute 100 | barrier 5000 |
    //   compute 100. job 3 (context A, HIGH, t=2500): 100 ns.
    //   0     B active (job 1 dispatched first); job 1 [0, ...); slice ends 1000.
    //   1000  switch: park job 1 (progress 1000) -> saved 2024, done 2124.
    //   2124  A active: job 2 placed [2124, ...); slice ends 3124.
    //   2500  job 3 blocked -> preempts job 2: inside the barrier -> stops at its end, 2124 +
    //         5100 = 7224. The stopping block is not parked by later switches.
    //   3124  switch to B (nothing to park) done 3224: job 1 cannot go back to the SM (job 2's
    //         block holds it) and waits for placement, its 4096 B still to restore.
    //   ...   B and A alternate each 1000 + 100 ns while the SM is held: switches at 4224,
    //         5324, 6424 (done 6524, A active).
    //   7224  job 2 saves 0 B -> SM free: job 3 [7224, 7324]; job 2 resumes [7324, 7424].
    //   7424  A idle -> switch to B, done 7524: job 1 placed, restores 1024 ns -> starts 8548,
    //         2000 ns left -> 10548.
    // job 1 saved 4096 bytes once and must restore them once.
    DeviceSpec device = device(1, Sim.bigSm(),
        costs().save(4, 0).restore(4, 0).contextSwitch(100).timeSlice(1000), false);
    Workload w = workload()
        .queue(Sim.queue("qb", "B", Priority.LOW))
        .queue(Sim.queue("qa-low", "A", Priority.LOW))
        .queue(Sim.queue("qa-high", "A", Priority.HIGH))
        .job(1, "qb", 0, kernel("b", 1, 1024, 1, 0, 3000))
        .job(2, "qa-low", 0, kernel("a", 1, 1024, 0, 0, false,
            program(seg(SegmentKind.COMPUTE, 100, 0), seg(SegmentKind.BARRIER, 5000, 0),
                seg(SegmentKind.COMPUTE, 100, 0))))
        .job(3, "qa-high", 2500, kernel("h", 1, 1024, 0, 0, 100))
        .build();
    RunPlugins plugins = new RunPlugins("priority", kind -> new PriorityDouble(true),
        "instruction-level", new InstructionLevelDouble(), "full", new FullSaveDouble());

    SimulationResult result = Sim.run(w, device, plugins, EngineOptions.defaults());

    assertThat(result.preemptions()).hasSize(1);
    assertThat(result.preemptions().get(0).pointReachedNs()).isEqualTo(7224);
    assertThat(record(result, 3).finishNs()).isEqualTo(7324);
    assertThat(record(result, 2).finishNs()).isEqualTo(7424);
    JobRecord parked = record(result, 1);
    assertThat(parked.finishNs()).isEqualTo(10_548);
    assertThat(parked.bytesSaved()).isEqualTo(4096);
    assertThat(parked.bytesRestored()).isEqualTo(4096);
  }
}
