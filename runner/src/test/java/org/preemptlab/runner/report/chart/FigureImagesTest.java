package org.preemptlab.runner.report.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * Charts stay readable at any size: with 40 series or 40 categories the plot area keeps at least
 * half the asked height, the legend lies outside it, no two series look alike, and the SVG, PNG
 * and PDF of one figure have the same size.
 */
class FigureImagesTest {
  private static final Pattern PLOT = Pattern.compile("<g class=\"plot-area\">\\n<rect x=\"([0-9.]+)"
      + "\" y=\"([0-9.]+)\" width=\"([0-9.]+)\" height=\"([0-9.]+)\"");
  private static final Pattern ENTRY = Pattern.compile("<g class=\"legend-entry\" transform=\""
      + "translate\\(([0-9.]+) ([0-9.]+)\\)\">\\n((?:(?!</g>).)*)</g>", Pattern.DOTALL);
  private static final Pattern SIZE = Pattern.compile("<svg [^>]*width=\"([0-9]+)\" height=\""
      + "([0-9]+)\"");

  static double[] plotArea(String svg) {
    Matcher m = PLOT.matcher(svg);
    assertThat(m.find()).as("the SVG marks its plot area").isTrue();
    return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
        Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4))};
  }

  /**
   * Checks that the plot area keeps at least half the asked height and most of the width, that
   * every legend entry lies outside it and inside the canvas, and that no two entries' swatches
   * (their drawing without the label) are the same.
   */
  static void checkReadable(String svg, ChartOptions options, int series) {
    double[] plot = plotArea(svg);
    Matcher size = SIZE.matcher(svg);
    assertThat(size.find()).isTrue();
    int width = Integer.parseInt(size.group(1));
    int height = Integer.parseInt(size.group(2));
    assertThat(width).isEqualTo(options.width());
    assertThat(height).isGreaterThanOrEqualTo(options.height());
    assertThat(plot[3]).as("plot height").isGreaterThanOrEqualTo(options.height() * 0.5 - 1);
    assertThat(plot[2]).as("plot width").isGreaterThanOrEqualTo(options.width() * 0.4);
    assertThat(plot[1] + plot[3]).as("plot inside the canvas").isLessThanOrEqualTo(height);
    Matcher entry = ENTRY.matcher(svg);
    Set<String> looks = new HashSet<>();
    int entries = 0;
    while (entry.find()) {
      double x = Double.parseDouble(entry.group(1));
      double y = Double.parseDouble(entry.group(2));
      boolean inside = x + 30 > plot[0] && x < plot[0] + plot[2] && y > plot[1]
          && y - 12 < plot[1] + plot[3];
      assertThat(inside).as("legend entry at (%s, %s) over the plot area", x, y).isFalse();
      assertThat(y).as("legend entry inside the canvas").isLessThanOrEqualTo(height);
      String look = entry.group(3).replaceAll("<text[^>]*>[^<]*</text>\\n", "");
      assertThat(looks.add(look)).as("entry %s looks like an earlier one", entries).isTrue();
      entries++;
    }
    assertThat(entries).isEqualTo(series > 1 ? series : 0);
  }

  private static Figure cdf(int series) {
    List<Figure.Series> all = new ArrayList<>();
    for (int i = 0; i < series; i++) {
      int k = i;
      all.add(new Figure.Series("policy-" + i + " / block-boundary",
          IntStream.rangeClosed(1, 10).mapToObj(j -> Figure.Point.of(j * 10.0 + k, j / 10.0))
              .toList()));
    }
    return new Figure("cdf", "Turnaround CDF", "turnaround (µs)", "fraction of jobs ≤ x",
        "policy / preemption", Figure.Kind.CDF, List.of(), all, true);
  }

  private static Figure bars(int categories, int series) {
    List<String> cats = IntStream.range(0, categories).mapToObj(c -> "configuration-" + c)
        .toList();
    List<Figure.Series> all = new ArrayList<>();
    for (int i = 0; i < series; i++) {
      int k = i;
      all.add(new Figure.Series("value " + i, cats.stream().map(c -> new Figure.Point(c,
          Double.NaN, 5 + k % 7, 0, 9 + k % 7)).toList()));
    }
    return new Figure("bars", "A metric", "policy", "latency (µs)", "preemption",
        Figure.Kind.BARS, cats, all, false);
  }

  @Test
  void aCdfOfFortySeriesKeepsItsPlotAreaAndNoTwoSeriesLookAlike() {
    ChartOptions options = ChartOptions.DEFAULT;
    checkReadable(FigureImages.svg(cdf(40), options), options, 40);
  }

  @Test
  void fortyBarSeriesAreToldApartByColourAndHatch() {
    ChartOptions options = ChartOptions.DEFAULT;
    checkReadable(FigureImages.svg(bars(3, 40), options), options, 40);
  }

  @Test
  void fortyCategoriesOfOneSeriesAreHorizontalBarsWithEveryLabelAndNoLegend() {
    ChartOptions options = ChartOptions.DEFAULT;
    String svg = FigureImages.svg(bars(40, 1), options);

    checkReadable(svg, options, 1);
    for (int c = 0; c < 40; c++) {
      assertThat(svg).contains("text-anchor=\"end\">configuration-" + c + "</text>");
    }
    assertThat(svg.split("<g class=\"bar\">", -1)).hasSize(41);
  }

  @Test
  void aSmallSizeAndTheLegendOnTheRightStayReadable() {
    ChartOptions options = new ChartOptions(500, 340, ChartOptions.Bars.AUTO,
        ChartOptions.Legend.RIGHT);
    checkReadable(FigureImages.svg(cdf(25), options), options, 25);
    checkReadable(FigureImages.svg(bars(4, 12), options), options, 12);
  }

  @Test
  void pngPdfAndSvgOfOneFigureHaveTheSameSize() throws IOException {
    Figure figure = cdf(30);
    ChartOptions options = new ChartOptions(1000, 500, ChartOptions.Bars.AUTO,
        ChartOptions.Legend.BELOW);
    Matcher size = SIZE.matcher(FigureImages.svg(figure, options));
    assertThat(size.find()).isTrue();
    BufferedImage png = ImageIO.read(new ByteArrayInputStream(FigureImages.png(figure, options)));
    String pdf = new String(FigureImages.pdf(figure, options), StandardCharsets.ISO_8859_1);

    assertThat(png.getWidth()).isEqualTo(Integer.parseInt(size.group(1)));
    assertThat(png.getHeight()).isEqualTo(Integer.parseInt(size.group(2)));
    assertThat(pdf).contains("/BBox [0.0 0.0 " + size.group(1) + ".0 " + size.group(2) + ".0]");
  }

  @Test
  void everyFormatIsByteIdenticalFromOneRenderingToTheNext() throws IOException {
    Figure figure = bars(5, 3);
    ChartOptions options = ChartOptions.DEFAULT;

    assertThat(FigureImages.png(figure, options)).isEqualTo(FigureImages.png(figure, options));
    assertThat(FigureImages.pdf(figure, options)).isEqualTo(FigureImages.pdf(figure, options));
    assertThat(FigureImages.svg(figure, options)).isEqualTo(FigureImages.svg(figure, options));
  }

  @Test
  void theValueAxisNeverGoesBelowTheLowerBoundAndAPointOutsideTheBoundsIsRejected() {
    Figure figure = new Figure("b", "t", "", "latency (µs)", "", Figure.Kind.BARS,
        List.of("a", "b"), List.of(new Figure.Series("s", List.of(
            new Figure.Point("a", Double.NaN, 3, 0, 8),
            new Figure.Point("b", Double.NaN, 4, 1, 7)))), false);

    assertThat(FigureImages.valueAxis(figure, ChartOptions.DEFAULT)[0]).isZero();
    assertThatThrownBy(() -> new Figure("b", "t", "", "latency (µs)", "", Figure.Kind.BARS,
        List.of("a"), List.of(new Figure.Series("s", List.of(
            new Figure.Point("a", Double.NaN, 3, -2, 8)))), false))
        .hasMessageContaining("leaves the bounds [0.0, Infinity]");
  }

  @Test
  void aFractionsAxisEndsAtItsUpperBound() {
    Figure figure = new Figure("f", "t", "", "SM utilisation (%)", "", Figure.Kind.BARS,
        List.of("a"), List.of(new Figure.Series("s", List.of(
            new Figure.Point("a", Double.NaN, 99, 97, 100)))), false, 0, 100);

    assertThat(FigureImages.valueAxis(figure, ChartOptions.DEFAULT)).containsExactly(0, 100);
  }
}
