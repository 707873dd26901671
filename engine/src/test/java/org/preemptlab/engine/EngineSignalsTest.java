package org.preemptlab.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.policy.JobView;

/**
 * Which subscribers need block slots (those that take a per-block signal, alone or fanned out),
 * and that the fan-out forwards every signal of {@link EngineListener} to every subscriber.
 */
class EngineSignalsTest {
  private static final EngineListener JOBS_ONLY = new EngineListener() {
    @Override
    public void jobFinished(long timeNs, JobView job) {}
  };
  private static final EngineListener BLOCKS = new EngineListener() {
    @Override
    public void blockExecuted(int sm, int slot, JobView job, int blockIndex, long startNs,
        long endNs, BlockEnd end) {}
  };
  private static final EngineListener RESTORES = new EngineListener() {
    @Override
    public void contextRestored(int sm, int slot, JobView job, int blockIndex, long startNs,
        long endNs, long bytes) {}
  };
  private static final EngineListener SAVES = new EngineListener() {
    @Override
    public void contextSaved(int sm, int slot, JobView job, int blockIndex, long startNs,
        long endNs, long bytes) {}
  };

  @Test
  void aSubscriberObservesBlocksOnlyIfItTakesAPerBlockSignal() {
    assertThat(EngineSignals.observesBlocks(JOBS_ONLY)).isFalse();
    assertThat(EngineSignals.observesBlocks(BLOCKS)).isTrue();
    assertThat(EngineSignals.observesBlocks(RESTORES)).isTrue();
    assertThat(EngineSignals.observesBlocks(SAVES)).isTrue();
  }

  @Test
  void aFanOutObservesBlocksIfAnyOfItsSubscribersDoes() {
    assertThat(EngineSignals.observesBlocks(EngineSignals.plus(JOBS_ONLY, JOBS_ONLY))).isFalse();
    assertThat(EngineSignals.observesBlocks(EngineSignals.plus(JOBS_ONLY, BLOCKS))).isTrue();
  }

  @Test
  void everySignalCarryingABlockSlotIsMarkedPerBlock() {
    for (Method signal : signals()) {
      boolean carriesSlot = Arrays.stream(signal.getParameters())
          .anyMatch(p -> p.getName().equals("slot") || p.getType() == EngineListener.BlockEnd.class);
      boolean startsWithSmAndSlot = signal.getParameterCount() >= 2
          && signal.getParameterTypes()[0] == int.class && signal.getParameterTypes()[1] == int.class;
      assertThat(signal.isAnnotationPresent(EngineListener.PerBlock.class))
          .as("%s is marked PerBlock exactly when it carries an SM and a slot", signal.getName())
          .isEqualTo(carriesSlot || startsWithSmAndSlot);
    }
  }

  /**
   * A forgotten forward would silently drop a signal when two subscribers listen: every method of
   * the interface, called on a fan-out of two, reaches both, once, with its arguments.
   */
  @Test
  void aFanOutForwardsEverySignalToEverySubscriberInOrder() throws Exception {
    List<String> calls = new ArrayList<>();
    EngineListener fanOut =
        EngineSignals.plus(EngineSignals.plus(null, recorder("a", calls)), recorder("b", calls));
    for (Method signal : signals()) {
      calls.clear();
      Object[] arguments = sampleArguments(signal);
      signal.invoke(fanOut, arguments);
      String call = signal.getName() + Arrays.toString(arguments);
      assertThat(calls).as(signal.getName()).containsExactly("a." + call, "b." + call);
    }
  }

  private static List<Method> signals() {
    return Arrays.stream(EngineListener.class.getMethods())
        .filter(m -> !Modifier.isStatic(m.getModifiers()))
        .toList();
  }

  private static EngineListener recorder(String name, List<String> calls) {
    return (EngineListener) Proxy.newProxyInstance(EngineListener.class.getClassLoader(),
        new Class<?>[] {EngineListener.class}, (proxy, method, args) -> {
          if (method.getDeclaringClass() == Object.class) {
            return method.getName().equals("equals") ? proxy == args[0]
                : method.getName().equals("hashCode") ? System.identityHashCode(proxy)
                : name;
          }
          calls.add(name + "." + method.getName() + Arrays.toString(args));
          return null;
        });
  }

  /** Distinct values per parameter, so a forward that swaps two arguments is caught too. */
  private static Object[] sampleArguments(Method signal) {
    Class<?>[] types = signal.getParameterTypes();
    Object[] arguments = new Object[types.length];
    for (int i = 0; i < types.length; i++) {
      Class<?> type = types[i];
      if (type == int.class) {
        arguments[i] = 10 + i;
      } else if (type == long.class) {
        arguments[i] = 1000L + i;
      } else if (type == String.class) {
        arguments[i] = "s" + i;
      } else if (type.isEnum()) {
        Object[] constants = type.getEnumConstants();
        arguments[i] = constants[i % constants.length];
      } else {
        arguments[i] = null; // views (JobView): identity is all a forward can keep
      }
    }
    return arguments;
  }
}
