package org.preemptlab.applications.training;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.model.Kernel;

class IterationProfileTest {

  private static Path file(Path dir, String text) throws IOException {
    Path file = dir.resolve("p.csv");
    Files.writeString(file, text);
    return file;
  }

  @Test
  void rowsBecomeKernelsInOrderAndAQuotedNameMayHoldCommas(@TempDir Path dir)
      throws IOException {
    List<Kernel> kernels = IterationProfile.read(file(dir, "# a comment\n"
        + IterationProfile.HEADER + "\n"
        + "\"gemm<1, 2>\",264,384,168,204800,85000\n"
        + "adam,320,512,64,0,89000\n"));

    assertThat(kernels).extracting(Kernel::name).containsExactly("gemm<1, 2>", "adam");
    Kernel gemm = kernels.get(0);
    assertThat(gemm.gridBlocks()).isEqualTo(264);
    assertThat(gemm.threadsPerBlock()).isEqualTo(384);
    assertThat(gemm.registersPerThread()).isEqualTo(168);
    assertThat(gemm.sharedMemoryPerBlock()).isEqualTo(204800);
    assertThat(gemm.program().durationNs()).isEqualTo(85000);
  }

  @Test
  void aBadRowNamesTheFileLineAndColumn(@TempDir Path dir) throws IOException {
    Path bad = file(dir, IterationProfile.HEADER + "\nk,264,384,300,0,10\n");
    assertThatThrownBy(() -> IterationProfile.read(bad))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage(bad + ":2: column 4 (registers): expected a whole number in [1, 255] in ASCII "
            + "digits");

    Path shortRow = file(dir, IterationProfile.HEADER + "\nk,264\n");
    assertThatThrownBy(() -> IterationProfile.read(shortRow))
        .hasMessageContaining(":2: expected 6 columns");

    Path noHeader = file(dir, "k,1,1,1,0,1\n");
    assertThatThrownBy(() -> IterationProfile.read(noHeader))
        .hasMessageContaining(":1: expected the header");

    Path empty = file(dir, IterationProfile.HEADER + "\n");
    assertThatThrownBy(() -> IterationProfile.read(empty))
        .hasMessageContaining("no kernel row after the header");
  }

  @Test
  void aProfileWithDramBytesGivesEachBlockItsTrafficForTheContentionRules(@TempDir Path dir)
      throws IOException {
    List<Kernel> kernels = IterationProfile.read(file(dir, IterationProfile.HEADER_WITH_DRAM
        + "\ngemm,264,384,168,204800,85000,1048576\nadam,320,512,64,0,89000,0\n"));

    assertThat(kernels.get(0).program().dramBytes()).isEqualTo(1_048_576);
    assertThat(kernels.get(0).program().durationNs()).isEqualTo(85000);
    assertThat(kernels.get(0).program().dramBytesPerNs()).isEqualTo(1_048_576 / 85000.0);
    assertThat(kernels.get(1).program().dramBytes()).isZero();
  }

  @Test
  void aBadDramCellIsAOneLineErrorAndTheSixColumnHeaderStaysWithoutTraffic(@TempDir Path dir)
      throws IOException {
    Path negative = file(dir, IterationProfile.HEADER_WITH_DRAM + "\nk,1,32,16,0,10,-1\n");
    assertThatThrownBy(() -> IterationProfile.read(negative))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage(negative + ":2: column 7 (dram_bytes_per_block): expected a whole number in "
            + "[0, 1099511627776] in ASCII digits");

    Path sixCells = file(dir, IterationProfile.HEADER_WITH_DRAM + "\nk,1,32,16,0,10\n");
    assertThatThrownBy(() -> IterationProfile.read(sixCells))
        .hasMessageContaining(":2: expected 7 columns (" + IterationProfile.HEADER_WITH_DRAM);

    assertThat(IterationProfile.read(file(dir, IterationProfile.HEADER + "\nk,1,32,16,0,10\n"))
        .get(0).program().dramBytes()).isZero();
  }

  @Test
  void fullWidthDigitsAreNotNumbersAndTheCellIsNotQuoted(@TempDir Path dir) throws IOException {
    Path wide = file(dir, IterationProfile.HEADER + "\nk,\uFF12\uFF16\uFF14,384,32,0,10\n");

    assertThatThrownBy(() -> IterationProfile.read(wide))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage(wide + ":2: column 2 (grid): expected a whole number in [1, 16777216] in "
            + "ASCII digits");
  }

  @Test
  void aDirectoryIsRefusedAsNotARegularFile(@TempDir Path dir) {
    assertThatThrownBy(() -> IterationProfile.read(dir))
        .isInstanceOf(ConfigurationException.class)
        .hasMessageContaining("not a regular file");
  }

}
