package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to llm-serving ends a run with one line naming the file, line or key, and exit 2. */
class LlmServingErrorsTest {
  @TempDir Path dir;

  private String fails(String parameters, String hardware) throws IOException {
    Path config = Files.writeString(dir.resolve("run.yaml"), "hardware: " + hardware + "\n"
        + "workload:\n  generator: none\napplications:\n  - id: llm-serving\n"
        + "    parameters: {duration: 1s, " + parameters + "}\n");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      assertThat(new Main(o, e).run("run", "--config", config.toString())).isEqualTo(2);
    }
    String message = err.toString(StandardCharsets.UTF_8);
    assertThat(message.strip()).doesNotContain("\n").doesNotContain("Exception");
    return message;
  }

  @Test
  void aBadTraceLineNamesTheFileAndLine() throws IOException {
    Path trace = Files.writeString(dir.resolve("requests.csv"),
        "TIMESTAMP,ContextTokens,GeneratedTokens\n0,10,2\n1,ten,2\n");
    assertThat(fails("trace: " + trace, "h200")).contains("applications[0]: " + trace
        + ":3: column 2 ('ContextTokens') must be a whole number from 1 to 2147483647 in ASCII "
        + "digits");
  }

  @Test
  void aRequestLongerThanTheKvCacheNamesTheKey() throws IOException {
    // 752 tokens of 16-token blocks, one of which is vLLM V1's null block (the default scheduler)
    assertThat(fails("kv-cache-bytes: 100000000", "h200")).contains("needs 8191 tokens of KV "
        + "cache, more than the 736 tokens its requests may use (the cache's blocks less vLLM "
        + "V1's null block; parameter 'kv-cache-bytes'");
  }

  @Test
  void anUnknownModelAndAnEmptyProfileAreRefused() throws IOException {
    assertThat(fails("model: llama-9", "h200")).contains("unknown model 'llama-9'; valid: "
        + "llama-2-70b, llama-2-7b, llama-3-70b, llama-3-8b, llama-3.1-8b, mistral-7b, "
        + "mixtral-8x7b, qwen2.5-7b (or give a model file with model-file)");
    Path empty = Files.writeString(dir.resolve("empty.profile"), "model: m\ndevice: NVIDIA H200 "
        + "SXM\nkv-bytes-per-token: 8\naxis,x,kernel,grid,threads,registers,shared_bytes,block_ns,"
        + "dram_bytes\n");
    assertThat(fails("profile-file: " + empty, "h200")).contains(empty + ": empty profile");
  }

  @Test
  void theRooflineIsRefusedOnADeviceWithoutBundledPeaks() throws IOException {
    assertThat(fails("arrival-rate: 1", "v100")).contains("no roofline peaks for the device "
        + "'NVIDIA Tesla V100 SXM2'; devices with peaks: NVIDIA H200 SXM, NVIDIA H100 SXM, "
        + "NVIDIA A100-SXM4-80GB, NVIDIA A100-SXM4-40GB, NVIDIA RTX PRO 6000 Blackwell Server "
        + "Edition, NVIDIA GeForce RTX 4090 (or give a measured profile with profile-file)");
  }

  @Test
  void aKvCacheLargerThanItsMigInstanceIsRefusedNamingTheInstance() throws IOException {
    Path config = Files.writeString(dir.resolve("mig.yaml"), "hardware: h200\n"
        + "workload: {generator: none}\napplications:\n  - id: llm-serving\n"
        + "    parameters: {duration: 50ms, arrival-rate: 40}\n"
        + "sharing:\n  mode: mig\n  instances: [{name: serve, profile: 1g.18gb}]\n"
        + "  contexts: {llm: {instance: serve}}\n");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try (PrintStream o = new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8); PrintStream e = new PrintStream(err, true,
        StandardCharsets.UTF_8)) {
      assertThat(new Main(o, e).run("run", "--config", config.toString())).isEqualTo(2);
    }
    assertThat(err.toString(StandardCharsets.UTF_8).strip()).isEqualTo("preemptlab run: "
        + "applications[0] 'llm-serving': needs 50420260864 B (50.4 GB) of device memory "
        + "(weights of llama-3.1-8b 16060522496 B + KV cache 34359738368 B), more than the "
        + "18000000000 B (18.0 GB) of MIG instance 'serve' (profile 1g.18gb); lower its "
        + "parameter 'kv-cache-bytes'");
  }

  @Test
  void eightExabytesOfKvCacheAreRefusedAgainstTheDevicesCapacity() throws IOException {
    assertThat(fails("kv-cache-bytes: 9223372036854775807", "h200")).contains("needs more than "
        + "9223372036854775807 B (9223372036.9 GB) of device memory (weights of llama-3.1-8b "
        + "16060522496 B + KV cache 9223372036854775807 B), more than the 141000000000 B "
        + "(141.0 GB) of the device 'NVIDIA H200 SXM' (its hardware model's memory-capacity-gb);"
        + " lower its parameter 'kv-cache-bytes'");
  }

  @Test
  void aServerThatJustFitsTheDeviceRunsAndReportsItsMemory() throws IOException {
    // 16,060,522,496 B of weights + 124,939,477,504 B of KV = 141,000,000,000 B: exactly full
    Path config = Files.writeString(dir.resolve("fits.yaml"), "hardware: h200\n"
        + "workload: {generator: none}\napplications:\n  - id: llm-serving\n"
        + "    parameters: {duration: 5ms, arrival-rate: 40, kv-cache-bytes: 124939477504}\n");
    Path out = dir.resolve("out");
    try (PrintStream o = new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8); PrintStream e = new PrintStream(new ByteArrayOutputStream(),
        true, StandardCharsets.UTF_8)) {
      assertThat(new Main(o, e).run("run", "--config", config.toString(), "--out",
          out.toString())).isEqualTo(0);
    }
    assertThat(Files.readString(out.resolve("summary.json")))
        .containsPattern("\"memory-bytes\" : 1\\.41E11");
  }
}
