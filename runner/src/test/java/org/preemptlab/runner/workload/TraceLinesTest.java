package org.preemptlab.runner.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.preemptlab.api.ConfigurationException;
import org.preemptlab.api.Limits;

class TraceLinesTest {

  /** The lines as the readers read them before, one {@code BufferedReader.read()} per char. */
  private static List<String> referenceLines(String text) throws IOException {
    BufferedReader in = new BufferedReader(new StringReader(text));
    List<String> lines = new ArrayList<>();
    while (true) {
      StringBuilder sb = new StringBuilder();
      int c;
      boolean ended = false;
      while ((c = in.read()) >= 0) {
        if (c == '\n') {
          ended = true;
          break;
        }
        if (c == '\r') {
          in.mark(1);
          if (in.read() != '\n') {
            in.reset();
          }
          ended = true;
          break;
        }
        sb.append((char) c);
      }
      if (!ended && sb.length() == 0) {
        return lines;
      }
      lines.add(sb.toString());
    }
  }

  private static List<String> lines(Reader in) throws IOException {
    TraceLines lines = new TraceLines(in, "t.csv");
    List<String> all = new ArrayList<>();
    String line;
    while ((line = lines.next()) != null) {
      all.add(line);
      assertThat(lines.number()).isEqualTo(all.size());
    }
    return all;
  }

  /** A reader that hands out at most a random few chars per call, as a slow stream may. */
  private static Reader trickling(String text, Random random) {
    return new Reader() {
      private int at;

      @Override
      public int read(char[] buffer, int offset, int length) {
        if (at == text.length()) {
          return -1;
        }
        int n = Math.min(Math.min(length, 1 + random.nextInt(5)), text.length() - at);
        text.getChars(at, at + n, buffer, offset);
        at += n;
        return n;
      }

      @Override
      public void close() {}
    };
  }

  @Test
  void splitsAsTheCharByCharReaderDid() throws IOException {
    List<String> cases = List.of("", "a", "a\n", "a\r", "a\r\n", "\n", "\n\n", "\r\r\n\n",
        "a\nb", "a\r\nb\r\n", "a\rb\rc", "x,y\n\nz\n", "a\n\r", " \t\n#c\r\nq");
    for (String text : cases) {
      assertThat(lines(new StringReader(text))).as("%s", text.replace("\r", "\\r")
          .replace("\n", "\\n")).isEqualTo(referenceLines(text));
    }
  }

  @Test
  void splitsRandomTextAcrossBufferEndsAsBefore() throws IOException {
    Random random = new Random(29);
    String[] terminators = {"\n", "\r", "\r\n"};
    for (int round = 0; round < 200; round++) {
      StringBuilder text = new StringBuilder();
      int lines = random.nextInt(30);
      for (int i = 0; i < lines; i++) {
        // lengths around the buffer's, so that lines and \r\n pairs cross its end
        int length = random.nextInt(4) == 0 ? TraceLines.BUFFER_CHARS - 2 + random.nextInt(5)
            : random.nextInt(40);
        for (int k = 0; k < length; k++) {
          text.append((char) ('a' + random.nextInt(26)));
        }
        if (i < lines - 1 || random.nextBoolean()) {
          text.append(terminators[random.nextInt(3)]);
        }
      }
      String s = text.toString();
      List<String> expected = referenceLines(s);
      assertThat(lines(new StringReader(s))).isEqualTo(expected);
      assertThat(lines(trickling(s, random))).isEqualTo(expected);
    }
  }

  @Test
  void aLineOfTheLimitIsReadAndOneCharMoreFails() throws IOException {
    String longest = "x".repeat(Limits.MAX_TRACE_LINE_CHARS);
    assertThat(lines(new StringReader("a\n" + longest + "\nb"))).containsExactly("a", longest,
        "b");
    assertThat(lines(new StringReader(longest))).containsExactly(longest);
    assertThatThrownBy(() -> lines(new StringReader("a\r\n" + longest + "x\n")))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("t.csv:2: the line is longer than the limit of "
            + Limits.sizeText(Limits.MAX_TRACE_LINE_CHARS) + " characters");
    assertThatThrownBy(() -> lines(new StringReader(longest + "x")))
        .hasMessageStartingWith("t.csv:1: the line is longer than the limit");
  }
}
