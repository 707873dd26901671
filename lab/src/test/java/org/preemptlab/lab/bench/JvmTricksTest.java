package org.preemptlab.lab.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The check that each JVM-specific trick the engine keeps still pays (issue 51). */
class JvmTricksTest {

  @Test
  void everyTrickThatKeepsAMethodInlinableNamesAMethodTheEngineDeclares() throws Exception {
    // -XX:CompileCommand=dontinline of a method that does not exist is silently ignored: a
    // renamed method would leave the check measuring the trick against itself.
    for (JvmTricks.Trick trick : JvmTricks.TRICKS) {
      if (trick.method().isEmpty()) {
        assertThat(trick.withoutOptions()).as(trick.name()).containsExactly("-XX:+UseG1GC");
        continue;
      }
      String[] parts = trick.method().get().split("::");
      List<String> declared = Arrays.stream(Class.forName(parts[0]).getDeclaredMethods())
          .map(Method::getName).toList();
      assertThat(declared).as(trick.name()).contains(parts[1]);
      assertThat(trick.withoutOptions()).as(trick.name()).containsAll(JvmTricks.LAUNCHER_OPTIONS)
          .contains("-XX:CompileCommand=dontinline," + trick.method().get());
    }
  }

  @Test
  void thePerformancePagesTableNamesEveryTrickTheCheckMeasures() throws Exception {
    String page = Files.readString(Path.of("../docs/performance.md"));
    String table = page.substring(page.indexOf("## JVM-specific tricks, and their fate"),
        page.indexOf("## How to measure"));

    for (JvmTricks.Trick trick : JvmTricks.TRICKS) {
      assertThat(table).as(trick.name()).contains("`bench --jvm-tricks`: `" + trick.name() + "`");
    }
  }

  @Test
  void aTrickIsHeldOnlyWhenItSavesCpuInTheMedianRound() {
    assertThat(JvmTricks.Result.verdict(1.04, 1.02, 1.07)).isEqualTo("HELD");
    assertThat(JvmTricks.Result.verdict(0.98, 0.95, 0.99)).isEqualTo("BELOW");
    assertThat(JvmTricks.Result.verdict(1.00, 1.00, 1.00)).startsWith("BELOW");
  }

  @Test
  void aSpreadThatCrossesOneIsCalledNoise() {
    assertThat(JvmTricks.Result.verdict(1.01, 0.97, 1.05))
        .isEqualTo("HELD (the rounds' spread crosses 1: within the machine's noise)");
    assertThat(JvmTricks.Result.verdict(0.99, 0.97, 1.05)).startsWith("BELOW (the rounds'");
  }

  @Test
  void theMedianRoundDecidesNotTheFirst() {
    JvmTricks.Result result = new JvmTricks.Result(JvmTricks.TRICKS.get(0),
        List.of(0.90, 1.03, 1.05));

    assertThat(result.median()).isEqualTo(1.03);
    assertThat(result.verdict()).startsWith("HELD (the rounds' spread crosses 1");
  }

  @Test
  void aJvmThatPrintsNoFigureFailsInOneLineNamingItsOptions() {
    assertThatThrownBy(() -> JvmTricks.parse("Error: Could not create the Java Virtual Machine.\n",
        1, List.of("-XX:+UseG1GC")))
        .hasMessage("bench --jvm-tricks: the engine's JVM with [-XX:+UseG1GC] exited with 1 and "
            + "printed no figure; its last line: Error: Could not create the Java Virtual "
            + "Machine.");
  }

  @Test
  void aJvmsLineGivesItsCpuPerBlockAndWhatItComputed() {
    JvmTricks.Child child = JvmTricks.parse("engine-alone cpu-ns-per-block 123.456 blocks 121836 "
        + "events 122036 makespan 11872947 turnaround-sum 59196686\n", 0, List.of());

    assertThat(child.cpuNsPerBlock()).isEqualTo(123.456);
    assertThat(child.outcome()).isEqualTo(new RunOutcome(121_836, 122_036, 11_872_947,
        59_196_686));
  }

  @Tag("slow")
  @Test
  void everyVariantRunsInItsOwnJvmAndReproducesThePublishedRow() {
    JvmTricks.Report report = JvmTricks.run(new BenchSettings(200, 0, 1));

    assertThat(report.outcomesAgree()).isTrue();
    assertThat(report.results()).extracting(r -> r.trick().name())
        .containsExactly("parallel-collector", "pop-inlined", "dispatch-all-inlined");
    assertThat(report.results()).allSatisfy(r -> assertThat(r.ratios()).hasSize(1)
        .allSatisfy(ratio -> assertThat(ratio).isPositive()));
    assertThat(JvmTricks.render(report))
        .contains("results: EQUAL in every JVM and MATCH the published row");
  }
}
