package org.preemptlab.runner.experiment;

import static com.google.common.base.Preconditions.checkArgument;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.Map;
import java.util.TreeMap;

/**
 * A plugin chosen in a run configuration: its id and parameter values. In YAML either a bare id
 * ({@code policy: fifo}) or a mapping ({@code policy: {id: priority, parameters: {preempt: true}}}).
 *
 * @param id the plugin's id
 * @param parameters parameter values as the user wrote them, sorted by name
 */
public record PluginChoice(String id, Map<String, String> parameters) {

  /** Validates the id and copies the parameters into sorted order. */
  public PluginChoice {
    checkArgument(id != null, "missing 'id': write the plugin's id, e.g. 'fifo', or a mapping "
        + "with 'id' and 'parameters'");
    checkArgument(!id.isBlank(), "a plugin id must not be empty");
    parameters = parameters == null ? Map.of()
        : java.util.Collections.unmodifiableMap(new TreeMap<>(parameters));
  }

  /** A choice of {@code id} with default parameters: the bare-id YAML form. */
  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  public static PluginChoice of(String id) {
    return new PluginChoice(id, Map.of());
  }

  /** The same plugin with one more parameter value. */
  public PluginChoice with(String name, String value) {
    Map<String, String> copy = new TreeMap<>(parameters);
    copy.put(name, value);
    return new PluginChoice(id, copy);
  }

  /** {@code id} or {@code id(k=v, ...)}. */
  @Override
  public String toString() {
    if (parameters.isEmpty()) {
      return id;
    }
    StringBuilder sb = new StringBuilder(id).append('(');
    parameters.forEach((k, v) -> sb.append(k).append('=').append(v).append(", "));
    sb.setLength(sb.length() - 2);
    return sb.append(')').toString();
  }

  /** A copy whose relative file-path parameters are resolved against {@code dir}. */
  public PluginChoice withPathsResolvedAgainst(java.nio.file.Path dir) {
    return new PluginChoice(id, RunConfig.resolvePaths(parameters, dir));
  }
}
