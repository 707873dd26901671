package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.preemptlab.engine.Sim.costs;
import static org.preemptlab.engine.Sim.device;
import static org.preemptlab.engine.Sim.kernel;
import static org.preemptlab.engine.Sim.workload;

import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.api.PluginKind;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.SaveKind;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.Workload;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.testkit.doubles.InstructionLevelDouble;
import org.preemptlab.testkit.doubles.FullSaveDouble;
import org.preemptlab.testkit.doubles.PriorityDouble;

/** The engine's door: a time or size a plugin returns out of range fails the run, naming it. */
class PluginReturnsTest {
  private static final DeviceSpec DEVICE = device(1, Sim.bigSm(), costs());

  /** LOW fills the SM; HIGH at 350 makes the priority policy preempt it. */
  private static Workload preemptedAt350() {
    return workload().queue("low", Priority.LOW).queue("high", Priority.HIGH)
        .job(1, "low", 0, kernel("train", 1, 1024, 4, 0, 1000))
        .job(2, "high", 350, kernel("infer", 1, 1024, 0, 0, 100))
        .build();
  }

  private static SimulationResult run(HardwareModel hardware, PreemptionPointStrategy strategy,
      ContextSaveStrategy save) {
    RunPlugins plugins = new RunPlugins("priority", kind -> new PriorityDouble(true),
        "evil-strategy", strategy, "evil-save", save);
    return new Simulator(preemptedAt350(), hardware, plugins, EngineOptions.defaults()).run();
  }

  @ParameterizedTest
  @ValueSource(longs = {Long.MAX_VALUE, 1L << 41, -1})
  void aSaveSizeOutOfRangeFailsTheRunNamingTheStrategyTheMethodAndTheValue(long bytes) {
    assertThatThrownBy(() -> run(Sim.hw(DEVICE), new InstructionLevelDouble(), point -> bytes))
        .isInstanceOf(InvariantViolationException.class)
        .hasMessageStartingWith("context-save strategy 'evil-save' returned " + bytes
            + " bytes from bytesToSave() of ")
        .hasMessageContaining("a size must lie in [0, "
            + "1 TiB]")
        .satisfies(e -> org.assertj.core.api.Assertions.assertThat(
            ((InvariantViolationException) e).plugin()).contains(PluginKind.CONTEXT_SAVE));
  }

  @Test
  void aHugeRestoreSizeFailsTheRunInsteadOfGivingNegativeFinishTimes() {
    ContextSaveStrategy save = new ContextSaveStrategy() {
      @Override
      public long bytesToSave(org.preemptlab.api.preemption.StopPoint point) {
        return 4096;
      }

      @Override
      public long bytesToRestore(org.preemptlab.api.preemption.StopPoint point) {
        return Long.MAX_VALUE;
      }
    };

    assertThatThrownBy(() -> run(Sim.hw(DEVICE), new InstructionLevelDouble(), save))
        .isInstanceOf(InvariantViolationException.class)
        .hasMessageContaining("from bytesToRestore()");
  }

  @ParameterizedTest
  @ValueSource(strings = {"launch", "signal", "save", "restore"})
  void aHardwareTimeOfLongMaxFailsTheRunNamingTheMethod(String method) {
    HardwareModel inner = Sim.hw(DEVICE);
    HardwareModel evil = new HardwareModel() {
      @Override
      public DeviceSpec device() {
        return inner.device();
      }

      @Override
      public long kernelLaunchNs(boolean busy, RandomGenerator random) {
        return method.equals("launch") ? Long.MAX_VALUE : inner.kernelLaunchNs(busy, random);
      }

      @Override
      public long preemptionSignalNs(RandomGenerator random) {
        return method.equals("signal") ? Long.MAX_VALUE : inner.preemptionSignalNs(random);
      }

      @Override
      public long saveNs(long bytes, int threads, SaveKind kind, RandomGenerator random) {
        return method.equals("save") ? -1 : inner.saveNs(bytes, threads, kind, random);
      }

      @Override
      public long restoreNs(long bytes, int threads, SaveKind kind, RandomGenerator random) {
        return method.equals("restore") ? Long.MAX_VALUE
            : inner.restoreNs(bytes, threads, kind, random);
      }
    };
    String expected = switch (method) {
      case "launch" -> "kernelLaunchNs()";
      case "signal" -> "preemptionSignalNs()";
      case "save" -> "saveNs()";
      default -> "restoreNs()";
    };

    assertThatThrownBy(() -> run(evil, new InstructionLevelDouble(), new FullSaveDouble()))
        .isInstanceOf(InvariantViolationException.class)
        .hasMessageStartingWith("the hardware model returned ")
        .hasMessageContaining(expected)
        .hasMessageContaining("a time must lie in [0, 1 h]");
  }

  @Test
  void aStrategyWhoseInstrumentReturnsNullFailsTheRunNamingIt() {
    PreemptionPointStrategy strategy = new PreemptionPointStrategy() {
      @Override
      public org.preemptlab.api.model.BlockProgram instrument(
          org.preemptlab.api.model.Kernel kernel, org.preemptlab.api.model.BlockProgram program,
          DeviceSpec device) {
        return null;
      }

      @Override
      public org.preemptlab.api.preemption.PreemptionDecision decide(
          org.preemptlab.api.preemption.BlockSnapshot block) {
        return org.preemptlab.api.preemption.PreemptionDecision.drain(block, "never");
      }
    };

    assertThatThrownBy(() -> run(Sim.hw(DEVICE), strategy, new FullSaveDouble()))
        .isInstanceOf(InvariantViolationException.class)
        .hasMessageStartingWith("preemption strategy 'evil-strategy' returned null from "
            + "instrument() of ");
  }
}
