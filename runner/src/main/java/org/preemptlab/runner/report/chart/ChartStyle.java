package org.preemptlab.runner.report.chart;

import java.awt.Color;
import java.util.List;

/**
 * How series are told apart, in colour and without it. Lines take the Okabe-Ito palette (Okabe
 * and Ito, "Color Universal Design", 2008; safe for the common colour-vision deficiencies, yellow
 * left out for contrast on white), a dash pattern and a marker shape, the three cycling with
 * coprime periods (7, 5, 6) so that no two of the first 210 series look alike. Bars take the
 * Okabe-Ito colours without black (fills, outlined in black) and a hatch pattern, cycling with
 * periods 7 and 6: no two of the first 42 series look alike, in colour, in greyscale or for a
 * colour-blind reader.
 */
public final class ChartStyle {
  /** Default width of a chart in pixels (PNG) and user units (SVG, PDF). */
  public static final int WIDTH = 900;
  /** Default height of a chart; a chart grows taller when its legend or its bars need it. */
  public static final int HEIGHT = 640;

  /** Okabe-Ito colours without yellow, in their published order. */
  public static final List<Color> LINE_COLOURS = List.of(new Color(0x000000),
      new Color(0xE69F00), new Color(0x56B4E9), new Color(0x009E73), new Color(0x0072B2),
      new Color(0xD55E00), new Color(0xCC79A7));
  /** Okabe-Ito colours without black, for bar fills, blue first. */
  public static final List<Color> BAR_COLOURS = List.of(new Color(0x0072B2),
      new Color(0xE69F00), new Color(0x56B4E9), new Color(0x009E73), new Color(0xF0E442),
      new Color(0xD55E00), new Color(0xCC79A7));
  /** Hatch patterns of bars, by name. */
  public static final List<String> HATCHES = List.of("none", "diagonal-up", "diagonal-down",
      "horizontal", "vertical", "cross");
  /** Dash patterns (on, off, ...), in pixels; empty for a solid line. */
  public static final List<float[]> DASHES = List.of(new float[0], new float[] {8, 4},
      new float[] {2, 3}, new float[] {8, 3, 2, 3}, new float[] {14, 5});
  /** Marker shapes, by name. */
  public static final List<String> MARKERS = List.of("circle", "square", "diamond",
      "triangle-up", "triangle-down", "cross");

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

  /** The bar fill of series {@code i}. */
  public static Color barFill(int i) {
    return BAR_COLOURS.get(i % BAR_COLOURS.size());
  }

  /** The hatch pattern of bar series {@code i}. */
  public static String hatch(int i) {
    return HATCHES.get(i % HATCHES.size());
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
