package org.preemptlab.lab.reproduce;

import java.io.PrintStream;
import java.nio.file.Path;
import org.preemptlab.runner.drm.Check;
import org.preemptlab.runner.drm.ScenarioResult;
import org.preemptlab.runner.experiment.ScenarioRuns;
import org.preemptlab.runner.scenario.KunitScenarios;

/**
 * {@code preemptlab reproduce drm-kunit}: runs the scenario file of every KUnit test of the Linux
 * DRM scheduler (drivers/gpu/drm/scheduler/tests/tests_basic.c @0755a4e3) and prints, per scenario
 * and expectation, the expected and the observed outcome. A row per KUnit test: every expectation
 * of its scenario must hold, as the KUnit assertions are exact.
 */
public final class DrmKunitReproduction implements Reproduction {
  private static final Source KUNIT = new Source("Linux DRM scheduler KUnit tests",
      "tests_basic.c @0755a4e3",
      "torvalds/linux: drivers/gpu/drm/scheduler/tests/tests_basic.c");

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

  /** The row of one KUnit test: all of its scenario's expectations, each exact. */
  static Target target(KunitScenarios.Entry entry, int expectations) {
    return TARGETS.target(entry.id(), entry.kunitTest() + " (" + entry.id() + ")",
        KUNIT.at(entry.kunitTest()), expectations + " of " + expectations + " expectations",
        "a KUnit assertion is exact: every expectation must hold.", expectations);
  }

  /** The rows' targets and tolerances, with their history. */
  static final TargetFile TARGETS = TargetFile.bundled("drm-kunit");

  @Override
  public boolean run(Path outputDirectory, PrintStream out) throws Exception {
    ClaimTable claims = new ClaimTable();
    StringBuilder details = new StringBuilder();
    out.printf("%-28s %-38s %-4s %s%n", "scenario", "KUnit test", "ok", "expectations");
    for (KunitScenarios.Entry entry : KunitScenarios.all()) {
      ScenarioResult result = ScenarioRuns.run(entry.load());
      long passed = result.checks().stream().filter(Check::passed).count();
      claims.add(target(entry, result.checks().size()).simulated(passed + " of "
          + result.checks().size() + " hold", passed));
      out.printf("%-28s %-38s %-4s %d/%d%n", entry.id(), entry.kunitTest(),
          result.passed() ? "yes" : "NO", passed, result.checks().size());
      for (Check c : result.checks()) {
        String line = String.format(java.util.Locale.ROOT,
            "    %-4s %-52s expected %-10s observed %-10s at %.3f ms", c.passed() ? "ok" : "FAIL",
            c.what(), c.expected(), c.observed(), c.timeNs() / 1e6);
        out.println(line);
        details.append(entry.id()).append(line.substring(3)).append('\n');
      }
    }
    out.println();
    claims.print(out);
    new ReproductionPage(id(), "Reproduction: drm-kunit (the Linux DRM scheduler's KUnit tests)")
        .paragraph("""
            Each KUnit test of the Linux DRM scheduler's basic suite
            (torvalds/linux: drivers/gpu/drm/scheduler/tests/tests_basic.c @0755a4e3) is written
            as a scenario file (docs/drm-scheduler.md, "KUnit scenarios") and run on the DRM
            scheduler layer of the engine. A test's expectations are its KUnit assertions: what
            finished, in which order, with which fence status, at which time.""")
        .claims(claims)
        .heading("Expectations")
        .paragraph("```\n" + details.toString().strip() + "\n```")
        .write(outputDirectory);
    return claims.reproduced();
  }
}
