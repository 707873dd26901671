package org.preemptlab.applications.llm;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.InputFiles;
import org.preemptlab.api.Limits;

/**
 * A decoder-only transformer's architecture, as its Hugging Face {@code config.json} gives it: the
 * input of the roofline ({@link TransformerRoofline}) and of the DRAM bytes every profile source
 * assigns to its operators. A model is a data file ({@code models/<id>.model} among the
 * resources, or a user's file): {@code key: value} lines, see {@code docs/llm-serving.md}
 * ("Model architectures").
 *
 * @param id the model's id
 * @param layers decoder layers ({@code num_hidden_layers})
 * @param hidden hidden size ({@code hidden_size})
 * @param heads attention (query) heads ({@code num_attention_heads})
 * @param kvHeads key-value heads ({@code num_key_value_heads}; equal to {@code heads} without
 *     grouped-query attention)
 * @param headDim dimension of one head ({@code head_dim}, else {@code hidden / heads})
 * @param intermediate the MLP's (or one expert's) intermediate size ({@code intermediate_size})
 * @param vocabulary vocabulary size ({@code vocab_size})
 * @param gatedMlp whether the MLP is gated (SwiGLU: gate and up projections)
 * @param experts experts of a mixture-of-experts MLP ({@code num_local_experts}); 0 for a dense MLP
 * @param expertsPerToken experts each token is routed to ({@code num_experts_per_tok})
 * @param bytesPerValue bytes of one weight, activation or KV value (2 for BF16/FP16)
 * @param source where the values come from
 */
public record ModelArchitecture(String id, int layers, long hidden, long heads, long kvHeads,
    long headDim, long intermediate, long vocabulary, boolean gatedMlp, int experts,
    int expertsPerToken, int bytesPerValue, String source) {

  /** The keys of a model file. */
  public static final List<String> KEYS = List.of("id", "source", "layers", "hidden-size",
      "attention-heads", "kv-heads", "head-dim", "intermediate-size", "vocabulary", "gated-mlp",
      "experts", "experts-per-token", "bytes-per-value");

  /** The bundled models, by id ({@code models/<id>.model}). */
  public static final List<String> BUNDLED = List.of("llama-3.1-8b", "llama-2-7b", "llama-2-70b",
      "llama-3-8b", "llama-3-70b", "mistral-7b", "mixtral-8x7b", "qwen2.5-7b");

  /** Checks the values. */
  public ModelArchitecture {
    checkArgument(layers >= 1 && hidden >= 1 && heads >= 1 && kvHeads >= 1 && headDim >= 1
        && intermediate >= 1 && vocabulary >= 1 && bytesPerValue >= 1,
        "model '%s': sizes must be >= 1", id);
    checkArgument(heads % kvHeads == 0, "model '%s': attention heads (%s) must be a multiple of "
        + "the KV heads (%s)", id, heads, kvHeads);
    checkArgument(experts == 0 ? expertsPerToken == 0
        : expertsPerToken >= 1 && expertsPerToken <= experts,
        "model '%s': experts-per-token must be in [1, experts] for a mixture of experts, 0 "
        + "without", id);
  }

  /**
   * The bytes of the model's weights: the input embedding and the output head (untied, as in
   * every bundled model), and per layer the query, key, value and output projections, the MLP
   * (gate, up and down when gated; each expert's, and the router, for a mixture of experts) and
   * two norms; then the final norm. Biases are left out (none of the bundled models but Qwen2.5
   * has them, and its are under 0.01% of the weights). Llama 3.1 8B gives 8.03 billion
   * parameters, as its model card says.
   */
  public long weightBytes() {
    // every factor is bounded by the model file's ranges; the sums and the product by the layers
    // may still pass 2^63 for a file's extreme values, and then stand at Long.MAX_VALUE
    try {
      long attention = hidden * heads * headDim * 2 + hidden * kvHeads * headDim * 2;
      long mlpOne = (gatedMlp ? 3 : 2) * hidden * intermediate;
      long mlp = experts == 0 ? mlpOne
          : Math.addExact(Math.multiplyExact(mlpOne, experts), hidden * experts);
      long perLayer = Math.addExact(Math.addExact(attention, mlp), 2 * hidden);
      long parameters = Math.addExact(Math.addExact(2 * vocabulary * hidden,
          Math.multiplyExact(layers, perLayer)), hidden);
      return Math.multiplyExact(parameters, (long) bytesPerValue);
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }

  /** A bundled model. */
  public static ModelArchitecture bundled(String id, String owner) {
    if (!BUNDLED.contains(id)) {
      throw new ConfigurationException(owner + ": " + ConfigurationException.unknown("model",
          id, BUNDLED).getMessage() + " (or give a model file with model-file)");
    }
    String resource = "models/" + id + ".model";
    try (InputStream in = ModelArchitecture.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("bundled model " + resource + " is missing");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), resource);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read bundled model " + resource, e);
    }
  }

  /** Reads a model file (at most 1 MiB). */
  public static ModelArchitecture read(Path file) {
    return parse(InputFiles.readText(file, "model file", Limits.MAX_TEXT_FILE_BYTES), file.toString());
  }

  /**
   * Parses a model file; {@code source} names it in errors.
   *
   * @throws ConfigurationException naming the file, line and key of the first mistake
   */
  public static ModelArchitecture parse(String text, String source) {
    KeyValueText kv = KeyValueText.parse(text, source, KEYS);
    long heads = kv.whole("attention-heads", 1, 1 << 16);
    long hidden = kv.whole("hidden-size", 1, 1 << 20);
    long kvHeads = kv.whole("kv-heads", 1, 1 << 16, heads);
    int experts = (int) kv.whole("experts", 0, 1 << 12, 0);
    try {
      return new ModelArchitecture(kv.text("id"), (int) kv.whole("layers", 1, 1 << 12), hidden,
          heads, kvHeads, kv.whole("head-dim", 1, 1 << 16, Math.max(1, hidden / heads)),
          kv.whole("intermediate-size", 1, 1 << 22), kv.whole("vocabulary", 1, 1 << 24),
          kv.bool("gated-mlp", true), experts,
          (int) kv.whole("experts-per-token", 0, 1 << 12, 0),
          (int) kv.whole("bytes-per-value", 1, 8, 2), kv.text("source", ""));
    } catch (IllegalArgumentException e) {
      throw new ConfigurationException(source + ": " + e.getMessage());
    }
  }

  /** Output width of the QKV projection: query heads plus keys and values. */
  public long qkvWidth() {
    return (heads + 2 * kvHeads) * headDim;
  }

  /** Bytes of KV cache one token takes: keys and values of every layer. */
  public long kvBytesPerToken() {
    return 2L * kvHeads * headDim * layers * bytesPerValue;
  }

  /** Whether the MLP is a mixture of experts. */
  public boolean moe() {
    return experts > 0;
  }
}
