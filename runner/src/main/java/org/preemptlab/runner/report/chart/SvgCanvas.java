package org.preemptlab.runner.report.chart;

import java.awt.Color;
import java.util.Locale;

/** A {@link Canvas} that writes SVG elements, text as {@code <text>}. */
final class SvgCanvas implements Canvas {
  private final StringBuilder sb = new StringBuilder();

  SvgCanvas(int width, int height, String title) {
    sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width)
        .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width)
        .append(' ').append(height).append("\" font-family=\"DejaVu Sans, Helvetica, Arial, "
            + "sans-serif\" font-size=\"13\">\n")
        .append("<title>").append(escape(title)).append("</title>\n")
        .append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
  }

  /** The document. */
  String document() {
    return sb + "</svg>\n";
  }

  @Override
  public void line(double x1, double y1, double x2, double y2, Color colour, double width,
      float[] dash) {
    sb.append(String.format(Locale.ROOT, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
        + "stroke=\"%s\" stroke-width=\"%.1f\"%s/>%n", x1, y1, x2, y2, ChartStyle.hex(colour),
        width, dash(dash)));
  }

  @Override
  public void polyline(double[] xy, Color colour, double width, float[] dash) {
    StringBuilder d = new StringBuilder();
    for (int k = 0; k < xy.length; k += 2) {
      d.append(String.format(Locale.ROOT, "%s%.2f %.2f", k == 0 ? "M" : "L", xy[k], xy[k + 1]));
    }
    sb.append("<path d=\"").append(d).append("\" fill=\"none\" stroke=\"")
        .append(ChartStyle.hex(colour)).append(String.format(Locale.ROOT,
            "\" stroke-width=\"%.1f\"", width)).append(dash(dash)).append("/>\n");
  }

  @Override
  public void rect(double x, double y, double w, double h, Color fill, Color stroke,
      double strokeWidth) {
    sb.append(String.format(Locale.ROOT, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
        + "height=\"%.2f\" fill=\"%s\"", x, y, w, h, fill == null ? "none"
            : ChartStyle.hex(fill)));
    if (stroke != null) {
      sb.append(String.format(Locale.ROOT, " stroke=\"%s\" stroke-width=\"%.1f\"",
          ChartStyle.hex(stroke), strokeWidth));
    }
    sb.append("/>\n");
  }

  @Override
  public void polygon(double[] xy, Color fill) {
    StringBuilder points = new StringBuilder();
    for (int k = 0; k < xy.length; k += 2) {
      points.append(k == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.2f,%.2f", xy[k],
          xy[k + 1]));
    }
    sb.append("<polygon points=\"").append(points).append("\" fill=\"")
        .append(ChartStyle.hex(fill)).append("\"/>\n");
  }

  @Override
  public void circle(double cx, double cy, double r, Color fill) {
    sb.append(String.format(Locale.ROOT, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.1f\" "
        + "fill=\"%s\"/>%n", cx, cy, r, ChartStyle.hex(fill)));
  }

  @Override
  public void text(double x, double y, String text, Anchor anchor, double size, boolean bold,
      boolean italic, double degrees) {
    String position = degrees == 0 ? String.format(Locale.ROOT, "x=\"%.1f\" y=\"%.1f\"", x, y)
        : String.format(Locale.ROOT, "x=\"0\" y=\"0\" transform=\"translate(%.1f %.1f) "
            + "rotate(%.0f)\"", x, y, degrees);
    sb.append("<text ").append(position).append(" text-anchor=\"")
        .append(anchor.name().toLowerCase(Locale.ROOT)).append('"');
    if (size != 13) {
      sb.append(String.format(Locale.ROOT, " font-size=\"%.0f\"", size));
    }
    sb.append(bold ? " font-weight=\"bold\"" : "").append(italic ? " font-style=\"italic\"" : "")
        .append('>').append(escape(text)).append("</text>\n");
  }

  @Override
  public void begin(String role, double tx, double ty) {
    sb.append("<g class=\"").append(escape(role)).append('"');
    if (tx != 0 || ty != 0) {
      sb.append(String.format(Locale.ROOT, " transform=\"translate(%.1f %.1f)\"", tx, ty));
    }
    sb.append(">\n");
  }

  @Override
  public void end() {
    sb.append("</g>\n");
  }

  private static String dash(float[] dash) {
    if (dash.length == 0) {
      return "";
    }
    StringBuilder d = new StringBuilder(" stroke-dasharray=\"");
    for (int k = 0; k < dash.length; k++) {
      d.append(k == 0 ? "" : " ").append(String.format(Locale.ROOT, "%.0f", dash[k]));
    }
    return d.append('"').toString();
  }

  static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
