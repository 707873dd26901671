package org.preemptlab.runner.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.PluginKind;
import org.preemptlab.runner.discovery.PluginListing;
import org.preemptlab.runner.discovery.PluginRegistry;

/** {@code preemptlab list [KIND]}: every plugin with its kind, version, jar and parameters. */
final class ListCommand implements Command {
  @Override
  public String name() {
    return "list";
  }

  @Override
  public String summary() {
    return "list the plugins of every kind with their parameters and defaults";
  }

  @Override
  public Options options() {
    return new Options().addOption(SharedOptions.PLUGIN_PATH);
  }

  @Override
  public String examples() {
    return """
        preemptlab list
        preemptlab list policy
        preemptlab list --plugin-path examples/custom-policy/target
        KIND is one of: policy, preemption, context-save, hardware, workload, application""";
  }

  @Override
  public int run(CommandLine line, PrintStream out) {
    List<String> args = line.getArgList();
    if (args.size() > 1) {
      throw new ConfigurationException("list takes at most one KIND, got " + args);
    }
    if (args.isEmpty()) {
      out.print(PluginListing.render(SharedOptions.registry(line), java.util.Optional.empty()));
      return 0;
    }
    List<String> keys = Arrays.stream(PluginKind.values()).map(PluginKind::key).toList();
    PluginKind kind = Arrays.stream(PluginKind.values()).filter(k -> k.key().equals(args.get(0)))
        .findFirst().orElseThrow(() -> ConfigurationException.unknown("plugin kind", args.get(0),
            keys));
    // only this kind's providers are instantiated: other plugin code in the jars does not run
    PluginRegistry registry = SharedOptions.registry(line, java.util.EnumSet.of(kind));
    out.print(PluginListing.render(registry, java.util.Optional.of(kind)));
    return 0;
  }
}
