package org.preemptlab.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.DeviceCosts;
import org.preemptlab.api.hardware.DeviceSpec;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.api.hardware.SmSpec;

class FileModelProviderTest {
  /** A complete model, one key per line, line numbers 1 to 20 (the name is on line 1). */
  private static final String VALID = """
      name = Test GPU            # line 1
      sm-count = 4
      max-threads-per-sm = 1024
      max-blocks-per-sm = 16
      registers-per-sm = 65_536
      shared-memory-per-sm = 65536
      shared-memory-reserved-per-block = 0
      clock-mhz = 1000
      kernel-launch = 5us
      block-dispatch = 100ns
      preemption-signal = 1us
      save-bandwidth-gbps = 400
      save-fixed = 2us
      restore-bandwidth-gbps = 200
      restore-fixed = 3us
      context-switch = 50us
      time-slice = 1.5ms
      preemption-check-cycles = 2.5
      instruction-level-preemption = true
      concurrent-contexts = false
      """;

  @TempDir Path dir;
  private final FileModelProvider provider = new FileModelProvider();

  private Path write(String name, String content) throws IOException {
    return Files.writeString(dir.resolve(name), content, StandardCharsets.UTF_8);
  }

  private HardwareModel createFrom(Path file) {
    return Runs.create(provider, Map.of("path", file.toString()));
  }

  @Test
  void loadsEveryValueOfAUserFile() throws IOException {
    HardwareModel model = createFrom(write("test.hw", VALID));
    DeviceSpec device = model.device();
    assertThat(device.name()).isEqualTo("Test GPU");
    assertThat(device.smCount()).isEqualTo(4);
    assertThat(device.sm()).isEqualTo(new SmSpec(1024, 16, 65536, 65536, 0));
    assertThat(device.clockMhz()).isEqualTo(1000.0);
    assertThat(device.costs()).isEqualTo(new DeviceCosts(5_000, 100, 1_000, 400.0, 2_000, 200.0,
        3_000, 50_000, 1_500_000, 2.5));
    assertThat(device.instructionLevelPreemption()).isTrue();
    assertThat(device.concurrentContexts()).isFalse();
  }

  @Test
  void fileWithoutPerThreadKeysSavesAtItsShareOfTheBandwidth() throws IOException {
    HardwareModel model = createFrom(write("test.hw", VALID));
    // 4 SMs share 400 B/ns: 100 B/ns each; 10,000 B -> 100 ns + 2 us fixed.
    assertThat(model.saveNs(10_000, 512)).isEqualTo(2_100);
    // restores: 200 / 4 = 50 B/ns; 10,000 B -> 200 ns + 3 us fixed.
    assertThat(model.restoreNs(10_000, 512)).isEqualTo(3_200);
  }

  @Test
  void fileWithPerThreadKeysAddsTimePerResidentThread() throws IOException {
    HardwareModel model = createFrom(write("test.hw",
        VALID + "save-per-thread-ns = 2\nrestore-per-thread-ns = 0.5\n"));
    assertThat(model.saveNs(10_000, 512)).isEqualTo(2_100 + 1_024);
    assertThat(model.restoreNs(10_000, 512)).isEqualTo(3_200 + 256);
  }

  @Test
  void fileWithUnknownKeyNamesLineAndClosestKey() throws IOException {
    Path file = write("my.hw", VALID.replace("sm-count = 4", "sm-cout = 4"));
    assertThatThrownBy(() -> createFrom(file))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith(file + ":2: unknown key 'sm-cout'; did you mean 'sm-count'?"
            + " valid: block-dispatch, clock-mhz, concurrent-contexts,");
  }

  @Test
  void aFileThatIsNoModelIsRefusedWithoutQuotingItsFirstKey() throws IOException { // issue 27
    Path file = write("secret.env", "API_TOKEN=not-a-real-secret\n");
    assertThatThrownBy(() -> createFrom(file))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith(file + ":1: not a hardware model file: the first key is not a "
            + "model key")
        .hasMessageNotContaining("API_TOKEN");
  }

  @Test
  void fileWithMissingKeyNamesFileAndKey() throws IOException {
    Path file = write("my.hw", VALID.replace("clock-mhz = 1000\n", ""));
    assertThatThrownBy(() -> createFrom(file))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage(file + ": missing key 'clock-mhz'");
  }

  @Test
  void fileWithSeveralMissingKeysNamesThemAll() throws IOException {
    Path file = write("my.hw", "name = Half a GPU\nsm-count = 2\n");
    assertThatThrownBy(() -> createFrom(file))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith(file + ": missing keys 'max-threads-per-sm', 'max-blocks-per-sm',")
        .hasMessageEndingWith("'concurrent-contexts'");
  }

  @Test
  void fileWithBadWholeNumberNamesLineKeyAndValue() throws IOException {
    Path file = write("my.hw", VALID.replace("sm-count = 4", "sm-count = x"));
    assertThatThrownBy(() -> createFrom(file))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage(file + ":2: sm-count: expected a whole number in [1, 4096], got 'x'");
  }

  @Test
  void fileWithOutOfRangeValueNamesTheRange() throws IOException {
    Path file = write("my.hw", VALID.replace("sm-count = 4", "sm-count = 0"));
    assertThatThrownBy(() -> createFrom(file))
        .hasMessage(file + ":2: sm-count: expected a whole number in [1, 4096], got '0'");
  }

  @Test
  void fileWithDurationWithoutValidUnitNamesLine() throws IOException {
    Path file = write("my.hw", VALID.replace("time-slice = 1.5ms", "time-slice = 1.5 minutes"));
    assertThatThrownBy(() -> createFrom(file))
        .hasMessage(file + ":17: time-slice: expected a duration in [1us, 3600s] with a unit"
            + " (ns, us, ms or s), got '1.5 minutes'");
  }

  @Test
  void fileWithBadBooleanNamesLine() throws IOException {
    Path file = write("my.hw", VALID.replace("concurrent-contexts = false",
        "concurrent-contexts = maybe"));
    assertThatThrownBy(() -> createFrom(file))
        .hasMessage(file + ":20: concurrent-contexts: expected true or false, got 'maybe'");
  }

  @Test
  void fileWithZeroBandwidthNamesLineAndMinimum() throws IOException {
    Path file = write("my.hw", VALID.replace("save-bandwidth-gbps = 400",
        "save-bandwidth-gbps = 0"));
    assertThatThrownBy(() -> createFrom(file))
        .hasMessage(file + ":12: save-bandwidth-gbps: expected a number in [0.001, 1000000], got '0'");
  }

  @Test
  void fileWithInvalidCombinationNamesTheFile() throws IOException {
    Path file = write("my.hw", VALID.replace("shared-memory-reserved-per-block = 0",
        "shared-memory-reserved-per-block = 70000"));
    assertThatThrownBy(() -> createFrom(file))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage(file + ": shared-memory-reserved-per-block (70000 B) exceeds"
            + " shared-memory-per-sm (65536 B), so no block could ever be resident");
  }

  @Test
  void fileWithKeySetTwiceNamesBothLines() throws IOException {
    Path file = write("my.hw", VALID + "sm-count = 8\n");
    assertThatThrownBy(() -> createFrom(file))
        .hasMessage(file + ":21: key 'sm-count' is set twice (first on line 2)");
  }

  @Test
  void fileWithLineWithoutEqualsSignNamesLine() throws IOException {
    Path file = write("my.hw", "# a model\n\nsm-count 4\n");
    assertThatThrownBy(() -> createFrom(file))
        .hasMessage(file + ":3: expected a line 'key = value' (docs/hardware-models.md); this line "
            + "has no '='");
  }

  @Test
  void fileWithEmptyValueNamesLine() throws IOException {
    Path file = write("my.hw", "sm-count =   # forgot\n");
    assertThatThrownBy(() -> createFrom(file))
        .hasMessage(file + ":1: sm-count: no value after '='");
  }

  @Test
  void commentsAndBlankLinesAreIgnoredButHashInsideAWordIsKept() throws IOException {
    String content = "# header\n\n" + VALID.replace("name = Test GPU            # line 1",
        "  name = GPU#2   # the second one");
    HardwareModel model = createFrom(write("test.hw", content));
    assertThat(model.device().name()).isEqualTo("GPU#2");
  }

  @Test
  void missingPathIsAClearError() {
    assertThatThrownBy(() -> Runs.create(provider))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("hardware 'file' needs the model file to load: set hardware.path=<file>"
            + " (the format is in docs/hardware-models.md)");
  }

  @Test
  void nonexistentFileIsAClearError() {
    Path missing = dir.resolve("nope.hw");
    assertThatThrownBy(() -> createFrom(missing))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("hardware model file " + missing + " does not exist");
  }

  @Test
  void theExampleInTheDocsLoads() throws IOException {
    Path docs = Path.of("..", "docs", "hardware-models.md");
    Assumptions.assumeTrue(Files.exists(docs), "docs/hardware-models.md is beside this module");
    String page = Files.readString(docs);
    int heading = page.indexOf("### A complete example to copy");
    int start = page.indexOf("```\n", heading) + 4;
    String example = page.substring(start, page.indexOf("```", start));
    HardwareModel model = createFrom(write("my-gpu.yaml", example));
    assertThat(model.device().name()).isEqualTo("My GPU (example)");
    // 420 KB of context per SM at 1.1 TB/s over 108 SMs: 430,080 / (1100 / 108) = 42,226.9 -> 42,227 ns.
    assertThat(model.saveNs(430_080, 2048)).isEqualTo(42_227);
  }

  @Test
  void bundledFilesLoadThroughTheFileProvider() throws IOException {
    try (var in = ModelFile.class.getResourceAsStream("h200.yaml")) {
      Path copy = Files.write(dir.resolve("h200-copy.yaml"), in.readAllBytes());
      assertThat(createFrom(copy)).isEqualTo(Runs.create(BundledModels.provider("h200")));
    }
  }

  @Test
  void aYamlFileIsAFlatMappingOfKeyColonValue() throws IOException {
    String yaml = "---\n" + VALID.replace(" = ", ": ").replace("Test GPU", "'Test GPU'");
    HardwareModel model = createFrom(write("test.yaml", yaml));
    assertThat(model.device().name()).isEqualTo("Test GPU");
    assertThat(model).isEqualTo(createFrom(write("test.hw", VALID)));
  }

  @Test
  void aNestedYamlValueIsRefusedNamingItsLine() throws IOException {
    Path file = write("nested.yaml", "name: x\n  sm-count: 4\n");
    assertThatThrownBy(() -> createFrom(file))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage(file + ":2: a hardware model file is a flat mapping of 'key: value' lines;"
            + " nested values and lists are not allowed (this line is one)");
  }

  @Test
  void aCostMayBeQuantilePointsAndDrawsStayWithinThem() throws IOException {
    HardwareModel model = createFrom(write("q.hw", VALID.replace("kernel-launch = 5us",
        "kernel-launch = p10 4us, p50 5us, p99 20us")));
    assertThat(model.device().costs().kernelLaunchNs()).isEqualTo(5_000);
    var random = model.newCostStream();
    for (int i = 0; i < 200; i++) {
      assertThat(model.kernelLaunchNs(false, random)).isBetween(4_000L, 20_000L);
    }
  }

  @Test
  void quantilePointsOutOfOrderAreRefusedNamingTheLine() throws IOException {
    Path file = write("bad.hw", VALID.replace("kernel-launch = 5us",
        "kernel-launch = p50 9us, p10 8us"));
    assertThatThrownBy(() -> createFrom(file))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageStartingWith(file + ":9: kernel-launch: expected a duration or quantile points");
  }
  @Test
  void anAchievableBandwidthWithoutThePeakNamesTheFileAndTheMissingKey() throws IOException {
    // issue 48: this was "achievable DRAM bandwidth (1000.0 GB/s) must not exceed the peak (0.0)"
    String yaml = VALID.replace(" = ", ": ").replace("Test GPU", "'Test GPU'")
        + "dram-achievable-gbps: 1000\n";
    Path file = write("my-gpu.yaml", yaml);
    assertThatThrownBy(() -> createFrom(file))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage(file + ": dram-achievable-gbps needs dram-bandwidth-gbps (the device's"
            + " datasheet peak DRAM bandwidth in GB/s, which the achievable bandwidth must not"
            + " exceed)");
  }
}
