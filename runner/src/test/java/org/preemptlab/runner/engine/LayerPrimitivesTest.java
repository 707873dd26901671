package org.preemptlab.runner.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.runner.engine.Sim.costs;
import static org.preemptlab.runner.engine.Sim.device;
import static org.preemptlab.runner.engine.Sim.kernel;
import static org.preemptlab.runner.engine.Sim.record;
import static org.preemptlab.runner.engine.Sim.workload;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.policies.baseline.FifoPolicy;
import org.preemptlab.plugins.preemption.blockboundary.BlockBoundaryStrategy;
import org.preemptlab.plugins.save.FullContextSave;

/**
 * The engine primitives a scheduler layer uses: held jobs that only the layer submits, a reset
 * that drops a launched job's blocks, and the layer's place in each instant.
 */
class LayerPrimitivesTest {
  private static final long HELD = Long.MAX_VALUE;

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

  private static SimulationResult run(Workload w, DeviceSpec device, EngineLayer layer) {
    RunPlugins plugins = new RunPlugins("fifo", kind -> new FifoPolicy(), "block-boundary",
        new BlockBoundaryStrategy(), "full", new FullContextSave());
    return new Simulator(w, Sim.hw(device), plugins, EngineOptions.defaults()).withLayer(layer)
        .run();
  }

  @Test
  void aHeldJobRunsOnlyWhenTheLayerSubmitsIt() {
    DeviceSpec device = device(1, Sim.bigSm(), costs());
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(0, "q", HELD, kernel("k", 1, 256, 0, 0, 1000)).build();
    Scripted layer = new Scripted();
    layer.at(5000, () -> layer.sim.submitHeld(0));

    JobRecord job = record(run(w, device, layer), 0);

    assertThat(job.submitNs()).isEqualTo(5000);
    assertThat(job.finishNs()).isEqualTo(6000);
  }

  @Test
  void anAbortedJobLeavesItsSmAtOnceAndTheNextJobTakesItsPlace() {
    // 1 SM of 1024 threads: a 1024-thread block of 1 s holds it; the other job waits for the SM
    DeviceSpec device = device(1, Sim.bigSm(), costs());
    Workload w = workload().queue("a", Priority.NORMAL).queue("b", Priority.NORMAL)
        .job(0, "a", HELD, kernel("long", 2, 1024, 0, 0, 1_000_000_000L))
        .job(1, "b", HELD, kernel("short", 1, 1024, 0, 0, 1000)).build();
    Scripted layer = new Scripted();
    layer.at(0, () -> {
      layer.sim.submitHeld(0);
      layer.sim.submitHeld(1);
    });
    layer.at(3000, () -> layer.sim.abortJob(0));

    SimulationResult result = run(w, device, layer);

    assertThat(record(result, 0).finishNs()).as("reset at 3 us").isEqualTo(3000);
    assertThat(record(result, 1).firstStartNs()).isEqualTo(3000);
    assertThat(record(result, 1).finishNs()).isEqualTo(4000);
    assertThat(result.blocksExecuted()).as("the long kernel's second block never ran")
        .isEqualTo(2);
  }

  @Test
  void onlyALaunchedUnfinishedJobCanBeAbortedAndOnlyAHeldJobSubmitted() {
    DeviceSpec device = device(1, Sim.bigSm(), costs());
    Workload w = workload().queue("q", Priority.NORMAL)
        .job(0, "q", HELD, kernel("k", 1, 256, 0, 0, 1000))
        .job(1, "q", 0, kernel("k", 1, 256, 0, 0, 1000)).build();
    Scripted layer = new Scripted();
    layer.at(10, () -> layer.sim.abortJob(0));

    assertThatThrownBy(() -> run(w, device, layer)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("not launched and unfinished");
    Scripted again = new Scripted();
    again.at(10, () -> again.sim.submitHeld(1));
    assertThatThrownBy(() -> run(w, device, again)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("is not a held job");
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
