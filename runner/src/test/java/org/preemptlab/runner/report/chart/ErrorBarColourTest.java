package org.preemptlab.runner.report.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every error bar is drawn in its series' colour (a line's colour, a bar's fill), not in black:
 * checked on the SVG of a line chart and of a bar chart of three series, vertical and horizontal.
 */
class ErrorBarColourTest {
  private static final Pattern ERROR_BAR = Pattern.compile(
      "<g class=\"error-bar\">\\n((?:<line [^\\n]*\\n)+)</g>");
  private static final Pattern STROKE = Pattern.compile("stroke=\"(#[0-9a-f]{6})\"");

  private static List<Figure.Series> series(boolean bars) {
    List<Figure.Series> series = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      List<Figure.Point> points = new ArrayList<>();
      for (int k = 0; k < 2; k++) {
        double y = 10 + 5 * i + k;
        points.add(new Figure.Point(bars ? "c" + k : "", bars ? Double.NaN : k, y, y - 2,
            y + 2));
      }
      series.add(new Figure.Series("s" + i, points));
    }
    return series;
  }

  /** The stroke colours of each error bar's lines, one list per error bar, in drawing order. */
  private static List<List<String>> errorBarStrokes(String svg) {
    List<List<String>> bars = new ArrayList<>();
    Matcher m = ERROR_BAR.matcher(svg);
    while (m.find()) {
      List<String> strokes = new ArrayList<>();
      Matcher s = STROKE.matcher(m.group(1));
      while (s.find()) {
        strokes.add(s.group(1));
      }
      bars.add(strokes);
    }
    return bars;
  }

  @Test
  void aLineChartsErrorBarsTakeTheirLinesColour() {
    Figure figure = new Figure("lines", "t", "x", "y", "s", Figure.Kind.LINES, List.of(),
        series(false), false);
    List<List<String>> strokes = errorBarStrokes(FigureImages.svg(figure, ChartOptions.DEFAULT));
    assertThat(strokes).hasSize(6);
    for (int i = 0; i < 3; i++) {
      String colour = ChartStyle.hex(ChartStyle.lineColour(i));
      assertThat(strokes.subList(2 * i, 2 * i + 2)).as("series " + i)
          .allSatisfy(bar -> assertThat(bar).hasSize(3).containsOnly(colour));
    }
    assertThat(ChartStyle.hex(ChartStyle.lineColour(1))).isNotEqualTo("#000000");
  }

  @Test
  void aBarChartsErrorBarsTakeTheirBarsFillVerticalOrHorizontal() {
    for (boolean horizontal : List.of(false, true)) {
      Figure figure = new Figure("bars", "t", "x", "y", "s", Figure.Kind.BARS,
          List.of("c0", "c1"), series(true), false);
      ChartOptions options = new ChartOptions(ChartStyle.WIDTH, ChartStyle.HEIGHT,
          horizontal ? ChartOptions.Bars.HORIZONTAL : ChartOptions.Bars.VERTICAL,
          ChartOptions.Legend.BELOW);
      List<List<String>> strokes = errorBarStrokes(FigureImages.svg(figure, options));
      assertThat(strokes).as("horizontal " + horizontal).hasSize(6);
      List<String> expected = new ArrayList<>();
      for (int k = 0; k < 2; k++) { // category by category, series by series
        for (int i = 0; i < 3; i++) {
          expected.add(ChartStyle.hex(ChartStyle.barFill(i)));
        }
      }
      for (int b = 0; b < 6; b++) {
        assertThat(strokes.get(b)).as("horizontal " + horizontal + ", error bar " + b)
            .hasSize(3).containsOnly(expected.get(b));
      }
    }
  }
}
