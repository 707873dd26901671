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

/** LLMServingSim's skew correction of decode attention against hand-computed batches. */
class SkewFitTest {
  private static final String META = "gpu: 'Test GPU'\n"
      + "skew_fit:\n"
      + "  enabled: true\n"
      + "  bucket_axes:\n"
      + "    n_bins: [0, 2, 1000]\n"
      + "    n_labels: [n<=2, n>2]\n"
      + "    skew_rate_bins: [-0.01, 0.4, 1.01]\n"
      + "    skew_rate_labels: [sr<=40%, sr>40%]\n"
      + "    kv_big_bins: [0, 1024, 1000000000]\n"
      + "    kv_big_labels: [kvB<=1k, kvB>1k]\n"
      + "    kp_bins: [-1, 0, 1000000000]\n"
      + "    kp_labels: [kp=0, kp>0]\n"
      + "  per_tp:\n"
      + "    1:\n"
      + "      alpha_default: 0.5\n"
      + "      bucket_table: tp1/skew_fit.csv\n"
      + "engine_effective:\n"
      + "  enabled: false\n";

  @TempDir Path dir;

  private Path bundle(String meta, String alphaCell) throws IOException {
    Files.writeString(dir.resolve("meta.yaml"), meta);
    Path tp1 = Files.createDirectories(dir.resolve("tp1"));
    Files.writeString(tp1.resolve("dense.csv"), "layer,tokens,time_us\nqkv_proj,1,10\n");
    Files.writeString(tp1.resolve("per_sequence.csv"), "layer,sequences,time_us\nlm_head,1,100\n");
    Files.writeString(tp1.resolve("attention.csv"),
        "prefill_chunk,kv_prefill,n_decode,kv_decode,time_us\n"
        + "0,0,1,16,8\n0,0,1,32,10\n0,0,2,16,12\n0,0,2,32,16\n16,0,0,0,20\n");
    Files.writeString(tp1.resolve("skew_fit.csv"),
        "pc,n_label,skew_rate_label,kv_big_label,kp_label,alpha,n_samples\n"
        + "0,n<=2,sr>40%,kvB<=1k,kp=0," + alphaCell + ",4\n");
    return dir;
  }

  private static long attentionNs(ModelProfile p, SequenceWork... work) {
    Kernel k = p.kernels(BatchShape.of(List.of(work))).get(1);
    assertThat(k.name()).isEqualTo("L0.attention");
    return k.program().durationNs();
  }

  @Test
  void aSkewedBatchMovesTowardTheLongestContextByItsBucketsAlpha() throws IOException {
    // decodes of 16 and 32 cached tokens: mean 24 -> 14 us, longest 32 -> 16 us; rate
    // (24 - 16) / (32 - 16) = 0.5 -> bucket sr>40%, alpha 0.25: 14 + 0.25 * (16 - 14) = 14.5 us
    ModelProfile p = LlmServingSimProfile.read(bundle(META, "0.25"), VidurProfileTest.TINY, 1, 4);
    assertThat(attentionNs(p, SequenceWork.decode(16), SequenceWork.decode(32)))
        .isEqualTo(14_500);
  }

  @Test
  void equalContextsAndSingleDecodesAreNotCorrected() throws IOException {
    ModelProfile p = LlmServingSimProfile.read(bundle(META, "0.25"), VidurProfileTest.TINY, 1, 4);
    assertThat(attentionNs(p, SequenceWork.decode(16), SequenceWork.decode(16)))
        .isEqualTo(12_000);
    assertThat(attentionNs(p, SequenceWork.decode(32))).isEqualTo(10_000);
  }

  @Test
  void offOrABundleWithoutAnEnabledFitKeepsTheUniformLookup() throws IOException {
    Path b = bundle(META, "0.25");
    assertThat(attentionNs(LlmServingSimProfile.read(b, VidurProfileTest.TINY, 1, 4, false),
        SequenceWork.decode(16), SequenceWork.decode(32))).isEqualTo(14_000);
    Path disabled = bundle(META.replace("  enabled: true", "  enabled: false"), "0.25");
    assertThat(attentionNs(LlmServingSimProfile.read(disabled, VidurProfileTest.TINY, 1, 4),
        SequenceWork.decode(16), SequenceWork.decode(32))).isEqualTo(14_000);
  }

  @Test
  void aBucketTheTableLacksTakesThePooledAlpha() throws IOException {
    SkewFit fit = SkewFit.read(META, bundle(META, "0.25").resolve("meta.yaml"), 1);
    assertThat(fit.alpha(0, 2, 0.5, 32, 0)).isEqualTo(0.25);
    assertThat(fit.alpha(0, 2, 0.1, 32, 0)).isEqualTo(0.5); // sr<=40%: not in the table
    assertThat(fit.alpha(16, 2, 0.5, 32, 0)).isEqualTo(0.5); // pc=16: not in the table
    assertThat(SkewFit.read(META, dir.resolve("meta.yaml"), 2)).isNull(); // no entry for tp 2
  }

  @Test
  void theBundledRtxPro6000FitReadsItsPublishedAlphas() {
    Path meta = Path.of("../docs/data/llmservingsim/RTXPRO6000/meta-llama/Llama-3.1-8B/bf16/"
        + "meta.yaml");
    SkewFit fit = SkewFit.read(read(meta), meta, 1);
    // skew_fit.csv line 2: 0,n<=128,sr<=15%,kvB<=16k,kp=0,0.0328; meta.yaml alpha_default 0.0543
    assertThat(fit.alpha(0, 100, 0.1, 10_000, 0)).isEqualTo(0.0328);
    assertThat(fit.alphaDefault()).isEqualTo(0.0543);
  }

  @Test
  void aMalformedAlphaIsAOneLineErrorNamingFileLineAndColumn() throws IOException {
    Path b = bundle(META, "lots");
    assertThatThrownBy(() -> LlmServingSimProfile.read(b, VidurProfileTest.TINY, 1, 4))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("skew_fit.csv:2: column 'alpha' must be a decimal number")
        .hasMessageNotContaining("lots");
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
