package org.preemptlab.runner.report.chart;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2D;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;

/**
 * A {@link Figure} as SVG, PNG and PDF, all three drawn by one {@link FigurePainter} from one
 * layout: the same size, axis ranges, ticks, marks and legend in every format. The SVG keeps its
 * text as {@code <text>} (searchable, restyled by a journal's fonts); the PNG is drawn with Java2D
 * and the PDF with PDFBox's Graphics2D. Output depends on the figure and the options only, so it
 * is byte-identical from run to run.
 */
public final class FigureImages {
  static {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  private FigureImages() {}

  /** The figure as an SVG document. */
  public static String svg(Figure figure, ChartOptions options) {
    FigurePainter painter = new FigurePainter(figure, options);
    SvgCanvas canvas = new SvgCanvas(painter.width, painter.height, figure.title());
    painter.paint(canvas);
    return canvas.document();
  }

  /** The figure as PNG bytes. */
  public static byte[] png(Figure figure, ChartOptions options) throws IOException {
    FigurePainter painter = new FigurePainter(figure, options);
    BufferedImage image = new BufferedImage(painter.width, painter.height,
        BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      painter.paint(new Java2dCanvas(g, painter.width, painter.height));
    } finally {
      g.dispose();
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(image, "png", out);
    return out.toByteArray();
  }

  /** The figure as PDF bytes, one page of the figure's size. */
  public static byte[] pdf(Figure figure, ChartOptions options) throws IOException {
    FigurePainter painter = new FigurePainter(figure, options);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (PDDocument document = new PDDocument()) {
      PDPage page = new PDPage(new PDRectangle(painter.width, painter.height));
      document.addPage(page);
      PdfBoxGraphics2D g = new PdfBoxGraphics2D(document, painter.width, painter.height);
      try {
        painter.paint(new Java2dCanvas(g, painter.width, painter.height));
      } finally {
        g.dispose();
      }
      try (PDPageContentStream content = new PDPageContentStream(document, page)) {
        content.drawForm(g.getXFormObject());
      }
      document.save(out);
    }
    return stableId(out.toByteArray());
  }

  /** The plot area of {@code figure} laid out with {@code options}: x, y, width, height. */
  public static double[] plotArea(Figure figure, ChartOptions options) {
    FigurePainter p = new FigurePainter(figure, options);
    return new double[] {p.plotLeft, p.plotTop, p.plotRight - p.plotLeft,
        p.plotBottom - p.plotTop};
  }

  /** The value axis range of {@code figure} laid out with {@code options}: from, to. */
  public static double[] valueAxis(Figure figure, ChartOptions options) {
    return new FigurePainter(figure, options).valueAxis();
  }

  /**
   * One element of a PDF file identifier: a hex string ({@code <...>}) or a literal string
   * ({@code (...)}, with escapes).
   */
  private static final String ID_PART = "(<[0-9A-Fa-f]{32}>|\\((?:\\\\.|[^\\\\()])*\\))";

  private static final Pattern FILE_ID = Pattern.compile("/ID \\[" + ID_PART + " ?" + ID_PART
      + "\\]");

  /**
   * The PDF with its file identifier (random in each encoding) replaced by an MD5 of the content
   * before it, each part written in the same number of bytes as before so that every byte offset
   * stays valid: the same figure gives the same file.
   */
  static byte[] stableId(byte[] pdf) {
    String text = new String(pdf, StandardCharsets.ISO_8859_1);
    Matcher m = FILE_ID.matcher(text);
    if (!m.find()) {
      return pdf;
    }
    String id;
    try {
      byte[] digest = MessageDigest.getInstance("MD5").digest(Arrays.copyOf(pdf, m.start()));
      id = HexFormat.of().withUpperCase().formatHex(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("MD5 is part of every JDK", e);
    }
    StringBuilder replaced = new StringBuilder(text.length()).append(text, 0, m.start(1));
    replaced.append(sameLength(m.group(1), id)).append(text, m.end(1), m.start(2))
        .append(sameLength(m.group(2), id)).append(text, m.end(2), text.length());
    return replaced.toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  /** {@code id}'s hex digits in place of {@code part}'s content, in as many bytes as it had. */
  private static String sameLength(String part, String id) {
    int inner = part.length() - 2;
    String digits = id.repeat(inner / id.length() + 1).substring(0, inner);
    return part.charAt(0) + digits + part.charAt(part.length() - 1);
  }
}
