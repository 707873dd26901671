package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.Kernel;

/** Vidur's mlp.csv and attention.csv against hand-computed rows. */
class VidurProfileTest {
  /** Two layers, hidden 64, 4 heads and 2 KV heads of 16, MLP 128, vocabulary 100. */
  static final ModelArchitecture TINY = ModelArchitecture.parse("id: tiny\nlayers: 2\n"
      + "hidden-size: 64\nattention-heads: 4\nkv-heads: 2\nhead-dim: 16\n"
      + "intermediate-size: 128\nvocabulary: 100\n", "tiny.model");

  static final String MLP = """
      time_stats.attn_pre_proj.median,time_stats.mlp_act.median,num_tokens,num_tensor_parallel_workers
      0.010,0.001,1,1
      0.030,0.003,3,1
      0.5,0.5,1,2
      """;

  static final String ATTENTION = """
      num_tensor_parallel_workers,batch_size,prefill_chunk_size,kv_cache_size,is_prefill,time_stats.attn_prefill.median,time_stats.attn_decode.median
      1,1,4,0,True,0.004,
      1,1,4,8,True,0.006,
      1,1,8,0,True,0.010,
      1,1,0,8,False,,0.002
      1,1,0,16,False,,0.003
      1,2,0,8,False,,0.004
      1,2,0,16,False,,0.006
      """;

  private static ModelProfile profile() {
    return VidurProfile.build(ProfileTable.parse(MLP, "mlp.csv"),
        ProfileTable.parse(ATTENTION, "attention.csv"), TINY, 1, "GPU", 4);
  }

  @Test
  void aDenseOperatorIsInterpolatedInTokensAndCarriesTheArchitecturesBytes() {
    // two tokens: between 0.010 ms at 1 and 0.030 ms at 3 -> 20,000 ns. QKV bytes: 2 x (64 x 128
    // weights + 2 x (64 + 128) activations) = 17,152, over 4 blocks: 4,288.
    List<Kernel> kernels = profile().kernels(BatchShape.of(List.of(
        SequenceWork.prefill(2, 0, true))));
    Kernel qkv = kernels.stream().filter(k -> k.name().equals("L0.attn_pre_proj")).findFirst()
        .orElseThrow();
    assertThat(qkv.program().durationNs()).isEqualTo(20_000);
    assertThat(qkv.gridBlocks()).isEqualTo(4);
    assertThat(qkv.program().segments().get(0).dramBytes()).isEqualTo(4_288);
  }

  @Test
  void everyOperatorRunsOncePerLayerInTheOrderOfALayer() {
    List<Kernel> kernels = profile().kernels(BatchShape.of(List.of(
        SequenceWork.prefill(4, 0, true), SequenceWork.decode(8))));
    assertThat(kernels).extracting(Kernel::name).containsExactly("L0.attn_pre_proj",
        "L0.attn_prefill", "L0.attn_decode", "L0.mlp_act", "L1.attn_pre_proj", "L1.attn_prefill",
        "L1.attn_decode", "L1.mlp_act");
  }

  @Test
  void decodeAttentionIsLookedUpAtTheDecodesCountAndMeanCachedTokens() {
    // two decodes of 8 and 16 cached tokens: batch 2 at 12 -> between 0.004 and 0.006 ms
    Kernel decode = profile().kernels(BatchShape.of(List.of(SequenceWork.decode(8),
        SequenceWork.decode(16)))).get(1);
    assertThat(decode.name()).isEqualTo("L0.attn_decode");
    assertThat(decode.program().durationNs()).isEqualTo(5_000);
  }

  @Test
  void prefillAttentionIsLookedUpAtTheChunkAndItsCachedTokens() {
    // a chunk of 4 after 4 cached: between 0.004 (0 cached) and 0.006 ms (8 cached)
    Kernel prefill = profile().kernels(BatchShape.of(List.of(SequenceWork.prefill(4, 4,
        true)))).get(1);
    assertThat(prefill.name()).isEqualTo("L0.attn_prefill");
    assertThat(prefill.program().durationNs()).isEqualTo(5_000);
  }

  @Test
  void aBadTimeIsRefusedNamingTheFileLineAndColumnWithoutQuotingIt() {
    String bad = MLP.replace("0.030,", "０.030,");
    assertThatThrownBy(() -> VidurProfile.build(ProfileTable.parse(bad, "mlp.csv"), null, TINY,
        1, "GPU", 4)).isInstanceOf(ConfigurationException.class)
        .hasMessage("mlp.csv:3: column 'time_stats.attn_pre_proj.median' must be a time >= 0 "
            + "(a decimal number in ASCII digits, at most one hour)");
  }

  @Test
  void aMissingDegreeIsRefusedWithTheDegreesTheFileHas() {
    assertThatThrownBy(() -> VidurProfile.build(ProfileTable.parse(MLP, "mlp.csv"), null, TINY,
        4, "GPU", 4)).isInstanceOf(ConfigurationException.class)
        .hasMessage("mlp.csv: no row of tensor-parallel degree 4 with a "
            + "time_stats.<operator>.median column; degrees in the file: [1, 2]");
  }

  @Test
  void aMissingColumnIsRefusedWithTheExpectedOnes() {
    assertThatThrownBy(() -> VidurProfile.build(ProfileTable.parse(
        "num_tokens,time_stats.add.median\n1,0.1\n", "mlp.csv"), null, TINY, 1, "GPU", 4))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("mlp.csv:1: the header lacks the column 'num_tensor_parallel_workers' of a "
            + "Vidur mlp.csv table; expected the columns num_tokens,num_tensor_parallel_workers");
  }

  @Test
  void aRowOfTheWrongWidthIsRefused() {
    assertThatThrownBy(() -> ProfileTable.parse("a,b\n1,2\n3\n", "t.csv"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("t.csv:3: expected 2 columns as in the header (line 1), got 1");
  }

  @Test
  void aDeviceGivenAsAProfileTableIsRefusedWithoutReadingIt() {
    org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.exists(
        java.nio.file.Path.of("/dev/zero")), "a character device to read");
    assertThatThrownBy(() -> ProfileTable.read(java.nio.file.Path.of("/dev/zero")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("zero: not a regular file (a directory, FIFO or device); give the path of a "
            + "profile table");
  }
}
