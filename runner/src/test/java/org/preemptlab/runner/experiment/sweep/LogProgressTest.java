package org.preemptlab.runner.experiment.sweep;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.preemptlab.runner.experiment.YamlBinding;

class LogProgressTest {
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
  private final AtomicLong clock = new AtomicLong();

  private static final PlannedRun RUN = SweepPlan.of(YamlBinding.parse("vary: {policy: [fifo]}",
      "s.yaml", SweepConfig.class).orElseThrow()).runs().get(0);

  private String lines() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void withCiSetProgressIsLogLinesEvenOnATerminal() {
    assertThat(SweepProgress.choose(true, Map.of("CI", "true"), err))
        .isInstanceOf(LogProgress.class);
    assertThat(SweepProgress.choose(false, Map.of(), err)).isInstanceOf(LogProgress.class);
    assertThat(SweepProgress.choose(true, Map.of(), err)).isInstanceOf(BarProgress.class);
  }

  @Test
  void aLineIsLoggedForEveryTenthOfTheRuns() {
    LogProgress progress = new LogProgress(err, clock::get, 5_000_000_000L);
    progress.start(20, 0);
    RunResult ok = RunResult.failed(RUN, "x");
    for (int i = 0; i < 20; i++) {
      clock.addAndGet(100_000_000L); // 0.1 s per run: the interval never elapses
      progress.completed(RUN, new RunResult(ok.configuration(), ok.values(), 1, "d",
          RunResult.Status.OK, null, Map.of(), null));
    }
    progress.close();

    assertThat(lines().lines()).hasSize(11).first().isEqualTo("sweep: 20 runs");
    assertThat(lines()).contains("sweep: 2/20 runs done (10%), 0 failed, 0.2 s\n")
        .contains("sweep: 20/20 runs done (100%), 0 failed, 2.0 s\n");
  }

  @Test
  void aLineIsLoggedWhenTheIntervalPassesAndForEveryFailure() {
    LogProgress progress = new LogProgress(err, clock::get, 5_000_000_000L);
    progress.start(1000, 10);
    clock.addAndGet(6_000_000_000L);
    progress.completed(RUN, RunResult.failed(RUN, "timeout after 1s"));
    progress.close();

    assertThat(lines()).isEqualTo("sweep: 1000 runs, 10 already complete\n"
        + "sweep: run fifo seed 1 failed: timeout after 1s\n"
        + "sweep: 11/1000 runs done (1%), 1 failed, 6.0 s\n");
  }
}
