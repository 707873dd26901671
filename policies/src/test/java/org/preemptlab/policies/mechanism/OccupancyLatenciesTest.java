package org.preemptlab.policies.mechanism;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ConfigurationException;

/** Reading a file of REEF-style kernel latencies by occupancy. */
class OccupancyLatenciesTest {
  private static final String HEADER = "kernel,total_us,latency_us\n";

  @Test
  void aRowGivesTheKernelsLatencyAloneAndOneRoundPerOccupancyInNanoseconds() {
    OccupancyLatencies latencies = OccupancyLatencies.parse("# REEF's profiles\n" + HEADER
        + "vgg.conv,164,164 170 186\n\nvgg.add,14, 14\n", "l.csv");

    assertThat(latencies.size()).isEqualTo(2);
    assertThat(latencies.totalNs("vgg.conv")).isEqualTo(164_000);
    assertThat(latencies.occupancies("vgg.conv")).isEqualTo(3);
    assertThat(latencies.roundNs("vgg.conv", 3)).isEqualTo(186_000);
    assertThat(latencies.occupancies("vgg.add")).isEqualTo(1);
    assertThat(latencies.profiled("resnet.conv")).isFalse();
    assertThat(latencies.occupancies("resnet.conv")).isZero();
  }

  @Test
  void anOccupancyNotProfiledIsRefused() {
    OccupancyLatencies latencies = OccupancyLatencies.parse(HEADER + "k,5,5 6\n", "l.csv");

    assertThatThrownBy(() -> latencies.roundNs("k", 3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("kernel 'k' is not profiled at occupancy 3");
  }

  @Test
  void aWrongHeaderIsRefusedNamingTheLineAndTheExpectedHeader() {
    assertThatThrownBy(() -> OccupancyLatencies.parse("# c\nkernel,latency_us\n", "l.csv"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("l.csv:2: expected the header kernel,total_us,latency_us");
  }

  @Test
  void anEmptyFileIsRefused() {
    assertThatThrownBy(() -> OccupancyLatencies.parse("\n# only a comment\n", "l.csv"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("l.csv: empty occupancy latency file: expected the header "
            + "kernel,total_us,latency_us");
  }

  @Test
  void aRowOfTheWrongWidthIsRefused() {
    assertThatThrownBy(() -> OccupancyLatencies.parse(HEADER + "k,5\n", "l.csv"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("l.csv:2: expected 3 columns (kernel,total_us,latency_us), got 2");
  }

  @Test
  void aLatencyThatIsNotAWholePositiveNumberOfMicrosecondsIsRefusedNamingItsOccupancy() {
    assertThatThrownBy(() -> OccupancyLatencies.parse(HEADER + "k,5,5 6.5\n", "l.csv"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("l.csv:2: column 'latency_us', occupancy 2: ")
        .hasMessageEndingWith("(whole microseconds, 1 to 3600000000)");
    assertThatThrownBy(() -> OccupancyLatencies.parse(HEADER + "k,0,5\n", "l.csv"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith("l.csv:2: column 'total_us': ");
    assertThatThrownBy(() -> OccupancyLatencies.parse(HEADER + "k,5,\n", "l.csv"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("l.csv:2: column 'latency_us' must list 1 to 1024 latencies, got 0");
  }

  @Test
  void aKernelListedTwiceIsRefusedWithoutQuotingItsName() {
    assertThatThrownBy(() -> OccupancyLatencies.parse(HEADER + "secret,5,5\nsecret,6,6\n",
        "l.csv"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("l.csv:3: the kernel of line 2 is listed again; each kernel once");
  }

  @Test
  void aMissingFileIsAConfigurationError(@TempDir Path dir) {
    assertThatThrownBy(() -> OccupancyLatencies.read(dir.resolve("none.csv")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("none.csv does not exist");
  }
}
