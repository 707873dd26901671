package org.preemptlab.runner.scenario;

import java.util.List;

/**
 * The scenario files of the KUnit tests of drm-scheduler.md 2.1 (tests_basic.c @0755a4e3), shipped
 * as class-path resources and as {@code examples/drm/}.
 */
public final class KunitScenarios {
  /** The class-path directory of the files. */
  public static final String DIRECTORY = "/org/preemptlab/runner/scenario/kunit/";

  /** Each file's id (its name without {@code .yaml}), with the KUnit test it reproduces. */
  public record Entry(String id, String kunitTest) {
    /** The scenario. */
    public Scenario load() {
      return Scenarios.resource(DIRECTORY + id + ".yaml");
    }
  }

  private static final List<Entry> ALL = List.of(
      new Entry("b1-basic-submit", "B1 drm_sched_basic_submit"),
      new Entry("b2a-single-entity-queue", "B2a drm_sched_basic_test"),
      new Entry("b2b-dependent-chain", "B2b drm_sched_basic_test"),
      new Entry("b2c-independent-queues", "B2c drm_sched_basic_test"),
      new Entry("b2d-interdependent-queues", "B2d drm_sched_basic_test"),
      new Entry("b3-entity-cleanup", "B3 drm_sched_basic_entity_cleanup"),
      new Entry("c1-parallel-submit", "C1 drm_sched_parallel_submit_test"),
      new Entry("c2-interleaved-submit", "C2 drm_sched_interleaved_submit_test"),
      new Entry("t1-timeout", "T1 drm_sched_basic_timeout"),
      new Entry("t2-skip-reset", "T2 drm_sched_skip_reset"),
      new Entry("x1-cancel", "X1 drm_sched_basic_cancel"),
      new Entry("p1-priorities", "P1 drm_sched_priorities"),
      new Entry("p2-change-priority", "P2 drm_sched_change_priority"),
      new Entry("m1-modify-sched", "M1 drm_sched_test_modify_sched"),
      new Entry("k1-credits", "K1 drm_sched_test_credits"));

  private KunitScenarios() {}

  /** Every KUnit scenario, in the order of section 2.1. */
  public static List<Entry> all() {
    return ALL;
  }
}
