/**
 * Charts ready for a paper, from one neutral description ({@link
 * org.preemptlab.runner.report.chart.Figure}): XChart renders the PNG and the PDF, and {@link
 * org.preemptlab.runner.report.chart.SvgFigure} writes the SVG itself so that its text stays text
 * (XChart's vector encoder draws every glyph as an outline). Every figure's numbers are also
 * written as CSV beside it ({@link org.preemptlab.runner.report.chart.FigureCsv}). The style
 * ({@link org.preemptlab.runner.report.chart.ChartStyle}): white background, axis titles with
 * units scaled to the data, series told apart without colour (marker shapes, dash patterns, and
 * for bars fills of distinct lightness) in a colour-blind-safe palette, undefined values marked
 * {@code n/a} and never drawn as zero.
 */
package org.preemptlab.runner.report.chart;
