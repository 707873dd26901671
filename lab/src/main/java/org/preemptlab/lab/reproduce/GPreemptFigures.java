package org.preemptlab.lab.reproduce;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * GPreempt's evaluation figures (Fan et al., USENIX ATC 2025: Figs. 4a, 5a and 6, the CUDA runs
 * on the A100) as read off the images in thustorage/GPreempt's {@code scripts/plot/plot.ipynb} by
 * {@code docs/data/gpreempt-figures.py}; the bundled copy of {@code
 * docs/data/gpreempt-figures.csv}.
 * The {@code gpreempt} reproduction's targets are derived from these bars, never from a simulated
 * value.
 */
final class GPreemptFigures {
  static final String RESOURCE = "gpreempt-figures.csv";
  /** Where the figures were read: the repository, commit and notebook. */
  static final String NOTEBOOK = "thustorage/GPreempt @249ee3e: scripts/plot/plot.ipynb";
  /** The DISB workloads of the figures, in their order. */
  static final List<String> WORKLOADS = List.of("A", "B", "C", "D", "E", "REAL", "Y", "Z");

  private record Key(String figure, String series, String workload, String method) {}

  private final Map<Key, Double> values;
  private final Map<String, Double> readingErrors;

  private GPreemptFigures(Map<Key, Double> values, Map<String, Double> readingErrors) {
    this.values = Map.copyOf(values);
    this.readingErrors = Map.copyOf(readingErrors);
  }

  /** The bundled readings. */
  static GPreemptFigures bundled() {
    Map<Key, Double> values = new LinkedHashMap<>();
    Map<String, Double> errors = new LinkedHashMap<>();
    for (BundledCsv.Row row : BundledCsv.rows(GPreemptFigures.class, RESOURCE, null)) {
      String[] f = row.cells();
      checkArgument(f.length == 7, "%s line %s: 7 columns expected, got %s", RESOURCE,
          row.number(), f.length);
      values.put(new Key(f[0], f[1], f[2], f[3]), Double.parseDouble(f[4]));
      errors.put(f[0], Double.parseDouble(f[6]));
    }
    return new GPreemptFigures(values, errors);
  }

  /** One bar, in its figure's unit (ms for Fig. 4a, req/s for 5a, µs for 6). */
  double bar(String figure, String series, String workload, String method) {
    Double v = values.get(new Key(figure, series, workload, method));
    checkArgument(v != null, "%s has no bar for Fig. %s, %s, DISB %s, %s", RESOURCE, figure,
        series, workload, method);
    return v;
  }

  /** A figure's reading error, in its unit: two pixel rows. */
  double readingError(String figure) {
    return readingErrors.get(figure);
  }

  /** LC alone: Fig. 4a's LCO bar, in µs. */
  double lcAloneUs(String workload) {
    return bar("4a", "LC latency", workload, "LCO") * 1000;
  }

  /** Fig. 6's additional LC latency of a method (WB, GP(w/o pre), GP), in µs. */
  double extraUs(String workload, String method) {
    return bar("6", "additional LC latency", workload, method);
  }

  /** Fig. 6's additional latency over Fig. 4a's LC-alone bar: the relative increase. */
  double increase(String workload, String method) {
    return extraUs(workload, method) / lcAloneUs(workload);
  }

  /** Fig. 5a: a method's LC plus BE throughput over no preemption's (NP). */
  double throughputVsNp(String workload, String method) {
    return throughput(workload, method) / throughput(workload, "NP");
  }

  /** Fig. 5a: a method's LC plus BE throughput, requests per second. */
  double throughput(String workload, String method) {
    return bar("5a", "LC throughput", workload, method)
        + bar("5a", "BE throughput", workload, method);
  }

  /** The mean of a per-workload value over these workloads. */
  static double mean(List<String> workloads, java.util.function.ToDoubleFunction<String> value) {
    return workloads.stream().mapToDouble(value).average().orElse(Double.NaN);
  }
}
