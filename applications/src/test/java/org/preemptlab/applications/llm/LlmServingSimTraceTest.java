package org.preemptlab.applications.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.preemptlab.api.ConfigurationException;

class LlmServingSimTraceTest {

  @Test
  void readsRequestsRelativeToTheFirstArrivalWithTheirPromptIds() {
    List<RequestSpec> requests = LlmServingSimTrace.parse("""
        {"input_toks": 3, "output_toks": 2, "arrival_time_ns": 1000, "input_tok_ids": [7, 8, 9], \
        "output_tok_ids": [1, 2]}

        {"arrival_time_ns": 4000, "input_toks": 1, "output_toks": 5, "extra": {"a": [1]}}
        {"input_toks": 2, "output_toks": 1, "arrival_time_ns": 2500}
        """, "w.jsonl", 2.0);

    assertThat(requests).containsExactly(
        new RequestSpec(0, 3, 2, "w.jsonl:1", TokenIds.of(7, 8, 9)),
        new RequestSpec(750, 2, 1, "w.jsonl:4"),
        new RequestSpec(1500, 1, 5, "w.jsonl:3"));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "{\"input_toks\": 3, \"output_toks\": 2} | w.jsonl:1: lacks the key 'arrival_time_ns'",
      "{\"input_toks\": 0, \"output_toks\": 2, \"arrival_time_ns\": 0} | w.jsonl:1: key "
          + "'input_toks' must be a whole number from 1 to 2147483647",
      "{\"input_toks\": 2, \"output_toks\": 2, \"arrival_time_ns\": 1.5} | w.jsonl:1: key "
          + "'arrival_time_ns' must be a whole number from 0",
      "{\"input_toks\": 2, \"output_toks\": 2, \"arrival_time_ns\": 0, \"input_tok_ids\": [1]} "
          + "| w.jsonl:1: key 'input_tok_ids' holds 1 ids for input_toks 2; they must agree",
      "{\"input_toks\": 2, \"output_toks\": 2, \"arrival_time_ns\": 0, \"input_tok_ids\": "
          + "[1, -4]} | w.jsonl:1: key 'input_tok_ids': element 2 must be a token id",
      "{\"session_id\": \"s\", \"sub_requests\": []} | w.jsonl:1: key 'session_id': sessions "
          + "of LLMServingSim's agentic format are not supported",
      "{\"input_toks\": 2, \"input_toks\": 3} | w.jsonl:1: not valid JSON at column",
      "[1, 2] | w.jsonl:1: expected a JSON object",
      "{\"input_toks\": 2, \"output_toks\": 2, \"arrival_time_ns\": 0} {} | w.jsonl:1: more "
          + "than one JSON value",
      "{\"input_toks\": 99999999999999999999999, \"output_toks\": 2} | w.jsonl:1: not "
          + "valid JSON"})
  void aBadLineIsOneLineNamingFileLineAndKey(String line, String message) {
    assertThatThrownBy(() -> LlmServingSimTrace.parse(line + "\n", "w.jsonl", 1.0))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith(message)
        .hasMessageNotContaining("\n")
        .hasMessageNotContaining("jackson");
  }

  @Test
  void anArrivalBeforeTheFirstLinesIsRefused() {
    assertThatThrownBy(() -> LlmServingSimTrace.parse("""
        {"input_toks": 3, "output_toks": 2, "arrival_time_ns": 1000}
        {"input_toks": 3, "output_toks": 2, "arrival_time_ns": 999}
        """, "w.jsonl", 1.0))
        .hasMessage("w.jsonl:2: key 'arrival_time_ns' is before the first line's; the lines "
            + "must start with the earliest arrival");
  }

  @Test
  void aTraceWithoutRequestsIsRefused() {
    assertThatThrownBy(() -> LlmServingSimTrace.parse("\n \n", "w.jsonl", 1.0))
        .hasMessageStartingWith("w.jsonl: the request trace holds no request");
  }
}
