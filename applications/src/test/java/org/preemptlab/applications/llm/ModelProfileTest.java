package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.MemorySpec;
import org.preemptlab.api.model.Kernel;

class ModelProfileTest {
  private static final String HEAD = "model: m\ndevice: d\nkv-bytes-per-token: 8\n"
      + ModelProfile.COLUMNS + "\n";

  private static ModelProfile profile(String rows) {
    return ModelProfile.parse(HEAD + rows, "p.profile");
  }

  private static Kernel only(ModelProfile p, BatchShape shape) {
    List<Kernel> kernels = p.kernels(shape);
    assertThat(kernels).hasSize(1);
    return kernels.get(0);
  }

  @Test
  void betweenRowsGridBlockTimeAndBytesAreLinearInTheQuantity() {
    ModelProfile p = profile("tokens,10,k,100,128,32,0,1000,500\n"
        + "tokens,20,k,200,128,32,0,3000,700\n");
    Kernel k = only(p, new BatchShape(15, 0, 0, 0));
    assertThat(k.gridBlocks()).isEqualTo(150);
    assertThat(k.program().durationNs()).isEqualTo(2000);
    assertThat(k.program().dramBytes()).isEqualTo(600);
    assertThat(k.threadsPerBlock()).isEqualTo(128);
    assertThat(k.registersPerThread()).isEqualTo(32);
  }

  @Test
  void belowTheFirstRowItsValuesAndAboveTheLastTheGridGrowsInProportion() {
    ModelProfile p = profile("tokens,10,k,100,128,32,0,1000,500\n"
        + "tokens,20,k,200,128,32,0,3000,700\n");
    Kernel low = only(p, new BatchShape(3, 0, 0, 0));
    assertThat(low.gridBlocks()).isEqualTo(100);
    assertThat(low.program().durationNs()).isEqualTo(1000);
    Kernel high = only(p, new BatchShape(50, 0, 0, 0));
    assertThat(high.gridBlocks()).isEqualTo(500);
    assertThat(high.program().durationNs()).isEqualTo(3000);
    assertThat(high.program().dramBytes()).isEqualTo(700);
  }

  @Test
  void eachKernelFollowsItsOwnAxisAndAZeroQuantityRunsNone() {
    ModelProfile p = profile("tokens,1,dense,1,128,0,0,10,0\n"
        + "context-tokens,1,attn,1,128,0,0,20,0\n"
        + "sequences,1,head,1,128,0,0,30,0\n"
        + "prefill-pairs,1,prefill,1,128,0,0,40,0\n");
    assertThat(p.kernels(new BatchShape(4, 0, 1, 9))).extracting(Kernel::name)
        .containsExactly("dense", "attn", "head");
    assertThat(p.kernels(new BatchShape(4, 10, 0, 0))).extracting(Kernel::name)
        .containsExactly("dense", "prefill");
  }

  @Test
  void anEmptyProfileIsRefusedNamingTheFile() {
    assertThatThrownBy(() -> ModelProfile.parse(HEAD, "p.profile"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("p.profile: empty profile: no kernel rows");
  }

  @Test
  void aBadRowIsRefusedNamingItsLineAndColumn() {
    assertThatThrownBy(() -> profile("tokens,1,k,1,128,0,0,10,0\ntokens,2,k,1,128,0,0,-5,0\n"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("p.profile:6: column 'block_ns' must be a whole number >= 1 in ASCII digits");
    assertThatThrownBy(() -> profile("tokenz,1,k,1,128,0,0,10,0\n"))
        .hasMessage("p.profile:5: unknown axis 'tokenz'; did you mean 'tokens'? valid: "
            + "context-tokens, prefill-pairs, sequences, tokens");
    assertThatThrownBy(() -> profile("tokens,1,k,1,128,0,0,10\n"))
        .hasMessageStartingWith("p.profile:5: expected 9 columns");
    assertThatThrownBy(() -> profile("tokens,1,k,1,128,0,0,10,0\ntokens,2,k,1,256,0,0,10,0\n"))
        .hasMessageStartingWith("p.profile:6: kernel 'k' (axis tokens) has threads, registers or "
            + "shared_bytes other than on line 5");
  }

  @Test
  void aMissingHeaderKeyIsRefused() {
    assertThatThrownBy(() -> ModelProfile.parse("model: m\ndevice: d\n" + ModelProfile.COLUMNS
        + "\ntokens,1,k,1,128,0,0,10,0\n", "p.profile"))
        .hasMessage("p.profile: the profile lacks the key 'kv-bytes-per-token' (before the table"
            + " header)");
  }

  @Test
  void theBundledModelIsItsRooflineOnTheRunsDeviceWithOneKernelPerOperatorAndLayer() {
    ModelProfile p = ModelProfile.bundled("llama-3.1-8b", H200.DEVICE.name(), "test");
    p.checkFits(H200.DEVICE);
    assertThat(p.kvBytesPerToken()).isEqualTo(131_072);
    List<Kernel> kernels = p.kernels(BatchShape.of(List.of(SequenceWork.decode(0))));
    // embedding, 32 layers of 9 operators (vLLM's: no prefill attention, the residual add fused
    // into the norms), final norm, LM head
    assertThat(kernels).hasSize(1 + 32 * 9 + 2);
    assertThat(kernels.subList(0, 12)).extracting(Kernel::name).containsExactly("embedding",
        "L0.input_layernorm", "L0.qkv_proj", "L0.rotary_emb", "L0.attention",
        "L0.o_proj", "L0.post_attention_layernorm", "L0.gate_up_proj", "L0.act_fn",
        "L0.down_proj", "L1.input_layernorm", "L1.qkv_proj");
    assertThat(kernels.get(kernels.size() - 1).name()).isEqualTo("lm_head");
    assertThat(kernels).allSatisfy(k -> assertThat(k.gridBlocks()).isEqualTo(132));
  }

  @Test
  void theRooflinesAttentionIsTheTileModelsHandComputedTime() {
    // Llama 3.1 8B on the H200, one decode of an empty cache (1 key), bundled tile factors
    // (kernel 1,326 ns, CTA 4,200 ns, 0.40 cycles per score, CTA bandwidth 5.5, memory 1.00).
    // Decodes only: 8 KV heads x 1 split = 8 CTAs of 64 padded rows x 1 key: F = 4 x 64 x 128 =
    // 32,768 FLOPs, S = 64 scores, B = 2 x (2 x 128 + 2 x 4 x 128) = 2,560 bytes; 2 kernels.
    // CTAs per SM: 233,472 / (81,920 + 1,024) = 2. A CTA: 4,200 + max(32,768 / (989.5e12 / 132 /
    // 2) + 0.40 x 64 / (1.83e9 / 2), 2,560 / (5.5 x 4.8e12 / 132)) s = 4,200 + max(8.74 + 27.98,
    // 12.8) ns = 4,236.72 ns; one wave; DRAM (16 + 64) x 128 x 2 B / 4.8e12 = 4.3 ns. The call:
    // 2 x 1,326 + 4,236.72 = 6,888.72 ns, rounded 6,889.
    ModelProfile p = ModelProfile.bundled("llama-3.1-8b", H200.DEVICE.name(), "test");
    Kernel attention = p.kernels(BatchShape.of(List.of(SequenceWork.decode(0)))).get(4);
    assertThat(attention.name()).isEqualTo("L0.attention");
    assertThat(attention.program().durationNs()).isEqualTo(6_889);
    assertThat(p.header().get("source")).contains("attention by the FlashAttention-2 tile and "
        + "wave model").contains("FlashAttention-3 on Hopper");
  }

  @Test
  void theRooflinesQkvProjectionOfOneTokenIsTheHandComputedTime() {
    // Llama 3.1 8B on the H200, one token: F = 2 x 4096 x 6144 = 50,331,648 FLOPs; B = 2 x
    // (4096 x 6144 + 4096 + 6144) = 50,352,128 bytes. With the bundled GEMM factors (compute
    // 0.71, memory 0.92, overhead 10,533 ns): 10,533 + max(50,331,648 / (0.71 x 989.5e12),
    // 50,352,128 / (0.92 x 4.8e12)) s = 10,533 + max(71.6, 11,402.2) ns = 21,935 ns.
    ModelProfile p = ModelProfile.bundled("llama-3.1-8b", H200.DEVICE.name(), "test");
    Kernel qkv = p.kernels(BatchShape.of(List.of(SequenceWork.decode(0)))).get(2);
    assertThat(qkv.name()).isEqualTo("L0.qkv_proj");
    assertThat(qkv.program().durationNs()).isEqualTo(21_935);
    // 50,352,128 bytes over 132 blocks: 381,455.5, rounded half up
    assertThat(qkv.program().segments().get(0).dramBytes()).isEqualTo(381_456);
  }

  @Test
  void aDevicesBandwidthCapsAKernelsBytesSoThatAloneItRunsAtItsProfiledTime() {
    // one block of 100 ns moving 1,000,000 bytes would need 10,000 GB/s; the device has 4,800,
    // so the block moves at most 4,800 B/ns x 100 ns = 480,000 bytes (one block per SM fits)
    ModelProfile p = ModelProfile.parse("model: m\ndevice: NVIDIA H200 SXM\n"
        + "kv-bytes-per-token: 1\n" + ModelProfile.COLUMNS
        + "\ntokens,1,k,1,128,0,0,100,1000000\n", "p.profile");
    DeviceSpec device = new DeviceSpec(H200.DEVICE.name(), 132, H200.DEVICE.sm(), 1980,
        DeviceCosts.free(), true, false, new MemorySpec(4800));
    Kernel k = p.forDevice(device).kernels(new BatchShape(1, 0, 0, 0)).get(0);
    assertThat(k.program().segments().get(0).dramBytes()).isEqualTo(480_000);
    Kernel uncapped = p.kernels(new BatchShape(1, 0, 0, 0)).get(0);
    assertThat(uncapped.program().segments().get(0).dramBytes()).isEqualTo(1_000_000);
  }

  @Test
  void aDeviceOrFifoGivenAsAProfileIsRefusedWithoutReadingIt() {
    org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.exists(
        java.nio.file.Path.of("/dev/zero")), "a character device to read");
    assertThatThrownBy(() -> ModelProfile.read(java.nio.file.Path.of("/dev/zero")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("zero: not a regular file (a directory, FIFO or device); give the path of"
            + " a model profile");
  }

  @Test
  void aKvSizeOrGridPastItsBoundIsRefusedNamingTheColumnAndRange() {
    assertThatThrownBy(() -> ModelProfile.parse("model: m\ndevice: d\nkv-bytes-per-token: "
        + "4611686018427387904\n" + ModelProfile.COLUMNS + "\ntokens,1,k,1,128,0,0,10,0\n",
        "p.profile"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("p.profile: key 'kv-bytes-per-token' must be a whole number from 1 to "
            + "4294967296 in ASCII digits");
    assertThatThrownBy(() -> profile("tokens,1,k,2147483647,128,0,0,10,0\n"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("p.profile:5: column 'grid' must be a whole number from 1 to 16777216 in "
            + "ASCII digits");
  }

  @Test
  void aSecondRowForOneQuantityIsFoundAmongManyRows() {
    StringBuilder rows = new StringBuilder();
    for (int x = 1; x <= 5000; x++) {
      rows.append("tokens,").append(x).append(",k,1,128,0,0,10,0\n");
    }
    rows.append("tokens,4321,k,1,128,0,0,10,0\n");
    assertThatThrownBy(() -> profile(rows.toString()))
        .hasMessage("p.profile:5005: kernel 'k' (axis tokens) has a second row for x = 4321");
  }
}
