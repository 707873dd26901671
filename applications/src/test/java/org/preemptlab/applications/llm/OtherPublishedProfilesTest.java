package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.model.Kernel;

/**
 * Issue 47's third done-criterion: published profiles of other GPUs and models, read by the same
 * readers without code changes (only a model file where the model is not bundled), each checked
 * against a row of its file. Copied unchanged into {@code docs/data/} (see its README): the RTX
 * 4090 bundle of Llama 3.1 8B and the RTX PRO 6000 bundle of Qwen3-30B-A3B (a mixture of experts
 * with Qwen 3's {@code qk_norm}) from LLMServingSim 2.0, and Vidur's A40 profile of Phi-2 (an
 * ungated MLP, no second norm).
 */
class OtherPublishedProfilesTest {
  private static final Path DATA = Path.of("../docs/data");
  private static final Path RTX4090 =
      DATA.resolve("llmservingsim/RTX4090/meta-llama/Llama-3.1-8B/bf16");
  private static final Path QWEN_MOE =
      DATA.resolve("llmservingsim/RTXPRO6000/Qwen/Qwen3-30B-A3B-Instruct-2507");
  private static final Path PHI2 = DATA.resolve("vidur/a40/microsoft/phi-2");

  private static Kernel named(List<Kernel> kernels, String name) {
    return kernels.stream().filter(k -> k.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void anotherGpusBundleReadsWithItsDeviceNameAndRows() {
    ModelProfile p = LlmServingSimProfile.read(RTX4090,
        ModelArchitecture.bundled("llama-3.1-8b", "test"), 1, 128);
    assertThat(p.device()).isEqualTo("NVIDIA GeForce RTX 4090");
    List<Kernel> kernels = p.kernels(BatchShape.of(List.of(SequenceWork.decode(16))));
    // embedding, 32 layers of 9 operators (two norms, QKV, rotary, attention, O, gate-up,
    // activation, down), final norm, lm_head, sampler
    assertThat(kernels).hasSize(1 + 32 * 9 + 3);
    // dense.csv: qkv_proj,1,54.898 (us) and layernorm,1,1.85083
    assertThat(named(kernels, "L0.qkv_proj").program().durationNs()).isEqualTo(54_898);
    assertThat(named(kernels, "L31.layernorm").program().durationNs()).isEqualTo(1_851);
    // its meta.yaml says skew_fit enabled: false, so LLMServingSim applies none and nor does this
    assertThat(p.header().get("source")).doesNotContain("skew");
  }

  @Test
  void aMixtureOfExpertsBundleRunsItsExpertsAndQkNormFromAModelFile() {
    ModelArchitecture qwen = ModelArchitecture.read(QWEN_MOE.resolve("qwen3-30b-a3b.model"));
    ModelProfile p = LlmServingSimProfile.read(QWEN_MOE.resolve("bf16"), qwen, 1, 188);
    assertThat(p.device()).isEqualTo("NVIDIA RTX PRO 6000 Blackwell Server Edition");
    List<Kernel> kernels = p.kernels(BatchShape.of(List.of(SequenceWork.decode(16))));
    assertThat(kernels).extracting(Kernel::name).startsWith("embedding", "L0.layernorm",
        "L0.qkv_proj", "L0.qk_norm", "L0.rotary_emb", "L0.attention", "L0.o_proj",
        "L0.layernorm", "L0.moe");
    assertThat(kernels).hasSize(1 + 48 * 8 + 3);
    // dense.csv: qk_norm,1,1.936; moe.csv: one token reaches its 8 experts: 1,8,50.2297
    assertThat(named(kernels, "L0.qk_norm").program().durationNs()).isEqualTo(1_936);
    assertThat(named(kernels, "L47.moe").program().durationNs()).isEqualTo(50_230);
    // meta.yaml enables a skew fit, but its table was not copied: no correction
    assertThat(p.header().get("source")).doesNotContain("skew");
  }

  @Test
  void anotherVidurSkuAndAnUngatedModelReadFromAModelFile() {
    ModelArchitecture phi2 = ModelArchitecture.read(PHI2.resolve("phi-2.model"));
    ModelProfile p = VidurProfile.read(PHI2, phi2, 1, "NVIDIA A40", 84);
    List<Kernel> kernels = p.kernels(BatchShape.of(List.of(SequenceWork.decode(16))));
    // no post_attention_layernorm column: Phi-2's layer has one norm (and no attention kernel:
    // Vidur's attention.csv is Git LFS, absent)
    assertThat(kernels).extracting(Kernel::name).startsWith("emb", "L0.input_layernorm",
        "L0.attn_pre_proj", "L0.attn_rope", "L0.attn_post_proj", "L0.mlp_up_proj",
        "L0.mlp_act", "L0.mlp_down_proj", "L0.add", "L1.input_layernorm");
    assertThat(kernels).hasSize(1 + 32 * 8);
    // mlp.csv at num_tokens 1: time_stats.attn_pre_proj.median 0.072 (ms)
    assertThat(named(kernels, "L0.attn_pre_proj").program().durationNs()).isEqualTo(72_000);
  }
}
