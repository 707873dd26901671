package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
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
        .hasMessage("p.profile:6: column 'block_ns' must be >= 1, got -5");
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
  void theBundledProfileIsTheRooflineGeneratorsOutput() throws IOException {
    try (InputStream in = ModelProfile.class.getResourceAsStream("llama-3.1-8b-h200.profile")) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
          .isEqualTo(RooflineProfile.render());
    }
  }

  @Test
  void theBundledProfileFitsTheH200AndCostsWhatItsRooflineSays() {
    ModelProfile p = ModelProfile.bundled("llama-3.1-8b", "test");
    p.checkFits(H200.DEVICE);
    assertThat(p.kvBytesPerToken()).isEqualTo(131_072);
    // One decode of one sequence: the weights (13.96 GB of layers + 1.05 GB of head) at 4.8 TB/s.
    long total = 0;
    for (Kernel k : p.kernels(new BatchShape(1, 0, 1, 1))) {
      long waves = (k.gridBlocks() + 131) / 132;
      total += waves * k.program().durationNs();
    }
    double expected = (6_979_321_856.0 + 525_336_576.0) * 2 / 4.8e12 * 1e9;
    assertThat((double) total).isBetween(expected, expected * 1.001);
  }
}
