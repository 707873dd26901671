package org.preemptlab.runner.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.model.Job;
import org.preemptlab.api.model.Priority;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.engine.JobRecord;
import org.preemptlab.engine.PreemptionRecord;
import org.preemptlab.engine.SimulationResult;
import org.preemptlab.runner.experiment.ConfigLoader;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;
import org.preemptlab.runner.experiment.RunOutcome;
import org.preemptlab.runner.metrics.GroupStats;
import org.preemptlab.runner.metrics.Metrics;
import org.preemptlab.runner.metrics.RunMetrics;

@Tag("slow")
class RunReportTest {
  private static final Path IVT = Path.of("../examples/configs/inference-vs-training.yaml");
  private static final List<String> FILES =
      List.of("config.yaml", "groups.csv", "jobs.csv", "preemptions.csv", "summary.json",
          "suspensions.csv");

  // the headers as docs/output-format.md documents them
  private static final String JOBS_HEADER = "job_id,queue,context,priority,engine,kernel,blocks,"
      + "submit_ns,ready_ns,dispatch_ns,first_start_ns,finish_ns,turnaround_ns,waiting_ns,"
      + "slowdown,preemptions,bytes_saved,bytes_restored,lost_work_ns,deadline_ns,missed_deadline";
  private static final String PREEMPTIONS_HEADER = "victim_job_id,victim_queue,request_ns,"
      + "point_reached_ns,resources_free_ns,latency_ns,blocks,drained,saved,flushed,bytes_saved,"
      + "levels,waiter_job_id,waiter_latency_ns";
  private static final String GROUPS_HEADER = "dimension,group,jobs,throughput_jobs_per_s,"
      + "turnaround_mean_ns,turnaround_p50_ns,turnaround_p95_ns,turnaround_p99_ns,"
      + "waiting_mean_ns,slowdown_mean,preemptions,deadline_misses";

  @TempDir
  static Path temp;
  private static RunOutcome outcome;
  private static Path written;

  @BeforeAll
  static void runTheExampleOnceAndWriteIt() {
    outcome = new RunExecutor(PluginRegistry.discover(Optional.empty()))
        .execute(ConfigLoader.load(IVT));
    written = temp.resolve("first");
    RunReport.write(outcome, written);
  }

  private static List<String> lines(String file) throws IOException {
    return Files.readAllLines(written.resolve(file));
  }

  @Test
  void writesTheSixDocumentedFilesAndNothingElse() throws IOException {
    try (Stream<Path> files = Files.list(written)) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted())
          .containsExactlyElementsOf(FILES);
    }
  }

  @Test
  void aRunThatStreamsItsRecordsWritesTheSameFilesAsOneThatKeepsThem() throws IOException {
    Path streamedDir = temp.resolve("streamed");
    Files.createDirectories(streamedDir);
    RunOutcome streamed;
    try (JobsCsv jobs = JobsCsv.open(streamedDir.resolve("jobs.csv"))) {
      streamed = new RunExecutor(PluginRegistry.discover(Optional.empty()))
          .execute(ConfigLoader.load(IVT), null, jobs);
      jobs.commit(streamed.workload().jobs().size());
      // the long training jobs finish after many inference jobs submitted later
      assertThat(jobs.mostHeld()).isGreaterThan(1);
    }
    RunReport.writeAllButJobs(streamed, streamedDir);

    assertThat(streamed.result().jobs()).isEmpty();
    assertThat(streamed.metrics().data().jobs()).isEqualTo(outcome.metrics().data().jobs());
    assertThat(streamed.metrics().groups()).isEqualTo(outcome.metrics().groups());
    for (org.preemptlab.runner.metrics.Metric metric : Metrics.BUILT_IN) {
      if (metric.onRequest()) {
        continue; // neither run was asked to observe what it needs
      }
      assertThat(Double.valueOf(streamed.metrics().value(metric))).as(metric.id())
          .isEqualTo(Double.valueOf(outcome.metrics().value(metric)));
    }
    for (String file : FILES) {
      assertThat(Files.readString(streamedDir.resolve(file))).as(file)
          .isEqualTo(Files.readString(written.resolve(file)));
    }
    try (Stream<Path> files = Files.list(streamedDir)) {
      assertThat(files.map(p -> p.getFileName().toString()).sorted())
          .containsExactlyElementsOf(FILES);
    }
    assertThatThrownBy(() -> RunReport.write(streamed, temp.resolve("no")))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("streamed");
  }

  @Test
  void createsTheOutputDirectoryWithItsParents() {
    Path nested = temp.resolve("a/b/c");

    RunReport.write(outcome, nested);

    assertThat(nested.resolve("jobs.csv")).isRegularFile();
  }

  @Test
  void jobsCsvHasTheDocumentedHeaderAndOneRowPerJobInWorkloadOrder() throws IOException {
    List<String> lines = lines("jobs.csv");

    assertThat(lines.get(0)).isEqualTo(JOBS_HEADER);
    assertThat(lines).hasSize(1 + outcome.result().jobs().size());
    for (int i = 0; i < outcome.result().jobs().size(); i++) {
      JobRecord job = outcome.result().jobs().get(i);
      String[] cells = lines.get(i + 1).split(",", -1);
      assertThat(cells).hasSize(21);
      assertThat(Long.parseLong(cells[0])).isEqualTo(job.jobId());
      assertThat(cells[1]).isEqualTo(job.queueId());
      assertThat(Long.parseLong(cells[12]))
          .isEqualTo(Long.parseLong(cells[11]) - Long.parseLong(cells[7]));
      assertThat(Long.parseLong(cells[13]))
          .isEqualTo(Long.parseLong(cells[10]) - Long.parseLong(cells[7]));
      assertThat(cells[19]).isEqualTo(job.deadlineNs() == Job.NO_DEADLINE ? ""
          : Long.toString(job.deadlineNs()));
      assertThat(cells[20]).isEqualTo(Boolean.toString(job.missedDeadline()));
    }
    assertThat(lines.stream().skip(1).map(l -> l.split(",", -1)[1]))
        .contains("inference", "training");
  }

  @Test
  void preemptionsCsvHasTheDocumentedHeaderAndOneRowPerPreemption() throws IOException {
    List<String> lines = lines("preemptions.csv");

    assertThat(lines.get(0)).isEqualTo(PREEMPTIONS_HEADER);
    assertThat(outcome.result().preemptions()).isNotEmpty();
    assertThat(lines).hasSize(1 + outcome.result().preemptions().size());
    PreemptionRecord first = outcome.result().preemptions().get(0);
    String[] cells = lines.get(1).split(",", -1);
    assertThat(cells).hasSize(14);
    assertThat(Long.parseLong(cells[5])).isEqualTo(first.latencyNs())
        .isEqualTo(Long.parseLong(cells[4]) - Long.parseLong(cells[2]));
    assertThat(cells[11]).isEqualTo("instruction=" + first.saved());
    // the priority policy preempts on behalf of the blocked HIGH job, which gets its resources no
    // later than the last victim block leaves
    assertThat(Long.parseLong(cells[12])).isEqualTo(first.waiterJobId()).isNotNegative();
    assertThat(Long.parseLong(cells[13])).isEqualTo(first.waiterLatencyNs())
        .isBetween(0L, first.latencyNs());
  }

  @Test
  void groupsCsvHasTheDocumentedHeaderAndOneRowPerGroup() throws IOException {
    List<String> lines = lines("groups.csv");

    assertThat(lines.get(0)).isEqualTo(GROUPS_HEADER);
    assertThat(lines.subList(1, lines.size())).extracting(l -> l.substring(0, l.indexOf(',',
        l.indexOf(',') + 1))).containsExactly("queue,inference", "queue,training", "queue,vision",
            "context,app", "priority,HIGH", "priority,LOW");
    GroupStats inference = outcome.metrics().group("queue", "inference").orElseThrow();
    assertThat(lines.get(1)).startsWith("queue,inference," + inference.jobs() + ","
        + Numbers.fixed(inference.throughputJobsPerSec(), 3) + ",");
  }

  @Test
  void summaryJsonCarriesNameSeedVersionPluginsConfigDeviceMetricsAndGroups()
      throws IOException {
    JsonNode json = new ObjectMapper().readTree(written.resolve("summary.json").toFile());
    RunMetrics m = outcome.metrics();

    assertThat(json.get("name").asText()).isEqualTo("inference-vs-training");
    assertThat(json.get("seed").asLong()).isEqualTo(7);
    assertThat(json.get("preemptlab-version").asText()).isNotBlank();
    assertThat(json.get("plugins")).hasSize(5);
    assertThat(json.get("plugins").get(0).get("kind").asText()).isEqualTo("policy");
    assertThat(json.get("plugins").get(0).get("id").asText()).isEqualTo("priority");
    assertThat(json.get("plugins").get(0).has("version")).isTrue();
    assertThat(json.get("plugins").get(0).has("jar")).isTrue();
    assertThat(json.get("plugins").get(0).has("jar-sha256")).isTrue();
    assertThat(json.get("plugins").get(1).get("id").asText()).isEqualTo("instruction-level");
    assertThat(json.get("plugins").get(1).get("parameters").get("checks").asText())
        .as("a default the configuration does not name").isEqualTo("hardware");
    assertThat(json.get("plugins").get(1).get("parameters").has("interval")).isTrue();
    assertThat(json.get("config").get("preemption").get("id").asText())
        .isEqualTo("instruction-level");
    assertThat(json.get("device").get("name").asText()).isEqualTo("NVIDIA H200 SXM");
    JsonNode metrics = json.get("metrics");
    for (String key : List.of("makespan-ns", "throughput-jobs-per-s", "sm-utilisation", "antt",
        "stp", "fairness", "all-freed-latency-p50-ns", "all-freed-latency-p99-ns",
        "bytes-saved-per-preemption", "context-switches", "events", "blocks-executed")) {
      assertThat(metrics.has(key)).as(key).isTrue();
    }
    assertThat(metrics.get("makespan-ns").asLong()).isEqualTo(m.makespanNs());
    assertThat(metrics.get("antt").asDouble()).isEqualTo(m.antt());
    assertThat(metrics.get("all-freed-latency-p99-ns").asLong())
        .isEqualTo(m.preemptionLatencyP99Ns());
    assertThat(metrics.get("events").asLong()).isEqualTo(outcome.result().events());
    JsonNode byId = metrics.get("by-id");
    assertThat(byId.size()).as("every whole-run metric; the shares are per scope only, and a "
        + "metric computed on request is left out of a run not asked for it")
        .isEqualTo(Metrics.BUILT_IN.stream()
            .filter(metric -> !metric.scopedOnly() && !metric.onRequest()).count());
    assertThat(byId.has("sm-busy-min")).isFalse();
    assertThat(byId.get("all-freed-latency-p99").asLong()).isEqualTo(m.preemptionLatencyP99Ns());
    assertThat(byId.get("waiter-latency-p50").asLong()).isEqualTo(m.waiterLatencyP50Ns());
    JsonNode units = metrics.get("units");
    assertThat(units.size()).as("a unit for every metric of by-id").isEqualTo(byId.size());
    assertThat(units.get("makespan").asText()).isEqualTo("ns");
    assertThat(units.get("sm-utilisation").asText()).isEqualTo("fraction");
    assertThat(units.get("throughput").asText()).isEqualTo("1/s");
    assertThat(json.get("groups")).hasSize(m.groups().size());
    assertThat(json.get("groups").get(0).get("group").asText()).isEqualTo("inference");
  }

  @Test
  void configYamlIsTheResolvedConfigurationAndReadsBackEqual() throws IOException {
    RunConfig back = ConfigLoader.load(written.resolve("config.yaml"));

    assertThat(back).isEqualTo(outcome.config());
  }

  @Test
  void twoRunsOfTheSameConfigurationWriteByteIdenticalFiles() throws IOException {
    RunOutcome again = new RunExecutor(PluginRegistry.discover(Optional.empty()))
        .execute(ConfigLoader.load(IVT));
    Path second = temp.resolve("second");

    RunReport.write(again, second);

    for (String file : FILES) {
      assertThat(Files.readAllBytes(second.resolve(file))).as(file)
          .isEqualTo(Files.readAllBytes(written.resolve(file)));
    }
  }

  @Test
  void kernelNamesAndLevelsWithCommasOrQuotesAreQuotedInTheCsv(@TempDir Path dir)
      throws IOException {
    SimulationResult result = new SimulationResult(
        List.of(new JobRecord(0, "q", "c", Priority.HIGH, EngineKind.COMPUTE,
            "gemm \"big\", fused", 2, 0, 0, 0, 10, 110, 1, 64, 64, 0, 100)),
        List.of(new PreemptionRecord(0, "q", 20, 30, 40, 2, 0, 2, 0, 64,
            Map.of("a,b", 2), -1, -1)), 110, 1.0, 0, 9, 4);
    RunOutcome odd = new RunOutcome(outcome.config(), outcome.plugins(), outcome.device(),
        outcome.workload(), result, RunMetrics.of(result, Map.of(0L, 55L)));

    RunReport.write(odd, dir);

    assertThat(Files.readAllLines(dir.resolve("jobs.csv")).get(1)).isEqualTo(
        "0,q,c,HIGH,COMPUTE,\"gemm \"\"big\"\", fused\",2,0,0,0,10,110,110,10,2.000000,1,64,64,0,"
            + "100,true");
    assertThat(Files.readAllLines(dir.resolve("preemptions.csv")).get(1))
        .isEqualTo("0,q,20,30,40,20,2,0,2,0,64,\"a,b=2\",,");
  }

  @Test
  void levelsAreWrittenSortedByNameAndSeparatedBySemicolons(@TempDir Path dir)
      throws IOException {
    SimulationResult result = new SimulationResult(List.of(), List.of(new PreemptionRecord(0,
        "q", 20, 30, 40, 264, 64, 200, 0, 64, Map.of("user-yield", 200, "block-end", 64), -1, -1)),
        0, 0, 0, 0, 0);
    RunOutcome odd = new RunOutcome(outcome.config(), outcome.plugins(), outcome.device(),
        outcome.workload(), result, RunMetrics.of(result, Map.of()));

    RunReport.write(odd, dir);

    assertThat(Files.readAllLines(dir.resolve("preemptions.csv")).get(1))
        .endsWith(",block-end=64;user-yield=200,,");
  }

  @Test
  void aLatencyWithoutAPreemptionIsNotApplicableInTheSummaryNeverZero() {
    SimulationResult result = new SimulationResult(
        List.of(new JobRecord(0, "q", "c", Priority.HIGH, EngineKind.COMPUTE, "k", 2, 0, 0, 0,
            10, 110, 0, 0, 0, 0, 100)), List.of(), 110, 1.0, 0, 9, 4);
    RunOutcome quiet = new RunOutcome(outcome.config(), outcome.plugins(), outcome.device(),
        outcome.workload(), result, RunMetrics.of(result, Map.of(0L, 55L)));

    assertThat(RunReport.summary(quiet)).contains("preemptions 0  latency to the waiting job p50 "
        + "n/a us  p99 n/a us  to all victim blocks freed p50 n/a us  p99 n/a us")
        .contains("saved n/a KiB/preemption");
  }

  @Test
  void theTerminalSummaryShowsTheRunPluginsMetricsAndOneLinePerQueue() {
    String summary = RunReport.summary(outcome);
    List<String> lines = summary.lines().toList();

    assertThat(lines.get(0)).isEqualTo("run 'inference-vs-training'  seed 7  device NVIDIA H200 SXM");
    assertThat(lines.get(1)).isEqualTo("plugins: policy priority(preempt=true), preemption "
        + "instruction-level, context-save liveness, hardware h200");
    assertThat(lines.get(2)).isEqualTo("modelling choices: sharing none; contention none");
    assertThat(lines.get(3)).startsWith("jobs " + outcome.metrics().jobs() + "  makespan "
        + Numbers.ms(outcome.metrics().makespanNs()) + " ms");
    assertThat(lines).filteredOn(l -> l.startsWith("inference ") || l.startsWith("training "))
        .hasSize(2);
  }
}
