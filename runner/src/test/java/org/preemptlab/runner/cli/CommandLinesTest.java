package org.preemptlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.junit.jupiter.api.Test;

class CommandLinesTest {
  @Test
  void optionsAreWrittenBackInTheOrderGivenWithLongNamesAndShellQuoting() throws Exception {
    CommandLine line = DefaultParser.builder().get().parse(new RunCommand().options(),
        new String[] {"-c", "my dir/x.yaml", "--set", "hardware.time-slice=1ms", "--set",
            "name=it's", "--seed", "7"});

    assertThat(CommandLines.render("run", line)).isEqualTo("preemptlab run --config "
        + "'my dir/x.yaml' --set hardware.time-slice=1ms --set 'name=it'\\''s' --seed 7");
  }

  @Test
  void flagsHaveNoValue() throws Exception {
    CommandLine line = DefaultParser.builder().get().parse(new SweepCommand().options(),
        new String[] {"--config", "s.yaml", "--resume", "--jobs", "2"});

    assertThat(CommandLines.render("sweep", line))
        .isEqualTo("preemptlab sweep --config s.yaml --resume --jobs 2");
  }
}
