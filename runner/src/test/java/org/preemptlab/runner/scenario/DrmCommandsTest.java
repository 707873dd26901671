package org.preemptlab.runner.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.runner.cli.Main;
import org.preemptlab.runner.drm.ClientStats;

/**
 * The command-line entry points {@code drm-scenario FILE} and its equal {@code run --config FILE}
 * of a scenario file ({@code reproduce drm-kunit} is the lab's: LabCommandsTest).
 */
class DrmCommandsTest {
  private record Result(int exit, String out, String err) {}

  private static Result run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = new Main(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
    return new Result(exit, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void drmScenarioRunsAUserFileAndWritesEveryJobOutcome(@TempDir Path dir) throws Exception {
    Result result = run("drm-scenario", "../examples/drm/x1-cancel.yaml", "--out",
        dir.toString());

    assertThat(result.exit()).isZero();
    assertThat(result.out()).contains("jobs by status: {CANCELLED=1}")
        .contains("every expectation held");
    assertThat(Files.readAllLines(dir.resolve("jobs.csv"))).hasSize(2)
        .last().asString().startsWith("job,entity,sched,CANCELLED,1,0,0,0,0,ECANCELED,ECANCELED");
  }

  @Test
  void drmScenarioWritesEachClientsStatisticsToClientsCsv(@TempDir Path dir) throws Exception {
    Result result = run("drm-scenario", "../examples/drm/clients-many.yaml", "--out",
        dir.toString());

    assertThat(result.exit()).isZero();
    assertThat(result.out()).contains("client c0 (e0): sync=true cycles=36/36 done=true")
        .contains("every expectation held");
    assertThat(Files.readAllLines(dir.resolve("clients.csv"))).hasSize(8)
        .first().isEqualTo(ClientStats.CSV_HEADER);
    assertThat(Files.readAllLines(dir.resolve("clients.csv")).get(1))
        .startsWith("c0,e0,true,36,36,true,144,144000,");
  }

  @Test
  void drmScenarioExitsNonZeroWhenAnExpectationFails(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("wrong.yaml");
    Files.writeString(file, Files.readString(Path.of("../examples/drm/k1-credits.yaml"))
        .replace("{job: job1, within: 1s, value: false}", "{job: job1, within: 1s, value: true}"));

    Result result = run("drm-scenario", file.toString());

    assertThat(result.exit()).isEqualTo(Main.FAILED);
    assertThat(result.out()).contains("FAIL").contains("some expectations FAILED");
  }

  @Test
  void drmScenarioReportsAMalformedFileInOneLineWithUsageExit(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("bad.yaml");
    Files.writeString(file, "schedulers:\n  - {name: s, timeout: soon}\n");

    Result result = run("drm-scenario", file.toString());

    assertThat(result.exit()).isEqualTo(Main.USAGE);
    assertThat(result.err().strip()).startsWith("preemptlab drm-scenario: bad.yaml:2:")
        .contains("schedulers[0].timeout").doesNotContain("\n");
  }

  @Test
  void anUnknownHardwareOrPolicyIsNamedWithItsFileAndKeyOrOption(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("ids.yaml");
    Files.writeString(file, """
        hardware: h20
        schedulers: [{name: s}]
        entities: [{name: e, schedulers: [s]}]
        jobs: [{name: a, entity: e, duration: 1ms}]
        """);
    Path policy = dir.resolve("policy.yaml");
    Files.writeString(policy, Files.readString(file).replace("hardware: h20",
        "policy: drm-fiffo"));

    Result hardware = run("drm-scenario", file.toString());
    Result inFile = run("run", "--config", policy.toString());
    Result option = run("drm-scenario", policy.toString(), "--policy", "fairr");

    assertThat(hardware.exit()).isEqualTo(Main.USAGE);
    assertThat(hardware.err().strip()).startsWith("preemptlab drm-scenario: ids.yaml: hardware: "
        + "unknown hardware model 'h20'; did you mean 'h200'?").doesNotContain("\n");
    assertThat(inFile.exit()).isEqualTo(Main.USAGE);
    assertThat(inFile.err().strip()).startsWith("preemptlab run: policy.yaml: policy: unknown "
        + "scheduling policy 'drm-fiffo'; did you mean 'drm-fifo'?").doesNotContain("\n");
    assertThat(option.err().strip()).startsWith("preemptlab drm-scenario: --policy: unknown "
        + "scheduling policy 'fairr'");
  }

  @Test
  void runOfAScenarioFileWritesTheSameOutputsAsDrmScenario(@TempDir Path dir) throws Exception {
    Path viaRun = dir.resolve("run");
    Path viaAlias = dir.resolve("alias");

    Result run = run("run", "--config", "../examples/drm/clients-two-async.yaml", "--out",
        viaRun.toString());
    Result alias = run("drm-scenario", "../examples/drm/clients-two-async.yaml", "--out",
        viaAlias.toString());

    assertThat(run.exit()).isZero();
    assertThat(run.out().replace(viaRun.toString(), "DIR"))
        .isEqualTo(alias.out().replace(viaAlias.toString(), "DIR"));
    for (String file : new String[] {"jobs.csv", "clients.csv"}) {
      assertThat(Files.readString(viaRun.resolve(file))).as(file)
          .isNotEmpty().isEqualTo(Files.readString(viaAlias.resolve(file)));
    }
  }

  @Test
  void runOfAScenarioFileRefusesAnOptionOfRunConfigurationsInOneLine() {
    Result result = run("run", "--config", "../examples/drm/b1-basic-submit.yaml", "--seed", "3");

    assertThat(result.exit()).isEqualTo(Main.USAGE);
    assertThat(result.err().strip()).contains("is a DRM scheduler scenario (top-level "
        + "'schedulers')").contains("option --seed does not apply").doesNotContain("\n");
  }

  @Test
  void runOfAMalformedScenarioFileReportsItInOneLineWithUsageExit(@TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("bad.yaml");
    Files.writeString(file, "schedulers:\n  - {name: s, timeout: soon}\n");

    Result result = run("run", "--config", file.toString());

    assertThat(result.exit()).isEqualTo(Main.USAGE);
    assertThat(result.err().strip()).startsWith("preemptlab run: bad.yaml:2:")
        .contains("schedulers[0].timeout").doesNotContain("\n");
  }

  @Test
  void theDrmSchedulerPageShowsTheHungKernelScenariosOutputAsTheCommandPrintsIt()
      throws Exception {
    Result result = run("run", "--config", "../examples/drm/hung-kernel-h200.yaml");

    assertThat(result.exit()).isZero();
    assertThat(Files.readString(Path.of("../docs/drm-scheduler.md")))
        .as("regenerate the block in docs/drm-scheduler.md from the command")
        .contains("```\n" + result.out() + "```\n");
  }

  @Test
  void theDrmSchedulerPageShowsTheH200ClientsScenariosOutputAsTheCommandPrintsIt()
      throws Exception {
    Result result = run("run", "--config", "../examples/drm/clients-priority-h200.yaml");

    assertThat(result.exit()).isZero();
    assertThat(result.out()).contains("client ui-client (ui)").contains("every expectation held");
    assertThat(Files.readString(Path.of("../docs/drm-scheduler.md")))
        .as("regenerate the block in docs/drm-scheduler.md from the command")
        .contains("```\n" + result.out() + "```\n");
  }
}
