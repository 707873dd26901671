#!/usr/bin/env python3
"""Writes the request trace of LLMServingSim 2.0's vLLM validation bundle in the columns of the
Azure LLM inference traces, which `llm-serving` reads (`trace`); with --vllm, the bundle's measured
per-request times (vllm/requests.jsonl) as CSV instead, for the reproduction to read without a
JSON library.

Input: casys-kaist/LLMServingSim at commit 5daddb21a545658d5150b535712d0494584b5278,
`workloads/sharegpt-llama-3.1-8b-300-sps10.jsonl` (MIT licence): one JSON object per request with
`input_toks`, `output_toks` and `arrival_time_ns` (and the prompt's token ids, not needed here).
Output: TIMESTAMP (the arrival in seconds, to the nanosecond), ContextTokens (input_toks),
GeneratedTokens (output_toks), in the file's order.

    python3 docs/data/llmservingsim-trace.py sharegpt-llama-3.1-8b-300-sps10.jsonl \
        > docs/data/llmservingsim/bench/RTXPRO6000/Llama-3.1-8B/trace.csv
    python3 docs/data/llmservingsim-trace.py --vllm \
        docs/data/llmservingsim/bench/RTXPRO6000/Llama-3.1-8B/vllm/requests.jsonl \
        > docs/data/llmservingsim/bench/RTXPRO6000/Llama-3.1-8B/vllm/requests.csv

The --vllm columns are vLLM's RequestStateStats as the bundle recorded them: queued_ts,
first_token_ts and last_token_ts in seconds of one monotonic clock (arrival_time is wall-clock time
of another clock, so LLMServingSim's validation takes queued_ts as the arrival; so does the
reproduction).
"""
import json
import sys


def main(path):
    print("TIMESTAMP,ContextTokens,GeneratedTokens")
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                ns = int(r["arrival_time_ns"])
                print(f"{ns // 1_000_000_000}.{ns % 1_000_000_000:09d},{int(r['input_toks'])},"
                      f"{int(r['output_toks'])}")


def vllm(path):
    print("request_id,input_toks,output_toks,queued_ts,first_token_ts,last_token_ts")
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                print(f"{r['request_id']},{int(r['input_toks'])},{int(r['output_toks'])},"
                      f"{r['queued_ts']!r},{r['first_token_ts']!r},{r['last_token_ts']!r}")


if __name__ == "__main__":
    if sys.argv[1] == "--vllm":
        vllm(sys.argv[2])
    else:
        main(sys.argv[1])
