package org.preemptlab.applications.llm;

import java.util.Map;
import java.util.TreeMap;

/**
 * Piecewise-linear interpolation of measured times, the one rule every measured profile source
 * goes through ({@code docs/llm-serving.md}, "Interpolation"): between two profiled points the
 * value is linear in the query; at or below the first point, the first value; above the last
 * point, the line through the last two points, never below the last value. A table of two or
 * more dimensions is a nest of such lines: the outer key is bracketed, each bracketing slice is
 * looked up by the inner keys, and the results are blended linearly in the outer key.
 */
final class Interpolation {
  private Interpolation() {}

  /** A 1-D table: sorted keys and their values. */
  record Line(double[] xs, double[] ys) {
    /** The value at {@code q}. */
    double at(double q) {
      int n = xs.length;
      if (n == 1 || q <= xs[0]) {
        return ys[0];
      }
      if (q >= xs[n - 1]) {
        double slope = (ys[n - 1] - ys[n - 2]) / (xs[n - 1] - xs[n - 2]);
        return Math.max(ys[n - 1], ys[n - 1] + slope * (q - xs[n - 1]));
      }
      int hi = upper(xs, q);
      int lo = hi - 1;
      double t = (q - xs[lo]) / (xs[hi] - xs[lo]);
      return ys[lo] + t * (ys[hi] - ys[lo]);
    }

    /** A line of {@code points} (key to value), sorted by key. */
    static Line of(Map<Double, Double> points) {
      TreeMap<Double, Double> sorted = new TreeMap<>(points);
      double[] xs = new double[sorted.size()];
      double[] ys = new double[sorted.size()];
      int i = 0;
      for (Map.Entry<Double, Double> e : sorted.entrySet()) {
        xs[i] = e.getKey();
        ys[i] = e.getValue();
        i++;
      }
      return new Line(xs, ys);
    }
  }

  /** The index of the first key above {@code q} (keys sorted, {@code keys[0] < q < last}). */
  private static int upper(double[] keys, double q) {
    int lo = 0;
    int hi = keys.length - 1;
    while (hi - lo > 1) {
      int mid = (lo + hi) >>> 1;
      if (keys[mid] <= q) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return hi;
  }

  /**
   * The two keys bracketing {@code q} in sorted {@code keys} and the weight of the upper one, by
   * the rule of {@link Line}: {@code (i, i, 0)} at or below the first key; the last two keys with
   * a weight above 1 beyond the last.
   */
  static double[] bracket(double[] keys, double q) {
    int n = keys.length;
    if (n == 1 || q <= keys[0]) {
      return new double[] {0, 0, 0};
    }
    int hi = q >= keys[n - 1] ? n - 1 : upper(keys, q);
    int lo = hi - 1;
    return new double[] {lo, hi, (q - keys[lo]) / (keys[hi] - keys[lo])};
  }

  /** A 2-D table: an outer key, and per outer key a {@link Line} over the inner key. */
  record Plane(double[] outer, Line[] lines) {
    /** The value at {@code (o, i)}. */
    double at(double o, double i) {
      double[] b = bracket(outer, o);
      double lo = lines[(int) b[0]].at(i);
      if (b[0] == b[1]) {
        return lo;
      }
      double hi = lines[(int) b[1]].at(i);
      double v = lo + b[2] * (hi - lo);
      return b[2] > 1 ? Math.max(hi, v) : v;
    }

    /** A plane of {@code points}: outer key to (inner key to value). */
    static Plane of(Map<Double, Map<Double, Double>> points) {
      TreeMap<Double, Map<Double, Double>> sorted = new TreeMap<>(points);
      double[] outer = new double[sorted.size()];
      Line[] lines = new Line[sorted.size()];
      int k = 0;
      for (Map.Entry<Double, Map<Double, Double>> e : sorted.entrySet()) {
        outer[k] = e.getKey();
        lines[k] = Line.of(e.getValue());
        k++;
      }
      return new Plane(outer, lines);
    }
  }
}
