package org.preemptlab.runner.report.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayDeque;
import java.util.Deque;

/** A {@link Canvas} on a Java2D surface: a PNG's image or a PDF page. */
final class Java2dCanvas implements Canvas {
  private final Graphics2D g;
  private final Deque<AffineTransform> saved = new ArrayDeque<>();

  Java2dCanvas(Graphics2D g, int width, int height) {
    this.g = g;
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING,
        RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
    g.setColor(Color.WHITE);
    g.fill(new Rectangle2D.Double(0, 0, width, height));
  }

  private static BasicStroke stroke(double width, float[] dash) {
    return dash.length == 0 ? new BasicStroke((float) width, BasicStroke.CAP_BUTT,
        BasicStroke.JOIN_MITER) : new BasicStroke((float) width, BasicStroke.CAP_BUTT,
            BasicStroke.JOIN_MITER, 10f, dash, 0f);
  }

  @Override
  public void line(double x1, double y1, double x2, double y2, Color colour, double width,
      float[] dash) {
    g.setColor(colour);
    g.setStroke(stroke(width, dash));
    g.draw(new Line2D.Double(x1, y1, x2, y2));
  }

  @Override
  public void polyline(double[] xy, Color colour, double width, float[] dash) {
    Path2D.Double path = new Path2D.Double();
    path.moveTo(xy[0], xy[1]);
    for (int k = 2; k < xy.length; k += 2) {
      path.lineTo(xy[k], xy[k + 1]);
    }
    g.setColor(colour);
    g.setStroke(stroke(width, dash));
    g.draw(path);
  }

  @Override
  public void rect(double x, double y, double w, double h, Color fill, Color stroke,
      double strokeWidth) {
    Rectangle2D.Double r = new Rectangle2D.Double(x, y, w, h);
    if (fill != null) {
      g.setColor(fill);
      g.fill(r);
    }
    if (stroke != null) {
      g.setColor(stroke);
      g.setStroke(stroke(strokeWidth, new float[0]));
      g.draw(r);
    }
  }

  @Override
  public void polygon(double[] xy, Color fill) {
    Path2D.Double path = new Path2D.Double();
    path.moveTo(xy[0], xy[1]);
    for (int k = 2; k < xy.length; k += 2) {
      path.lineTo(xy[k], xy[k + 1]);
    }
    path.closePath();
    g.setColor(fill);
    g.fill(path);
  }

  @Override
  public void circle(double cx, double cy, double r, Color fill) {
    g.setColor(fill);
    g.fill(new Ellipse2D.Double(cx - r, cy - r, 2 * r, 2 * r));
  }

  @Override
  public void text(double x, double y, String text, Anchor anchor, double size, boolean bold,
      boolean italic, double degrees) {
    Font font = new Font(Font.SANS_SERIF, (bold ? Font.BOLD : 0) | (italic ? Font.ITALIC : 0),
        1).deriveFont((float) size);
    g.setFont(font);
    g.setColor(Color.BLACK);
    double width = g.getFontMetrics().getStringBounds(text, g).getWidth();
    double dx = switch (anchor) {
      case START -> 0;
      case MIDDLE -> -width / 2;
      case END -> -width;
    };
    AffineTransform before = g.getTransform();
    g.translate(x, y);
    if (degrees != 0) {
      g.rotate(Math.toRadians(degrees));
    }
    g.drawString(text, (float) dx, 0f);
    g.setTransform(before);
  }

  @Override
  public void begin(String role, double tx, double ty) {
    saved.push(g.getTransform());
    g.translate(tx, ty);
  }

  @Override
  public void end() {
    g.setTransform(saved.pop());
  }
}
