package org.preemptlab.runner.report.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.runner.experiment.YamlBinding;
import org.preemptlab.runner.experiment.sweep.PlannedRun;
import org.preemptlab.runner.experiment.sweep.RunResult;
import org.preemptlab.runner.experiment.sweep.SweepAnalysis;
import org.preemptlab.runner.experiment.sweep.SweepConfig;
import org.preemptlab.runner.experiment.sweep.SweepPlan;

class SweepCsvTest {
  private static final SweepPlan PLAN = SweepPlan.of(YamlBinding.parse(
      "vary: {policy: [fifo, priority]}\nseeds: 2\n", "s.yaml", SweepConfig.class).orElseThrow());

  /** Run r's job i of queue q took 1000 * r + i ns (q = a) or 7 ns (q = b). */
  private static RunResult result(PlannedRun run, int r, int jobs) {
    long[] a = new long[jobs];
    for (int i = 0; i < jobs; i++) {
      a[i] = 1000L * r + i;
    }
    return new RunResult(run.point().key(), run.point().values(), run.seed(),
        run.configDigest(), RunResult.Status.OK, null, Map.of(),
        Map.of("b", new long[] {7}, "a", a));
  }

  @Test
  void theTurnaroundsWrittenInChunksAreEveryJobOfEveryRunOnceInPlanOrder() throws IOException {
    int jobs = 3_000; // 4 runs of about 90 KiB of rows: several chunks, none ending at a run
    List<RunResult> results = new ArrayList<>();
    for (int r = 0; r < PLAN.runs().size(); r++) {
      results.add(result(PLAN.runs().get(r), r, jobs));
    }
    // the report reads the turnarounds through the source, never from the results it holds
    List<RunResult> stripped = results.stream().map(RunResult::withoutTurnarounds).toList();
    SweepAnalysis analysis = SweepAnalysis.of(PLAN, List.of(), List.of(), stripped,
        r -> results.get(stripped.indexOf(r)).turnaroundsNs());
    StringWriter out = new StringWriter();

    SweepCsv.turnarounds(analysis, out);

    List<String> lines = out.toString().lines().toList();
    assertThat(out.toString().length()).isGreaterThan(3 * SweepCsv.CHUNK);
    assertThat(out.toString()).endsWith("\n");
    assertThat(lines).hasSize(1 + PLAN.runs().size() * (jobs + 1));
    assertThat(lines.get(0)).isEqualTo("configuration,policy,seed,queue,job_index,turnaround_ns");
    assertThat(lines.get(1)).isEqualTo("fifo,fifo,1,a,0,0");
    assertThat(lines.get(jobs)).isEqualTo("fifo,fifo,1,a,2999,2999");
    assertThat(lines.get(jobs + 1)).isEqualTo("fifo,fifo,1,b,0,7");
    assertThat(lines.get(lines.size() - 2)).isEqualTo("priority,priority,2,a,2999,5999");
    assertThat(lines.get(lines.size() - 1)).isEqualTo("priority,priority,2,b,0,7");
    assertThat(analysis.queues()).containsExactly("a", "b");
  }
}
