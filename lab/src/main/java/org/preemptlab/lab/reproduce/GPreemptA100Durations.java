package org.preemptlab.lab.reproduce;

import static com.google.common.base.Preconditions.checkArgument;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.experiment.RunExecutor;

/**
 * The {@code gpreempt} reproduction's kernel durations on the A100's scale: REEF's MI50 kernels
 * of each model ({@code reef-kernels.csv}) times one factor per model, so that a request of the
 * model alone on the {@code a100} model takes what GPreempt's Fig. 4a LC-only (LCO) bar gives for
 * it (Fan et al., USENIX ATC 2025; the bars as read into {@code gpreempt-figures.csv}). REEF's
 * per-kernel shape is kept (every kernel of a model scales alike); only the total comes from the
 * A100 bar. GPreempt's repository publishes no per-kernel durations.
 *
 * <p>The fit, per model, on Fig. 4a only: vgg on the mean of the LCO bars of the workloads whose
 * only LC model it is (A, B, C, Y, Z); resnet152, densenet, inception and bert on D's LCO bar, the
 * mean of the five models' latencies alone (the artifact's notebook averages the LC clients'
 * means; D's periodic tasks are staggered so that none waits for another), with one factor shared
 * by the four, since the figure gives only their mean: an assumption. A model's latency alone is
 * simulated (the {@code gpreempt} reproduction's LC-alone configuration, one request) and the
 * factor refined until it lands on its bar within {@link #TOLERANCE_US}. The bundled file {@value
 * #RESOURCE} is what {@link #main} prints; a test keeps the two equal.
 */
final class GPreemptA100Durations {
  static final String RESOURCE = "gpreempt-a100-durations.csv";
  /** The models of GPreempt's DISB workloads A-E, in the order of D's LC tasks. */
  static final List<String> MODELS = List.of("resnet152", "densenet", "vgg", "inception", "bert");
  /** The workloads whose only LC model is vgg (thustorage/GPreempt: config/{A,B,C,Y,Z}.json). */
  static final List<String> VGG_WORKLOADS = List.of("A", "B", "C", "Y", "Z");
  /** How close a fitted model's (or D's mean) latency alone must land on its bar, µs. */
  static final double TOLERANCE_US = 0.5;
  private static final int MAX_ROUNDS = 20;

  /**
   * One model's factor.
   *
   * @param model the model (REEF's name)
   * @param factor A100 duration over MI50 duration, for every kernel of the model
   * @param mi50ProfileUs the sum of the model's MI50 kernel latencies (REEF's profile), µs
   * @param mi50AloneUs a request of the model alone on the {@code a100} model with the MI50
   *     durations, its 200 µs preparation included, µs
   * @param a100AloneUs the same with the factor applied, µs
   * @param fittedOn the bar the factor was fitted on, in words without commas
   */
  record Factor(String model, double factor, double mi50ProfileUs, double mi50AloneUs,
      double a100AloneUs, String fittedOn) {
    Factor {
      checkArgument(factor > 0 && Double.isFinite(factor), "model %s: factor must be > 0, got %s",
          model, factor);
      checkArgument(!fittedOn.contains(","), "model %s: fitted_on must have no comma", model);
    }
  }

  private final Map<String, Factor> factors;

  GPreemptA100Durations(List<Factor> factors) {
    Map<String, Factor> byModel = new LinkedHashMap<>();
    factors.forEach(f -> byModel.put(f.model(), f));
    this.factors = java.util.Collections.unmodifiableMap(byModel);
  }

  /** The factors, in {@link #MODELS}' order. */
  List<Factor> factors() {
    return List.copyOf(factors.values());
  }

  /** One model's factor. */
  Factor factor(String model) {
    Factor f = factors.get(model);
    checkArgument(f != null, "%s has no factor for model %s; it has %s", RESOURCE, model,
        factors.keySet());
    return f;
  }

  /**
   * The models' kernels with A100 durations: every kernel of a model with a factor scaled by it
   * (grids, work-group sizes and LDS unchanged); a model without one is left out.
   */
  Map<String, List<ReefDisb.Kernel>> scale(Map<String, List<ReefDisb.Kernel>> mi50) {
    Map<String, List<ReefDisb.Kernel>> scaled = new LinkedHashMap<>();
    for (Factor f : factors.values()) {
      List<ReefDisb.Kernel> kernels = mi50.get(f.model());
      checkArgument(kernels != null, "no kernels for model %s", f.model());
      scaled.put(f.model(), scaled(kernels, f.factor()));
    }
    return scaled;
  }

  static List<ReefDisb.Kernel> scaled(List<ReefDisb.Kernel> kernels, double factor) {
    return kernels.stream().map(k -> new ReefDisb.Kernel(k.name(), k.blocks(), k.threads(),
        k.sharedBytes(), k.latencyUs() * factor)).toList();
  }

  /** The bundled factors (the copy of {@code docs/data/gpreempt-a100-durations.csv}). */
  static GPreemptA100Durations bundled() {
    List<Factor> factors = new ArrayList<>();
    for (BundledCsv.Row row : BundledCsv.rows(GPreemptA100Durations.class, RESOURCE, HEADER)) {
      String[] f = row.cells();
      checkArgument(f.length == 6, "%s line %s: 6 columns expected, got %s", RESOURCE,
          row.number(), f.length);
      factors.add(new Factor(f[0], Double.parseDouble(f[1]), Double.parseDouble(f[2]),
          Double.parseDouble(f[3]), Double.parseDouble(f[4]), f[5]));
    }
    return new GPreemptA100Durations(factors);
  }

  static final String HEADER = "model,factor,mi50_profile_us,mi50_alone_us,a100_alone_us,"
      + "fitted_on";

  /** The data file: a comment saying how it was made, the header and one line per model. */
  String csv() {
    StringBuilder out = new StringBuilder("""
        # GPreempt's DISB models (Fan et al., USENIX ATC 2025; thustorage/GPreempt @249ee3e:
        # config/{A,B,C,D,E}.json) on the A100's scale, for the gpreempt reproduction: factor = A100
        # duration over MI50 duration for every kernel of the model (REEF's MI50 profiles,
        # reef-kernels.csv), fitted so that a request of the model alone on the a100 model, its 200 us
        # preparation included, takes Fig. 4a's LC-only (LCO) bar (gpreempt-figures.csv). vgg: the mean
        # of the LCO bars of A, B, C, Y and Z (vgg is their only LC model); the other four share one
        # factor (an assumption: Fig. 4a gives only their mean), fitted so that the five models' mean
        # alone is D's LCO bar. mi50_profile_us: the sum of the MI50 kernel latencies; mi50_alone_us and
        # a100_alone_us: one request alone on the a100 model before and after scaling (simulated).
        # Written by GPreemptA100Durations (the command is in docs/data/README.md); do not edit.
        """);
    out.append(HEADER).append('\n');
    for (Factor f : factors.values()) {
      out.append(f.model()).append(',').append(String.format(Locale.ROOT, "%.6f", f.factor()))
          .append(',').append(String.format(Locale.ROOT, "%.1f", f.mi50ProfileUs())).append(',')
          .append(String.format(Locale.ROOT, "%.1f", f.mi50AloneUs())).append(',')
          .append(String.format(Locale.ROOT, "%.1f", f.a100AloneUs())).append(',')
          .append(f.fittedOn()).append('\n');
    }
    return out.toString();
  }

  /** A request of one model alone, as the reproduction's LC-alone client runs it, in µs. */
  interface Alone {
    double us(String model, List<ReefDisb.Kernel> kernels) throws Exception;
  }

  /**
   * Fits the factors from Fig. 4a's LCO bars: each round scales a factor by what its bar asks of
   * the model's simulated time alone (preparation excluded), until each lands within {@link
   * #TOLERANCE_US}.
   */
  static GPreemptA100Durations fit(Map<String, List<ReefDisb.Kernel>> mi50, GPreemptFigures bars,
      Alone alone) throws Exception {
    double prep = GPreempt.PREPARATION_NS / 1000.0;
    double vggBar = GPreemptFigures.mean(VGG_WORKLOADS, bars::lcAloneUs);
    double dBar = bars.lcAloneUs("D");
    Map<String, Double> mi50Alone = new LinkedHashMap<>();
    for (String m : MODELS) {
      mi50Alone.put(m, alone.us(m, mi50.get(m)));
    }
    Fit vgg = refine(alone, mi50, List.of("vgg"),
        (vggBar - prep) / (mi50Alone.get("vgg") - prep), vggBar);
    List<String> four = MODELS.stream().filter(m -> !m.equals("vgg")).toList();
    // the four models' mean alone that puts the five models' mean on D's bar
    double fourBar = (5 * dBar - vgg.meanUs()) / 4;
    double mi50Four = four.stream().mapToDouble(mi50Alone::get).average().orElseThrow();
    Fit shared = refine(alone, mi50, four, (fourBar - prep) / (mi50Four - prep), fourBar);
    Map<String, Double> a100Alone = new LinkedHashMap<>();
    for (String m : MODELS) {
      a100Alone.put(m, alone.us(m, scaled(mi50.get(m), (m.equals("vgg") ? vgg : shared).factor())));
    }
    List<Factor> factors = new ArrayList<>();
    for (String m : MODELS) {
      boolean isVgg = m.equals("vgg");
      factors.add(new Factor(m, (isVgg ? vgg : shared).factor(),
          ReefDisb.aloneNs(mi50.get(m)) / 1e3,
          mi50Alone.get(m), a100Alone.get(m), isVgg ? String.format(Locale.ROOT,
              "4a LCO mean of A B C Y Z: %.1f us", vggBar) : String.format(Locale.ROOT,
              "4a LCO of D: %.1f us = mean of the five; factor shared by the four", dBar)));
    }
    return new GPreemptA100Durations(factors);
  }

  /** A fitted factor and the mean latency alone, µs, it gives its models. */
  private record Fit(double factor, double meanUs) {}

  /** Scales {@code factor} until the mean time alone of {@code models} lands on {@code barUs}. */
  private static Fit refine(Alone alone, Map<String, List<ReefDisb.Kernel>> mi50,
      List<String> models, double factor, double barUs) throws Exception {
    double prep = GPreempt.PREPARATION_NS / 1000.0;
    double mean = Double.NaN;
    for (int round = 0; round < MAX_ROUNDS; round++) {
      double sum = 0;
      for (String m : models) {
        sum += alone.us(m, scaled(mi50.get(m), factor));
      }
      mean = sum / models.size();
      if (Math.abs(mean - barUs) <= TOLERANCE_US) {
        return new Fit(factor, mean);
      }
      factor *= (barUs - prep) / (mean - prep);
    }
    throw new IllegalStateException("the factor of " + models + " did not converge: " + mean
        + " us against " + barUs + " us");
  }

  /**
   * Prints the data file, fitted with the bundled plugins: {@code java -cp
   * distribution/target/preemptlab.jar org.preemptlab.lab.reproduce.GPreemptA100Durations >
   * docs/data/gpreempt-a100-durations.csv}.
   */
  public static void main(String[] args) throws Exception {
    RunExecutor executor = new RunExecutor(PluginRegistry.discover(Optional.empty()));
    System.out.print(fit(ReefDisb.models(), GPreemptFigures.bundled(),
        (model, kernels) -> GPreempt.aloneUs(executor, model, kernels)).csv());
  }
}
