package org.preemptlab.lab.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.model.Priority;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.JobRecord;

/** The lithos-a100-third-party reproduction's reading of MPS launches. */
class LithosA100ThirdPartyTest {

  /** Mean launch (first block start minus submit) of the HP client's requests beside BE, in ns. */
  private static double hpLaunchNs(boolean clientFrontEnds) {
    PluginRegistry registry = PluginRegistry.discover(Optional.empty());
    HardwareModel mps = LithosA100ThirdParty.a100(registry, true);
    Kernel hp = LithosA100ThirdParty.work("hp", 16, 200, mps);
    Kernel be = LithosA100ThirdParty.work("be", 108, 40_000, mps); // one block per SM, ~113 us
    LithosA100ThirdParty.Jobs jobs = new LithosA100ThirdParty.Jobs();
    jobs.closedLoop("be", 40, 0, be);
    jobs.closedLoop("hp", 20, 50_000, hp);
    List<JobRecord> records = LithosA100ThirdParty.simulate(registry, mps,
        List.of(new LithosA100ThirdParty.Client("be", Priority.NORMAL),
            new LithosA100ThirdParty.Client("hp", Priority.NORMAL)),
        jobs, "fifo", Map.of(), clientFrontEnds);
    return records.stream().filter(r -> jobs.clientOf.get(r.jobId()).equals("hp"))
        .mapToLong(r -> r.firstStartNs() - r.submitNs()).average().orElseThrow();
  }

  @Test
  void withItsOwnFrontEndAnMpsClientLaunchesAsOnAnIdleDeviceBesideABusyOne() {
    // the a100 file: kernel-launch 9.58 us idle, kernel-launch-busy a mixture of median 42.4 us
    assertThat(hpLaunchNs(true)).isBetween(9_000.0, 11_000.0);
    assertThat(hpLaunchNs(false)).isGreaterThan(25_000.0);
  }
  @Test
  void twoTimeSlicedTenantsPayOneSwitchPerKernelWithNothingToSave() {
    PluginRegistry registry = PluginRegistry.discover(Optional.empty());
    HardwareModel sliced = LithosA100ThirdParty.a100(registry, false);
    Kernel kernel = LithosA100ThirdParty.work("tenant", 16, 40_000, sliced);
    LithosA100ThirdParty.Jobs jobs = new LithosA100ThirdParty.Jobs();
    jobs.closedLoop("a", 10, 0, kernel);
    jobs.closedLoop("b", 10, 0, kernel);
    List<JobRecord> records = new java.util.ArrayList<>(LithosA100ThirdParty.simulate(registry,
        sliced, List.of(new LithosA100ThirdParty.Client("a", Priority.NORMAL),
            new LithosA100ThirdParty.Client("b", Priority.NORMAL)), jobs, "fifo", Map.of()));
    records.sort(java.util.Comparator.comparingLong(JobRecord::firstStartNs));

    // each tenant's next launch (9.58 us) is under way when its kernel ends, so its context is
    // idle and the device switches to the other one at once: the tenants alternate, and between
    // one kernel's end and the next one's start lie the 1 us signal, the a100 file's 60 us
    // context-switch and a 0.22 us block dispatch, with nothing resident to save or restore
    for (int i = 0; i + 1 < records.size(); i++) {
      JobRecord done = records.get(i);
      JobRecord next = records.get(i + 1);
      assertThat(jobs.clientOf.get(next.jobId())).isNotEqualTo(jobs.clientOf.get(done.jobId()));
      assertThat(next.firstStartNs() - done.finishNs()).isBetween(61_000L, 61_500L);
    }
    assertThat(records).allSatisfy(r -> {
      assertThat(r.bytesSaved()).isZero();
      assertThat(r.bytesRestored()).isZero();
    });
  }

  @Test
  void hpbenchPausesOnlyAfterEachMeasuredRequestAndItsP99OfEightyIsTheLongest() {
    PluginRegistry registry = PluginRegistry.discover(Optional.empty());
    Kernel hp = LithosA100ThirdParty.work("hp", 16, 200,
        LithosA100ThirdParty.a100(registry, true));
    LithosA100ThirdParty.Jobs jobs = new LithosA100ThirdParty.Jobs();
    jobs.hpbench("hp", 3, 4, 300_000, hp);

    // bench/hpbench.c: warm-up requests back to back, the first measured one right after them,
    // then a 300 us sleep after each measured request
    assertThat(jobs.list).extracting(org.preemptlab.api.model.Job::thinkTimeNs)
        .containsExactly(0L, 0L, 0L, 0L, 300_000L, 300_000L, 300_000L);
    long[] eighty = java.util.stream.LongStream.rangeClosed(1, 80).toArray();
    assertThat(LithosA100ThirdParty.hpbenchQuantile(eighty, 0.99)).isEqualTo(80);
    assertThat(LithosA100ThirdParty.hpbenchQuantile(eighty, 0.50)).isEqualTo(41);
  }
}
