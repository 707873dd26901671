package org.preemptlab.runner.report.chart;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.Objects;

/**
 * How a figure is laid out: its size and its style. A chart is never smaller than asked; it grows
 * taller when its legend or its bars need the room, so that the plot area keeps at least half the
 * asked height.
 *
 * @param width the width in pixels (PNG) and user units (SVG, PDF), 400 to 4000
 * @param height the least height, 300 to 4000
 * @param bars how bars are drawn
 * @param legend where the legend goes
 */
public record ChartOptions(int width, int height, Bars bars, Legend legend) {
  /** The defaults: {@value ChartStyle#WIDTH} × {@value ChartStyle#HEIGHT}, automatic bars, legend below. */
  public static final ChartOptions DEFAULT = new ChartOptions(ChartStyle.WIDTH, ChartStyle.HEIGHT,
      Bars.AUTO, Legend.BELOW);

  /** The orientation of bars. */
  public enum Bars {
    /** Horizontal when there are more than 12 categories or 24 bars, vertical otherwise. */
    AUTO,
    /** Categories along the x axis. */
    VERTICAL,
    /** Categories down the y axis, their labels horizontal. */
    HORIZONTAL
  }

  /** Where the legend goes; always outside the plot area. */
  public enum Legend {
    /** Below the plot, in as many columns as fit the width. */
    BELOW,
    /** Right of the plot, in one column. */
    RIGHT
  }

  /** Checks the size. */
  public ChartOptions {
    checkArgument(width >= 400 && width <= 4000, "chart width must be 400 to 4000, got %s", width);
    checkArgument(height >= 300 && height <= 4000, "chart height must be 300 to 4000, got %s",
        height);
    Objects.requireNonNull(bars, "bars");
    Objects.requireNonNull(legend, "legend");
  }
}
