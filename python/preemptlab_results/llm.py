"""Goodput and time between tokens at any objective, recomputed from an llm-serving requests.csv.

`preemptlab run --out DIR` writes DIR/<label>/requests.csv (docs/llm-serving.md, "requests.csv"):
one row per request with its arrival, first token, finish and each token's time in ns. This module
needs only the standard library:

    python3 -m preemptlab_results.llm DIR/llm-serving/requests.csv --ttft 250ms --tpot 100ms
"""

from __future__ import annotations

import argparse
import csv
import re
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional

COLUMNS = ["request", "arrival_ns", "prompt_tokens", "output_tokens", "first_token_ns",
           "finish_ns", "preemptions", "tokens_generated", "token_ns"]
_UNITS = {"ns": 1, "us": 1_000, "ms": 1_000_000, "s": 1_000_000_000}


@dataclass(frozen=True)
class Request:
    """One row of requests.csv; times in ns, None where the run ended first."""

    index: int
    arrival_ns: int
    prompt_tokens: int
    output_tokens: int
    first_token_ns: Optional[int]
    finish_ns: Optional[int]
    preemptions: int
    token_ns: List[int]

    @property
    def finished(self) -> bool:
        return self.finish_ns is not None

    @property
    def ttft_ns(self) -> Optional[int]:
        return None if self.first_token_ns is None else self.first_token_ns - self.arrival_ns

    @property
    def tpot_ns(self) -> Optional[float]:
        """(finish - first token) / (output tokens - 1); None unfinished or with one token."""
        if not self.finished or self.output_tokens < 2:
            return None
        return (self.finish_ns - self.first_token_ns) / (self.output_tokens - 1)

    @property
    def gaps_ns(self) -> List[int]:
        return [b - a for a, b in zip(self.token_ns, self.token_ns[1:])]


def duration_ns(text: str) -> int:
    """'250ms', '1.5s', '800us', '100ns' or a bare number of ns."""
    m = re.fullmatch(r"\s*([0-9]+(?:\.[0-9]+)?)\s*(ns|us|ms|s)?\s*", text)
    if not m:
        raise ValueError(f"'{text}' is not a duration; give a number with ns, us, ms or s")
    return round(float(m.group(1)) * _UNITS[m.group(2) or "ns"])


def read_requests(path) -> List[Request]:
    """The rows of a requests.csv; a bad file raises ValueError naming its line."""
    path = Path(path)
    with path.open(newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        header = next(reader, None)
        if header != COLUMNS:
            raise ValueError(f"{path}:1: expected the header {','.join(COLUMNS)}")
        rows = []
        for line, cells in enumerate(reader, start=2):
            try:
                if len(cells) != len(COLUMNS):
                    raise ValueError(f"{len(cells)} columns, expected {len(COLUMNS)}")
                opt = [int(c) if c else None for c in cells[4:6]]
                times = [int(t) for t in cells[8].split(";")] if cells[8] else []
                if len(times) != int(cells[7]):
                    raise ValueError("token_ns does not list tokens_generated times")
                rows.append(Request(int(cells[0]), int(cells[1]), int(cells[2]), int(cells[3]),
                                    opt[0], opt[1], int(cells[6]), times))
            except ValueError as e:
                raise ValueError(f"{path}:{line}: {e}") from None
        return rows


def nearest_rank(values, p: int):
    """The nearest-rank p-th percentile (as PreemptLab's metrics); None for no value."""
    if not values:
        return None
    ordered = sorted(values)
    rank = -(-int(p) * len(ordered) // 100)  # ceil(p * n / 100), p a whole percent
    return ordered[max(0, rank - 1)]


def goodput(requests: List[Request], ttft_ns: int, tpot_ns: int,
            tbt_ns: Optional[int] = None) -> dict:
    """Requests meeting TTFT <= ttft_ns and TPOT <= tpot_ns (and, if given, every gap between
    tokens <= tbt_ns), over the finished requests, as the server's slo-met and slo-attainment;
    goodput per second of the span from the first arrival to the last token."""
    finished = [r for r in requests if r.finished]
    met = 0
    for r in finished:
        ok = r.ttft_ns <= ttft_ns and (r.tpot_ns is None or r.tpot_ns <= tpot_ns)
        if tbt_ns is not None:
            ok = ok and all(g <= tbt_ns for g in r.gaps_ns)
        met += ok
    starts = [r.arrival_ns for r in requests]
    ends = [t for r in requests for t in r.token_ns]
    span = (max(ends) - min(starts)) if ends else 0
    gaps = [g for r in requests for g in r.gaps_ns]
    return {
        "requests": len(requests),
        "finished": len(finished),
        "met": met,
        "attainment": met / len(finished) if finished else None,
        "goodput_per_s": met / (span / 1e9) if span > 0 else None,
        "tbt_p50_ns": nearest_rank(gaps, 50),
        "tbt_p90_ns": nearest_rank(gaps, 90),
        "tbt_p99_ns": nearest_rank(gaps, 99),
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("requests_csv")
    parser.add_argument("--ttft", required=True, help="TTFT objective, e.g. 250ms")
    parser.add_argument("--tpot", required=True, help="TPOT objective, e.g. 100ms")
    parser.add_argument("--tbt", help="optional bound on every gap between tokens, e.g. 200ms")
    args = parser.parse_args(argv)
    try:
        result = goodput(read_requests(args.requests_csv), duration_ns(args.ttft),
                         duration_ns(args.tpot),
                         duration_ns(args.tbt) if args.tbt else None)
    except (OSError, ValueError) as e:
        parser.exit(2, f"error: {e}\n")
    for key, value in result.items():
        print(f"{key}: {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
