package org.preemptlab.runner.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.List;

/**
 * How series are told apart, in colour and without it. Lines take the Okabe-Ito palette (Okabe
 * and Ito, "Color Universal Design", 2008; safe for the common colour-vision deficiencies, yellow
 * left out for contrast on white), a dash pattern and a marker shape, the three cycling with
 * coprime periods (7, 5, 6) so that no two of the first 210 series look alike. Bars take fills of
 * strictly increasing lightness sampled from viridis (van der Walt and Smith, matplotlib, 2015),
 * which stays distinguishable in greyscale and for colour-blind readers.
 */
public final class ChartStyle {
  /** Width of every chart in pixels (PNG) and user units (SVG, PDF). */
  public static final int WIDTH = 900;
  /** Height of every chart. */
  public static final int HEIGHT = 640;

  /** Okabe-Ito colours without yellow, in their published order. */
  public static final List<Color> LINE_COLOURS = List.of(new Color(0x000000),
      new Color(0xE69F00), new Color(0x56B4E9), new Color(0x009E73), new Color(0x0072B2),
      new Color(0xD55E00), new Color(0xCC79A7));
  /** Dash patterns (on, off, ...), in pixels; empty for a solid line. */
  public static final List<float[]> DASHES = List.of(new float[0], new float[] {8, 4},
      new float[] {2, 3}, new float[] {8, 3, 2, 3}, new float[] {14, 5});
  /** Marker shapes, by name (drawn by XChart and by {@link SvgFigure} alike). */
  public static final List<String> MARKERS = List.of("circle", "square", "diamond",
      "triangle-up", "triangle-down", "cross");

  private static final int[][] VIRIDIS = {{0x44, 0x01, 0x54}, {0x48, 0x28, 0x78},
      {0x3e, 0x4a, 0x89}, {0x31, 0x68, 0x8e}, {0x26, 0x82, 0x8e}, {0x1f, 0x9e, 0x89},
      {0x35, 0xb7, 0x79}, {0x6e, 0xce, 0x58}, {0xb5, 0xde, 0x2b}, {0xfd, 0xe7, 0x25}};

  private ChartStyle() {}

  /** The line colour of series {@code i}. */
  public static Color lineColour(int i) {
    return LINE_COLOURS.get(i % LINE_COLOURS.size());
  }

  /** The dash pattern of series {@code i}; empty for solid. */
  public static float[] dash(int i) {
    return DASHES.get(i % DASHES.size());
  }

  /** The marker of series {@code i}. */
  public static String marker(int i) {
    return MARKERS.get(i % MARKERS.size());
  }

  /** The stroke of series {@code i}. */
  public static BasicStroke stroke(int i) {
    float[] dash = dash(i);
    return dash.length == 0 ? new BasicStroke(2f)
        : new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, dash, 0f);
  }

  /**
   * The bar fill of series {@code i} of {@code n}: viridis from dark (0) towards light (0.9),
   * evenly spaced, so lightness increases strictly with {@code i}.
   */
  public static Color barFill(int i, int n) {
    double t = n <= 1 ? 0.35 : 0.9 * i / (n - 1);
    double pos = t * (VIRIDIS.length - 1);
    int lo = (int) Math.floor(pos);
    int hi = Math.min(VIRIDIS.length - 1, lo + 1);
    double f = pos - lo;
    int[] rgb = new int[3];
    for (int c = 0; c < 3; c++) {
      rgb[c] = (int) Math.round(VIRIDIS[lo][c] + f * (VIRIDIS[hi][c] - VIRIDIS[lo][c]));
    }
    return new Color(rgb[0], rgb[1], rgb[2]);
  }

  /** A colour as {@code #rrggbb}. */
  public static String hex(Color colour) {
    return String.format("#%02x%02x%02x", colour.getRed(), colour.getGreen(), colour.getBlue());
  }

  /** Relative luminance (ITU-R BT.709 weights on the sRGB components, not linearised). */
  public static double lightness(Color c) {
    return (0.2126 * c.getRed() + 0.7152 * c.getGreen() + 0.0722 * c.getBlue()) / 255;
  }
}
