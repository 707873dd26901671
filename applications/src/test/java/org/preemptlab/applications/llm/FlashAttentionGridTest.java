package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * FlashAttention-2's launch for hand-computed batches of Llama 3.1 8B (32 query heads, 8 KV
 * heads, head dimension 128, 2 bytes a value), and the tile model's time of a hand-computed
 * launch.
 */
class FlashAttentionGridTest {
  private static final ModelArchitecture LLAMA = ModelArchitecture.bundled("llama-3.1-8b", "test");

  @Test
  void aPrefillChunkIsQueryBlocksTimesHeadsWithCausalKeys() {
    // 100 new tokens after 28 cached: block 0 sees 28 + 64 keys (64 rows), block 1 all 128 (36)
    FlashAttentionGrid.Launch l = FlashAttentionGrid.of(
        List.of(SequenceWork.prefill(100, 28, true)), LLAMA, 188);
    assertThat(l.tiles()).containsExactly(
        new FlashAttentionGrid.Tiles(32, 4.0 * 64 * 92 * 128, 64 * 92,
            2.0 * (2 * 92 * 128 + 2 * 64 * 128)),
        new FlashAttentionGrid.Tiles(32, 4.0 * 64 * 128 * 128, 64 * 128,
            2.0 * (2 * 128 * 128 + 2 * 36 * 128)));
    assertThat(l.emptyCtas()).isZero();
    assertThat(l.kernels()).isEqualTo(2);
    assertThat(l.sharedMemoryPerCta()).isEqualTo((64 + 2 * 128) * 128 * 2);
    assertThat(l.dramBytes()).isEqualTo((2.0 * 8 * 128 + 2.0 * 32 * 100) * 128 * 2);
    assertThat(l.rereadBytes()).isEqualTo(2.0 * 8 * 128 * 128 * 2 * 3);
  }

  @Test
  void decodesOnlyAreRegroupedPerKvHeadAndTheirKeysSplit() {
    // 2 decodes of 1,024 keys: 16 CTAs of 8 key blocks on 376 slots; of the eligible splits
    // 1, 2, 3, 4, 8 (wave efficiencies 16s/376) only 8 reaches 85 % of the best
    FlashAttentionGrid.Launch l = FlashAttentionGrid.of(
        List.of(SequenceWork.decode(1023), SequenceWork.decode(1023)), LLAMA, 188);
    assertThat(l.tiles()).containsExactly(new FlashAttentionGrid.Tiles(2 * 8 * 8,
        4.0 * 64 * 128 * 128, 64 * 128, 2.0 * (2 * 128 * 128 + 2 * 4 * 128)));
    assertThat(l.kernels()).isEqualTo(3);
    assertThat(l.rereadBytes()).isZero();
  }

  @Test
  void theSplitHeuristicKeepsOneSplitWhenTheCtasNearlyFillTheSlots() {
    assertThat(FlashAttentionGrid.splits(301, 376, 64)).isEqualTo(1);
    assertThat(FlashAttentionGrid.splits(16, 376, 8)).isEqualTo(8);
  }

  @Test
  void aDecodeBesideALongerPrefillLeavesEmptyQueryBlocks() {
    FlashAttentionGrid.Launch l = FlashAttentionGrid.of(
        List.of(SequenceWork.prefill(70, 0, true), SequenceWork.decode(9)), LLAMA, 188);
    assertThat(l.emptyCtas()).isEqualTo(32);
    assertThat(l.tiles()).contains(new FlashAttentionGrid.Tiles(32, 4.0 * 64 * 10 * 128, 64 * 10,
        2.0 * (2 * 10 * 128 + 2 * 1 * 128)));
  }

  @Test
  void theTileModelTakesTheLongestOfItsWavesAndTheDevicesBandwidthPlusItsKernels() {
    DeviceRoof device = new DeviceRoof("t", "Test GPU", 2, 2e12, 2e12, 0, 100_000, 1e9,
        DeviceRoof.L2.NONE, "");
    FlashAttentionGrid.Launch launch = new FlashAttentionGrid.Launch(
        List.of(new FlashAttentionGrid.Tiles(4, 1e6, 1_000, 1e6)), 2, 2, 40_000, 2e6, 1e6);
    AttentionTiming timing = new AttentionTiming(1_000, 500, 100, 0.5, 1, 0.5, 0.5, "");
    // 2 CTAs per SM (100,000 / 41,024), 4 slots; a CTA's share: 5e11 FLOPs/s, 5e8 cycles/s;
    // a CTA 500 + max(1e6 / 5e11 + 0.5 * 1,000 / 5e8, 1e6 / 1e12) s = 500 + 3,000 = 3,500 ns;
    // one wave 3,500 + 2 * 100 / 4 = 3,550; DRAM (2e6 + 0.5e6) / (0.5 * 2e12) = 2,500 ns;
    // plus 2 kernels of 1,000
    assertThat(AttentionTiming.ctasPerSm(launch, device)).isEqualTo(2);
    assertThat(timing.nanos(launch, device)).isCloseTo(5_550, org.assertj.core.data.Offset
        .offset(1e-6));
  }

  @Test
  void onAGeForceCardOnlyTheTensorPartOfATileTakesTwiceTheCycles() {
    // the same SM and clock, FP32 accumulation at half rate: 4e6 FLOPs take 4,000 cycles at
    // 1,000 FLOPs per SM per cycle instead of 2,000 at 2,000; the 8,000 scores' 0.25 cycles
    // each (2,000) do not change; 1 ns a cycle
    DeviceRoof professional = new DeviceRoof("p", "Pro", 1, 2e12, 1e12, 0, 50_000, 1e9,
        DeviceRoof.L2.NONE, "");
    DeviceRoof geforce = new DeviceRoof("g", "GeForce", 1, 1e12, 1e12, 0, 50_000, 1e9,
        DeviceRoof.L2.NONE, "");
    FlashAttentionGrid.Launch launch = new FlashAttentionGrid.Launch(
        List.of(new FlashAttentionGrid.Tiles(1, 4e6, 8_000, 1e3)), 0, 1, 40_000, 1e3, 0);
    AttentionTiming timing = new AttentionTiming(0, 0, 0, 0.25, 1, 1, 0, "");
    assertThat(timing.nanos(launch, professional)).isCloseTo(4_000, org.assertj.core.data.Offset
        .offset(1e-6));
    assertThat(timing.nanos(launch, geforce)).isCloseTo(6_000, org.assertj.core.data.Offset
        .offset(1e-6));
  }

  @Test
  void theTileModelIsRefusedOnADeviceWithoutItsSharedMemory() {
    DeviceRoof device = new DeviceRoof("t", "Test GPU", 2, 2e12, 2e12, 0, 0, 1e9,
        DeviceRoof.L2.NONE, "");
    FlashAttentionGrid.Launch launch = FlashAttentionGrid.of(List.of(SequenceWork.decode(9)),
        LLAMA, 2);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new AttentionTiming(0, 0, 0, 1, 1,
        1, 0, "").nanos(launch, device)).hasMessage("device 't' declares no "
        + "shared-memory-per-sm, which the attention tile model needs");
  }

  @Test
  void theTileModelIsRefusedOnADeviceWithoutItsClock() {
    DeviceRoof device = new DeviceRoof("t", "Test GPU", 2, 2e12, 2e12, 0, 100_000, 0,
        DeviceRoof.L2.NONE, "");
    FlashAttentionGrid.Launch launch = FlashAttentionGrid.of(List.of(SequenceWork.decode(9)),
        LLAMA, 2);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new AttentionTiming(0, 0, 0, 1, 1,
        1, 0, "").nanos(launch, device)).hasMessage("device 't' declares no "
        + "boost-clock-hz, which the attention tile model needs");
  }
}
