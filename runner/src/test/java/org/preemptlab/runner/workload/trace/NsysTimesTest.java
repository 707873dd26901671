package org.preemptlab.runner.workload.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.preemptlab.api.ConfigurationException;

/**
 * Times of an Nsight Systems export written as whole numbers (read without {@code BigDecimal})
 * give what the same times written as decimals give (read exactly), in every unit and at the
 * bound of a time.
 */
class NsysTimesTest {

  private static String csv(String unit, String start, String duration) {
    return "Start (" + unit + "),Duration (" + unit + "),CorrId,GrdX,GrdY,GrdZ,BlkX,BlkY,BlkZ,"
        + "Reg/Trd,StcSMem (MB),DymSMem (MB),Device,Strm,Name\n"
        + start + "," + duration + ",1,4,1,1,128,1,1,32,0.000,0.000,NVIDIA H200 (0),7,k\n";
  }

  private static List<Long> times(String unit, String start, String duration) {
    TraceOp op = NsysCsvReader.read(csv(unit, start, duration), "t.csv").ops().get(0);
    return List.of(op.startNs(), op.durationNs());
  }

  @ParameterizedTest
  @ValueSource(strings = {"ns", "us", "ms", "s"})
  void aWholeTimeIsTheSameTimeWrittenAsADecimal(String unit) {
    for (String t : List.of("0", "7", "1234", "000123", "999999999")) {
      assertThat(times(unit, t, t)).as("%s %s", t, unit)
          .isEqualTo(times(unit, t + ".0", t + ".00"));
    }
    assertThat(times(unit, "1234", "5")).isEqualTo(times(unit, "\"1,234\"", "5"));
  }

  @Test
  void theLargestTimeIsReadAndOneMoreFailsAsBefore() {
    long maxMs = KinetoTraceReader.MAX_TIME_NS / 1_000_000;
    assertThat(times("ms", String.valueOf(maxMs), "1"))
        .isEqualTo(times("ms", maxMs + ".0", "1.0"))
        .containsExactly(maxMs * 1_000_000, 1_000_000L);
    for (String start : List.of(String.valueOf(maxMs + 1), (maxMs + 1) + ".0")) {
      assertThatThrownBy(() -> times("ms", start, "1"))
          .isInstanceOf(ConfigurationException.class)
          .hasMessage("t.csv:2: column 'Start' must be a time in [0, "
              + KinetoTraceReader.MAX_TIME_NS + "] ns, got '" + start + "'");
    }
    assertThat(times("ns", "1234567890123456789", "1")).containsExactly(1234567890123456789L, 1L);
    assertThatThrownBy(() -> times("ns", "9223372036854775807", "1"))
        .hasMessage("t.csv:2: column 'Start' must be a time in [0, "
            + KinetoTraceReader.MAX_TIME_NS + "] ns, got '9223372036854775807'");
    assertThatThrownBy(() -> times("h", "5", "1"))
        .hasMessage("t.csv:2: column 'Start' has unknown time unit 'h'; valid: ns, us, ms, s");
  }
}
