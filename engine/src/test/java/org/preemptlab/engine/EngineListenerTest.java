package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.program;
import static org.preemptlab.engine.Sim.seg;
import static org.preemptlab.engine.Sim.workload;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SegmentKind;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.JobView;

class EngineListenerTest {
  // 1 SM holding two LOW blocks (512 threads, 4 registers: 8192 B each), 1000 ns each. HIGH
  // (1024 threads, 200 ns) at 300 preempts them: signal 50 -> both stop at 350; one save of the
  // SM at 32 B/ns + 100 ns fixed: 350 -> 706 (first block), 350 -> 962 (second, same batch).
  // HIGH runs [962, 1162]. The LOW blocks resume at 1162 with a restore of 8192 / 64 + 20 = 148
  // ns each: [1162, 1310] restore, then their 650 ns left: [1310, 1960].
  private static final DeviceSpec DEVICE = device(1, Sim.bigSm(),
      costs().signal(50).save(32, 100).restore(64, 20));

  private static Workload workloadWithPreemption() {
    return workload().context("ctx", true)
        .queue("low", Priority.LOW).queue("high", Priority.HIGH)
        .job(1, "low", 0, kernel("train", 2, 512, 4, 0, false,
            program(seg(SegmentKind.COMPUTE, 1000, 4))))
        .job(2, "high", 300, kernel("infer", 1, 1024, 0, 0, 200))
        .build();
  }

  @Test
  void listenerSeesEveryBlockSaveAndRestoreInNonOverlappingSlots() {
    List<String> log = new ArrayList<>();
    EngineListener recorder = new EngineListener() {
      @Override
      public void blockExecuted(int sm, int slot, JobView job, int block, long start, long end,
          BlockEnd how) {
        log.add("exec job" + job.id() + " b" + block + " sm" + sm + " slot" + slot + " [" + start
            + "," + end + "] " + how);
      }

      @Override
      public void contextSaved(int sm, int slot, JobView job, int block, long start, long end,
          long bytes) {
        log.add("save job" + job.id() + " b" + block + " slot" + slot + " [" + start + "," + end
            + "] " + bytes);
      }

      @Override
      public void contextRestored(int sm, int slot, JobView job, int block, long start, long end,
          long bytes) {
        log.add("restore job" + job.id() + " b" + block + " slot" + slot + " [" + start + ","
            + end + "] " + bytes);
      }

      @Override
      public void preemptionRequested(long time, JobView victim) {
        log.add("preempt job" + victim.id() + " at " + time);
      }
    };

    new Simulator(workloadWithPreemption(), Sim.hw(DEVICE),
        EngineFixtures.plugins(DEVICE, "priority", "instruction-level", "full"),
        EngineOptions.defaults()).listen(recorder).run();

    assertThat(log).containsExactly(
        "preempt job1 at 300",
        "exec job1 b0 sm0 slot0 [0,350] STOPPED",
        "save job1 b0 slot0 [350,706] 8192",
        "exec job1 b1 sm0 slot1 [0,350] STOPPED",
        "save job1 b1 slot1 [350,962] 8192",
        "exec job2 b0 sm0 slot0 [962,1162] COMPLETED",
        "restore job1 b0 slot0 [1162,1310] 8192",
        "restore job1 b1 slot1 [1162,1310] 8192",
        "exec job1 b0 sm0 slot0 [1310,1960] COMPLETED",
        "exec job1 b1 sm0 slot1 [1310,1960] COMPLETED");
  }

  @Test
  void aListenerDoesNotChangeTheResult() {
    SimulationResult without = new Simulator(workloadWithPreemption(), Sim.hw(DEVICE),
        EngineFixtures.plugins(DEVICE, "priority", "instruction-level", "full"),
        EngineOptions.defaults()).run();
    SimulationResult with = new Simulator(workloadWithPreemption(), Sim.hw(DEVICE),
        EngineFixtures.plugins(DEVICE, "priority", "instruction-level", "full"),
        EngineOptions.defaults()).listen(new EngineListener() { }).run();

    assertThat(with).isEqualTo(without);
  }

  @Test
  void everySubscriberGetsEverySignalInSubscriptionOrder() {
    List<String> log = new ArrayList<>();
    class Counter implements EngineListener {
      private final String name;

      Counter(String name) {
        this.name = name;
      }

      @Override
      public void jobFinished(long time, JobView job) {
        log.add(name + " finished job" + job.id() + " at " + time);
      }
    }

    new Simulator(workloadWithPreemption(), Sim.hw(DEVICE),
        EngineFixtures.plugins(DEVICE, "priority", "instruction-level", "full"),
        EngineOptions.defaults()).listen(new Counter("a")).listen(new Counter("b"))
        .listen(new Counter("c")).run();

    assertThat(log).containsExactly(
        "a finished job2 at 1162", "b finished job2 at 1162", "c finished job2 at 1162",
        "a finished job1 at 1960", "b finished job1 at 1960", "c finished job1 at 1960");
  }
}
