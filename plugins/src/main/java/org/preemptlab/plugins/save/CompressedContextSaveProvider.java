package org.preemptlab.plugins.save;

import java.util.List;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.ParameterSpec;
import org.preemptlab.api.PluginContext;
import org.preemptlab.api.preemption.ContextSaveStrategy;
import org.preemptlab.api.preemption.ContextSaveStrategyProvider;

/**
 * Provides the {@code compressed} context-save strategy ({@link CompressedContextSave}).
 * Parameter: {@code ratio}, in (0, 1].
 */
public final class CompressedContextSaveProvider implements ContextSaveStrategyProvider {
  /** The plugin id. */
  public static final String ID = "compressed";
  /** Compressed size over live size. */
  public static final String RATIO = "ratio";
  /** The default ratio: an assumption (2:1), see docs/preemption.md. */
  public static final double DEFAULT_RATIO = 0.5;

  private static final List<ParameterSpec> PARAMETERS = List.of(
      ParameterSpec.real(RATIO, DEFAULT_RATIO, 0, 1, "",
          "compressed size over live size, in (0, 1]; default 0.5 is an assumption (2:1), not"
          + " a measurement"));

  /** Creates the provider; called by {@link java.util.ServiceLoader}. */
  public CompressedContextSaveProvider() {}

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String description() {
    return "Saves the live registers and shared memory, compressed by a fixed ratio.";
  }

  @Override
  public List<ParameterSpec> parameters() {
    return PARAMETERS;
  }

  /**
   * {@inheritDoc}
   *
   * @throws ConfigurationException if the ratio is 0
   */
  @Override
  public ContextSaveStrategy create(PluginContext context) {
    double ratio = context.parameters().getDouble(RATIO);
    if (!(ratio > 0)) {
      throw new ConfigurationException("parameter '" + RATIO + "' of context-save '" + ID
          + "' must be in (0, 1], got " + ratio + "; 1 means no compression");
    }
    return new CompressedContextSave(ratio);
  }
}
