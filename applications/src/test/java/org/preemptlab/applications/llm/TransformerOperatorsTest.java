package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The two engines' operator lists: Vidur's unfused norms and add, vLLM's fused add-norms. */
class TransformerOperatorsTest {
  private static final ModelArchitecture LLAMA = ModelArchitecture.bundled("llama-3.1-8b", "t");
  /** 16 tokens of prefill, nothing cached. */
  private static final BatchShape BATCH = new BatchShape(16, 16 * 17 / 2, 1, 0);

  private static Map<String, TransformerOperators.Op> byName(TransformerOperators.Engine e) {
    Map<String, TransformerOperators.Op> ops = new LinkedHashMap<>();
    TransformerOperators.of(LLAMA, 1, e).forEach(op -> ops.put(op.name(), op));
    return ops;
  }

  private static double bytes(Map<String, TransformerOperators.Op> ops, String name) {
    return ops.get(name).bytes().applyAsDouble(BATCH);
  }

  @Test
  void vidursListHasTwoPlainNormsAndAResidualAddPerLayer() {
    Map<String, TransformerOperators.Op> ops = byName(TransformerOperators.Engine.VIDUR);
    // h = 4,096, n = 16, 2 bytes: a plain norm 2 (2·16·4,096 + 4,096) = 270,336 bytes;
    // the add 2 · 3 · 16 · 4,096 = 393,216
    assertThat(bytes(ops, "input_layernorm")).isEqualTo(270_336);
    assertThat(bytes(ops, "post_attention_layernorm")).isEqualTo(270_336);
    assertThat(bytes(ops, "residual_add")).isEqualTo(393_216);
    assertThat(bytes(ops, "final_layernorm")).isEqualTo(270_336);
    assertThat(TransformerOperators.of(LLAMA, 1)).extracting(TransformerOperators.Op::name)
        .containsExactlyElementsOf(ops.keySet());
  }

  @Test
  void vllmsListFusesTheResidualAddIntoTheNorms() {
    Map<String, TransformerOperators.Op> ops = byName(TransformerOperators.Engine.VLLM);
    assertThat(ops).doesNotContainKey("residual_add");
    // fused: 2 (4·16·4,096 + 4,096) = 532,480 bytes
    assertThat(bytes(ops, "post_attention_layernorm")).isEqualTo(532_480);
    assertThat(bytes(ops, "final_layernorm")).isEqualTo(532_480);
    // input norm: the first of 32 layers plain, 31 fused: (270,336 + 31 · 532,480) / 32
    // = 16,777,216 / 32 = 524,288 bytes per layer
    assertThat(bytes(ops, "input_layernorm")).isCloseTo(524_288, within(1e-6));
    // a layer's norms and add: Vidur 2 · 270,336 + 393,216 = 933,888 bytes in three kernels,
    // vLLM 524,288 + 532,480 = 1,056,768 in two
    Map<String, TransformerOperators.Op> vidur = byName(TransformerOperators.Engine.VIDUR);
    assertThat(vidur.size() - ops.size()).isEqualTo(1);
    for (String name : List.of("embedding", "qkv_proj", "rotary_emb", "o_proj", "gate_up_proj",
        "act_fn", "down_proj", "lm_head")) {
      assertThat(bytes(ops, name)).as(name).isEqualTo(bytes(vidur, name));
    }
  }
}
