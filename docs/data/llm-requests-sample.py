"""Writes llm-requests-sample.csv: 200 SYNTHETIC LLM inference requests in the columns of the
Azure LLM inference traces of 2023 (TIMESTAMP,ContextTokens,GeneratedTokens; Azure/
AzurePublicDataset, data/AzureLLMInferenceTrace_conv.csv). No row comes from that data set.

Arrivals: Poisson, 5 requests/s, from 2026-01-01 00:00:00. Lengths: log-normal, prompt median 1,000
tokens (sigma 1.0, clipped to [16, 7,000]), output median 100 tokens (sigma 1.0, clipped to
[2, 1,000]). Python 3 standard library only; run: python3 llm-requests-sample.py > llm-requests-sample.csv
"""
import datetime
import math
import random

rng = random.Random(24)
t = datetime.datetime(2026, 1, 1)
print("TIMESTAMP,ContextTokens,GeneratedTokens")
for _ in range(200):
    t += datetime.timedelta(microseconds=round(rng.expovariate(5.0) * 1e6))
    prompt = min(7000, max(16, round(math.exp(math.log(1000) + rng.gauss(0, 1.0)))))
    output = min(1000, max(2, round(math.exp(math.log(100) + rng.gauss(0, 1.0)))))
    print(f"{t:%Y-%m-%d %H:%M:%S}.{t.microsecond:06d}0,{prompt},{output}")
