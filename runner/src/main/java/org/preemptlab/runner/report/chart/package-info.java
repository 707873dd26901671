/**
 * Charts ready for a paper, from one neutral description ({@link
 * org.preemptlab.runner.report.chart.Figure}): one layout drawn on one canvas interface, as SVG
 * (text stays text), PNG (Java2D) and PDF (PDFBox), so the three formats of a figure show the same
 * thing ({@link org.preemptlab.runner.report.chart.FigureImages}). Every figure's numbers are also
 * written as CSV beside it ({@link org.preemptlab.runner.report.chart.FigureCsv}). The style
 * ({@link org.preemptlab.runner.report.chart.ChartStyle}): white background, axis titles with
 * units scaled to the data, the legend outside the plot area, series told apart without colour
 * (marker shapes and dash patterns for lines, hatches for bars) in a colour-blind-safe palette,
 * axes and error bars that stay within the plotted quantity's bounds, error bars in their
 * series' colour, undefined values marked
 * {@code n/a} and never drawn as zero. Size and style: {@link
 * org.preemptlab.runner.report.chart.ChartOptions}.
 */
package org.preemptlab.runner.report.chart;
