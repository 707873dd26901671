package org.preemptlab.runner.discovery;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginCatalog;
import org.preemptlab.api.PluginProvider;

/**
 * Loads the providers of one kind with {@link ServiceLoader}, one at a time, so that a provider
 * that fails to load, to instantiate or to describe itself becomes a {@link LoadProblem} and the
 * others still load.
 */
final class ProviderScanner {
  private static final Logger LOG = LogManager.getLogger(ProviderScanner.class);
  private static final Pattern KEBAB_CASE = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");
  private static final Pattern CLASS_NAME =
      Pattern.compile("[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)+");
  /** Guards against a service iterator that keeps failing without advancing. */
  private static final int MAX_FAILURES = 1000;

  private final PluginType<?, ?> type;
  private final ClassLoader loader;
  private final List<DiscoveredPlugin> found = new ArrayList<>();
  private final List<LoadProblem> problems = new ArrayList<>();
  private final List<String> conflicts = new ArrayList<>();

  private ProviderScanner(PluginType<?, ?> type, ClassLoader loader) {
    this.type = type;
    this.loader = loader;
  }

  /** Scans {@code loader} for the providers of {@code type}. */
  static ProviderScanner scan(PluginType<?, ?> type, ClassLoader loader) {
    ProviderScanner scanner = new ProviderScanner(type, loader);
    scanner.checkRegistrations();
    scanner.load();
    scanner.loadCatalogs();
    return scanner;
  }

  /** The providers that loaded, in discovery (class-path) order. */
  List<DiscoveredPlugin> found() {
    return found;
  }

  /** The providers that did not load. */
  List<LoadProblem> problems() {
    return problems;
  }

  /** One message for each provider class registered by more than one jar. */
  List<String> conflicts() {
    return conflicts;
  }

  /**
   * ServiceLoader silently keeps the first of two registrations of one class name (two versions of
   * the same plugin jar); that is a duplicate plugin, so it is reported. Byte-identical copies of
   * one jar are one registration: whichever loads, the plugin is the same.
   */
  private void checkRegistrations() {
    Map<String, Set<String>> jarsByClass = new LinkedHashMap<>();
    Map<String, List<String>> namesByClass = new LinkedHashMap<>();
    for (JarLocations.Registration registration : JarLocations.registrations(loader,
        type.providerType())) {
      for (String className : new LinkedHashSet<>(registration.classNames())) {
        if (jarsByClass.computeIfAbsent(className, c -> new HashSet<>())
            .add(JarLocations.identity(registration.file()))) {
          namesByClass.computeIfAbsent(className, c -> new ArrayList<>()).add(registration.jar());
        }
      }
    }
    namesByClass.forEach((className, jars) -> {
      if (jars.size() > 1) {
        conflicts.add("duplicate " + type.kind().label() + " provider " + className
            + " registered by " + PluginRegistry.andList(jars));
      }
    });
  }

  private void load() {
    ServiceLoader<? extends PluginProvider<?>> serviceLoader =
        ServiceLoader.load(type.providerType(), loader);
    Iterator<? extends ServiceLoader.Provider<? extends PluginProvider<?>>> providers =
        serviceLoader.stream().iterator();
    int failures = 0;
    while (failures < MAX_FAILURES) {
      ServiceLoader.Provider<? extends PluginProvider<?>> handle;
      try {
        if (!providers.hasNext()) {
          return;
        }
        handle = providers.next();
      } catch (ServiceConfigurationError | LinkageError e) {
        failures++;
        unloadable(e);
        continue;
      }
      load(handle);
    }
    LOG.warn("gave up loading {} providers after {} failures", type, failures);
  }

  private void load(ServiceLoader.Provider<? extends PluginProvider<?>> handle) {
    Class<?> providerClass = handle.type();
    String jar = JarLocations.of(providerClass);
    try {
      add(handle.get(), jar);
    } catch (InvalidProvider e) {
      problem(providerClass.getName(), jar, e.getMessage(), e);
    } catch (ServiceConfigurationError e) {
      problem(providerClass.getName(), jar, detail(e), e);
    } catch (RuntimeException | LinkageError e) {
      problem(providerClass.getName(), jar, Throwables.describe(e), e);
    }
  }

  private void add(PluginProvider<?> provider, String jar) {
    PluginDescriptor descriptor = describe(provider, jar);
    found.add(new DiscoveredPlugin(provider, descriptor));
    LOG.debug("found {} '{}' {} in {} ({})", type, descriptor.id(), descriptor.version(), jar,
        provider.getClass().getName());
  }

  /**
   * The providers of this kind that {@link PluginCatalog}s list, after those registered one by
   * one; a catalog that fails, or a listed provider that breaks the contract, is a load problem
   * named by the catalog's class, and the rest still load.
   */
  private void loadCatalogs() {
    Iterator<ServiceLoader.Provider<PluginCatalog>> catalogs =
        ServiceLoader.load(PluginCatalog.class, loader).stream().iterator();
    int failures = 0;
    while (failures < MAX_FAILURES) {
      ServiceLoader.Provider<PluginCatalog> handle;
      try {
        if (!catalogs.hasNext()) {
          return;
        }
        handle = catalogs.next();
      } catch (ServiceConfigurationError | LinkageError e) {
        failures++;
        unloadable(e);
        continue;
      }
      loadCatalog(handle);
    }
    LOG.warn("gave up loading {} catalogs after {} failures", type, failures);
  }

  private void loadCatalog(ServiceLoader.Provider<PluginCatalog> handle) {
    Class<?> catalogClass = handle.type();
    String jar = JarLocations.of(catalogClass);
    try {
      PluginCatalog catalog = handle.get();
      if (!type.providerType().equals(catalog.providerType())) {
        return;
      }
      for (PluginProvider<?> provider : call("providers()", catalog::providers)) {
        try {
          if (!type.providerType().isInstance(provider)) {
            throw new InvalidProvider("lists " + provider.getClass().getName() + ", which is "
                + "not a " + type.providerType().getSimpleName());
          }
          add(provider, jar);
        } catch (InvalidProvider e) {
          problem(catalogClass.getName(), jar, e.getMessage(), e);
        }
      }
    } catch (InvalidProvider e) {
      problem(catalogClass.getName(), jar, e.getMessage(), e);
    } catch (ServiceConfigurationError e) {
      problem(catalogClass.getName(), jar, detail(e), e);
    } catch (RuntimeException | LinkageError e) {
      problem(catalogClass.getName(), jar, Throwables.describe(e), e);
    }
  }

  /** A provider whose class could not even be loaded: name it from the error if possible. */
  private void unloadable(Throwable e) {
    String message = e instanceof ServiceConfigurationError sce ? detail(sce)
        : Throwables.describe(e);
    String className = "?";
    String jar = JarLocations.UNKNOWN;
    Matcher matcher = CLASS_NAME.matcher(message);
    if (matcher.find()) {
      className = matcher.group();
      jar = registeringJar(className);
    }
    problem(className, jar, message, e);
  }

  private String registeringJar(String className) {
    for (JarLocations.Registration registration : JarLocations.registrations(loader,
        type.providerType())) {
      if (registration.classNames().contains(className)) {
        return registration.jar();
      }
    }
    return JarLocations.UNKNOWN;
  }

  /** The error's message without the service-name prefix, with its cause. */
  private String detail(ServiceConfigurationError e) {
    String prefix = type.providerType().getName() + ": ";
    String message = e.getMessage() == null ? "" : e.getMessage();
    if (message.startsWith(prefix)) {
      message = message.substring(prefix.length());
    }
    return e.getCause() == null ? message : message + ": " + Throwables.describe(e.getCause());
  }

  private PluginDescriptor describe(PluginProvider<?> provider, String jar) {
    String id = call("id()", provider::id);
    if (!KEBAB_CASE.matcher(id).matches()) {
      throw new InvalidProvider("id '" + id + "' is not kebab-case (lower-case words and digits "
          + "joined by '-', e.g. 'round-robin')");
    }
    if (type.reservedIds().contains(id)) {
      throw new InvalidProvider("id '" + id + "' is a built-in " + type.kind().label()
          + "'s (built in: " + String.join(", ", type.reservedIds()) + "); choose another id");
    }
    String description = call("description()", provider::description);
    String version = call("version()", provider::version);
    List<ParameterSpec> parameters = List.copyOf(call("parameters()", provider::parameters));
    Set<String> names = new HashSet<>();
    for (ParameterSpec parameter : parameters) {
      if (!names.add(parameter.name())) {
        throw new InvalidProvider("'" + id + "' declares parameter '" + parameter.name()
            + "' twice");
      }
    }
    return new PluginDescriptor(type.kind(), id, description.strip(), version.strip(), jar,
        provider.getClass().getName(), parameters, JarLocations.sha256(provider.getClass()));
  }

  private static <V> V call(String method, Supplier<V> call) {
    V value;
    try {
      value = call.get();
    } catch (RuntimeException | LinkageError e) {
      throw new InvalidProvider(method + " failed: " + Throwables.describe(e), e);
    }
    if (value == null) {
      throw new InvalidProvider(method + " returned null");
    }
    return value;
  }

  private void problem(String className, String jar, String message, Throwable cause) {
    LoadProblem problem = new LoadProblem(type.kind(), className, jar, message);
    problems.add(problem);
    LOG.warn("could not load {}", problem.describe());
    LOG.debug("load failure of {}", className, cause);
  }

  /** A provider that loaded but does not keep the provider contract. */
  private static final class InvalidProvider extends RuntimeException {
    private static final long serialVersionUID = 1L;

    InvalidProvider(String message) {
      super(message);
    }

    InvalidProvider(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
