package org.preemptlab.runner.reproduce;

import java.io.PrintStream;
import java.nio.file.Path;
import org.preemptlab.runner.engine.drm.Check;
import org.preemptlab.runner.engine.drm.ScenarioResult;
import org.preemptlab.runner.experiment.ScenarioRuns;
import org.preemptlab.runner.reproduce.Reproduction;
import org.preemptlab.runner.scenario.KunitScenarios;

/**
 * {@code preemptlab reproduce drm-kunit}: runs the scenario file of every KUnit test of
 * drm-scheduler.md 2.1 and prints, per scenario and expectation, the expected and the observed
 * outcome.
 */
public final class DrmKunitReproduction implements Reproduction {

  /** Creates it. */
  public DrmKunitReproduction() {}

  @Override
  public String id() {
    return "drm-kunit";
  }

  @Override
  public String description() {
    return "the Linux DRM scheduler's KUnit tests (tests_basic.c @0755a4e3) as scenario files";
  }

  @Override
  public boolean run(Path outputDirectory, PrintStream out) {
    boolean all = true;
    out.printf("%-28s %-38s %-4s %s%n", "scenario", "KUnit test", "ok", "expectations");
    for (KunitScenarios.Entry entry : KunitScenarios.all()) {
      ScenarioResult result = ScenarioRuns.run(entry.load());
      all &= result.passed();
      long passed = result.checks().stream().filter(Check::passed).count();
      out.printf("%-28s %-38s %-4s %d/%d%n", entry.id(), entry.kunitTest(),
          result.passed() ? "yes" : "NO", passed, result.checks().size());
      for (Check c : result.checks()) {
        out.printf("    %-4s %-52s expected %-10s observed %-10s at %.3f ms%n",
            c.passed() ? "ok" : "FAIL", c.what(), c.expected(), c.observed(), c.timeNs() / 1e6);
      }
    }
    return all;
  }
}
