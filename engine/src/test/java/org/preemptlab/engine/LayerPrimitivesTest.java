package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.workload;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.testkit.doubles.FifoDouble;
import org.preemptlab.testkit.doubles.BlockBoundaryDouble;
import org.preemptlab.testkit.doubles.FullSaveDouble;

/**
 * The engine primitives a scheduler layer uses: jobs that only the layer submits, a reset
 * that drops a launched job's blocks, and the layer's place in each instant.
 */
class LayerPrimitivesTest {
  private static final long BY_LAYER = Long.MAX_VALUE;

  /** A layer that runs scripted actions at given times, as events on the engine's queue. */
  private static final class Scripted implements EngineLayer {
    private final List<long[]> at = new ArrayList<>();
    private final List<Runnable> actions = new ArrayList<>();
    private final List<String> steps = new ArrayList<>();
    private Simulator sim;
    private int resumes;

    Scripted at(long timeNs, Runnable action) {
      at.add(new long[] {timeNs});
      actions.add(action);
      return this;
    }

    @Override
    public void start(Simulator engine) {
      sim = engine;
      for (int i = 0; i < actions.size(); i++) {
        Runnable action = actions.get(i);
        engine.schedule(at.get(i)[0], (s, gen) -> action.run());
      }
    }

    @Override
    public void afterEvents() {
      steps.add("after@" + sim.now());
    }

    @Override
    public boolean resume() {
      return resumes++ == 0; // once, in the first instant
    }

    @Override
    public long nextInstant(long nextEventNs) {
      return nextEventNs;
    }
  }

  /** What a listener saw of each job: submit, first block start and finish times, by job id. */
  private static final class Seen implements EngineListener {
    final Map<Long, Long> submitted = new HashMap<>();
    final Map<Long, Long> firstStart = new HashMap<>();
    final Map<Long, Long> finished = new HashMap<>();
    long blocksStarted;

    @Override
    public void jobSubmitted(long timeNs, JobView job) {
      submitted.put(job.job().id(), timeNs);
    }

    @Override
    public void jobFinished(long timeNs, JobView job) {
      finished.put(job.job().id(), timeNs);
    }

    @Override
    public void blockExecuted(int sm, int slot, JobView job, int blockIndex, long startNs,
        long endNs, BlockEnd end) {
      firstStart.merge(job.job().id(), startNs, Math::min);
      blocksStarted++;
    }
  }

  private static Seen run(Workload w, DeviceSpec device, EngineLayer layer) {
    RunPlugins plugins = new RunPlugins("fifo", kind -> new FifoDouble(), "block-boundary",
        new BlockBoundaryDouble(), "full", new FullSaveDouble());
    Seen seen = new Seen();
    SimulationResult result = new Simulator(w, Sim.hw(device), plugins, EngineOptions.defaults())
        .withLayer(layer).listen(seen).run();
    assertThat(result.jobs()).as("a layer reports its own jobs").isEmpty();
    return seen;
  }

  @Test
  void aJobWaitingForItsLayerRunsOnlyWhenTheLayerSubmitsIt() {
    DeviceSpec device = device(1, Sim.bigSm(), costs());
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(0, "q", BY_LAYER, kernel("k", 1, 256, 0, 0, 1000)).build();
    Scripted layer = new Scripted();
    layer.at(5000, () -> layer.sim.submitFromLayer(0));

    Seen seen = run(w, device, layer);

    assertThat(seen.submitted).containsEntry(0L, 5000L);
    assertThat(seen.finished).containsEntry(0L, 6000L);
  }

  @Test
  void anAbortedJobLeavesItsSmAtOnceAndTheNextJobTakesItsPlace() {
    // 1 SM of 1024 threads: a 1024-thread block of 1 s holds it; the other job waits for the SM
    DeviceSpec device = device(1, Sim.bigSm(), costs());
    Workload w = workload().queue("a", Priority.NORMAL).queue("b", Priority.NORMAL)
        .job(0, "a", BY_LAYER, kernel("long", 2, 1024, 0, 0, 1_000_000_000L))
        .job(1, "b", BY_LAYER, kernel("short", 1, 1024, 0, 0, 1000)).build();
    Scripted layer = new Scripted();
    layer.at(0, () -> {
      layer.sim.submitFromLayer(0);
      layer.sim.submitFromLayer(1);
    });
    layer.at(3000, () -> layer.sim.abortJob(0));

    Seen seen = run(w, device, layer);

    assertThat(seen.finished).as("reset at 3 us").containsEntry(0L, 3000L);
    assertThat(seen.firstStart).containsEntry(1L, 3000L);
    assertThat(seen.finished).containsEntry(1L, 4000L);
    assertThat(seen.blocksStarted).as("the long kernel's second block never ran").isEqualTo(2);
  }

  /**
   * Two time-sliced contexts on 1 SM of 1024 threads (slice 10,000 ns; save 1 B/ns, so a 250-thread
   * block of 1 register, 1000 B, takes 1000 ns to save; switch 500 ns): job 0 (context A, one block
   * of 1 s) runs first; at 10,000 the switch parks it (saved 11,000, switch done 11,500), then job
   * 1 (context B, five 250-thread blocks of 1000 ns, four at a time) runs.
   */
  private static Workload twoContextsOnOneSm() {
    return workload().queue(Sim.queue("a", "A", Priority.NORMAL))
        .queue(Sim.queue("b", "B", Priority.NORMAL))
        .job(0, "a", BY_LAYER, kernel("long", 1, 250, 1, 0, 1_000_000_000L))
        .job(1, "b", BY_LAYER, kernel("short", 5, 250, 1, 0, 1000)).build();
  }

  private static DeviceSpec slicedSm() {
    return device(1, Sim.bigSm(), costs().save(1, 0).restore(1, 0).contextSwitch(500)
        .timeSlice(10_000), false);
  }

  private static Seen abortAt(long abortNs) {
    Scripted layer = new Scripted();
    layer.at(0, () -> {
      layer.sim.submitFromLayer(0);
      layer.sim.submitFromLayer(1);
    });
    layer.at(abortNs, () -> layer.sim.abortJob(0));
    return run(twoContextsOnOneSm(), slicedSm(), layer);
  }

  @Test
  void aJobAbortedWhileASwitchParksItsBlockFreesTheSmOnceAndIsNeverRestored() {
    Seen seen = abortAt(10_500); // its block is being saved: [10,000, 11,000]

    assertThat(seen.finished).as("reset during the save").containsEntry(0L, 10_500L);
    assertThat(seen.firstStart).containsEntry(1L, 11_500L);
    // four blocks fit at 11,500, the fifth starts when one ends: 12,500 -> 13,500
    assertThat(seen.finished).as("the SM's threads were freed once, not twice")
        .containsEntry(1L, 13_500L);
    assertThat(seen.blocksStarted).as("job 0's block ran once (switched out), never restored")
        .isEqualTo(1 + 5);
  }

  @Test
  void aJobAbortedWhileItsContextIsSwitchedOutIsNeverRestored() {
    Seen seen = abortAt(12_000); // its block was parked at 11,000; B has the device

    assertThat(seen.finished).containsEntry(0L, 12_000L).containsEntry(1L, 13_500L);
    assertThat(seen.blocksStarted).as("job 0's parked block is dropped, not restored")
        .isEqualTo(1 + 5);
  }

  @Test
  void onlyALaunchedUnfinishedJobCanBeAbortedAndOnlyAWaitingJobSubmittedByTheLayer() {
    DeviceSpec device = device(1, Sim.bigSm(), costs());
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(0, "q", BY_LAYER, kernel("k", 1, 256, 0, 0, 1000))
        .job(1, "q", 0, kernel("k", 1, 256, 0, 0, 1000)).build();
    Scripted layer = new Scripted();
    layer.at(10, () -> layer.sim.abortJob(0));

    assertThatThrownBy(() -> run(w, device, layer)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("not launched and unfinished");
    Scripted again = new Scripted();
    again.at(10, () -> again.sim.submitFromLayer(1));
    assertThatThrownBy(() -> run(w, device, again)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("is not a job waiting for its layer");
  }

  @Test
  void theLayerStepsAfterEachInstantsEventsAndResumesOnceSettled() {
    DeviceSpec device = device(1, Sim.bigSm(), costs());
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(0, "q", 100, kernel("k", 1, 256, 0, 0, 1000)).build();
    Scripted layer = new Scripted();

    run(w, device, layer);

    // instant 100 (arrival) twice: events, then again after the layer's resume; 1100 (finish)
    assertThat(layer.steps).containsExactly("after@100", "after@100", "after@1100");
  }
}
