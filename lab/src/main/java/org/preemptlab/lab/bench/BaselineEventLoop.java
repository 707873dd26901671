package org.preemptlab.lab.bench;

import java.util.Arrays;
import java.util.List;

/**
 * The smallest event loop that computes the standard workload's schedule: a binary heap of block
 * completions, plain arrays of free SM resources, FIFO dispatch. It has no plugins, no policy, no
 * preemption and no metrics; it is the speed baseline {@code preemptlab bench} measures the engine
 * against, and a second, independent implementation of the benchmark's rules.
 */
public final class BaselineEventLoop {
  /**
   * What the loop computed.
   *
   * @param blocks blocks placed
   * @param events events processed: one per block completion taken off the heap plus one per
   *     kernel arrival applied, i.e. {@code blocks + kernels}; the engine's count for this workload
   *     (one BLOCK_EVENT per block, one ARRIVAL per kernel) is the same
   * @param makespanNs the last completion
   * @param turnaroundSumNs the sum over kernels of (last completion − arrival)
   */
  public record Outcome(long blocks, long events, long makespanNs, long turnaroundSumNs) {}

  private BaselineEventLoop() {}

  /** Runs the schedule of {@code kernels} on the standard device. */
  public static Outcome run(List<StandardWorkload.KernelSpec> kernels) {
    final int sms = 132;
    int[] freeThreads = new int[sms];
    int[] freeBlocks = new int[sms];
    int[] freeRegs = new int[sms];
    int[] freeShared = new int[sms];
    Arrays.fill(freeThreads, 2048);
    Arrays.fill(freeBlocks, 32);
    Arrays.fill(freeRegs, 65536);
    Arrays.fill(freeShared, 233472);
    // Heap of completions: time and a packed (kernel << 8 | sm) payload.
    long[] heapTime = new long[1 << 16];
    long[] heapPayload = new long[1 << 16];
    int heapSize = 0;
    int n = kernels.size();
    int[] remaining = new int[n];
    long[] lastDone = new long[n];
    int arrived = 0;
    int head = 0;
    int nextBlock = 0;
    long blocks = 0;
    long events = 0;
    long makespan = 0;
    while (head < n || heapSize > 0) {
      long now = Long.MAX_VALUE;
      if (heapSize > 0) {
        now = heapTime[0];
      }
      if (arrived < n) {
        now = Math.min(now, kernels.get(arrived).arrivalNs());
      }
      while (heapSize > 0 && heapTime[0] == now) {
        long payload = heapPayload[0];
        heapSize--;
        long lastTime = heapTime[heapSize];
        long lastPayload = heapPayload[heapSize];
        int i = 0;
        while (2 * i + 1 < heapSize) {
          int c = 2 * i + 1;
          if (c + 1 < heapSize && heapTime[c + 1] < heapTime[c]) {
            c++;
          }
          if (heapTime[c] >= lastTime) {
            break;
          }
          heapTime[i] = heapTime[c];
          heapPayload[i] = heapPayload[c];
          i = c;
        }
        heapTime[i] = lastTime;
        heapPayload[i] = lastPayload;
        events++;
        int k = (int) (payload >>> 8);
        int sm = (int) (payload & 0xFF);
        StandardWorkload.KernelSpec spec = kernels.get(k);
        freeThreads[sm] += spec.threads();
        freeBlocks[sm]++;
        freeRegs[sm] += spec.threads() * spec.registersPerThread();
        freeShared[sm] += spec.sharedBytes();
        if (--remaining[k] == 0) {
          lastDone[k] = now;
          makespan = Math.max(makespan, now);
        }
      }
      while (arrived < n && kernels.get(arrived).arrivalNs() == now) {
        remaining[arrived] = kernels.get(arrived).blocks();
        arrived++;
        events++;
      }
      while (head < arrived) {
        StandardWorkload.KernelSpec spec = kernels.get(head);
        int regs = spec.threads() * spec.registersPerThread();
        int best = -1;
        for (int s = 0; s < sms; s++) {
          if (freeThreads[s] >= spec.threads() && freeBlocks[s] > 0 && freeRegs[s] >= regs
              && freeShared[s] >= spec.sharedBytes()
              && (best < 0 || freeThreads[s] > freeThreads[best])) {
            best = s;
          }
        }
        if (best < 0) {
          break;
        }
        freeThreads[best] -= spec.threads();
        freeBlocks[best]--;
        freeRegs[best] -= regs;
        freeShared[best] -= spec.sharedBytes();
        long end = now + spec.blockNs(nextBlock);
        if (heapSize == heapTime.length) {
          heapTime = Arrays.copyOf(heapTime, heapSize * 2);
          heapPayload = Arrays.copyOf(heapPayload, heapSize * 2);
        }
        int i = heapSize++;
        while (i > 0 && heapTime[(i - 1) >>> 1] > end) {
          heapTime[i] = heapTime[(i - 1) >>> 1];
          heapPayload[i] = heapPayload[(i - 1) >>> 1];
          i = (i - 1) >>> 1;
        }
        heapTime[i] = end;
        heapPayload[i] = ((long) head << 8) | best;
        blocks++;
        if (++nextBlock == spec.blocks()) {
          head++;
          nextBlock = 0;
        }
      }
    }
    long sum = 0;
    for (int k = 0; k < n; k++) {
      sum += lastDone[k] - kernels.get(k).arrivalNs();
    }
    return new Outcome(blocks, events, makespan, sum);
  }
}
