package org.preemptlab.engine;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.preemptlab.api.model.EngineKind;
import org.preemptlab.api.policy.JobView;

/**
 * Several subscribers to the engine's signals, as SimGrid's s4u callbacks ({@code
 * Exec::on_start_cb}, {@code Activity::on_completion_cb}): each signal reaches every subscriber, in
 * the order they subscribed. The engine holds one {@link EngineListener}: none, the one subscriber,
 * or this fan-out, so that with no subscriber the hot path pays one null check.
 */
final class EngineSignals implements EngineListener {
  private final EngineListener[] subscribers;

  private EngineSignals(EngineListener[] subscribers) {
    this.subscribers = subscribers;
  }

  /** {@code current} (null, one subscriber or a fan-out) with {@code added} subscribed after it. */
  static EngineListener plus(EngineListener current, EngineListener added) {
    if (current == null) {
      return added;
    }
    List<EngineListener> all = new ArrayList<>();
    if (current instanceof EngineSignals signals) {
      all.addAll(List.of(signals.subscribers));
    } else {
      all.add(current);
    }
    all.add(added);
    return new EngineSignals(all.toArray(new EngineListener[0]));
  }

  /** The signals marked {@link EngineListener.PerBlock}: those that carry a block's slot. */
  private static final List<Method> PER_BLOCK = Arrays.stream(EngineListener.class.getMethods())
      .filter(m -> m.isAnnotationPresent(EngineListener.PerBlock.class))
      .toList();

  /**
   * Whether {@code listener} (or any subscriber of a fan-out) overrides a per-block signal (one
   * marked {@link EngineListener.PerBlock}), the only signals that carry a block's slot: without
   * one the engine need not track slots.
   */
  static boolean observesBlocks(EngineListener listener) {
    if (listener instanceof EngineSignals signals) {
      for (EngineListener s : signals.subscribers) {
        if (observesBlocks(s)) {
          return true;
        }
      }
      return false;
    }
    for (Method signal : PER_BLOCK) {
      if (overrides(listener, signal)) {
        return true;
      }
    }
    return false;
  }

  private static boolean overrides(EngineListener listener, Method signal) {
    try {
      return listener.getClass().getMethod(signal.getName(), signal.getParameterTypes())
          .getDeclaringClass() != EngineListener.class;
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }

  @Override
  public void jobSubmitted(long timeNs, JobView job) {
    for (EngineListener s : subscribers) {
      s.jobSubmitted(timeNs, job);
    }
  }

  @Override
  public void jobDispatched(long timeNs, JobView job) {
    for (EngineListener s : subscribers) {
      s.jobDispatched(timeNs, job);
    }
  }

  @Override
  public void jobFinished(long timeNs, JobView job) {
    for (EngineListener s : subscribers) {
      s.jobFinished(timeNs, job);
    }
  }

  @Override
  public void blockExecuted(int sm, int slot, JobView job, int blockIndex, long startNs,
      long endNs, BlockEnd end) {
    for (EngineListener s : subscribers) {
      s.blockExecuted(sm, slot, job, blockIndex, startNs, endNs, end);
    }
  }

  @Override
  public void contextSaved(int sm, int slot, JobView job, int blockIndex, long startNs,
      long endNs, long bytes) {
    for (EngineListener s : subscribers) {
      s.contextSaved(sm, slot, job, blockIndex, startNs, endNs, bytes);
    }
  }

  @Override
  public void contextRestored(int sm, int slot, JobView job, int blockIndex, long startNs,
      long endNs, long bytes) {
    for (EngineListener s : subscribers) {
      s.contextRestored(sm, slot, job, blockIndex, startNs, endNs, bytes);
    }
  }

  @Override
  public void preemptionRequested(long timeNs, JobView victim) {
    for (EngineListener s : subscribers) {
      s.preemptionRequested(timeNs, victim);
    }
  }

  @Override
  public void contextSwitched(long startNs, long endNs, String from, String to) {
    for (EngineListener s : subscribers) {
      s.contextSwitched(startNs, endNs, from, to);
    }
  }

  @Override
  public void engineLoad(long timeNs, EngineKind engine, int readyJobs, int dispatchedJobs) {
    for (EngineListener s : subscribers) {
      s.engineLoad(timeNs, engine, readyJobs, dispatchedJobs);
    }
  }
}
