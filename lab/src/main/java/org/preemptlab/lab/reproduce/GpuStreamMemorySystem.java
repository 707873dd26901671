package org.preemptlab.lab.reproduce;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.preemptlab.api.hardware.HardwareModel;
import org.preemptlab.lab.reproduce.MemoryStreamRuns.Parameters;
import org.preemptlab.runner.discovery.PluginRegistry;
import org.preemptlab.runner.report.Numbers;
import org.preemptlab.runner.report.TextTable;

/**
 * The memory system of docs/model.md ("The memory system") against one card's result file of
 * te42kyfo/gpu-benches' {@code gpu-stream} ({@link GpuStreamTable}), calibrated on its SCALE column
 * alone ({@link QueueingFit#calibrate}) and checked on the rows of other kernels. The load of a
 * row is its block size at two resident blocks per SM; the simulated blocks are resident from the
 * start (two per SM), each moving its bytes at its cap, threads x bytes in flight / latency. One
 * class for every card: {@link Card} says which model, file and rows; each card's reproduction is
 * a subclass that gives its card (a service needs a class of its own with a public constructor).
 */
abstract class GpuStreamMemorySystem implements Reproduction {
  /**
   * One card's reproduction.
   *
   * @param id the reproduction's id, {@code memory-system-CARD}
   * @param modelId the bundled hardware model it runs
   * @param gpu the card as the page names it
   * @param file the result file, {@code gpu-stream/CARD.txt @commit}
   * @param mainCu the {@code main.cu} that wrote it, {@code gpu-stream/main.cu @commit}
   * @param carveOut how that {@code main.cu} fixes two resident blocks per SM, a sentence
   * @param modelFile what the model file's own memory figures are, a sentence
   * @param table the bundled numbers
   * @param kernels the kernels of the rows and the bytes a thread of each keeps in flight, in
   *     the rows' order
   * @param rowThreads the threads per block of each kernel's rows
   * @param targetsCommit the commit that set the rows' targets, alone, before any row was run
   * @param device overrides of the model file for every run where the measured card differs
   *     from the bundled model, and a sentence saying why (empty map and "" where it does not)
   * @param deviceNote that sentence
   */
  record Card(String id, String modelId, String gpu, String file, String mainCu, String carveOut,
      String modelFile, GpuStreamTable table, Map<String, Double> kernels,
      List<Integer> rowThreads, String targetsCommit, Map<String, String> device,
      String deviceNote) {
    /** Copies the kernels, rows and device overrides. */
    Card {
      device = Map.copyOf(device);
      kernels = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(kernels));
      rowThreads = List.copyOf(rowThreads);
    }

    /** The data file under docs/data. */
    String dataPath() {
      return "docs/data/" + table.resource();
    }
  }

  /** What one kernel's thread keeps in flight and why, as the page says it. */
  private static final Map<String, String> FORMULA = Map.of(
      "triad", "`A[i] = B[i] * 1.2 + C[i]`: two 8-byte loads and one 8-byte store",
      "read", "`temp = B[i]`, its store never taken: one 8-byte load",
      "scale", "`A[i] = B[i] * 1.2`: one 8-byte load and one 8-byte store",
      "3pt", "three neighbouring loads of B and a store; 16 bytes of DRAM traffic (one new"
          + " element read, one written), the neighbours' loads taken from the cache",
      "5pt", "five neighbouring loads of B and a store; 16 bytes of DRAM traffic, as 3pt");

  private static final String TWENTY_PERCENT = "±20%, the tolerance of memory-system-v100's rows"
      + " (the issue's third-party rows); neighbouring block sizes differ by a few percent in the"
      + " measurement.";

  private final Card card;
  private final Optional<PluginRegistry> given;
  private final QueueingFit.Calibration calibration;
  private final TargetFile targets;

  GpuStreamMemorySystem(Card card, Optional<PluginRegistry> registry) {
    this.card = card;
    this.given = registry;
    this.calibration = calibration(card);
    this.targets = TargetFile.bundled(card.id());
  }

  @Override
  public final String id() {
    return card.id();
  }

  @Override
  public final String description() {
    return "the memory system calibrated on a third-party " + card.gpu().replaceFirst("^an? ",
        "") + " gpu-stream SCALE column, checked on its " + String.join(" and ",
        card.kernels().keySet()) + " at " + rowsText() + " threads per block, two blocks per SM";
  }

  /** The card's calibration: every memory-system parameter from its SCALE column (16 B). */
  static QueueingFit.Calibration calibration(Card card) {
    return QueueingFit.calibrate(card.table().column("scale", 16));
  }

  /** The runs of the card's reproduction: its model, its SCALE calibration. */
  MemoryStreamRuns runs(PluginRegistry registry) {
    return new MemoryStreamRuns(registry, card.modelId(), calibration, card.device());
  }

  /** The source of a kernel's rows. */
  private Source source(String kernel) {
    return new Source("te42kyfo/gpu-benches (third-party measurement, " + card.gpu() + ")",
        card.file() + ", " + kernel + " column", "te42kyfo/gpu-benches: "
        + card.file().replaceFirst(" @.*", ""));
  }

  /** The target of one row: a kernel's measured GB/s at one block size. */
  Target target(String kernel, int threads) {
    double gbps = card.table().measured(kernel, threads);
    return targets.target(kernel + "-" + threads, kernel + " alone, blocks of " + threads
        + " threads, two per SM: bandwidth (GB/s)", source(kernel),
        Numbers.fixed(gbps, 0) + " GB/s", TWENTY_PERCENT, gbps, 0.20);
  }

  /** Runs every row and writes the page; whether every row passed. */
  @Override
  public final boolean run(Path outputDirectory, PrintStream out) throws java.io.IOException {
    PluginRegistry registry = given.orElseGet(() -> PluginRegistry.discover(Optional.empty()));
    MemoryStreamRuns runs = runs(registry);
    HardwareModel model = runs.model(Parameters.CALIBRATION);
    HardwareModel file = runs.model(Parameters.MODEL_FILE);
    int blocks = card.table().residentBlocks();
    double achievable = model.device().memory().achievableBytesPerNs();
    ClaimTable claims = new ClaimTable();
    TextTable rows = new TextTable("kernel", "threads per block", "resident threads",
        "measured (GB/s)", "simulated (GB/s)", "simulated / measured", "without queueing (GB/s)",
        card.modelId() + " file's parameters (GB/s)");
    Map<String, List<double[]>> ratios = new LinkedHashMap<>();
    for (Map.Entry<String, Double> kernel : card.kernels().entrySet()) {
      String name = kernel.getKey();
      double bytes = kernel.getValue();
      List<double[]> byRow = new ArrayList<>();
      for (int threads : card.rowThreads()) {
        double simulated = runs.bandwidths(name, blocks, threads, bytes, 1,
            Parameters.CALIBRATION)[0];
        double unloaded = runs.bandwidths(name, blocks, threads, bytes, 1,
            Parameters.WITHOUT_QUEUEING)[0];
        double asFiled = runs.bandwidths(name, blocks, threads, bytes, 1,
            Parameters.MODEL_FILE)[0];
        double measured = card.table().measured(name, threads);
        byRow.add(new double[] {threads, simulated / measured});
        rows.row(name, threads, blocks * threads, Numbers.fixed(measured, 0),
            Numbers.fixed(simulated, 0), Numbers.fixed(simulated / measured, 2),
            Numbers.fixed(unloaded, 0), Numbers.fixed(asFiled, 0));
        claims.add(target(name, threads).simulated(Numbers.fixed(simulated, 0) + " GB/s",
            simulated).because(reason(name, threads, simulated, measured, unloaded)));
      }
      ratios.put(name, byRow);
    }
    TextTable fitTable = new TextTable("kernel", "bytes in flight per thread",
        "achievable (GB/s)", "rows (U < 0.8)", "queueing scale (ns)", "offset (ns)", "used");
    QueueingFit.Column scale = card.table().column("scale", 16);
    MemoryStreamRuns.fitRow(fitTable, scale, calibration.fit(), achievable, "every"
        + " memory-system parameter of the rows (fit, in-sample for this column)");
    for (String kernel : List.of("triad", "read", "3pt", "5pt")) {
      QueueingFit.Column column = card.table().column(kernel, bytesInFlight(kernel));
      MemoryStreamRuns.fitRow(fitTable, column, QueueingFit.fit(column, achievable), achievable,
          "comparison only");
    }
    double cap = model.device().memory().blockBytesPerNs(32, 16);
    out.printf("%s: %s with contention memory-system: achievable %s GB/s, latency %s ns,"
        + " queueing %s ns (SCALE of %s)%n", card.id(), card.modelId(),
        Numbers.fixed(achievable, 0), Numbers.fixed(calibration.latencyNs(), 1),
        Numbers.fixed(calibration.queueingNs(), 1), card.file());
    out.print(fitTable.render());
    out.println();
    out.print(rows.render());
    out.println();
    claims.print(out);
    int full = GpuStreamTable.FULL_OCCUPANCY_THREADS;
    int sms = card.table().sms();
    new ReproductionPage(card.id(), "Reproduction: " + card.id() + " (third-party measurement,"
        + " te42kyfo/gpu-benches gpu-stream, " + card.gpu() + ")")
        .paragraph(("""
            Third-party measurement (te42kyfo/gpu-benches, `%s`, written by `%s`, on %s with %d
            SMs): the bandwidth of six streaming kernels, GB/s counting bytes read and written, for
            blocks of 32 to %,d threads in steps of 32. For each block size `main.cu` launches a
            full grid, `max_buffer_size / blockSize + 1` blocks over arrays of 128 Mi + 2 doubles
            (1 GiB each), every thread one element (no loop), so a block ends after one access
            per thread and the next takes its place. %s So two blocks are resident per SM and a
            row of b threads per block keeps 2 x %d x b threads resident, %,d to %,d (the file's
            `threads` column is %d x b, its `%%occ` 2 x b / 2,048). Each figure counts the
            streams each kernel moves, 8 bytes per element and stream, over the median of nine
            timings, each the mean of two launches.""")
            .formatted(card.file(), card.mainCu(), card.gpu(), sms, full, card.carveOut(), sms,
                2 * sms * 32, 2 * sms * full, sms))
        .paragraph(("""
            Is it a table of the same kind as memory-system-v100's? The earlier summary said not
            (the block size grows instead of the block count, the columns differ). Read from
            `main.cu`, it is: each row fixes how many threads are resident, one column per
            kernel, and the memory system's Little's law takes resident threads x bytes in flight
            per thread either way (there 128 x blocks, here 2 x %d x b). Two things differ. The
            blocks turn over (one element per thread, then a new block), so a row's time per
            access includes a block's end and the next one's dispatch, a constant per access
            that the fit's offset below takes in; the simulated blocks stay resident (two per SM,
            %d blocks), each moving %d bytes at its cap, which is the same concurrency without
            the turnover. And the two resident blocks per SM are fixed through the carve-out,
            not by the grid, so two kernels launched side by side would share the same two
            block slots per SM: the table
            gives no stand-in for two kernels side by side (memory-system-v100 derives one from
            its block counts), and this reproduction has no such rows.""")
            .formatted(sms, blocks, MemoryStreamRuns.BYTES_PER_BLOCK))
        .paragraph(("""
            The model ([model.md](../model.md#the-memory-system)): the `%s` model with
            `contention: memory-system` and every memory-system parameter from the same file's
            SCALE column (none from a row's kernel): `dram-achievable-gbps` %s (SCALE at %,d
            threads per block, full occupancy), `dram-latency-ns` %s (the fit's offset: one SCALE
            access's time without load, the block turnover included) and `dram-queueing-ns` %s
            (the fit's scale). The bytes a thread keeps in flight are read from each kernel's
            formula in `main.cu` (an assumption): %s. A 32-thread block of 16 bytes per thread
            has an unloaded cap of %s GB/s (Little's law). Under load each access takes the
            latency plus queueing x U / (1 - U), U the share of the achievable bandwidth in use,
            and what the blocks ask for is shared max-min fairly over the achievable bandwidth.
            The model file's own figures are run for comparison (the last column): %s%s""")
            .formatted(card.modelId(), Numbers.fixed(achievable, 0), full,
                Numbers.fixed(calibration.latencyNs(), 1),
                Numbers.fixed(calibration.queueingNs(), 1), bytesText(),
                Numbers.fixed(cap, 2), card.modelFile(),
                card.deviceNote().isEmpty() ? "" : " " + card.deviceNote()))
        .paragraph(("""
            The calibration, computed on every run (`QueueingFit.calibrate`, as for the V100):
            SCALE's row at %,d threads per block is the achievable bandwidth, %s GB/s; each of
            its rows gives the time per access its threads saw, threads per block x 16 bytes over
            the bandwidth per block (%d blocks), against U = its bandwidth over %s GB/s; least
            squares of time = offset + queueing x U / (1 - U) over its %d rows with U < 0.8 gives
            the offset, %s ns, and the scale, %s ns. The other columns' fits below, against the
            same bandwidth, are shown for comparison and used nowhere.""")
            .formatted(full, Numbers.fixed(achievable, 0), blocks, Numbers.fixed(achievable, 0),
                calibration.fit().rows(), Numbers.fixed(calibration.latencyNs(), 1),
                Numbers.fixed(calibration.queueingNs(), 1)))
        .paragraph(("""
            Which columns are rows, decided with the targets and committed alone before any row
            was simulated (%s, [%s](../../%s)): the triad, a read-and-write stream as SCALE but with
            24 bytes in flight where SCALE has 16, and read, a load-only stream of 8 bytes;
            both are latency-bound at low occupancy and bounded by the memory at full occupancy,
            which the model describes, and read tests the one queueing figure for reads and
            writes that docs/model.md names as an assumption (on the V100 the read-only kernels
            queued about a third as much as SCALE). Left out: init (only stores; a thread issues
            its store and ends without waiting for it, so its time per element is not a memory
            latency over which bytes are in flight, and a write-only stream meets no read/write
            turnarounds: it moves %s GB/s at full occupancy, %s SCALE's %s, the model's one
            ceiling); 3pt and 5pt (the model has no cache: their DRAM traffic per thread is
            SCALE's 16 bytes, so the simulated kernel would be the calibration's own kernel and
            the rows in-sample in all but name). Rows at %s threads per block, from 3%% to 100%%
            occupancy.""")
            .formatted(card.targetsCommit(), TargetFile.path(card.id()).replaceFirst(".*/", ""),
                TargetFile.path(card.id()), Numbers.fixed(card.table().measured("init", full), 0),
                card.table().measured("init", full) > achievable ? "above" : "against",
                Numbers.fixed(achievable, 0), rowsText()))
        .heading("The queueing fit")
        .table(fitTable.render())
        .heading("One kernel alone")
        .table(rows.render())
        .claims(claims)
        .paragraph(summary(ratios))
        .write(outputDirectory);
    return claims.reproduced();
  }

  /** Bytes a thread keeps in flight, the rows' kernels first, as the fits take them. */
  private double bytesInFlight(String kernel) {
    return card.kernels().getOrDefault(kernel, 16.0);
  }

  private String bytesText() {
    List<String> parts = new ArrayList<>();
    card.kernels().forEach((kernel, bytes) -> parts.add(kernel + " " + Numbers.fixed(bytes, 0)
        + " bytes (" + FORMULA.get(kernel) + ")"));
    return String.join(", ", parts);
  }

  private String rowsText() {
    List<Integer> rows = card.rowThreads();
    return String.join(", ", rows.subList(0, rows.size() - 1).stream().map(String::valueOf)
        .toList()) + " and " + String.format("%,d", rows.get(rows.size() - 1));
  }

  /** Why a row is outside its tolerance, from what the runs show; "" when it is within. */
  private String reason(String kernel, int threads, double simulated, double measured,
      double unloaded) {
    double ratio = simulated / measured;
    if (Math.abs(ratio - 1) <= 0.20) {
      return "";
    }
    String head = "At " + threads + " threads per block the model moves " + Numbers.fixed(ratio,
        2) + "x the measured " + kernel + ": ";
    if (ratio > 1) {
      return head + "its time per access (SCALE's " + Numbers.fixed(calibration.latencyNs(), 0)
          + " ns without load, plus the queueing fitted on SCALE) is shorter than a " + kernel
          + " thread's time per element, the same for every kernel in the model whatever its"
          + " bytes in flight.";
    }
    if (measured > calibration.achievableGbps()) {
      return head + "SCALE's achievable bandwidth, the simulated ceiling ("
          + Numbers.fixed(calibration.achievableGbps(), 0) + " GB/s), is below what " + kernel
          + " moves.";
    }
    if (unloaded < 0.8 * measured) {
      return head + "even without queueing its cap is below the measured: a " + kernel
          + " thread's time per element is shorter than a SCALE thread's ("
          + Numbers.fixed(calibration.latencyNs(), 0) + " ns without load).";
    }
    return head + "the queueing delay fitted on SCALE's reads and writes slows it more than "
        + kernel + "'s accesses are slowed at this load (one queueing figure for every kind of"
        + " traffic).";
  }

  /**
   * What the rows say: each kernel's range of simulated over measured, its own fit's time per
   * access beside SCALE's (which the model gives every kernel), and the ceiling where a kernel
   * moves more than SCALE at full occupancy.
   */
  private String summary(Map<String, List<double[]>> ratios) {
    List<String> parts = new ArrayList<>();
    ratios.forEach((kernel, rows) -> {
      double low = rows.stream().mapToDouble(r -> r[1]).min().orElseThrow();
      double high = rows.stream().mapToDouble(r -> r[1]).max().orElseThrow();
      double[] worst = rows.stream().max(java.util.Comparator.comparingDouble(
          r -> Math.abs(r[1] - 1))).orElseThrow();
      parts.add(Numbers.fixed(low, 2) + " to " + Numbers.fixed(high, 2) + " for " + kernel
          + " (farthest from 1 at " + (int) worst[0] + " threads per block)");
    });
    StringBuilder text = new StringBuilder("What the rows say: simulated over measured is ")
        .append(String.join(" and ", parts)).append(". The model gives every kernel SCALE's"
            + " time per access and SCALE's queueing; the kernels differ in it only by the bytes"
            + " their threads keep in flight.");
    double achievable = calibration.achievableGbps();
    for (String kernel : ratios.keySet()) {
      QueueingFit.Fit own = QueueingFit.fit(card.table().column(kernel, bytesInFlight(kernel)),
          achievable);
      double atFull = card.table().measured(kernel, GpuStreamTable.FULL_OCCUPANCY_THREADS);
      text.append(" The ").append(kernel).append(" column's own fit (comparison only) puts its"
          + " time per"
          + " access without load at ").append(Numbers.fixed(own.offsetNs(), 1))
          .append(" ns and its queueing scale at ").append(Numbers.fixed(own.queueingNs(), 1))
          .append(" ns, against SCALE's ").append(Numbers.fixed(calibration.latencyNs(), 1))
          .append(" and ").append(Numbers.fixed(calibration.queueingNs(), 1)).append(" ns");
      text.append(atFull > achievable ? "; at full occupancy it moves "
          + Numbers.fixed(atFull, 0) + " GB/s, above SCALE's " + Numbers.fixed(achievable, 0)
          + ", the simulated ceiling." : ".");
    }
    return text.toString();
  }
}
