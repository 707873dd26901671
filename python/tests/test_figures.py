"""The paper figures (preemptlab_results.figures) at 4, 16 and 30 configurations.

Three sweeps of python/tests/data/figures-N.yaml and llm-serving runs are made once with the built
jar (as test_results.py: skipped without it, a failure under CI). The tests check what can be
checked without looking at pixels: every series has its own colour and marker, every error bar
has its series' colour, no axis or legend title is a raw key, every configuration is drawn exactly
once (merged ones named in one label), no two marks hide each other, and the trade-off's points
carry their labels.
"""

import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.container import ErrorbarContainer  # noqa: E402
from matplotlib.colors import to_hex  # noqa: E402

import preemptlab_results as pl  # noqa: E402
from preemptlab_results import figures  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
JAR = Path(os.environ.get("PREEMPTLAB_JAR", REPO / "distribution" / "target" / "preemptlab.jar"))
SIZES = (4, 16, 30)
Y, X = "turnaround-p99@queue=inference", "throughput@queue=training"
RAW = re.compile(r"@|\[\d+\]|^[a-z]+(\.[a-z-]+)+$|^[a-z]+-[a-z-]+$")


def preemptlab(*args):
    subprocess.run(["java", "-jar", str(JAR), *args], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


def titles(fig):
    """Every axis title and legend title of the figure, panels and shared labels included."""
    found = [label.get_text() for label in (fig._supxlabel, fig._supylabel) if label]
    for ax in fig.axes:
        found += [ax.get_xlabel(), ax.get_ylabel()]
        legend = ax.get_legend()
        if legend is not None:
            found.append(legend.get_title().get_text())
    return [t for t in found if t]


def errorbars(fig):
    return [c for c in fig.axes[0].containers if isinstance(c, ErrorbarContainer)]


class FiguresTest(unittest.TestCase):
    scratch = None

    @classmethod
    def setUpClass(cls):
        if not JAR.is_file():
            if os.environ.get("CI") == "true":
                raise AssertionError(f"{JAR} is missing: build it with mvn -B verify first")
            raise unittest.SkipTest(f"{JAR} is missing: build it with mvn -B verify first")
        cls.scratch = Path(tempfile.mkdtemp(prefix="preemptlab-figures-"))
        cls.sweeps = {}
        for n in SIZES:
            out = cls.scratch / f"sweep-{n}"
            preemptlab("sweep", "--config", str(DATA / f"figures-{n}.yaml"), "--out", str(out),
                       "--jobs", "2")
            cls.sweeps[n] = pl.load_sweep(out)
        cls.requests = {}
        for rate in (20, 80, 160, 320):
            out = cls.scratch / f"llm-{rate}"
            preemptlab("run", "--config", str(DATA / "llm-small.yaml"), "--set",
                       f"applications[0].arrival-rate={rate}", "--out", str(out))
            cls.requests[f"{rate} requests/s"] = out / "llm-serving" / "requests.csv"

    @classmethod
    def tearDownClass(cls):
        if cls.scratch is not None:
            shutil.rmtree(cls.scratch, ignore_errors=True)

    def setUp(self):
        plt.rcParams["figure.max_open_warning"] = 0

    def tearDown(self):
        plt.close("all")

    def figures_of(self, n):
        sweep = self.sweeps[n]
        return {
            "means": figures.means(sweep, Y),
            "versus": figures.versus(sweep, "antt", "hardware.sm-count"),
            "trade-off": figures.trade_off(sweep, X, Y),
            "cdf": figures.turnaround_cdf(sweep, "inference"),
        }

    def assert_distinct_styles(self, fig, what):
        handles, labels = fig.axes[0].get_legend_handles_labels()
        styles = []
        for handle in handles:
            line = handle[0] if isinstance(handle, ErrorbarContainer) else handle
            styles.append((to_hex(line.get_color()), line.get_marker()))
        self.assertEqual(len(set(styles)), len(styles), f"{what}: two series look alike")
        self.assertEqual(len(set(labels)), len(labels), f"{what}: two series share a label")

    def test_every_series_has_its_own_colour_and_marker(self):
        for n in SIZES:
            for kind, fig in self.figures_of(n).items():
                with self.subTest(n=n, kind=kind):
                    self.assert_distinct_styles(fig, f"{kind} at {n}")
        self.assertEqual(len({(figures.style(i)["color"], figures.style(i)["marker"])
                              for i in range(77)}), 77)

    def test_error_bars_have_their_series_colour(self):
        for n in SIZES:
            for kind in ("means", "versus", "trade-off"):
                fig = self.figures_of(n)[kind]
                with self.subTest(n=n, kind=kind):
                    self.assertTrue(errorbars(fig))
                    for container in errorbars(fig):
                        colour = to_hex(container[0].get_color())
                        for bars in container[2]:
                            self.assertEqual({to_hex(c) for c in bars.get_colors()}, {colour})

    def test_titles_are_words_with_units_never_raw_keys(self):
        for n in SIZES:
            for kind, fig in self.figures_of(n).items():
                with self.subTest(n=n, kind=kind):
                    for title in titles(fig):
                        for part in re.split(r" / |, | \(", title):
                            self.assertIsNone(RAW.search(part.strip(" )")),
                                              f"raw key in {title!r}")
        means = self.figures_of(16)["means"].axes[0]
        self.assertEqual(means.get_xlabel(),
                         "turnaround p99, queue inference (µs, lower is better)")
        self.assertEqual(means.get_ylabel(),
                         "scheduling policy / preemption-point strategy")
        versus = self.figures_of(30)["versus"].axes[0]
        self.assertEqual(versus.get_xlabel(), "SM count (SMs)")
        self.assertEqual(figures.key_title("applications[0].arrival-rate"),
                         "arrival rate of application 1 (requests/s)")
        self.assertEqual(figures.key_title("hardware.time-slice", "ms"), "time slice (ms)")

    def test_every_configuration_is_drawn_once_and_merged_ones_are_named(self):
        for n in SIZES:
            sweep = self.sweeps[n]
            drawn = self.figures_of(n)
            with self.subTest(n=n, kind="means"):
                points = sum(len(c[0].get_xdata()) for c in errorbars(drawn["means"]))
                missing = sum(1 for t in drawn["means"].axes[0].texts if t.get_text() == "n/a")
                self.assertEqual(points + missing, n)
            with self.subTest(n=n, kind="cdf"):
                panels = [ax for ax in drawn["cdf"].axes if ax.get_visible()]
                keys = sweep.factors[1:] if len(panels) > 1 else sweep.factors
                labels = [line.get_label() for ax in panels for line in ax.get_lines()]
                self.assertEqual(sum(covered(sweep, label, keys) for label in labels), n,
                                 labels)
            with self.subTest(n=n, kind="trade-off"):
                rows = sweep.metric(Y).merge(sweep.metric(X), on="configuration")
                distinct = {(a, b) for a, b in zip(rows["mean_x"], rows["mean_y"])}
                points = sum(len(c[0].get_xdata()) for c in errorbars(drawn["trade-off"]))
                self.assertEqual(points, len(distinct))

    def test_no_two_marks_hide_each_other(self):
        for n in SIZES:
            for kind in ("means", "trade-off", "versus"):
                fig = self.figures_of(n)[kind]
                with self.subTest(n=n, kind=kind):
                    seen = [tuple(p) for c in errorbars(fig)
                            for p in zip(c[0].get_xdata(), c[0].get_ydata())]
                    self.assertEqual(len(set(seen)), len(seen))

    def test_the_trade_offs_points_carry_their_labels_without_overlap(self):
        for n in SIZES:
            fig = self.figures_of(n)["trade-off"]
            with self.subTest(n=n):
                ax = fig.axes[0]
                labels = [t for t in ax.texts if t.get_text()]
                points = sum(len(c[0].get_xdata()) for c in errorbars(fig))
                self.assertEqual(len(labels), points)
                fig.canvas.draw()
                renderer = fig.canvas.get_renderer()
                boxes = [t.get_window_extent(renderer) for t in labels]
                overlaps = sum(1 for i, a in enumerate(boxes) for b in boxes[i + 1:]
                               if a.overlaps(b))
                self.assertEqual(overlaps, 0)

    def test_the_request_cdf_reads_every_request_of_each_run(self):
        fig = figures.request_cdf(self.requests, "ttft")
        ax = fig.axes[0]
        self.assertEqual(ax.get_xlabel().split(" (")[0], "time to first token")
        self.assertEqual(ax.get_ylabel(), "fraction of requests")
        self.assert_distinct_styles(fig, "request CDF")
        for line, path in zip(ax.get_lines(), self.requests.values()):
            firsts = [r for r in pl.llm.read_requests(path) if r.ttft_ns is not None]
            self.assertEqual(len(line.get_ydata()), len(firsts) + 1)  # from 0, one step each
            self.assertEqual(line.get_ydata()[-1], 1.0)
        tbt = figures.request_cdf(self.requests, "tbt").axes[0]
        self.assertEqual(tbt.get_ylabel(), "fraction of token gaps")

    def test_identical_request_samples_share_one_curve(self):
        path = next(iter(self.requests.values()))
        fig = figures.request_cdf({"a": path, "b": path, "c": [path, path]}, "ttft")
        _, labels = fig.axes[0].get_legend_handles_labels()
        self.assertEqual(labels[0], "a = b")
        self.assertEqual(len(labels), 2)

    def test_request_cdf_panels_keep_each_labels_style(self):
        a, b = list(self.requests.values())[:2]
        fig = figures.request_cdf({"left": {"x": a, "y": b}, "right": {"y": b, "x": a}}, "e2e")
        left, right = [ax for ax in fig.axes if ax.get_visible()]
        self.assertEqual((left.get_title(), right.get_title()), ("left", "right"))
        style = {line.get_label(): (to_hex(line.get_color()), line.get_marker())
                 for line in left.get_lines()}
        for line in right.get_lines():
            self.assertEqual((to_hex(line.get_color()), line.get_marker()),
                             style[line.get_label()])
        self.assertEqual(fig._supxlabel.get_text().split(" (")[0], "end-to-end latency")

    def test_the_documented_command_writes_the_figures_of_a_sweep(self):
        out = self.scratch / "command-4"
        done = subprocess.run([sys.executable, "-m", "preemptlab_results.figures",
                               str(self.sweeps[4].folder), str(out)], capture_output=True,
                              text=True, cwd=REPO / "python")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("wrote 20 files", done.stdout)
        bad = subprocess.run([sys.executable, "-m", "preemptlab_results.figures",
                              str(self.scratch / "missing"), str(out)], capture_output=True,
                             text=True, cwd=REPO / "python")
        self.assertEqual(bad.returncode, 2)
        self.assertEqual(len(bad.stderr.strip().splitlines()), 1, bad.stderr)

    def test_write_all_writes_each_reported_metric_as_pdf_and_png(self):
        out = self.scratch / "written-4"
        files = figures.write_all(self.sweeps[4], out)
        names = sorted(p.name for p in files)
        self.assertIn("means-turnaround-p99_queue-inference.png", names)
        self.assertIn("antt-vs-hardware.sm-count.pdf", names)
        self.assertIn("turnaround-cdf-inference.png", names)
        self.assertTrue(all((out / name).stat().st_size > 0 for name in names))


def covered(sweep, label, keys=None):
    """How many configurations one legend label of ``keys`` (default all varied keys) stands
    for: its terms (``a\n= b``), each the product of its values (``fifo|edf / *``, ``*`` every
    value of a key)."""
    levels = [list(dict.fromkeys(sweep.summary[k])) for k in (keys or sweep.factors)]
    total = 0
    for term in label.split("\n= "):
        count = 1
        for part, values in zip(term.split(" / "), levels):
            count *= len(values) if part == "*" else len(part.split("|"))
        total += count
    return total


if __name__ == "__main__":
    unittest.main()
