package org.preemptlab.testkit.conformance;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.application.Application;
import org.preemptlab.api.application.ApplicationContext;
import org.preemptlab.api.application.ApplicationProvider;
import org.preemptlab.api.application.ApplicationResources;
import org.preemptlab.api.application.FinishedJob;
import org.preemptlab.api.model.BlockProgram;
import org.preemptlab.api.model.BlockTiming;
import org.preemptlab.api.model.Kernel;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.HardwareModelProvider;
import org.preemptlab.api.model.Priority;
import org.preemptlab.api.model.SuspendLevel;
import org.preemptlab.api.policy.JobView;
import org.preemptlab.api.policy.PreemptScope;
import org.preemptlab.api.policy.QueueView;
import org.preemptlab.api.policy.SchedulerView;
import org.preemptlab.api.policy.SchedulingPolicy;
import org.preemptlab.api.policy.SchedulingPolicyProvider;
import org.preemptlab.api.preemption.BlockSnapshot;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.ContextSaveStrategyProvider;
import org.preemptlab.api.preemption.PreemptionDecision;
import org.preemptlab.api.preemption.PreemptionPointStrategy;
import org.preemptlab.api.preemption.PreemptionStrategyProvider;
import org.preemptlab.api.preemption.StopRules;
import org.preemptlab.testkit.TestDevices;

/**
 * Deliberately broken plugins, one fault each, that the conformance suites must reject. Each is
 * written as a plausible mistake, not as an obvious one.
 */
final class BrokenPlugins {
  private BrokenPlugins() {}

  /** A first-come-first-served list; subclasses break one callback. */
  abstract static class ListPolicy implements SchedulingPolicy {
    final List<JobView> held = new ArrayList<>();

    @Override
    public void onJobReady(JobView job, SchedulerView scheduler) {
      held.add(job);
    }

    @Override
    public JobView selectNext(SchedulerView scheduler) {
      return held.isEmpty() ? null : held.get(0);
    }

    @Override
    public void onJobDispatched(JobView job, SchedulerView scheduler) {
      held.remove(job);
    }
  }

  abstract static class PolicyProvider implements SchedulingPolicyProvider {
    @Override
    public String id() {
      return "broken";
    }

    @Override
    public String description() {
      return "a deliberately broken policy";
    }
  }

  /** Forgets to remove a job once it is dispatched. */
  public static final class KeepsDispatchedJobs extends PolicyProvider {
    @Override
    public SchedulingPolicy create(PluginContext context) {
      return new ListPolicy() {
        @Override
        public void onJobDispatched(JobView job, SchedulerView scheduler) {}
      };
    }
  }

  /** Overrides onJobWithdrawn to log only, so withdrawn jobs stay held. */
  public static final class IgnoresWithdrawals extends PolicyProvider {
    @Override
    public SchedulingPolicy create(PluginContext context) {
      return new ListPolicy() {
        @Override
        public void onJobWithdrawn(JobView job, SchedulerView scheduler) {}
      };
    }
  }

  /** Breaks ties between jobs with an unseeded random number. */
  public static final class UnseededTieBreak extends PolicyProvider {
    @Override
    public SchedulingPolicy create(PluginContext context) {
      return new ListPolicy() {
        @Override
        public void onJobReady(JobView job, SchedulerView scheduler) {
          held.add(ThreadLocalRandom.current().nextInt(held.size() + 1), job);
        }
      };
    }
  }

  /** Assumes a job's deadline is always set, and overflows when it is not. */
  public static final class ThrowsOnNoDeadline extends PolicyProvider {
    @Override
    public SchedulingPolicy create(PluginContext context) {
      return new ListPolicy() {
        @Override
        public void onJobReady(JobView job, SchedulerView scheduler) {
          Math.addExact(job.job().deadlineNs(), 1);
          super.onJobReady(job, scheduler);
        }
      };
    }
  }

  /** Never offers a LOW-priority job. */
  public static final class StarvesLowPriority extends PolicyProvider {
    @Override
    public SchedulingPolicy create(PluginContext context) {
      return new ListPolicy() {
        @Override
        public JobView selectNext(SchedulerView scheduler) {
          return held.stream().filter(j -> j.priority() != Priority.LOW)
              .min(Comparator.comparingLong(JobView::submitTimeNs)).orElse(null);
        }
      };
    }
  }

  /** Suspends every queue but the one of the first job it sees, and never resumes them. */
  public static final class NeverResumes extends PolicyProvider {
    @Override
    public SchedulingPolicy create(PluginContext context) {
      return new ListPolicy() {
        private String favourite;

        @Override
        public void onJobReady(JobView job, SchedulerView scheduler) {
          super.onJobReady(job, scheduler);
          if (favourite == null) {
            favourite = job.queue().id();
            for (QueueView queue : scheduler.queues()) {
              if (!queue.id().equals(favourite)) {
                scheduler.suspend(queue.id(), SuspendLevel.LAUNCH);
              }
            }
          }
        }

        @Override
        public void onJobWithdrawn(JobView job, SchedulerView scheduler) {
          held.remove(job);
        }
      };
    }
  }

  /** Ranks launched jobs by a comparison that says "first" both ways round. */
  public static final class SelfishPlacement extends PolicyProvider {
    @Override
    public SchedulingPolicy create(PluginContext context) {
      return new ListPolicy() {
        @Override
        public Comparator<JobView> placementOrder() {
          return (a, b) -> a.id() == b.id() ? 0 : -1;
        }
      };
    }
  }

  /** Preempts a job view it made up itself for every blocked job. */
  public static final class PreemptsAStranger extends PolicyProvider {
    @Override
    public SchedulingPolicy create(PluginContext context) {
      return new ListPolicy() {
        @Override
        public void onJobBlocked(JobView job, SchedulerView scheduler) {
          scheduler.preempt(org.preemptlab.testkit.TestJob.resident("stranger", 999,
              job.queue(), 1), PreemptScope.forWaiter(job));
        }
      };
    }
  }

  abstract static class StrategyProvider implements PreemptionStrategyProvider {
    @Override
    public String id() {
      return "broken";
    }

    @Override
    public String description() {
      return "a deliberately broken strategy";
    }
  }

  /** Saves wherever the block is, even inside an atomic or barrier segment. */
  public static final class StopsAnywhere extends StrategyProvider {
    @Override
    public PreemptionPointStrategy create(PluginContext context) {
      return block -> StopRules.saveAtOrFinish(block, block.progressNs(), "anywhere");
    }
  }

  /** Polls a flag (50 ns to notice) but stops at the next safe point from the current progress. */
  public static final class IgnoresDelivery extends StrategyProvider {
    @Override
    public PreemptionPointStrategy create(PluginContext context) {
      return block -> StopRules.saveAtOrFinish(block,
          StopRules.nextSafeStop(block.program(), block.progressNs()), "late").withDelivery(50);
    }
  }

  /** Flushes every block, idempotent or not. */
  public static final class FlushesEverything extends StrategyProvider {
    @Override
    public PreemptionPointStrategy create(PluginContext context) {
      return block -> PreemptionDecision.flush(block, "flush");
    }
  }

  /** Decides per SM, but skips the first block. */
  public static final class SkipsABlockPerSm extends StrategyProvider {
    @Override
    public PreemptionPointStrategy create(PluginContext context) {
      return new PreemptionPointStrategy() {
        @Override
        public PreemptionDecision decide(BlockSnapshot block) {
          return PreemptionDecision.drain(block, "drain");
        }

        @Override
        public List<PreemptionDecision> decideSm(List<BlockSnapshot> blocks) {
          return blocks.stream().skip(1).map(this::decide).toList();
        }
      };
    }
  }

  abstract static class SaveProvider implements ContextSaveStrategyProvider {
    @Override
    public String id() {
      return "broken";
    }

    @Override
    public String description() {
      return "a deliberately broken context save";
    }
  }

  /** Saves the live state without capping it at the allocation. */
  public static final class UncappedLiveness extends SaveProvider {
    @Override
    public ContextSaveStrategy create(PluginContext context) {
      return point -> (long) point.liveSegment().liveRegistersPerThread() * 4 * point.threads()
          + point.liveSegment().liveSharedMemoryBytes();
    }
  }

  /** Subtracts a header it never wrote, going negative on small contexts. */
  public static final class NegativeForSmallContexts extends SaveProvider {
    @Override
    public ContextSaveStrategy create(PluginContext context) {
      return point -> point.kernel().contextBytesPerBlock() - 4096;
    }
  }

  abstract static class ModelProvider implements HardwareModelProvider {
    @Override
    public String id() {
      return "broken";
    }

    @Override
    public String description() {
      return "a deliberately broken hardware model";
    }
  }

  /** Gives a bulk discount: saving past 64 KiB gets cheaper. */
  public static final class BulkDiscount extends ModelProvider {
    @Override
    public HardwareModel create(PluginContext context) {
      return new HardwareModel() {
        @Override
        public DeviceSpec device() {
          return TestDevices.COSTED;
        }

        @Override
        public long saveNs(long bytes, int threads) {
          return bytes > 65_536 ? bytes / 4 : bytes / 2;
        }
      };
    }
  }

  /** Claims a clock under load above the device's maximum clock. */
  public static final class Overclocked extends ModelProvider {
    @Override
    public HardwareModel create(PluginContext context) {
      return new HardwareModel() {
        @Override
        public DeviceSpec device() {
          return TestDevices.COSTED;
        }

        @Override
        public double sustainedClockMhz() {
          return device().clockMhz() * 1.1;
        }
      };
    }
  }

  /** Subtracts an overlap with the previous kernel that can exceed the restore itself. */
  public static final class NegativeRestore extends ModelProvider {
    @Override
    public HardwareModel create(PluginContext context) {
      return new HardwareModel() {
        @Override
        public DeviceSpec device() {
          return TestDevices.COSTED;
        }

        @Override
        public long restoreNs(long bytes, int threads) {
          return bytes / 4 - 1_000;
        }
      };
    }
  }

  /** Not broken: used to check that the suite passes a correct plugin through the same path. */
  public static final class Correct extends SaveProvider {
    @Override
    public ContextSaveStrategy create(PluginContext context) {
      return point -> point.kernel().contextBytesPerBlock() / 2;
    }
  }

  /** A loop of one kernel on queue "loop": each finish submits the next; subclasses break it. */
  abstract static class LoopProvider implements ApplicationProvider {
    static final Kernel KERNEL = new Kernel("step", 40, 256, 32, 0, false,
        BlockProgram.uniform(10_000, 32, 0), new BlockTiming.Exact());

    @Override
    public String id() {
      return "broken-loop";
    }

    @Override
    public String description() {
      return "a deliberately broken application";
    }

    @Override
    public Application create(PluginContext context) {
      return new Application() {
        @Override
        public ApplicationResources resources() {
          return ApplicationResources.oneQueue("loop", Priority.NORMAL);
        }

        @Override
        public void start(ApplicationContext app) {
          app.submit("loop", KERNEL);
        }

        @Override
        public void onJobFinished(FinishedJob job, ApplicationContext app) {
          next(job, app);
        }
      };
    }

    abstract void next(FinishedJob job, ApplicationContext app);
  }

  /** A correct loop. */
  public static final class CorrectLoop extends LoopProvider {
    @Override
    void next(FinishedJob job, ApplicationContext app) {
      app.submit("loop", KERNEL);
    }
  }

  /** Submits its next step to the queue's context's name, a plausible mix-up of ids. */
  public static final class WrongQueue extends LoopProvider {
    @Override
    void next(FinishedJob job, ApplicationContext app) {
      app.submit("loop-context", KERNEL);
    }
  }

  /** Waits a think time measured from the job's submission instead of from now. */
  public static final class WakesInThePast extends LoopProvider {
    @Override
    void next(FinishedJob job, ApplicationContext app) {
      app.wakeAt(job.submitNs() + 1_000);
    }
  }

  /** Draws its next kernel's grid from a generator of its own, not the run's stream. */
  public static final class UnseededGrid extends LoopProvider {
    @Override
    void next(FinishedJob job, ApplicationContext app) {
      int grid = 1 + ThreadLocalRandom.current().nextInt(100);
      app.submit("loop", new Kernel("step", grid, 256, 32, 0, false,
          BlockProgram.uniform(10_000, 32, 0), new BlockTiming.Exact()));
    }
  }

  /** Submits the whole rest of its loop at once whenever a step finishes. */
  public static final class SubmitsWithoutEnd extends LoopProvider {
    @Override
    void next(FinishedJob job, ApplicationContext app) {
      for (int i = 0; i < 20_000; i++) {
        app.submit("loop", KERNEL);
      }
    }
  }
}
