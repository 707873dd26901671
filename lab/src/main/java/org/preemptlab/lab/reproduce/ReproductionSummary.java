package org.preemptlab.lab.reproduce;

import static com.google.common.base.Preconditions.checkArgument;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where every published reproduction stands, on one page ({@code README.md} beside the pages): a
 * line per reproduction with its rows counted by verdict, then every row with its published and
 * simulated values, tolerance and verdict. It is read from the pages themselves (each written by
 * {@code preemptlab reproduce ID}, whose "Published vs simulated" table it copies), so it says
 * nothing a page does not; a reproduction whose page is not in the folder is listed as not run.
 */
public final class ReproductionSummary {
  /** The summary's file name in a folder of pages. */
  public static final String FILE = "README.md";

  /** The summary's first line, by which a folder's summary is told from another README. */
  static final String TITLE = "# Published reproductions: where each stands";

  /** The header line of a page's "Published vs simulated" table, as the page writer makes it. */
  private static final String CLAIMS_HEADER = ReproductionPage.markdown(
      new ClaimTable().table().render()).lines().findFirst().orElseThrow();

  private static final int COLUMNS = cells(CLAIMS_HEADER).size();

  /**
   * Artifacts that publish both the inputs and the raw outputs of a figure, considered for a
   * reproduction of their own, and why each was left out (issue 49).
   */
  static final String CANDIDATES = """
      ## Artifacts considered and not reproduced

      A reproduction needs an artifact that publishes both a figure's inputs (the kernels, their
      durations or a way to derive them, the load) and its raw outputs. Considered in December
      2026 and left out:

      - XSched (Shen et al., OSDI 2025), Fig. 13a of XpuOS/xsched-artifacts @940f04e
        (`results/fig13a/raw/bert-high.{standalone,triton,triton-p,xsched}.txt`): the raw outputs
        are the latency distributions of a high-priority BERT model served by Triton, alone, under
        Triton, Triton with priorities and XSched. The inputs are the kernels of the TensorRT BERT
        engine Triton runs; the artifact publishes neither their number nor their durations (its
        raw files hold request latencies only), so the kernels are unknown.
      - XSched, Fig. 13b of the same artifact (`results/fig13b/raw/{cuda_ms,paella_full,xsched}_lns2.txt`,
        per inter-arrival time: jobs, elapsed time and latency percentiles, processed by
        `results/fig13b/scripts/plot.py`): the comparison with Paella serves DNN inference jobs
        whose kernels and kernel durations the artifact does not give either.
      - The paper's own Fig. 13 bottom, the multi-tenant case (financial and scientific jobs), is
        reproduced as [xsched-multitenant](xsched-multitenant.md) from the artifact's
        `results/fig11/raw` files, which are that case's raw outputs.
      - REEF (OSDI 2022): SJTU-IPADS/reef-artifacts @8750974 `evaluation/fig10` holds the
        benchmark's configurations and plotting scripts but no raw results, so REEF's rows compare
        with the paper's numbers ([reef](reef.md)).
      - te42kyfo/gpu-benches for a GPU other than the V100: its README's cuda-stream table
        (blocks of 128 threads, 1 to 1,280 blocks), which
        [memory-system-v100](memory-system-v100.md) reproduces, exists for the Tesla
        V100-PCIe-16GB only (README.md @7def895 to @97fdf36). The repository's result files for
        other cards (@1c36d50 `gpu-stream/a100_40.txt`, `a100_80.txt`, `h100_pcie.txt`,
        `h200.txt`, `l40.txt`, `a40.txt`, `mi100.txt`, `mi210.txt`, `RX6900XT.txt`) come from
        another benchmark, `gpu-stream/main.cu`: the block size grows from 32 to 1,024 threads
        at two resident blocks per SM (fixed through the shared-memory carve-out) over a full
        grid of one element per thread, with the columns init, read, scale, triad and
        stencils. This summary said until 8 December 2026 that they give no table of the same
        kind to calibrate on one column and check another; read from `main.cu`, they do: each
        row fixes the threads resident, one column per kernel, which is what the memory
        system's Little's law needs. [memory-system-h200](memory-system-h200.md) calibrates
        on `h200.txt`'s SCALE column and checks its triad and read columns (not init, 3pt or
        5pt, nor two kernels side by side: its page says why), and
        [memory-system-a100](memory-system-a100.md) does the same with `a100_80.txt`, written
        by the earlier `main.cu` (@a7dc559), which fixed the carve-out at 9% and marked any row
        whose blocks per SM were not two (none is marked). The other cards' files are not
        reproduced yet.""";

  private ReproductionSummary() {}

  /**
   * One reproduction's page as the summary reads it.
   *
   * @param id the reproduction
   * @param title what its page's heading names (paper, venue, figure), or "" without a page
   * @param rows its claims table's rows, each its cells in {@link #CLAIMS_HEADER}'s order, empty
   *     without a page
   * @param absent why it has no page here ("not run here", or the error it failed with), or ""
   *     when its page was read
   */
  record Page(String id, String title, List<List<String>> rows, String absent) {
    boolean ran() {
      return absent.isEmpty();
    }

    Map<Verdict, Integer> counts() {
      Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
      for (List<String> row : rows) {
        counts.merge(verdictOf(row), 1, Integer::sum);
      }
      return counts;
    }

    boolean reproduced() {
      return Verdict.reproduced(rows.stream().map(this::verdictOf).toList());
    }

    private Verdict verdictOf(List<String> row) {
      String label = row.get(row.size() - 1);
      return Arrays.stream(Verdict.values()).filter(v -> v.label().equals(label)).findFirst()
          .orElseThrow(() -> new IllegalArgumentException(id + ".md: a row's verdict '" + label
              + "' is none of " + Arrays.stream(Verdict.values()).map(Verdict::label).toList()));
    }
  }

  /**
   * Reads the page of each of {@code published}, in order, from {@code dir}.
   *
   * @throws IllegalArgumentException if a page has no claims table or a row no known verdict
   */
  static List<Page> read(Path dir, List<Reproduction> published) throws IOException {
    return read(dir, published, Map.of());
  }

  /**
   * As {@link #read(Path, List)}, but a reproduction in {@code failures} (id to the one-line error
   * it failed with) is listed with its error, whatever page an earlier run left.
   */
  static List<Page> read(Path dir, List<Reproduction> published, Map<String, String> failures)
      throws IOException {
    List<Page> pages = new ArrayList<>();
    for (Reproduction reproduction : published) {
      String id = reproduction.id();
      Path file = dir.resolve(id + ".md");
      if (failures.containsKey(id)) {
        pages.add(new Page(id, "", List.of(), "failed: " + failures.get(id)));
      } else {
        pages.add(Files.isRegularFile(file) ? parse(id, Files.readString(file))
            : new Page(id, "", List.of(), "not run here"));
      }
    }
    return pages;
  }

  static Page parse(String id, String page) {
    List<String> lines = page.lines().toList();
    String title = lines.isEmpty() ? "" : lines.get(0).replaceFirst("^# [^:]*: ", "")
        .replaceFirst("^" + java.util.regex.Pattern.quote(id) + " \\((.*)\\)$", "$1");
    int header = lines.indexOf(CLAIMS_HEADER);
    checkArgument(header >= 0, "%s.md: no \"Published vs simulated\" table (a line %s)", id,
        CLAIMS_HEADER);
    List<List<String>> rows = new ArrayList<>();
    for (int i = header + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
      List<String> row = cells(lines.get(i));
      checkArgument(row.size() == COLUMNS,
          "%s.md, line %s: %s cells in a row of the \"Published vs simulated\" table, which has %s",
          id, i + 1, row.size(), COLUMNS);
      rows.add(row);
    }
    return new Page(id, title, List.copyOf(rows), "");
  }

  /** The cells of one markdown table row; "\|" inside a cell stays as it is. */
  static List<String> cells(String line) {
    List<String> cells = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    String body = line.strip();
    for (int i = 1; i < body.length(); i++) {
      char c = body.charAt(i);
      if (c == '\\' && i + 1 < body.length() && body.charAt(i + 1) == '|') {
        cell.append("\\|");
        i++;
      } else if (c == '|') {
        cells.add(cell.toString().strip());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    return cells;
  }

  /** The summary page of {@code pages}. */
  static String render(List<Page> pages) {
    StringBuilder md = new StringBuilder(TITLE).append("\n\n")
        .append("<!-- Written by `preemptlab reproduce --all --out docs/reproductions` (and"
            + " refreshed by `preemptlab reproduce ID --out docs/reproductions`) from the pages"
            + " beside it; edit the code, not this page. -->\n\n")
        .append("Each published reproduction's rows, counted by verdict, as its page gives them"
            + " (see [docs/reproducing.md](../reproducing.md) for what each verdict means). A"
            + " reproduction has reproduced only when at least one row is PASS and every other"
            + " row is INPUTS UNPUBLISHED (the paper's inputs for it are not public: it counts"
            + " neither way).\n\n");
    List<Verdict> verdicts = List.of(Verdict.values());
    md.append("| reproduction | paper | rows |");
    verdicts.forEach(v -> md.append(' ').append(v.label()).append(" |"));
    md.append(" reproduced |\n|---|---|---|").append("---|".repeat(verdicts.size()))
        .append("---|\n");
    int reproduced = 0;
    int ran = 0;
    for (Page page : pages) {
      if (!page.ran()) {
        md.append("| ").append(page.id()).append(" | (").append(page.absent().replace("|", "\\|"))
            .append(") |")
            .append(" |".repeat(verdicts.size() + 2)).append('\n');
        continue;
      }
      md.append("| [").append(page.id()).append("](").append(page.id()).append(".md) | ");
      ran++;
      reproduced += page.reproduced() ? 1 : 0;
      Map<Verdict, Integer> counts = page.counts();
      md.append(page.title()).append(" | ").append(page.rows().size()).append(" |");
      for (Verdict v : verdicts) {
        md.append(Optional.ofNullable(counts.get(v)).map(n -> " " + n).orElse("")).append(" |");
      }
      md.append(page.reproduced() ? " yes |\n" : " no |\n");
    }
    md.append("\nReproduced: ").append(reproduced).append(" of ").append(pages.size())
        .append(" published reproductions");
    if (ran < pages.size()) {
      md.append(" (").append(pages.size() - ran).append(" without a page here)");
    }
    md.append(".\n\n").append(CANDIDATES).append("\n\n## Every row\n\n")
        .append("| reproduction | # | claim | published | simulated | tolerance"
            + " | baseline (simulated) | verdict |\n|---|---|---|---|---|---|---|---|\n");
    for (Page page : pages) {
      for (List<String> row : page.rows()) {
        md.append("| ").append(page.id());
        for (int c : new int[] {0, 1, 3, 4, 5, 6, 7}) {
          md.append(" |").append(row.get(c).isEmpty() ? "" : " " + row.get(c));
        }
        md.append(" |\n");
      }
    }
    return md.toString();
  }

  /**
   * Writes the summary of the pages of {@code published} found in {@code dir} into {@code
   * dir/README.md}.
   *
   * @return whether every one of them reproduced (every page present, every row PASS)
   */
  public static boolean write(Path dir, List<Reproduction> published) throws IOException {
    return write(dir, published, Map.of());
  }

  /**
   * As {@link #write(Path, List)}; a reproduction in {@code failures} (id to the one-line error it
   * failed with) is listed with its error instead of any page an earlier run left in {@code dir}.
   */
  public static boolean write(Path dir, List<Reproduction> published,
      Map<String, String> failures) throws IOException {
    List<Page> pages = read(dir, published, failures);
    try { // whole or not at all
      org.preemptlab.runner.experiment.sweep.ResultStore.writeAtomically(dir.resolve(FILE),
          render(pages).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot write " + dir.resolve(FILE), e);
    }
    return pages.stream().allMatch(Page::reproduced);
  }

  /** Whether {@code dir} holds a summary this class wrote (which a new page then refreshes). */
  public static boolean heldIn(Path dir) throws IOException {
    Path file = dir.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      return false;
    }
    try (var reader = Files.newBufferedReader(file)) {
      return TITLE.equals(reader.readLine());
    } catch (java.nio.charset.CharacterCodingException e) {
      return false; // not a page this class wrote
    }
  }
}
