package org.preemptlab.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.drm.ScenarioResult;
import org.preemptlab.runner.experiment.ScenarioRuns;

/**
 * The drm-fair edges where the fair scheduler of Linux 7.2 (torvalds/linux
 * drivers/gpu/drm/scheduler/sched_rq.c @637315cb, sched_internal.h @146cc263) is easy to get
 * wrong; each replays its {@code examples/drm/fair-*.yaml} file, whose header derives the
 * timeline, and checks the kernel's outcome.
 */
class FairKernelEdgesTest {
  private static final PluginRegistry REGISTRY =
      PluginRegistry.discover(FairKernelEdgesTest.class.getClassLoader());
  private static final long MS = 1_000_000L;

  private static ScenarioResult run(String id) {
    return ScenarioRuns.run(Scenarios.load(Path.of("..", "examples", "drm", id + ".yaml")), REGISTRY);
  }

  @Test
  void anEntityWaitingOnADependencyKeepsItsFrozenVruntimeAndThenRunsBackToBack() {
    // drm_sched_rq_pop_entity keeps an entity with a queued job in the tree; select skips it
    // while it is not ready. a sits at vruntime 0 while b runs 50 jobs, then a0..a9 run 50..60 ms
    ScenarioResult result = run("fair-dependency-keeps-place");

    assertThat(result.passed()).as("the file's own expectations").isTrue();
    for (int i = 0; i < 10; i++) {
      assertThat(result.job("a" + i).scheduledNs()).as("a%d", i).isEqualTo((50 + i) * MS);
    }
    assertThat(result.job("a9").finishedNs()).isEqualTo(60 * MS);
    assertThat(result.job("b50").scheduledNs()).isEqualTo(60 * MS);
  }

  @Test
  void leavingTheTreeWhileTheMinimumVruntimeIsExactlyZeroSavesNoRelativeVruntime() {
    // drm_sched_entity_save_vruntime: "if (min_vruntime && vruntime > min_vruntime)"
    ScenarioResult result = run("fair-zero-min-vruntime");

    assertThat(result.passed()).as("the file's own expectations").isTrue();
    List<Long> starts = List.of("b5", "b6", "b7", "c5").stream()
        .map(j -> result.job(j).scheduledNs()).toList();
    assertThat(starts).containsExactly(10 * MS, 11 * MS, 12 * MS, 13 * MS);
  }

  @Test
  void entityStatisticsFollowTheEntityToAnotherScheduler() {
    // refcounted drm_sched_entity_stats: the average job time (4000 us) places m behind q on s1,
    // and the 8 ms of runtime left uncharged on s0 are charged (<< 4) at m's first pop on s1
    ScenarioResult result = run("fair-stats-follow-entity");

    assertThat(result.passed()).as("the file's own expectations").isTrue();
    assertThat(result.job("m4").scheduler()).isEqualTo("s1");
    assertThat(result.job("m4").scheduledNs()).isEqualTo(22 * MS);
    assertThat(result.job("m5").scheduledNs()).isEqualTo(31 * MS);
  }
}
