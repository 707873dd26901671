package org.preemptlab.runner.report.chart;

/** The readability check of {@link FigureImagesTest}, for tests of other packages. */
public final class FigureImagesTestAccess {
  private FigureImagesTestAccess() {}

  /** See {@link FigureImagesTest#checkReadable}. */
  public static void checkReadable(String svg, ChartOptions options, int series) {
    FigureImagesTest.checkReadable(svg, options, series);
  }
}
