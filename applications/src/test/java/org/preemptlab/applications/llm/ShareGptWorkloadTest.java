package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The figures the docs quote about LLMServingSim's 300-request ShareGPT workload (the vLLM
 * reproductions' requests) are the file's own, counted here independently of {@link
 * PrefixCache}: a full block repeats when an earlier prompt has the same tokens up to its end.
 */
class ShareGptWorkloadTest {
  private static final Path WORKLOAD =
      Path.of("../docs/data/llmservingsim/workloads/sharegpt-llama-3.1-8b-300-sps10.jsonl");

  @Test
  void theDocsCountOfRepeatedPromptBlocksAndPromptTokensAreTheWorkloads() throws IOException {
    List<RequestSpec> requests = LlmServingSimTrace.read(WORKLOAD, 1.0);
    Set<List<Integer>> seen = new HashSet<>();
    long full = 0;
    long repeated = 0;
    long prompts = 0;
    for (RequestSpec r : requests) {
      prompts += r.promptTokens();
      int[] ids = r.promptIds().toArray();
      assertThat(ids).hasSize(r.promptTokens());
      List<Integer> prefix = new ArrayList<>();
      for (int b = 0; b + 16 <= ids.length; b += 16) {
        for (int i = b; i < b + 16; i++) {
          prefix.add(ids[i]);
        }
        full++;
        if (!seen.add(List.copyOf(prefix))) {
          repeated++;
        }
      }
    }
    assertThat(requests).hasSize(300);
    assertThat(Files.readString(Path.of("../docs/llm-serving.md")).replaceAll("\\s+", " "))
        .contains("%,d of the prompts' %,d full blocks repeat".formatted(repeated, full));
    for (String page : List.of("vllm-rtxpro6000", "vllm-rtx4090")) {
      assertThat(Files.readString(Path.of("../docs/reproductions/" + page + ".md")))
          .contains("(of " + prompts + " in the workload)");
    }
  }
}
