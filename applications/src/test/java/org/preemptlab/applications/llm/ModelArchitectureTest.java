package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;

class ModelArchitectureTest {
  @Test
  void everyBundledModelReadsAndLlama31HasItsConfigValues() {
    for (String id : ModelArchitecture.BUNDLED) {
      assertThat(ModelArchitecture.bundled(id, "test").id()).isEqualTo(id);
    }
    ModelArchitecture llama = ModelArchitecture.bundled("llama-3.1-8b", "test");
    assertThat(List.of(llama.layers(), (int) llama.hidden(), (int) llama.heads(),
        (int) llama.kvHeads(), (int) llama.intermediate(), (int) llama.vocabulary()))
        .containsExactly(32, 4096, 32, 8, 14336, 128256);
    assertThat(llama.kvBytesPerToken()).isEqualTo(131_072);
    assertThat(ModelArchitecture.bundled("mixtral-8x7b", "test").moe()).isTrue();
  }

  @Test
  void anUnknownKeyIsRefusedWithTheValidOnes() {
    assertThatThrownBy(() -> ModelArchitecture.parse("id: m\nlayer: 2\n", "m.model"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("m.model:2: unknown key 'layer'; did you mean 'layers'?");
  }

  @Test
  void aNonAsciiNumberIsRefusedWithoutQuotingIt() {
    assertThatThrownBy(() -> ModelArchitecture.parse("id: m\nlayers: ３２\n"
        + "hidden-size: 64\nattention-heads: 4\nintermediate-size: 8\nvocabulary: 10\n",
        "m.model"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("m.model:2: key 'layers' must be a whole number in [1, 4096] in ASCII digits");
  }

  @Test
  void headsThatAreNotAMultipleOfTheKvHeadsAreRefused() {
    assertThatThrownBy(() -> ModelArchitecture.parse("id: m\nlayers: 2\nhidden-size: 64\n"
        + "attention-heads: 6\nkv-heads: 4\nintermediate-size: 8\nvocabulary: 10\n", "m.model"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("m.model: model 'm': attention heads (6) must be a multiple of the KV heads "
            + "(4)");
  }

  @Test
  void theExpectedDistinctExpertsFollowUniformRouting() {
    // 8 experts, 2 per token, 1 token: 8 (1 - 0.75) = 2; 2 tokens: 8 (1 - 0.5625) = 3.5
    assertThat(TransformerOperators.expectedExperts(8, 2, 1)).isEqualTo(2.0);
    assertThat(TransformerOperators.expectedExperts(8, 2, 2)).isEqualTo(3.5);
  }

  @Test
  void weightBytesCountTheParametersTheModelCardsGive() {
    // the safetensors parameter counts on the Hugging Face model pages (meta-llama/Llama-3.1-8B,
    // meta-llama/Llama-2-7b-hf, mistralai/Mistral-7B-v0.1, mistralai/Mixtral-8x7B-v0.1), 2 B each
    assertThat(ModelArchitecture.bundled("llama-3.1-8b", "test").weightBytes())
        .isEqualTo(2 * 8_030_261_248L);
    assertThat(ModelArchitecture.bundled("llama-2-7b", "test").weightBytes())
        .isEqualTo(2 * 6_738_415_616L);
    assertThat(ModelArchitecture.bundled("mistral-7b", "test").weightBytes())
        .isEqualTo(2 * 7_241_732_096L);
    assertThat(ModelArchitecture.bundled("mixtral-8x7b", "test").weightBytes())
        .isEqualTo(2 * 46_702_792_704L);
  }
}
