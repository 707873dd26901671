#!/usr/bin/env python3
"""The standard benchmark workload (docs/standard-workload.md) as a plain Python heapq loop.

A peer for `preemptlab bench`: the same rules as the Java baseline loop (FIFO dispatch, the SM
with the most free thread slots, lowest index on ties), so it must print the published integers.
Usage: python3 standard_heapq.py [N]   (default 2000)
"""
import heapq
import sys
import time

MASK = (1 << 64) - 1
SHAPES = [(128, 32, 0), (256, 64, 16384), (512, 32, 49152), (1024, 16, 0)]


def splitmix64(x):
    z = (x + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def kernels(n, seed=42):
    out = []
    t = 0
    for k in range(n):
        r = splitmix64((seed * 1000003 + k) & MASK)
        t += 10000 + r % 90000
        threads, regs, shared = SHAPES[(r >> 20) % 4]
        blocks = 132 * (1 + (r >> 24) % 8)
        base = 5000 + (r >> 40) % 45000
        out.append((t, threads, threads * regs, shared, blocks, base, r))
    return out


def run(ks):
    sms = 132
    free_t = [2048] * sms
    free_b = [32] * sms
    free_r = [65536] * sms
    free_s = [233472] * sms
    heap = []  # (time, kernel, sm)
    n = len(ks)
    remaining = [0] * n
    last_done = [0] * n
    arrived = head = next_block = placed = 0
    makespan = 0
    while head < n or heap:
        now = heap[0][0] if heap else None
        if arrived < n and (now is None or ks[arrived][0] < now):
            now = ks[arrived][0]
        while heap and heap[0][0] == now:
            _, k, sm = heapq.heappop(heap)
            _, threads, regs, shared, _, _, _ = ks[k]
            free_t[sm] += threads
            free_b[sm] += 1
            free_r[sm] += regs
            free_s[sm] += shared
            remaining[k] -= 1
            if remaining[k] == 0:
                last_done[k] = now
                makespan = max(makespan, now)
        while arrived < n and ks[arrived][0] == now:
            remaining[arrived] = ks[arrived][4]
            arrived += 1
        while head < arrived:
            _, threads, regs, shared, blocks, base, r = ks[head]
            best = -1
            for s in range(sms):
                if (free_t[s] >= threads and free_b[s] > 0 and free_r[s] >= regs
                        and free_s[s] >= shared and (best < 0 or free_t[s] > free_t[best])):
                    best = s
            if best < 0:
                break
            free_t[best] -= threads
            free_b[best] -= 1
            free_r[best] -= regs
            free_s[best] -= shared
            duration = base + splitmix64(r ^ next_block) % base
            heapq.heappush(heap, (now + duration, head, best))
            placed += 1
            next_block += 1
            if next_block == blocks:
                head += 1
                next_block = 0
    turnaround = sum(last_done[k] - ks[k][0] for k in range(n))
    return placed, makespan, turnaround


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    ks = kernels(n)
    start = time.perf_counter()
    blocks, makespan, turnaround = run(ks)
    wall = time.perf_counter() - start
    print(f"heapq N={n} blocks={blocks} makespan={makespan} turnaround_sum={turnaround} "
          f"wall_s={wall:.2f} blocks_per_s={blocks / wall:,.0f}")
