package org.preemptlab.runner.reproduce;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReefDisbTest {

  @Test
  void theBundledKernelProfilesAreTheCopyInDocsData() throws Exception {
    String bundled;
    try (InputStream in = ReefDisb.class.getResourceAsStream("reef-kernels.csv")) {
      bundled = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    assertThat(bundled).isEqualTo(Files.readString(Path.of("..", "docs", "data",
        "reef-kernels.csv")));
  }

  @Test
  void everyModelOfTheWorkloadsIsProfiledInLaunchOrder() {
    Map<String, List<ReefDisb.Kernel>> models = ReefDisb.models();

    assertThat(models).containsOnlyKeys("vgg", "resnet152", "densenet", "bert", "inception",
        "resnet");
    assertThat(models.get("vgg")).hasSize(71);
    assertThat(models.get("resnet152")).hasSize(207);
    // SJTU-IPADS/reef resource/vgg/vgg.json kernels[0]: grid 48 x 1 x 1, block 256 x 1 x 1.
    assertThat(models.get("vgg").get(0)).isEqualTo(new ReefDisb.Kernel(
        "tvmgen_default_fused_add_kernel0", 48, 256, 4, 14));
    for (ReefDisb.Workload w : ReefDisb.workloads()) {
      w.rt().forEach(t -> assertThat(models).containsKey(t.model()));
      w.be().forEach(t -> assertThat(models).containsKey(t.model()));
    }
  }

  @Test
  void aKernelsWorkGroupsLastItsLatencyOverItsWavesOnTheMi50() {
    // 1,000 work-groups of 256 work-items: 8 per CU by registers (32 x 256 each), 480 per wave.
    ReefDisb.Kernel big = new ReefDisb.Kernel("k", 1000, 256, 0, 90);
    ReefDisb.Kernel lds = new ReefDisb.Kernel("k", 60, 64, 40_000, 20);

    assertThat(big.perCu()).isEqualTo(8);
    assertThat(big.waves()).isEqualTo(3);
    assertThat(big.blockTimeNs()).isEqualTo(30_000);
    assertThat(lds.perCu()).as("one work-group per CU by its LDS").isEqualTo(1);
    assertThat(lds.blockTimeNs()).isEqualTo(20_000);
  }

  @Test
  void aTraceSubmitsEachRealTimeRequestAtOnceAndChainsBestEffortRequests() {
    ReefDisb.Workload a = ReefDisb.workloads().get(0);
    ReefDisb.Trace trace = ReefDisb.trace(a, ReefDisb.models(), ReefDisb.Mode.RT_FIRST,
        20_000_000L, 200_000, false, 1);

    List<ReefDisb.Request> rt = trace.requests().stream().filter(ReefDisb.Request::realTime)
        .toList();
    assertThat(rt).extracting(ReefDisb.Request::submitNs).containsExactly(0L, 10_000_000L);
    assertThat(trace.csv()).contains("\n0,rt0-vgg,rt0-vgg,HIGH,COMPUTE,200000ns,48,256,32,4,"
        + "14000ns,,,true,tvmgen_default_fused_add_kernel0\n");
    ReefDisb.Request second = trace.requests().stream().filter(r -> !r.realTime()).skip(1)
        .findFirst().orElseThrow();
    assertThat(trace.csv()).contains("\n" + second.firstJob() + ",be0-resnet152,be0-resnet152,"
        + "LOW,COMPUTE,0ns,");
    assertThat(trace.csv()).contains("," + (second.firstJob() - 1) + ",0,true,");
  }
}
