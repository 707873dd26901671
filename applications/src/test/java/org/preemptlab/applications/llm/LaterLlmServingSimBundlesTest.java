package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.Kernel;

/**
 * Issue 47's third done-criterion against LLMServingSim bundles newer than the snapshot @5daddb2
 * the reader was written for: the format variations of their files (excerpts in the test
 * resources {@code llmservingsim-later/}, see its README for repository, path and commit), each
 * checked against hand-computed rows; and the one-line refusals of what the server cannot model.
 */
class LaterLlmServingSimBundlesTest {
  private static final ModelArchitecture QWEN3_32B = ModelArchitecture.read(
      Path.of("../docs/data/llmservingsim/RTXPRO6000/Qwen/Qwen3-32B/qwen3-32b.model"));
  private static final ModelArchitecture TINY_MOE = new ModelArchitecture("tiny-moe", 2, 64, 4,
      2, 16, 32, 100, true, 8, 2, 2, "test");

  @TempDir Path dir;

  private static Path later() {
    try {
      return Path.of(LaterLlmServingSimBundlesTest.class.getResource("llmservingsim-later")
          .toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Kernel named(List<Kernel> kernels, String name) {
    return kernels.stream().filter(k -> k.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void aLaterDenseBundleWithTheLayerAndPrefillKeyAttentionSchemaReadsWithoutCodeChanges() {
    ModelProfile p = LlmServingSimProfile.read(later().resolve("Qwen3-32B/bf16"), QWEN3_32B, 1,
        188);
    assertThat(p.device()).isEqualTo("NVIDIA RTX PRO 6000 Blackwell Server Edition");
    List<Kernel> kernels = p.kernels(BatchShape.of(List.of(SequenceWork.decode(20))));
    // embedding, 64 layers of 10 (two norms, QKV, qk_norm, rotary, attention, O, gate-up,
    // activation, down), final norm, lm_head, sampler
    assertThat(kernels).hasSize(1 + 64 * 10 + 3);
    // dense.csv: qkv_proj,1,70.7093 and qk_norm,1,3.85033; per_sequence.csv: lm_head,1,1074.57
    assertThat(named(kernels, "L0.qkv_proj").program().durationNs()).isEqualTo(70_709);
    assertThat(named(kernels, "L63.qk_norm").program().durationNs()).isEqualTo(3_850);
    assertThat(named(kernels, "lm_head").program().durationNs()).isEqualTo(1_074_570);
    // attention.csv, slice (0 prefill tokens, 1 decode): kv 16 -> 7.05033 us, kv 24 -> 7.083 us;
    // at 20 cached tokens halfway: 7.066665 us
    assertThat(named(kernels, "L0.attention").program().durationNs()).isEqualTo(7_067);
  }

  @Test
  void aPrefillIsLookedUpAtTheQueryWeightedKeyLengthOfTheLaterSchema() {
    ModelProfile p = LlmServingSimProfile.read(later().resolve("Qwen3-32B/bf16"), QWEN3_32B, 1,
        188);
    // a chunk of 16 after 12 cached tokens: prefill_key = 16 (12 + 16/2) / 16 = 20, halfway
    // between the rows (16, 16.0, 0, 0) 8.48 us and (16, 24.0, 0, 0) 8.56567 us: 8.522835 us
    // (keyed by the cached tokens, 12, as @5daddb2's kv_prefill, it would be 8.48 us)
    List<Kernel> kernels = p.kernels(BatchShape.of(List.of(SequenceWork.prefill(16, 12, true))));
    assertThat(named(kernels, "L0.attention").program().durationNs()).isEqualTo(8_523);
  }

  @Test
  void speculativeRowsAreLeftOutAndAnotherAttentionKernelIsRefusedWithItsLine() {
    String header = "layer,prefill_chunk,prefill_key,n_decode,kv_decode,decode_q_len,time_us\n";
    // a decode_q_len 2 row (speculative verification) would pull the kv 16 point to 99 us
    ProfileTable t = ProfileTable.parse(header + "attention,0,0.0,1,16,1,8\n"
        + "attention,0,0.0,1,16,2,99\nattention,0,0.0,1,32,1,10\n", "a.csv");
    double ns = LlmServingSimProfile.Attention4d.of(t).nanos(
        BatchShape.of(List.of(SequenceWork.decode(16))));
    assertThat(ns).isEqualTo(8_000);
    ProfileTable mla = ProfileTable.parse(header + "attention,0,0.0,1,16,1,8\n"
        + "indexer,0,0.0,1,16,1,3\n", "b.csv");
    assertThatThrownBy(() -> LlmServingSimProfile.Attention4d.of(mla))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("b.csv:3: attention kernel 'indexer' is not modelled; this reader reads one "
            + "softmax attention kernel per layer (layer 'attention')");
  }

  @Test
  void denseRowsWithTheLaterProvenanceColumnsReadByName() {
    ProfileTable t = ProfileTable.parse("layer,tokens,time_us,measurement_protocol,"
        + "measurement_sha256\nqkv_proj,1,10,cuda-active-union-dummy-kv-query-v4,ab12\n"
        + "qkv_proj,3,30,cuda-active-union-dummy-kv-query-v4,ab12\n", "dense.csv");
    assertThat(LlmServingSimProfile.lines(t, "tokens").get("qkv_proj").at(2)).isEqualTo(20_000);
  }

  @Test
  void aMoeTableWithOneGridPerExpertParallelDegreeIsReadAtEpOne() throws IOException {
    ProfileTable t = ProfileTable.read(later().resolve("Qwen3-30B-A3B/moe.csv"));
    Interpolation.Plane plane = LlmServingSimProfile.moePlane(t);
    // ep 1 rows: (1 token, 8 experts) 48.1707 us, (2 tokens, 8 experts) 56.9293 us; ep 2's
    // (2, 8) row, 49.5477 us, is another rank's grid and must not replace it
    assertThat(plane.at(8, 1)).isCloseTo(48_170.7, within(1e-6));
    assertThat(plane.at(8, 2)).isCloseTo(56_929.3, within(1e-6));
    assertThat(plane.at(16, 2)).isCloseTo(129_953, within(1e-6));
    ProfileTable onlyEp2 = ProfileTable.parse("ep,tokens,activated_experts,time_us\n"
        + "2,1,4,35.9463\n", "moe.csv");
    assertThatThrownBy(() -> LlmServingSimProfile.moePlane(onlyEp2))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("moe.csv: no rows of expert-parallel degree 1 (column 'ep' has [2]); the "
            + "server runs every expert on one device, so it reads the ep 1 grid");
  }

  private Path copyOfTheDenseBundle() throws IOException {
    Path from = later().resolve("Qwen3-32B/bf16");
    Path tp1 = Files.createDirectories(dir.resolve("tp1"));
    Files.copy(from.resolve("meta.yaml"), dir.resolve("meta.yaml"));
    for (String name : List.of("dense.csv", "per_sequence.csv", "attention.csv")) {
      Files.copy(from.resolve("tp1").resolve(name), tp1.resolve(name));
    }
    return tp1;
  }

  @Test
  void aLinearAttentionBundleIsRefusedNamingTheFile() throws IOException {
    Path tp1 = copyOfTheDenseBundle();
    Files.writeString(tp1.resolve("linear_attention.csv"), "layer,prefill_tokens,n_decode,"
        + "time_us\n");
    assertThatThrownBy(() -> LlmServingSimProfile.read(dir, QWEN3_32B, 1, 188))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage(tp1.resolve("linear_attention.csv") + ": a linear-attention (Mamba / "
            + "gated-DeltaNet) layer is not modelled by this reader; only softmax attention "
            + "(attention.csv) is");
  }

  @Test
  void aMixtureOfExpertsWithoutMoeCsvAndADenseModelWithOneAreRefused() throws IOException {
    Path tp1 = copyOfTheDenseBundle();
    // as the tp2/ folder of Qwen3-30B-A3B @5daddb2, which has no moe.csv
    assertThatThrownBy(() -> LlmServingSimProfile.read(dir, TINY_MOE, 1, 188))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith(tp1 + ": no moe.csv, but model 'tiny-moe' is a mixture of 8 "
            + "experts");
    Files.copy(later().resolve("Qwen3-30B-A3B/moe.csv"), tp1.resolve("moe.csv"));
    assertThatThrownBy(() -> LlmServingSimProfile.read(dir, QWEN3_32B, 1, 188))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage(tp1.resolve("moe.csv") + ": the bundle profiles a mixture of experts, but "
            + "model 'qwen3-32b' has a dense MLP (experts: 0); give the bundle's model with "
            + "model-file");
  }

  @Test
  void aSkewFitWrittenAsYamlBlockListsReadsAndAlphaBeyondTenIsKept() throws IOException {
    Path meta = dir.resolve("meta.yaml");
    Files.copy(later().resolve("Qwen3-30B-A3B/skew_fit-block-lists.yaml"), meta);
    Files.createDirectories(dir.resolve("tp1"));
    Files.copy(later().resolve("Qwen3-30B-A3B/skew_fit-5daddb2.csv"),
        dir.resolve("tp1/skew_fit.csv"));
    SkewFit fit = SkewFit.read(Files.readString(meta), meta, 1);
    assertThat(fit.bins().get("n")).containsExactly(0.0, 2, 4, 8, 16, 32, 64, 128, 256, 1_000_000);
    // the row 32,n<=4,sr<=70%,kvB<=4k,kp<=8k,-19.7768: pc 32, 3 decodes, skew rate 0.5, longest
    // context 2000, 5000 cached prefill tokens
    assertThat(fit.alpha(32, 3, 0.5, 2000, 5000)).isEqualTo(-19.7768);
    // another bucket: the pooled alpha_default
    assertThat(fit.alpha(32, 3, 0.5, 2000, 100)).isEqualTo(0.0645);
  }

  @Test
  void aLargeNegativeAlphaStopsAtOneNanosecondAsLlmServingSimRoundsIt() {
    Map<String, double[]> bins = Map.of("n", new double[] {0, 1e9}, "skew_rate",
        new double[] {-1, 2}, "kv_big", new double[] {0, 1e9}, "kp", new double[] {-1, 1e9});
    Map<String, List<String>> labels = Map.of("n", List.of("n"), "skew_rate", List.of("s"),
        "kv_big", List.of("k"), "kp", List.of("p"));
    SkewFit fit = new SkewFit(bins, labels, Map.of(), -100);
    ProfileTable t = ProfileTable.parse("prefill_chunk,kv_prefill,n_decode,kv_decode,time_us\n"
        + "0,0,2,16,10\n0,0,2,1000,20\n", "a.csv");
    // decodes of 16 and 1000 cached tokens: mean 508 -> 15 us, longest 20 us; 15 - 100 * 5 < 0
    double ns = LlmServingSimProfile.Attention4d.of(t, fit).nanos(BatchShape.of(
        List.of(SequenceWork.decode(16), SequenceWork.decode(1000))));
    assertThat(ns).isEqualTo(1);
  }

  @Test
  void theLaterRuntimeCalibrationSkewFitIsRefusedWithTheWayToRunWithoutIt() throws IOException {
    Path meta = dir.resolve("meta.yaml");
    Files.writeString(meta, "gpu: G\nskew_fit:\n  enabled: true\n  per_tp:\n    2:\n"
        + "      bucket_table: tp2/skew_fit.csv\n");
    Files.createDirectories(dir.resolve("tp2"));
    Files.copy(later().resolve("Qwen3-32B/skew_fit-runtime-calibration.csv"),
        dir.resolve("tp2/skew_fit.csv"));
    assertThatThrownBy(() -> SkewFit.read(Files.readString(meta), meta, 2))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("tp2/skew_fit.csv: LLMServingSim's later skew fit "
            + "(runtime-skew-calibration-v1")
        .hasMessageEndingWith("set attention-skew: off to run without the skew correction");
  }
}
