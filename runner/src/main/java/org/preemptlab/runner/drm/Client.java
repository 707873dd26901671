package org.preemptlab.runner.drm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.preemptlab.runner.scenario.ClientSpec;
import org.preemptlab.runner.scenario.Step;

/**
 * A simulated client as {@code drm_sched_client_work} runs it (torvalds/linux
 * drivers/gpu/drm/scheduler/tests/tests_scheduler.c @637315cb): cycles of submissions, optionally
 * waiting for the last, then a sleep; after the last cycle it waits for its last job.
 */
final class Client {
  private final DrmLayer sim;
  private final ClientSpec spec;
  private final String name;
  private final DrmEntity entity;
  /** Each job's GPU time: its duration, or on SM hardware its kernel's time on an idle device. */
  private final long jobWorkNs;
  /**
   * On SM hardware, the workload index of the first kernel of the client's first job, and the
   * kernels per job ({@code stride}: one per run it may need): job n = c * jobs-per-cycle + k of
   * cycle c runs kernels from {@code firstKernel + n * stride} on; -1 on a serial timeline.
   */
  private int firstKernel = -1;
  private int stride;
  private final List<DrmJob> submitted = new ArrayList<>();
  private final List<Long> cycleTimes = new ArrayList<>();
  private final List<Long> latencies = new ArrayList<>();
  private DrmJob last;
  private int cycles;
  private long startNs = -1;
  private long endNs = -1;

  Client(DrmLayer sim, ClientSpec.Instance instance, DrmEntity entity, long jobWorkNs) {
    this.sim = sim;
    this.spec = instance.spec();
    this.name = instance.name();
    this.entity = entity;
    this.jobWorkNs = jobWorkNs;
  }

  DrmEntity entity() {
    return entity;
  }

  ClientSpec spec() {
    return spec;
  }

  /**
   * Places the client's kernels in the engine's workload from index {@code first} on, {@code
   * stride} per job.
   */
  void kernelsFrom(int first, int stride) {
    this.firstKernel = first;
    this.stride = stride;
  }

  /** {@code work_us}: the GPU time of one cycle. */
  private long workNs() {
    return spec.jobsPerCycle() * jobWorkNs;
  }

  String name() {
    return name;
  }

  /** Whether the client ran all its cycles and its last job finished. */
  boolean done() {
    return endNs >= 0;
  }

  void start() {
    sim.at(spec.startNs(), this::cycle, false);
  }

  private void cycle() {
    if (startNs < 0) {
      startNs = sim.now();
    }
    long started = sim.now();
    int number = cycles++;
    submit(started, number, 0);
  }

  /** Pushes job k of the cycle, each after the submission cost. */
  private void submit(long started, int number, int k) {
    if (k == spec.jobsPerCycle()) {
      submitted(started);
      return;
    }
    long cost = spec.submitCostNs();
    Runnable push = () -> {
      int kernel = firstKernel < 0 ? -1
          : firstKernel + (number * spec.jobsPerCycle() + k) * stride;
      last = sim.newClientJob(name + "." + number + "." + k, entity, spec.credits(), jobWorkNs,
          kernel, stride);
      submitted.add(last);
      sim.submit(last);
      submit(started, number, k + 1);
    };
    if (cost == 0) {
      push.run();
    } else {
      sim.at(sim.now() + cost, push, false);
    }
  }

  /** The cycle's jobs are pushed: a synchronous client waits for the last one. */
  private void submitted(long started) {
    DrmJob lastJob = last;
    if (!spec.waitForLast()) {
      endCycle(started);
    } else if (lastJob.finishedSignalled) {
      endCycle(started);
    } else {
      lastJob.onFinished.add(() -> sim.at(sim.now(), () -> endCycle(started), false));
    }
  }

  private void endCycle(long started) {
    long time = sim.now() - started;
    cycleTimes.add(time);
    latencies.add(time >= workNs() ? time - workNs() : 0);
    long next = sim.now() + spec.sleepNs();
    boolean more = spec.cycles() != null ? cycles < spec.cycles()
        : next < spec.startNs() + spec.runForNs();
    if (more) {
      sim.at(next, this::cycle, false);
    } else {
      finishAfterLastJob();
    }
  }

  /** {@code client->done = drm_mock_sched_job_wait_finished(job, ...)}; {@code client->end}. */
  private void finishAfterLastJob() {
    DrmJob lastJob = last;
    if (lastJob.flags.contains(Step.MockFlag.DONE)) {
      endNs = sim.now();
    } else {
      lastJob.onFinished.add(() -> sim.at(sim.now(), () -> {
        if (lastJob.flags.contains(Step.MockFlag.DONE)) {
          endNs = sim.now();
        }
      }, false));
    }
  }

  ClientStats stats() {
    List<DrmJob> finished = submitted.stream()
        .filter(j -> j.flags.contains(Step.MockFlag.DONE)).toList();
    long[] jobLatencies = finished.stream().mapToLong(j -> j.finishedNs - j.submitNs).sorted()
        .toArray();
    long[] times = cycleTimes.stream().mapToLong(Long::longValue).sorted().toArray();
    long[] lats = latencies.stream().mapToLong(Long::longValue).sorted().toArray();
    double elapsedUs = done() ? (endNs - startNs) / 1000.0 : Double.NaN;
    double idealUs = cycles * (workNs() + spec.sleepNs()) / 1000.0;
    double cps = done() && endNs > startNs ? times.length / ((endNs - startNs) / 1e9) : Double.NaN;
    return new ClientStats(name, entity.name, spec.waitForLast(), cycles, times.length, done(),
        finished.size(), finished.stream().mapToLong(j -> j.durationNs).sum(), elapsedUs,
        idealUs, min(times), mean(times), max(times), min(lats), mean(lats), max(lats), cps,
        mean(jobLatencies), rank(jobLatencies, 0.99));
  }

  private static double mean(long[] sorted) {
    return sorted.length == 0 ? Double.NaN : Arrays.stream(sorted).average().orElseThrow() / 1000;
  }

  private static double min(long[] sorted) {
    return sorted.length == 0 ? Double.NaN : sorted[0] / 1000.0;
  }

  private static double max(long[] sorted) {
    return sorted.length == 0 ? Double.NaN : sorted[sorted.length - 1] / 1000.0;
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
