package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.Kernel;

/** LLMServingSim 2.0 bundles against hand-computed rows, and the bundled RTX PRO 6000 one. */
class LlmServingSimProfileTest {
  private static final Path BUNDLE =
      Path.of("../docs/data/llmservingsim/RTXPRO6000/meta-llama/Llama-3.1-8B/bf16");

  @TempDir Path dir;

  private Path bundle() throws IOException {
    Files.writeString(dir.resolve("meta.yaml"), "gpu: 'Test GPU'\nhardware: T\n"
        + "engine_effective:\n  gpu: nested, not read\n");
    Path tp1 = Files.createDirectories(dir.resolve("tp1"));
    Files.writeString(tp1.resolve("dense.csv"), "layer,tokens,time_us\n"
        + "embedding,1,1\nlayernorm,1,2\nlayernorm,3,2\nqkv_proj,1,10\nqkv_proj,3,30\n"
        + "final_layernorm,1,3\n");
    Files.writeString(tp1.resolve("per_sequence.csv"), "layer,sequences,time_us\n"
        + "lm_head,1,100\nlm_head,2,110\nsampler,1,5\n");
    Files.writeString(tp1.resolve("attention.csv"),
        "prefill_chunk,kv_prefill,n_decode,kv_decode,time_us\n"
        + "0,0,1,16,8\n0,0,1,32,10\n0,0,2,16,12\n0,0,2,32,16\n16,0,0,0,20\n16,64,0,0,30\n");
    return dir;
  }

  @Test
  void theKernelsRunInVllmsOrderOncePerLayerWithTheDevicesGpuName() throws IOException {
    ModelProfile p = LlmServingSimProfile.read(bundle(), VidurProfileTest.TINY, 1, 4);
    assertThat(p.device()).isEqualTo("Test GPU");
    List<Kernel> kernels = p.kernels(BatchShape.of(List.of(SequenceWork.decode(16))));
    assertThat(kernels).extracting(Kernel::name).containsExactly("embedding", "L0.layernorm",
        "L0.qkv_proj", "L0.attention", "L0.layernorm", "L1.layernorm", "L1.qkv_proj",
        "L1.attention", "L1.layernorm", "final_layernorm", "lm_head", "sampler");
  }

  @Test
  void theNormsMoveVllmsBytesTheResidualAddFusedIn() throws IOException {
    // tiny: h = 64, 2 layers, 2 bytes a value; one decode token, a grid of 4 blocks. vLLM's first
    // norm of a layer carries the layers' mean, b((4 - 2/2) n h + h) = 2 (3 * 64 + 64) = 512 B;
    // the second and the final norm are fused adds, b(4 n h + h) = 2 (256 + 64) = 640 B
    ModelProfile p = LlmServingSimProfile.read(bundle(), VidurProfileTest.TINY, 1, 4);
    List<Kernel> kernels = p.kernels(BatchShape.of(List.of(SequenceWork.decode(16))));
    assertThat(kernels.get(1).name()).isEqualTo("L0.layernorm");
    assertThat(kernels.get(1).program().dramBytes()).isEqualTo(512 / 4);
    assertThat(kernels.get(4).name()).isEqualTo("L0.layernorm");
    assertThat(kernels.get(4).program().dramBytes()).isEqualTo(640 / 4);
    assertThat(kernels.get(9).name()).isEqualTo("final_layernorm");
    assertThat(kernels.get(9).program().dramBytes()).isEqualTo(640 / 4);
  }

  @Test
  void denseAndPerSequenceTimesAreInterpolatedMicroseconds() throws IOException {
    ModelProfile p = LlmServingSimProfile.read(bundle(), VidurProfileTest.TINY, 1, 4);
    List<Kernel> kernels = p.kernels(BatchShape.of(List.of(SequenceWork.prefill(2, 0, true))));
    assertThat(kernels.get(2).name()).isEqualTo("L0.qkv_proj");
    assertThat(kernels.get(2).program().durationNs()).isEqualTo(20_000);
    // one sequence samples: lm_head 100 us
    assertThat(kernels.get(kernels.size() - 2).program().durationNs()).isEqualTo(100_000);
  }

  @Test
  void attentionIsLookedUpAtTheDecodesCountAndMeanCachedTokens() throws IOException {
    // decodes of 16 and 32 cached tokens: the (0, 2) slice at 24 -> between 12 and 16 us
    ModelProfile p = LlmServingSimProfile.read(bundle(), VidurProfileTest.TINY, 1, 4);
    Kernel attention = p.kernels(BatchShape.of(List.of(SequenceWork.decode(16),
        SequenceWork.decode(32)))).get(3);
    assertThat(attention.name()).isEqualTo("L0.attention");
    assertThat(attention.program().durationNs()).isEqualTo(14_000);
  }

  @Test
  void attentionOfAPrefillIsLookedUpAtItsChunkAndCachedTokens() throws IOException {
    // a chunk of 16 after 32 cached: the (16, 0) slice between 20 us (0) and 30 us (64)
    ModelProfile p = LlmServingSimProfile.read(bundle(), VidurProfileTest.TINY, 1, 4);
    Kernel attention = p.kernels(BatchShape.of(List.of(SequenceWork.prefill(16, 32,
        true)))).get(3);
    assertThat(attention.program().durationNs()).isEqualTo(25_000);
  }

  @Test
  void theBundledRtxPro6000ProfileOfLlama31ReadsItsPublishedRows() {
    ModelProfile p = LlmServingSimProfile.read(BUNDLE,
        ModelArchitecture.bundled("llama-3.1-8b", "test"), 1, 188);
    assertThat(p.device()).isEqualTo("NVIDIA RTX PRO 6000 Blackwell Server Edition");
    List<Kernel> kernels = p.kernels(BatchShape.of(List.of(SequenceWork.decode(16))));
    // dense.csv: qkv_proj,1,35.8297; attention.csv: 0,0,1,16,8.35233 (microseconds)
    assertThat(kernels.get(2).name()).isEqualTo("L0.qkv_proj");
    assertThat(kernels.get(2).program().durationNs()).isEqualTo(35_830);
    assertThat(kernels.get(4).name()).isEqualTo("L0.attention");
    assertThat(kernels.get(4).program().durationNs()).isEqualTo(8_352);
    assertThat(kernels).hasSize(1 + 32 * 9 + 3);
  }

  @Test
  void aBundleWithoutAttentionIsRefusedNamingWhatItNeeds() throws IOException {
    Files.delete(bundle().resolve("tp1/attention.csv"));
    assertThatThrownBy(() -> LlmServingSimProfile.read(dir, VidurProfileTest.TINY, 1, 4))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage(dir.resolve("tp1") + ": no attention.csv (expected dense.csv, "
            + "per_sequence.csv, attention.csv and for a mixture of experts moe.csv)");
  }

  @Test
  void aBadCountIsRefusedNamingTheFileLineAndColumn() throws IOException {
    Files.writeString(bundle().resolve("tp1/dense.csv"), "layer,tokens,time_us\nqkv_proj,1e999,3\n");
    assertThatThrownBy(() -> LlmServingSimProfile.read(dir, VidurProfileTest.TINY, 1, 4))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage(dir.resolve("tp1/dense.csv") + ":2: column 'tokens' must be a whole number "
            + "in [1, 4294967296] in ASCII digits");
  }
}
