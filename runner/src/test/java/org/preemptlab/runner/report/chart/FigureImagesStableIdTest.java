package org.preemptlab.runner.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FigureImagesStableIdTest {

  private static byte[] pdf(String id) {
    return ("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Size 2 /ID " + id
        + " >>\nstartxref\n9\n%%EOF\n").getBytes(StandardCharsets.ISO_8859_1);
  }

  private static String stable(String id) {
    return new String(FigureImages.stableId(pdf(id)), StandardCharsets.ISO_8859_1);
  }

  @Test
  void aHexIdentifierIsReplacedByTheSameDigestWhateverItsRandomValue() {
    String a = stable("[<00112233445566778899AABBCCDDEEFF> <00112233445566778899AABBCCDDEEFF>]");
    String b = stable("[<FFEEDDCCBBAA99887766554433221100> <FFEEDDCCBBAA99887766554433221100>]");

    assertThat(a).isEqualTo(b).doesNotContain("00112233");
    assertThat(a.length()).isEqualTo(pdf("[<00112233445566778899AABBCCDDEEFF> "
        + "<00112233445566778899AABBCCDDEEFF>]").length);
  }

  @Test
  void aLiteralIdentifierWithEscapesIsReplacedInTheSameNumberOfBytes() {
    String random = "[(ab\\)cdefghijklmno) (ab\\)cdefghijklmno)]";
    String other = "[(ponmlkjihgfed\\(ba) (ponmlkjihgfed\\(ba)]";

    String a = stable(random);

    assertThat(a).isEqualTo(stable(other)).doesNotContain("cdefgh");
    assertThat(a.length()).isEqualTo(pdf(random).length);
    assertThat(a).containsPattern("/ID \\[\\([0-9A-F]{17}\\) \\([0-9A-F]{17}\\)\\]");
  }

  @Test
  void aFileWithoutAnIdentifierIsLeftAsItIs() {
    byte[] pdf = "%PDF-1.4\n%%EOF\n".getBytes(StandardCharsets.ISO_8859_1);

    assertThat(FigureImages.stableId(pdf)).isSameAs(pdf);
  }
}
