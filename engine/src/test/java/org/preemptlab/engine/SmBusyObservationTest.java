package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.testkit.doubles.FifoDouble;

/**
 * A new engine observation without an engine change (docs/architecture.md, "Observing a run"): per
 * SM busy time, collected by one subscriber to the per-block signal, agrees with what the engine
 * already reports from its own accounting (the SM-busy fraction) and with another subscriber's
 * view of the same blocks (the SM time of every job).
 */
class SmBusyObservationTest {

  /** Each SM's blocks as intervals; per-SM busy time is their union. */
  private static final class SmBusyCollector implements EngineListener {
    private final Map<Integer, List<long[]>> intervals = new TreeMap<>();
    private long blockNs;

    @Override
    public void blockExecuted(int sm, int slot, JobView job, int blockIndex, long startNs,
        long endNs, BlockEnd end) {
      intervals.computeIfAbsent(sm, s -> new ArrayList<>()).add(new long[] {startNs, endNs});
      blockNs += endNs - startNs;
    }

    /** Each SM's time with at least one block on it. */
    Map<Integer, Long> busyNs() {
      Map<Integer, Long> busy = new TreeMap<>();
      intervals.forEach((sm, list) -> {
        list.sort((a, b) -> Long.compare(a[0], b[0]));
        long total = 0;
        long start = -1;
        long end = -1;
        for (long[] interval : list) {
          if (interval[0] > end) {
            total += end - start;
            start = interval[0];
          }
          end = Math.max(end, interval[1]);
        }
        busy.put(sm, total + end - start);
      });
      return busy;
    }
  }

  @Test
  void perSmBusyTimeFromTheBlockSignalMatchesTheEnginesOwnAccounting() {
    // 3 SMs of 2,048 threads; kernels of 512-thread blocks (4 fit an SM) of unequal lengths. No
    // block dispatch cost: the engine counts a block resident from its dispatch, the signal from
    // its first instruction, so with a dispatch cost the two differ by exactly that cost.
    DeviceSpec device = device(3, Sim.bigSm(), costs().launch(100));
    Workload w = workload().queue("a", Priority.NORMAL).queue("b", Priority.HIGH)
        .job(1, "a", 0, kernel("long", 7, 512, 0, 0, 9000))
        .job(2, "b", 500, kernel("short", 11, 512, 0, 0, 1300))
        .job(3, "a", 2000, kernel("mid", 5, 512, 0, 0, 4100))
        .job(4, "b", 15_000, kernel("late", 2, 512, 0, 0, 700)).build();
    SmBusyCollector busy = new SmBusyCollector();
    RunPlugins plugins = EngineFixtures.plugins(device, "fifo", "block-boundary", "full");

    SimulationResult result = new Simulator(w, Sim.hw(device), new RunPlugins("fifo",
        kind -> new FifoDouble(), plugins.preemptionId(), plugins.preemption(),
        plugins.contextSaveId(), plugins.contextSave()), EngineOptions.defaults())
        .listen(busy).run();

    long busyArea = busy.busyNs().values().stream().mapToLong(Long::longValue).sum();
    assertThat(busy.busyNs()).containsOnlyKeys(0, 1, 2);
    assertThat((double) busyArea / (3.0 * result.makespanNs()))
        .isCloseTo(result.smBusyFraction(), org.assertj.core.data.Offset.offset(1e-12));
    assertThat(busy.blockNs).isEqualTo(7 * 9000L + 11 * 1300L + 5 * 4100L + 2 * 700L);
  }
}
