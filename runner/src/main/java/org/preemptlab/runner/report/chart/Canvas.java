package org.preemptlab.runner.report.chart;

import java.awt.Color;

/**
 * What a chart is drawn on: a handful of primitives in pixel coordinates (origin top left, y
 * down), implemented once as SVG text ({@link SvgCanvas}) and once on Java2D ({@link
 * Java2dCanvas}, for PNG and PDF), so that every format of a figure shows the same marks at the
 * same places.
 */
interface Canvas {
  /** How a text is placed against its x coordinate. */
  enum Anchor {
    /** x is the text's left end. */
    START,
    /** x is its centre. */
    MIDDLE,
    /** x is its right end. */
    END
  }

  /** A straight line; {@code dash} empty for solid. */
  void line(double x1, double y1, double x2, double y2, Color colour, double width, float[] dash);

  /** An open polyline through {@code xy} (x0, y0, x1, y1, ...). */
  void polyline(double[] xy, Color colour, double width, float[] dash);

  /** A rectangle; {@code fill} or {@code stroke} null for none. */
  void rect(double x, double y, double w, double h, Color fill, Color stroke, double strokeWidth);

  /** A filled polygon through {@code xy}. */
  void polygon(double[] xy, Color fill);

  /** A filled circle. */
  void circle(double cx, double cy, double r, Color fill);

  /** A text with its baseline at {@code y}, rotated by {@code degrees} around (x, y). */
  void text(double x, double y, String text, Anchor anchor, double size, boolean bold,
      boolean italic, double degrees);

  /** Starts a group named {@code role}, its contents translated by (tx, ty). */
  void begin(String role, double tx, double ty);

  /** Ends the innermost group. */
  void end();
}
