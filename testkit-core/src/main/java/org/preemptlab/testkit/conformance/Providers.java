package org.preemptlab.testkit.conformance;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import org.preemptlab.api.PluginProvider;

/** Finds and instantiates the provider a conformance test names as its suite's type argument. */
final class Providers {
  private Providers() {}

  /**
   * A new instance of the provider class that {@code test}'s class binds to the type parameter of
   * {@code suite}, through its public no-argument constructor.
   */
  static <P extends PluginProvider<?>> P of(Object test, Class<?> suite) {
    Class<?> type = providerClass(test.getClass(), suite);
    try {
      @SuppressWarnings("unchecked")
      P provider = (P) type.getConstructor().newInstance();
      return provider;
    } catch (NoSuchMethodException | InstantiationException | IllegalAccessException e) {
      throw new IllegalStateException(type.getName() + " needs a public no-argument constructor"
          + " (ServiceLoader requires one too), or override provider() in "
          + test.getClass().getSimpleName(), e);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("the constructor of " + type.getName() + " threw "
          + e.getCause(), e.getCause());
    }
  }

  private static Class<?> providerClass(Class<?> test, Class<?> suite) {
    for (Class<?> c = test; c != null && c != Object.class; c = c.getSuperclass()) {
      Type parent = c.getGenericSuperclass();
      if (parent instanceof ParameterizedType p && p.getRawType() == suite
          && p.getActualTypeArguments()[0] instanceof Class<?> type) {
        return type;
      }
    }
    throw new IllegalStateException(test.getSimpleName() + " must extend "
        + suite.getSimpleName() + "<YourProvider> with a concrete provider class, or override "
        + "provider()");
  }
}
