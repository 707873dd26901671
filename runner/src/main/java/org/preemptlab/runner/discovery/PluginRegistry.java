package org.preemptlab.runner.discovery;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.random.RandomGenerator;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.ParameterType;
import org.preemptlab.api.Parameters;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.PluginKind;
import org.preemptlab.api.PluginProvider;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;

/**
 * Every plugin provider found with {@link java.util.ServiceLoader}, by kind and id; creates plugin
 * instances for runs.
 *
 * <p>Discovery follows DESIGN §2 and JUnit's launcher: two providers of one kind with the same id
 * are an error naming both classes and jars; a provider that fails to load, to instantiate, or to
 * answer {@code id()}, {@code description()}, {@code version()} or {@code parameters()}, or whose
 * id is not kebab-case, is recorded as a {@link LoadProblem}, logged at WARN, and skipped. Unknown
 * ids and parameters fail with the valid names and the closest match.
 *
 * <p>A registry is immutable once built and safe to share between threads; providers are
 * expected to be stateless, since every run asks them for fresh instances.
 */
public final class PluginRegistry {
  private static final Logger LOG = LogManager.getLogger(PluginRegistry.class);

  private final Map<PluginKind, SortedMap<String, DiscoveredPlugin>> plugins;
  private final List<LoadProblem> problems;
  /**
   * The values last validated for each plugin, with their result: a run validates the same values
   * several times (the checks before it, each instance it creates, its report) and a sweep run
   * after run, so each is parsed once. One entry per plugin, replaced when its values change;
   * {@link Parameters} are immutable, so an entry is shared safely between threads.
   */
  private final Map<PluginKey, Validated> lastValidated = new ConcurrentHashMap<>();

  /** A plugin by kind and id, unique in a registry. */
  private record PluginKey(PluginKind kind, String id) {}

  /** Given values (a copy) and the parameters they validated to. */
  private record Validated(Map<String, String> values, Parameters parameters) {}

  private PluginRegistry(Map<PluginKind, SortedMap<String, DiscoveredPlugin>> plugins,
      List<LoadProblem> problems) {
    this.plugins = plugins;
    this.problems = List.copyOf(problems);
  }

  /**
   * Discovers the providers of every kind visible to {@code loader}.
   *
   * @throws ConfigurationException if two providers of one kind share an id
   */
  public static PluginRegistry discover(ClassLoader loader) {
    return discover(loader, EnumSet.allOf(PluginKind.class));
  }

  /**
   * Discovers the providers of {@code kinds} only: the provider classes of other kinds are
   * neither loaded nor instantiated (their plugin code does not run), and the registry holds no
   * plugin of those kinds. For a command that needs one kind, such as {@code list KIND}.
   *
   * @throws ConfigurationException if two providers of one kind share an id
   */
  public static PluginRegistry discover(ClassLoader loader, Set<PluginKind> kinds) {
    Objects.requireNonNull(loader, "loader");
    Map<PluginKind, SortedMap<String, DiscoveredPlugin>> plugins = new EnumMap<>(PluginKind.class);
    List<LoadProblem> problems = new ArrayList<>();
    List<String> duplicates = new ArrayList<>();
    for (PluginType<?, ?> type : PluginType.all()) {
      if (!kinds.contains(type.kind())) {
        plugins.put(type.kind(), Collections.emptySortedMap());
        continue;
      }
      ProviderScanner scan = ProviderScanner.scan(type, loader);
      problems.addAll(scan.problems());
      duplicates.addAll(scan.conflicts());
      plugins.put(type.kind(), byId(type.kind(), scan.found(), duplicates));
    }
    if (!duplicates.isEmpty()) {
      throw new ConfigurationException(String.join("; ", duplicates));
    }
    PluginRegistry registry = new PluginRegistry(Collections.unmodifiableMap(plugins), problems);
    LOG.debug("discovered {} plugins, {} load problems", registry.descriptors().size(),
        problems.size());
    return registry;
  }

  /**
   * Discovers the providers on the class path of the runner and, if {@code pluginDirectory} is
   * given, in every {@code *.jar} of that directory (sorted by file name), loaded by a {@link
   * java.net.URLClassLoader} whose parent is the class loader of the runner.
   *
   * @throws ConfigurationException if the directory is missing or unreadable, or two providers of
   *     one kind share an id
   */
  public static PluginRegistry discover(Optional<Path> pluginDirectory) {
    return discover(pluginDirectory, EnumSet.allOf(PluginKind.class));
  }

  /**
   * As {@link #discover(Optional)}, for the providers of {@code kinds} only (see {@link
   * #discover(ClassLoader, Set)}).
   */
  public static PluginRegistry discover(Optional<Path> pluginDirectory, Set<PluginKind> kinds) {
    ClassLoader application = PluginRegistry.class.getClassLoader();
    ClassLoader loader = pluginDirectory.<ClassLoader>map(dir -> PluginPath.classLoader(dir, application))
        .orElse(application);
    return discover(loader, kinds);
  }

  /**
   * Discovers the providers visible to {@code parent} and in every {@code *.jar} of {@code
   * pluginDirectory} (sorted by file name).
   *
   * @throws ConfigurationException if the directory is missing or unreadable, or two providers of
   *     one kind share an id
   */
  public static PluginRegistry discover(Path pluginDirectory, ClassLoader parent) {
    return discover(PluginPath.classLoader(pluginDirectory, parent));
  }

  private static SortedMap<String, DiscoveredPlugin> byId(PluginKind kind,
      List<DiscoveredPlugin> found, List<String> duplicates) {
    Map<String, List<DiscoveredPlugin>> groups = new LinkedHashMap<>();
    for (DiscoveredPlugin plugin : found) {
      groups.computeIfAbsent(plugin.descriptor().id(), id -> new ArrayList<>()).add(plugin);
    }
    SortedMap<String, DiscoveredPlugin> byId = new TreeMap<>();
    groups.forEach((id, group) -> {
      if (group.size() > 1) {
        duplicates.add("duplicate " + kind.label() + " id '" + id + "': " + andList(group.stream()
            .map(p -> p.descriptor().providerClass() + " (" + p.descriptor().jar() + ")")
            .toList()));
      }
      byId.put(id, group.get(0));
    });
    return Collections.unmodifiableSortedMap(byId);
  }

  /** {@code a}, {@code a and b}, {@code a, b and c}. */
  static String andList(List<String> items) {
    if (items.size() <= 1) {
      return String.join("", items);
    }
    return String.join(", ", items.subList(0, items.size() - 1)) + " and "
        + items.get(items.size() - 1);
  }

  /** Every plugin, by kind in {@link PluginKind} order, then by id. */
  public List<PluginDescriptor> descriptors() {
    List<PluginDescriptor> all = new ArrayList<>();
    for (PluginKind kind : PluginKind.values()) {
      all.addAll(descriptors(kind));
    }
    return List.copyOf(all);
  }

  /** The plugins of one kind, sorted by id. */
  public List<PluginDescriptor> descriptors(PluginKind kind) {
    return plugins.get(kind).values().stream().map(DiscoveredPlugin::descriptor).toList();
  }

  /** The ids of one kind, sorted. */
  public List<String> ids(PluginKind kind) {
    return List.copyOf(plugins.get(kind).keySet());
  }

  /** Whether a plugin of {@code kind} has the id {@code id}. */
  public boolean contains(PluginKind kind, String id) {
    return plugins.get(kind).containsKey(id);
  }

  /**
   * The descriptor of one plugin.
   *
   * @throws ConfigurationException for an unknown id, with the closest match and the valid ids
   */
  public PluginDescriptor descriptor(PluginKind kind, String id) {
    return find(kind, id).descriptor();
  }

  /** The providers that could not be loaded, in discovery order. */
  public List<LoadProblem> problems() {
    return problems;
  }

  /**
   * The provider of one plugin.
   *
   * @throws ConfigurationException for an unknown id, with the closest match and the valid ids
   */
  public PluginProvider<?> provider(PluginKind kind, String id) {
    return find(kind, id).provider();
  }

  /**
   * The provider of one plugin, typed: {@code provider(PluginType.SCHEDULING_POLICY, "fifo")} is a
   * {@code SchedulingPolicyProvider}.
   *
   * @throws ConfigurationException for an unknown id, with the closest match and the valid ids
   */
  public <P extends PluginProvider<T>, T> P provider(PluginType<P, T> type, String id) {
    return type.providerType().cast(find(type.kind(), id).provider());
  }

  /**
   * Validates user parameter values for one plugin and fills in defaults, without creating it: for
   * checking a whole sweep before the first run starts.
   *
   * @throws ConfigurationException for an unknown id or parameter (with the closest match and the
   *     valid names) or an invalid value (naming the parameter and its range)
   */
  public Parameters parameters(PluginKind kind, String id, Map<String, String> values) {
    return validate(find(kind, id).descriptor(), values);
  }

  private Parameters validate(PluginDescriptor descriptor, Map<String, String> values) {
    Objects.requireNonNull(values, "values");
    PluginKey key = new PluginKey(descriptor.kind(), descriptor.id());
    Validated last = lastValidated.get(key);
    if (last != null && last.values().equals(values)) {
      return last.parameters();
    }
    Parameters parameters = Parameters.of(descriptor.displayName(), descriptor.parameters(),
        values);
    // a copy that allows what the given map allows (a null value fails in Parameters.of above)
    lastValidated.put(key, new Validated(Collections.unmodifiableMap(new HashMap<>(values)),
        parameters));
    return parameters;
  }

  /**
   * Creates a fresh plugin instance for one run.
   *
   * @param type the plugin's type, e.g. {@link PluginType#SCHEDULING_POLICY}
   * @param id its id
   * @param values the user's parameter values by name; missing ones take their defaults
   * @param device the run's device; {@code null} for hardware models, which define it
   * @param random the plugin's own random stream
   * @return the new instance, never null
   * @throws ConfigurationException for an unknown id or parameter, an invalid value, or when the
   *     plugin itself rejects its configuration
   * @throws PluginFailureException when the plugin fails in any other way
   */
  public <P extends PluginProvider<T>, T> T create(PluginType<P, T> type, String id,
      Map<String, String> values, DeviceSpec device, RandomGenerator random) {
    return create(type, id, values, device == null ? null : () -> device, random);
  }

  /**
   * Creates a fresh plugin instance for one run that can see the run's hardware model (for
   * example to estimate save times); otherwise as {@link #create(PluginType, String, Map,
   * DeviceSpec, RandomGenerator)}.
   *
   * @param hardware the run's hardware model; {@code null} for hardware models themselves
   */
  public <P extends PluginProvider<T>, T> T create(PluginType<P, T> type, String id,
      Map<String, String> values, HardwareModel hardware, RandomGenerator random) {
    return create(type, id, validate(find(type.kind(), id).descriptor(), values), hardware,
        random);
  }

  /**
   * Creates a fresh plugin instance from parameters already validated by {@link #parameters}
   * for this plugin (a run plan's), without validating them again; otherwise as {@link
   * #create(PluginType, String, Map, HardwareModel, RandomGenerator)}.
   *
   * @param parameters the values {@code parameters(type.kind(), id, ...)} returned
   */
  public <P extends PluginProvider<T>, T> T create(PluginType<P, T> type, String id,
      Parameters parameters, HardwareModel hardware, RandomGenerator random) {
    Objects.requireNonNull(parameters, "parameters");
    DiscoveredPlugin plugin = find(type.kind(), id);
    PluginDescriptor descriptor = plugin.descriptor();
    PluginContext context = new PluginContext(parameters,
        hardware == null ? null : hardware.device(), random, hardware);
    P provider = type.providerType().cast(plugin.provider());
    T instance;
    try {
      instance = provider.create(context);
    } catch (ConfigurationException e) {
      throw new PluginRefusedException(descriptor.kind(), descriptor.id(), e);
    } catch (OutOfMemoryError e) {
      throw e;
    } catch (Throwable e) { // an Error, or a checked exception its code throws undeclared
      throw new PluginFailureException(descriptor, "create()", e);
    }
    if (instance == null) {
      throw new PluginFailureException(descriptor, "returned null from create()");
    }
    return instance;
  }

  /**
   * Creates a fresh plugin instance of a kind chosen at run time; see {@link #create(PluginType,
   * String, Map, DeviceSpec, RandomGenerator)}. The result is an instance of {@code
   * PluginType.of(kind).pluginType()}.
   */
  public Object create(PluginKind kind, String id, Map<String, String> values, DeviceSpec device,
      RandomGenerator random) {
    return create(PluginType.of(kind), id, values, device, random);
  }

  private DiscoveredPlugin find(PluginKind kind, String id) {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(id, "id");
    DiscoveredPlugin plugin = plugins.get(kind).get(id);
    if (plugin == null) {
      throw ConfigurationException.unknown(kind.label(), id, plugins.get(kind).keySet());
    }
    return plugin;
  }
}
