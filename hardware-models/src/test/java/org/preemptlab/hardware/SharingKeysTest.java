package org.preemptlab.hardware;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.hardware.SharingSupport;
import org.preemptlab.api.hardware.SharingSupport.GreenContextGranularity;
import org.preemptlab.api.hardware.SharingSupport.MigProfile;

/**
 * The optional sharing keys of a model file (mps, mig-profiles, green-context-min-sms and
 * green-context-sm-multiple), read into the model's {@link SharingSupport}.
 */
class SharingKeysTest {

  @Test
  void theH200FileDeclaresVoltaMpsItsMigProfilesAndGreenContextsOfEightSms() {
    SharingSupport h200 = Runs.create(BundledModels.provider("h200")).sharingSupport();

    assertThat(h200.mps()).isEqualTo(SharingSupport.Mps.VOLTA);
    assertThat(h200.migProfiles()).extracting(MigProfile::name).containsExactly("1g.18gb",
        "1g.35gb", "2g.35gb", "3g.71gb", "4g.71gb", "7g.141gb");
    assertThat(h200.migProfiles().get(3)).isEqualTo(new MigProfile("3g.71gb", 3, 71, 60, 4, 8, 2));
    assertThat(h200.migProfiles().get(3).bandwidthShare()).isEqualTo(0.5);
    assertThat(h200.migComputeSlices()).isEqualTo(7);
    assertThat(h200.greenContexts()).contains(new GreenContextGranularity(8, 8));
  }

  @Test
  void modelsWithoutTheKeysDeclareNoSharing() {
    SharingSupport mi50 = Runs.create(BundledModels.provider("mi50")).sharingSupport();

    assertThat(mi50).isEqualTo(SharingSupport.NONE);
  }

  @Test
  void aProfileNotInTheFormIsOneLineNamingTheKeyAndTheForm() {
    assertThatThrownBy(() -> Runs.create(BundledModels.provider("h200"),
        Map.of("mig-profiles", "3g.71gb 60 SMs half memory")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageEndingWith("mig-profiles: profile 1 must read 'NAME SMS SMs M/N memory max K',"
            + " e.g. '3g.71gb 60 SMs 4/8 memory max 2'");
  }

  @Test
  void aSmallerDeviceByOverrideKeepsItsModelUsableAndItsProfilesAreCheckedWhereUsed() {
    SharingSupport small = Runs.create(BundledModels.provider("h200"), Map.of("sm-count", "4"))
        .sharingSupport();

    assertThat(small.migProfiles()).hasSize(6); // SharingConfigTest: instances that do not fit
  }

  @Test
  void aUserFileDeclaresEverySharingKeyAndOneGreenContextKeyWithoutTheOtherIsRefused(
      @TempDir Path dir) throws IOException {
    Path example = Path.of("..", "examples", "hardware", "my-gpu.yaml");
    SharingSupport user = FileModelProvider.load(example).sharingSupport();
    assertThat(user.mps()).isEqualTo(SharingSupport.Mps.VOLTA);
    assertThat(user.migProfiles()).hasSize(5);
    assertThat(user.greenContexts()).contains(new GreenContextGranularity(4, 2));

    Path half = dir.resolve("half.yaml");
    Files.writeString(half, Files.readAllLines(example).stream()
        .filter(line -> !line.startsWith("green-context-sm-multiple:"))
        .reduce("", (a, b) -> a + b + "\n"));
    assertThatThrownBy(() -> FileModelProvider.load(half))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageEndingWith("green-context-min-sms needs green-context-sm-multiple (green "
            + "contexts need both)");
  }

  @Test
  void anUnknownMpsValueNamesTheValidOnes() {
    assertThatThrownBy(() -> Runs.create(BundledModels.provider("h200"), Map.of("mps", "hopper")))
        .hasMessageEndingWith("mps must be one of none, pre-volta, volta");
  }
}
