package org.preemptlab.runner.cli;

import java.io.PrintStream;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.runner.experiment.Demo;
import org.preemptlab.runner.experiment.RunConfig;
import org.preemptlab.runner.experiment.RunExecutor;

/**
 * {@code preemptlab demo}: high-priority inference against low-priority training on an H200, for
 * every preemption strategy × context-save strategy under the priority policy.
 */
final class DemoCommand implements Command {
  static final Option MARKDOWN = Option.builder().longOpt("markdown")
      .desc("print the table as Markdown (the README's demo table is this output)").get();

  @Override
  public String name() {
    return "demo";
  }

  @Override
  public String summary() {
    return "compare every preemption x context-save strategy on inference vs training (default)";
  }

  @Override
  public Options options() {
    return new Options().addOption(RunCommand.CONFIG).addOption(RunCommand.POLICY)
        .addOption(RunCommand.HARDWARE).addOption(RunCommand.WORKLOAD).addOption(RunCommand.SEED)
        .addOption(RunCommand.SET).addOption(RunCommand.CHECK_INVARIANTS)
        .addOption(SharedOptions.PLUGIN_PATH).addOption(MARKDOWN);
  }

  @Override
  public String examples() {
    return """
        preemptlab demo
        preemptlab demo --seed 7
        preemptlab demo --markdown
        preemptlab demo --config examples/configs/inference-vs-training.yaml
        How to read the table: README.md, section "Reading the demo".""";
  }

  @Override
  public int run(CommandLine line, PrintStream out) {
    if (!line.getArgList().isEmpty()) {
      throw new ConfigurationException("demo takes no arguments, got " + line.getArgList());
    }
    RunConfig base = RunCommand.resolve(line);
    RunExecutor executor = new RunExecutor(SharedOptions.registry(line));
    executor.plan(base); // every plugin id and parameter is checked before the first run
    if (line.hasOption(MARKDOWN)) {
      out.print(Demo.markdown(Demo.run(base, executor)));
      return 0;
    }
    out.println("PreemptLab demo: " + base.workload().generator() + " workload, policy "
        + base.policy() + ", hardware " + base.hardware() + ", seed " + base.seed());
    out.println("Every row simulates the same workload (same seed); latencies in microseconds:"
        + " to-waiter = preemption request until the waiting job placed its next block,"
        + " all-freed = until every victim block had left its SM.");
    out.println();
    List<Demo.Row> rows = Demo.run(base, executor);
    out.print(Demo.render(rows));
    return 0;
  }
}
