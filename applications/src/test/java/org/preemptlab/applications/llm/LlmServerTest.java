package org.preemptlab.applications.llm;

import org.preemptlab.applications.FakeApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.metrics.MetricReporter;
import org.preemptlab.testkit.TestDevices;

class LlmServerTest {
  @TempDir Path dir;

  private Map<String, Double> metrics(Application app) {
    return ((MetricReporter) app).metricValues();
  }

  @Test
  void requestArrivingDuringAnIterationJoinsTheNextOne() {
    ServerFixture f = new ServerFixture(dir);
    // r1 at 0 (100 prompt, 3 output); r2 at 50 us, inside r1's 100,010 ns prefill.
    Path trace = f.write("trace.csv", "TIMESTAMP,ContextTokens,GeneratedTokens\n"
        + "0,100,3\n0.00005,50,2\n");
    Application app = f.create(Map.of("trace", trace.toString(), "duration", "1s"));
    FakeApplicationContext run = ServerFixture.run(app, TestDevices.ONE_SM, 2_000_000_000L);

    // [tokens, sampling sequences] per iteration: r1's prefill alone; then r2's prefill (50)
    // first and r1's decode (1); then both decodes.
    assertThat(ServerFixture.iterations(run)).containsExactly(
        List.of(100, 1), List.of(51, 2), List.of(2, 2));
  }

  @Test
  void ttftAndTpotAreTheSimulatedTimesOfTheIterationsThatSampledTheTokens() {
    ServerFixture f = new ServerFixture(dir);
    Path trace = f.write("trace.csv", "TIMESTAMP,ContextTokens,GeneratedTokens\n"
        + "0,100,3\n0.00005,50,2\n");
    Application app = f.create(Map.of("trace", trace.toString(), "duration", "1s"));
    ServerFixture.run(app, TestDevices.ONE_SM, 2_000_000_000L);

    // Iterations last 1000 ns per token + 10 ns per sampling sequence.
    long end1 = 100 * 1000 + 10;
    long end2 = end1 + 51 * 1000 + 2 * 10;
    long end3 = end2 + 2 * 1000 + 2 * 10;
    long ttft1 = end1;
    long ttft2 = end2 - 50_000;
    double tpot1 = (end3 - end1) / 2.0;
    double tpot2 = end3 - end2;
    Map<String, Double> m = metrics(app);
    assertThat(m).containsEntry("ttft-p50", (double) ttft1).containsEntry("ttft-p99",
        (double) ttft2);
    assertThat(m).containsEntry("tpot-p50", tpot2).containsEntry("tpot-p99", tpot1);
    assertThat(m).containsEntry("e2e-latency-p50", (double) end3 - 50_000)
        .containsEntry("e2e-latency-p99", (double) end3);
    assertThat(m).containsEntry("requests-finished", 2.0).containsEntry("requests-arrived", 2.0)
        .containsEntry("requests-unfinished", 0.0).containsEntry("iterations", 3.0)
        .containsEntry("tokens-per-second", 5.0);
  }

  @Test
  void theSchedulingOverheadPrecedesEverySubmissionIncludingTheFirst() {
    ServerFixture f = new ServerFixture(dir);
    Path trace = f.write("trace.csv", "TIMESTAMP,ContextTokens,GeneratedTokens\n0,100,3\n");
    Application app = f.create(Map.of("trace", trace.toString(), "duration", "1s",
        "scheduling-overhead", "5us"));
    FakeApplicationContext run = ServerFixture.run(app, TestDevices.ONE_SM, 2_000_000_000L);

    List<FakeApplicationContext.Run> runs = run.runs();
    // Each iteration is formed when the last ends and submitted 5 us later.
    assertThat(runs).extracting(FakeApplicationContext.Run::submitNs).containsExactly(5_000L,
        5_000L, 110_010L, 110_010L, 116_020L, 116_020L);
    assertThat(metrics(app)).containsEntry("tpot-p50", (116_020 + 1_010 - 105_010) / 2.0);
  }

  @Test
  void sloAttainmentAndGoodputCountRequestsMeetingBothObjectives() {
    ServerFixture f = new ServerFixture(dir);
    Path trace = f.write("trace.csv", "TIMESTAMP,ContextTokens,GeneratedTokens\n"
        + "0,100,3\n0.00005,50,2\n");
    // r1: TTFT 100,010 ns, TPOT 26,520 ns; r2: TTFT 101,030 ns, TPOT 2,020 ns.
    Application app = f.create(Map.of("trace", trace.toString(), "duration", "1s",
        "ttft-slo", "100500ns", "tpot-slo", "30us"));
    ServerFixture.run(app, TestDevices.ONE_SM, 2_000_000_000L);

    assertThat(metrics(app)).containsEntry("slo-met", 1.0)
        .containsEntry("slo-attainment", 0.5).containsEntry("goodput", 1.0);
  }

  @Test
  void requestsNotFinishedAtTheHorizonAreCountedAndTheServerStops() {
    ServerFixture f = new ServerFixture(dir);
    Path trace = f.write("trace.csv", "TIMESTAMP,ContextTokens,GeneratedTokens\n"
        + "0,100,1000\n0.0001,100,1\n");
    Application app = f.create(Map.of("trace", trace.toString(), "duration", "1ms"));
    FakeApplicationContext run = ServerFixture.run(app, TestDevices.ONE_SM, 2_000_000_000L);

    Map<String, Double> m = metrics(app);
    assertThat(m).containsEntry("requests-arrived", 2.0)
        .containsEntry("requests-finished", 1.0).containsEntry("requests-unfinished", 1.0);
    assertThat(run.runs()).allSatisfy(r -> assertThat(r.submitNs()).isLessThan(1_000_000));
  }

  @Test
  void aFullWaitingQueueRejectsArrivals() {
    ServerFixture f = new ServerFixture(dir);
    Path trace = f.write("trace.csv", "TIMESTAMP,ContextTokens,GeneratedTokens\n"
        + "0,500,2\n0.00001,10,2\n0.00002,10,2\n0.00003,10,2\n");
    Application app = f.create(Map.of("trace", trace.toString(), "duration", "1s",
        "max-waiting", "2"));
    ServerFixture.run(app, TestDevices.ONE_SM, 2_000_000_000L);

    assertThat(metrics(app)).containsEntry("requests-rejected", 1.0)
        .containsEntry("requests-finished", 3.0);
  }

  @Test
  void theKvCacheOccupancyIsReportedInBytesOfWholeBlocks() {
    ServerFixture f = new ServerFixture(dir);
    Path trace = f.write("trace.csv", "TIMESTAMP,ContextTokens,GeneratedTokens\n0,100,3\n");
    // 1,000 B per token, 16-token blocks: 100 prompt tokens take 7 blocks, 102 tokens still 7.
    Application app = f.create(Map.of("trace", trace.toString(), "duration", "1s",
        "kv-cache-bytes", "1600000"));
    ServerFixture.run(app, TestDevices.ONE_SM, 2_000_000_000L);

    Map<String, Double> m = metrics(app);
    assertThat(m).containsEntry("kv-capacity-bytes", 1_600_000.0)
        .containsEntry("kv-peak-bytes", 7 * 16_000.0);
    long busy = 100 * 1000 + 10 + 2 * (1000 + 10);
    assertThat(m.get("kv-mean-bytes")).isCloseTo(7 * 16_000.0 * busy / 1e9, within(1e-9));
  }

  @Test
  void theSameSeedGivesIdenticalResultsAndAnotherSeedOthers() {
    ServerFixture f = new ServerFixture(dir);
    Map<String, String> poisson = Map.of("duration", "200ms", "arrival-rate", "200",
        "prompt-tokens", "40", "output-tokens", "20", "max-model-len", "400");
    Map<String, Double> first = metrics(run(f.create(poisson, TestDevices.ONE_SM, 7)));
    Map<String, Double> again = metrics(run(f.create(poisson, TestDevices.ONE_SM, 7)));
    Map<String, Double> other = metrics(run(f.create(poisson, TestDevices.ONE_SM, 8)));

    assertThat(again).isEqualTo(first);
    assertThat(other).isNotEqualTo(first);
    assertThat(first.get("requests-finished")).isGreaterThan(10.0);
  }

  private static Application run(Application app) {
    ServerFixture.run(app, TestDevices.ONE_SM, 1_000_000_000L);
    return app;
  }

  @Test
  void aRequestLongerThanTheWholeKvCacheIsAConfigurationErrorNamingItsLine() {
    ServerFixture f = new ServerFixture(dir);
    Path trace = f.write("trace.csv", "TIMESTAMP,ContextTokens,GeneratedTokens\n"
        + "0,10,2\n1,100,1\n");
    // 100,000 B hold 6 blocks of 16 tokens of 1,000 B: 96 tokens; line 3 needs 100.
    assertThatThrownBy(() -> f.create(Map.of("trace", trace.toString(),
        "kv-cache-bytes", "100000")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith(trace + ":3: a request of 100 prompt and 1 output tokens")
        .hasMessageContaining("kv-cache-bytes")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aPromptOverTheTokenBudgetWithoutChunkedPrefillIsAConfigurationError() {
    ServerFixture f = new ServerFixture(dir);
    Path trace = f.write("trace.csv", "TIMESTAMP,ContextTokens,GeneratedTokens\n0,300,2\n");
    assertThatThrownBy(() -> f.create(Map.of("trace", trace.toString(),
        "max-batch-tokens", "256", "scheduler", "vllm-v0")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining(trace + ":2: a request of 300 prompt and 2 output tokens may have"
            + " to prefill 301 tokens at once (after a preemption by recompute), more than "
            + "parameter 'max-batch-tokens' (256)");
    f.create(Map.of("trace", trace.toString(), "max-batch-tokens", "256"));
  }

  @Test
  void anUnknownModelIsRefusedWithTheBundledOnes() {
    ServerFixture f = new ServerFixture(dir);
    assertThatThrownBy(() -> f.create(Map.of("profile-file", "", "model", "llama-3.1-9b")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("application 'llm-serving': unknown model 'llama-3.1-9b'; did you mean "
            + "'llama-3.1-8b'? valid: llama-2-70b, llama-2-7b, llama-3-70b, llama-3-8b, "
            + "llama-3.1-8b, mistral-7b, mixtral-8x7b, qwen2.5-7b (or give a model file with "
            + "model-file)");
  }

  @Test
  void aProfileOfAnotherDeviceIsRefused() {
    ServerFixture f = new ServerFixture(dir);
    assertThatThrownBy(() -> f.create(Map.of(), TestDevices.PASCAL, 1))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("test.profile: key 'device': the profile was built for 'one-sm', "
            + "the run's device is 'GTX 1080'");
  }

  @Test
  void theBundledProfileLoadsOnAnH200AndServes() {
    ServerFixture f = new ServerFixture(dir);
    Application app = f.create(Map.of("profile-file", "", "duration", "1s", "arrival-rate", "5"),
        H200.DEVICE, 3);
    ServerFixture.run(app, H200.DEVICE, 2_000_000_000L);
    Map<String, Double> m = metrics(app);
    assertThat(m.get("requests-finished")).isGreaterThan(0.0);
    assertThat(m.get("tpot-p50")).isGreaterThan(2_900_000.0);
  }

  private static final String TWO_REQUESTS = "TIMESTAMP,ContextTokens,GeneratedTokens\n"
      + "0,100,3\n0.00005,50,2\n";

  @Test
  void timeBetweenTokensIsEveryGapAndMeansArePerRequest() {
    ServerFixture f = new ServerFixture(dir);
    Path trace = f.write("trace.csv", TWO_REQUESTS);
    Application app = f.create(Map.of("trace", trace.toString(), "duration", "1s"));
    ServerFixture.run(app, TestDevices.ONE_SM, 2_000_000_000L);

    // Iterations end at 100,010 (r0's prefill), 151,030 (r0 decode, r1's prefill of 50) and
    // 153,050 (both decode). Gaps: r0 51,020 and 2,020; r1 2,020.
    Map<String, Double> m = metrics(app);
    assertThat(m).containsEntry("tbt-p50", 2_020.0).containsEntry("tbt-p90", 51_020.0)
        .containsEntry("tbt-p99", 51_020.0);
    assertThat(m).containsEntry("ttft-mean", (100_010 + 101_030) / 2.0)
        .containsEntry("tpot-mean", (26_520 + 2_020) / 2.0)
        .containsEntry("ttft-p90", 101_030.0)
        .containsEntry("e2e-latency-mean", (153_050 + 103_050) / 2.0);
  }

  @Test
  void requestsCsvHasEveryRequestWithEachTokensTime() {
    ServerFixture f = new ServerFixture(dir);
    Path trace = f.write("trace.csv", TWO_REQUESTS + "0.5,10,2\n");
    Application app = f.create(Map.of("trace", trace.toString(), "duration", "1s"));
    ServerFixture.run(app, TestDevices.ONE_SM, 500_005_000L);

    String csv = ((org.preemptlab.api.metrics.WritesRunFiles) app).runFiles().get("requests.csv");
    // The run ends 5 us into the third request's 10,010 ns prefill: it has no token.
    assertThat(csv).isEqualTo(RequestsCsv.HEADER + "\n"
        + "0,0,100,3,100010,153050,0,3,100010;151030;153050\n"
        + "1,50000,50,2,151030,153050,0,2,151030;153050\n"
        + "2,500000000,10,2,,,0,0,\n");
  }

  @Test
  void drainServesEveryRequestThatArrivedBeforeTheHorizonToItsEnd() {
    ServerFixture f = new ServerFixture(dir);
    Path trace = f.write("trace.csv", "TIMESTAMP,ContextTokens,GeneratedTokens\n"
        + "0,100,1000\n0.0001,100,1\n0.002,10,1\n");
    Application app = f.create(Map.of("trace", trace.toString(), "duration", "1ms",
        "drain", "true"));
    FakeApplicationContext run = ServerFixture.run(app, TestDevices.ONE_SM, 2_000_000_000L);

    Map<String, Double> m = metrics(app);
    assertThat(m).containsEntry("requests-arrived", 2.0)
        .containsEntry("requests-finished", 2.0).containsEntry("requests-unfinished", 0.0);
    FakeApplicationContext.Run last = run.runs().get(run.runs().size() - 1);
    assertThat(m.get("serving-span")).isGreaterThan(1_000_000.0)
        .isEqualTo((double) last.finishNs());
    assertThat(m.get("tokens-per-second")).isEqualTo(1001 / (last.finishNs() / 1e9));
  }

  @Test
  void aSwapCopiesTheVictimsBlocksAtTheSwapBandwidthBeforeTheIteration() {
    ServerFixture f = new ServerFixture(dir);
    Path trace = f.write("trace.csv", "TIMESTAMP,ContextTokens,GeneratedTokens\n"
        + "0,80,2\n0,79,5\n");
    // 10 blocks of 16 tokens of 1,000 B; 16 B/ns moves a block in 1 us.
    Application app = f.create(Map.of("trace", trace.toString(), "duration", "1s",
        "scheduler", "vllm-v0", "preemption-mode", "swap", "swap-bandwidth", "16e9",
        "kv-cache-bytes", "160000", "max-batch-tokens", "256"));
    FakeApplicationContext run = ServerFixture.run(app, TestDevices.ONE_SM, 2_000_000_000L);

    // Both prefill (159 tokens, 159,020 ns); r0's decode needs a sixth block: r1's five are
    // swapped out (5 us) before it; r0 finishes and r1's blocks come back (5 us) before r1
    // decodes.
    List<Long> denseSubmits = run.runs().stream()
        .filter(r -> r.kernel().name().equals("dense"))
        .map(FakeApplicationContext.Run::submitNs).toList();
    assertThat(denseSubmits).startsWith(0L, 164_020L, 170_030L);
    assertThat(metrics(app)).containsEntry("kv-swap-preemptions", 1.0)
        .containsEntry("kv-preemptions", 1.0).containsEntry("requests-finished", 2.0);
  }

  @Test
  void swapWithAChunkingSchedulerIsRefused() {
    ServerFixture f = new ServerFixture(dir);
    assertThatThrownBy(() -> f.create(Map.of("preemption-mode", "swap")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("parameter 'preemption-mode' of application 'llm-serving': swap needs "
            + "scheduler: vllm-v0 (vllm-v1 preempts by recompute only)");
  }
}
