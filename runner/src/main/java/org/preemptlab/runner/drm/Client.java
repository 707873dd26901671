package org.preemptlab.runner.drm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** A closed-loop client: cycles of submissions, optionally waiting for the last, then a sleep. */
final class Client {
  private final DrmSimulator sim;
  private final ClientSpec spec;
  private final DrmEntity entity;
  private final List<DrmJob> submitted = new ArrayList<>();
  private final List<Long> cycleTimes = new ArrayList<>();
  private int cycles;

  Client(DrmSimulator sim, ClientSpec spec, DrmEntity entity) {
    this.sim = sim;
    this.spec = spec;
    this.entity = entity;
  }

  void start() {
    sim.events.at(spec.startNs(), this::cycle, false);
  }

  private void cycle() {
    long started = sim.now;
    int number = cycles++;
    DrmJob last = null;
    for (int k = 0; k < spec.jobsPerCycle(); k++) {
      last = sim.newClientJob(spec.name() + "." + number + "." + k, entity, spec.credits(),
          spec.durationNs());
      submitted.add(last);
      sim.submit(last);
    }
    DrmJob lastJob = last;
    Runnable completed = () -> {
      cycleTimes.add(sim.now - started);
      if (spec.waitForLast()) {
        next(sim.now + spec.sleepNs());
      }
    };
    if (lastJob.finishedSignalled) {
      completed.run();
    } else {
      lastJob.onFinished.add(() -> sim.events.at(sim.now, completed, false));
    }
    if (!spec.waitForLast()) {
      next(started + spec.sleepNs());
    }
  }

  private void next(long at) {
    if (at < spec.startNs() + spec.runForNs()) {
      sim.events.at(at, this::cycle, false);
    }
  }

  ClientStats stats() {
    List<DrmJob> done = submitted.stream()
        .filter(j -> j.flags.contains(Step.MockFlag.DONE)).toList();
    long[] latencies = done.stream().mapToLong(j -> j.finishedNs - j.submitNs).sorted().toArray();
    long[] times = cycleTimes.stream().mapToLong(Long::longValue).sorted().toArray();
    return new ClientStats(spec.name(), entity.name, cycles, cycleTimes.size(), done.size(),
        done.stream().mapToLong(j -> j.durationNs).sum(), mean(times), rank(times, 0.99),
        mean(latencies), rank(latencies, 0.5), rank(latencies, 0.99));
  }

  private static double mean(long[] sorted) {
    return sorted.length == 0 ? Double.NaN : Arrays.stream(sorted).average().orElseThrow() / 1000;
  }

  /** Nearest-rank percentile, in µs. */
  private static double rank(long[] sorted, double p) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int index = (int) Math.ceil(p * sorted.length) - 1;
    return sorted[Math.max(0, index)] / 1000.0;
  }
}
