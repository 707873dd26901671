#!/usr/bin/env python3
"""Writes a long PyTorch profiler (Kineto) trace for `preemptlab bench --trace`.

The trace is the example training trace (examples/traces/training.pt.trace.json.gz: two steps of
a transformer training loop on an H200, 33,222 blocks, 6.1 ms) repeated back to back until it holds
at least --blocks blocks: copy k is the example shifted by k times the example's two-step period
(ProfilerStep#0 to #2, as its second step follows its first), with its correlation and external
ids and its ProfilerStep numbers moved past those of copy k - 1. Nothing else changes: each copy's
kernels, copies, launches and stream waits are the example's. The output is deterministic (same
arguments, same bytes), so a measurement names the file by its arguments.

With --grid-scale K (default 1) every kernel's grid has K times the blocks along x and keeps its
duration, so its blocks are about K times shorter (the replay spreads a kernel's time over its
waves): K = 10 gives about 54 million blocks per GPU second instead of 5.4 million, blocks of a few
microseconds, the shape of issue 52's A100 trace (about 50 million blocks per GPU second).

Usage: benchmarks/traces/make-long-trace.py [--blocks N] [--grid-scale K] OUT.json.gz
"""
import argparse
import copy
import gzip
import json
import math
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "traces" / "training.pt.trace.json.gz"
ID_STRIDE = 1000  # ids of one copy stay below this (the example's are below 100)
ID_ARGS = ("External id", "correlation", "wait_on_cuda_event_record_corr_id")


def blocks(event):
    """Blocks the replay runs for one GPU event: a kernel's grid, one for a copy or set."""
    if event.get("cat") == "kernel":
        return math.prod(event["args"]["grid"])
    return 1 if event.get("cat") in ("gpu_memcpy", "gpu_memset") else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blocks", type=int, default=20_000_000,
                        help="at least this many blocks (default 20,000,000)")
    parser.add_argument("--grid-scale", type=int, default=1,
                        help="multiply every kernel's grid along x by this (default 1)")
    parser.add_argument("out", type=pathlib.Path, help="the .json.gz file to write")
    args = parser.parse_args()
    if args.grid_scale < 1:
        parser.error("--grid-scale must be at least 1, got %d" % args.grid_scale)
    with gzip.open(EXAMPLE, "rt", encoding="utf-8") as f:
        example = json.load(f)
    events = example["traceEvents"]
    for e in events:
        if e.get("cat") == "kernel" and args.grid_scale > 1:
            e["args"]["grid"][0] *= args.grid_scale
    steps = sorted((e for e in events if e.get("name", "").startswith("ProfilerStep#")),
                   key=lambda e: e["ts"])
    period_us = 2 * (steps[1]["ts"] - steps[0]["ts"])  # the example holds two steps
    per_copy = sum(blocks(e) for e in events)
    copies = max(1, -(-args.blocks // per_copy))
    assert max(e.get("args", {}).get(k, 0) for e in events for k in ID_ARGS
               if isinstance(e.get("args", {}).get(k, 0), int)) < ID_STRIDE
    out_events = [e for e in events if e.get("ph") != "X"]  # metadata once
    timed = [e for e in events if e.get("ph") == "X"]
    for k in range(copies):
        for e in timed:
            c = copy.deepcopy(e)
            c["ts"] = round(e["ts"] + k * period_us, 3)
            for key in ID_ARGS:
                if isinstance(c.get("args", {}).get(key), int) and c["args"][key] >= 0:
                    c["args"][key] += k * ID_STRIDE
            if c.get("name", "").startswith("ProfilerStep#"):
                c["name"] = "ProfilerStep#%d" % (int(c["name"][13:]) + 2 * k)
            out_events.append(c)
    trace = dict(example)
    trace["traceEvents"] = out_events
    trace["traceName"] = "training step x%d%s (benchmarks/traces/make-long-trace.py)" % (
        copies, "" if args.grid_scale == 1 else ", grids x%d" % args.grid_scale)
    with open(args.out, "wb") as raw, \
            gzip.GzipFile(fileobj=raw, mode="wb", mtime=0, filename="") as f:
        f.write(json.dumps(trace, separators=(",", ":")).encode("utf-8"))
    print("%s: %d copies of %s, %d blocks, %d events" % (
        args.out, copies, EXAMPLE.name, copies * per_copy, len(out_events)))


if __name__ == "__main__":
    main()
