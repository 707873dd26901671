"""Loads the outputs of `preemptlab run` and `preemptlab sweep` made by the command line.

The folders are written once per test run by the built jar (distribution/target/preemptlab.jar, or
$PREEMPTLAB_JAR). Without a jar the tests are skipped, except under CI (CI=true), where that is a
failure.
"""

import json
import math
import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

import preemptlab_results as pl

REPO = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"
JAR = Path(os.environ.get("PREEMPTLAB_JAR", REPO / "distribution" / "target" / "preemptlab.jar"))
NOTEBOOK = REPO / "examples" / "notebooks" / "replot-sweep.ipynb"


def preemptlab(*args):
    subprocess.run(["java", "-jar", str(JAR), *args], check=True, stdout=subprocess.DEVNULL)


class OutputsTest(unittest.TestCase):
    scratch = None

    @classmethod
    def setUpClass(cls):
        if not JAR.is_file():
            if os.environ.get("CI") == "true":
                raise AssertionError(f"{JAR} is missing: build it with mvn -B verify first")
            raise unittest.SkipTest(f"{JAR} is missing: build it with mvn -B verify first")
        cls.scratch = Path(tempfile.mkdtemp(prefix="preemptlab-python-"))
        cls.run_dir = cls.scratch / "run"
        cls.sweep_dir = cls.scratch / "sweep"
        preemptlab("run", "--config", str(REPO / "examples/configs/inference-vs-training.yaml"),
                   "--out", str(cls.run_dir))
        preemptlab("sweep", "--config", str(DATA / "mini-sweep.yaml"), "--out",
                   str(cls.sweep_dir), "--jobs", "2")

    @classmethod
    def tearDownClass(cls):
        if cls.scratch is not None:
            shutil.rmtree(cls.scratch, ignore_errors=True)

    def damaged(self, folder, name, damage):
        copy = self.scratch / f"damaged-{name}"
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(folder, copy)
        damage(copy)
        return copy

    def test_a_cut_or_edited_file_is_an_error_naming_it(self):
        def cut(path, keep):
            data = path.read_bytes()
            path.write_bytes(data[:int(len(data) * keep)])

        cases = [
            (self.run_dir, "summary-cut", lambda d: cut(d / "summary.json", 0.5), pl.load_run,
             "summary.json"),
            (self.run_dir, "jobs-cut", lambda d: cut(d / "jobs.csv", 0.97), pl.load_run,
             "jobs.csv"),
            (self.run_dir, "summary-nan", lambda d: (d / "summary.json").write_text(
                (self.run_dir / "summary.json").read_text().replace('"seed" :', '"x" : NaN, "seed" :', 1)),
             pl.load_run, "summary.json"),
            (self.sweep_dir, "seed-empty", lambda d: next((d / "runs").glob("*/seed-1.json"))
             .write_text(""), pl.load_sweep, "seed-1.json"),
            (self.sweep_dir, "results-cut", lambda d: cut(d / "results.csv", 0.5),
             pl.load_sweep, "results.csv"),
            (self.sweep_dir, "runs-removed", lambda d: shutil.rmtree(d / "runs"), pl.load_sweep,
             "runs"),
        ]
        for folder, name, damage, load, file in cases:
            with self.subTest(name):
                copy = self.damaged(folder, name, damage)
                with self.assertRaises(pl.DamagedOutputError) as raised:
                    load(copy)
                self.assertIn(str(copy), str(raised.exception))
                self.assertIn(file, str(raised.exception))

    def test_a_job_row_appended_with_text_for_numbers_is_an_error(self):
        def append_text_row(folder):
            with (folder / "jobs.csv").open("a") as file:
                file.write(",".join(["99"] + ["x"] * 20) + "\n")

        copy = self.damaged(self.run_dir, "jobs-text", append_text_row)
        with self.assertRaises(pl.DamagedOutputError) as raised:
            pl.load_run(copy)
        self.assertIn("jobs.csv", str(raised.exception))

    def test_a_run_loads_its_jobs_with_units_and_metadata(self):
        run = pl.load_run(self.run_dir)
        summary = json.loads((self.run_dir / "summary.json").read_text())
        self.assertEqual(run.name, "inference-vs-training")
        self.assertEqual(run.seed, summary["seed"])
        self.assertEqual(len(run.jobs), summary["metrics"]["jobs"])
        self.assertTrue(((run.jobs["finish_ns"] - run.jobs["submit_ns"])
                         == run.jobs["turnaround_ns"]).all())
        self.assertEqual(run.jobs.attrs["units"]["submit_ns"], "ns")
        self.assertEqual(run.jobs.attrs["units"]["slowdown"], "ratio")
        self.assertEqual(run.groups.attrs["units"]["throughput_jobs_per_s"], "1/s")
        self.assertIn("seed 7", run.jobs.attrs["source"])
        self.assertEqual(set(run.groups["dimension"]), {"queue", "context", "priority"})
        self.assertEqual(len(run.preemptions), summary["metrics"]["preemptions"])

    def test_a_runs_metrics_carry_the_registrys_units(self):
        run = pl.load_run(self.run_dir)
        summary = json.loads((self.run_dir / "summary.json").read_text())
        self.assertEqual(run.metric("makespan"), summary["metrics"]["makespan-ns"])
        self.assertEqual(run.metrics.attrs["units"]["makespan"], "ns")
        self.assertEqual(run.metrics.attrs["units"]["sm-utilisation"], "fraction")
        self.assertTrue(run.metrics["unit"].notna().all(), "every metric has a unit")
        self.assertEqual(run.provenance["seeds"], [7])
        with self.assertRaisesRegex(KeyError, "valid: jobs, turnaround-mean"):
            run.metric("turnaround-p42")

    def test_a_sweep_loads_its_runs_and_statistics(self):
        sweep = pl.load_sweep(self.sweep_dir)
        self.assertEqual(sweep.factors, ["policy"])
        self.assertEqual(sweep.configurations, ["fifo", "priority"])
        self.assertEqual(len(sweep.runs), 4)
        self.assertTrue((sweep.runs["status"] == "ok").all())
        makespan = sweep.values("makespan")
        self.assertEqual(makespan.attrs["unit"], "ns")
        self.assertEqual(makespan.groupby("configuration").size().to_dict(),
                         {"fifo": 2, "priority": 2})
        # summary.csv's mean is the mean of the runs' values in results.csv
        means = makespan.groupby("configuration")["value"].mean()
        summary = sweep.metric("makespan").set_index("configuration")["mean"]
        for configuration in sweep.configurations:
            self.assertTrue(math.isclose(means[configuration], summary[configuration],
                                         rel_tol=1e-12))
        # every job of every run has its turnaround
        jobs = sweep.values("jobs").set_index(["configuration", "seed"])["value"]
        counted = sweep.turnarounds.groupby(["configuration", "seed"]).size()
        for key, value in jobs.items():
            self.assertEqual(counted[key], value)

    def test_the_notebook_replots_the_sweep(self):
        try:
            import matplotlib
        except ImportError:
            self.skipTest("matplotlib is not installed")
        matplotlib.use("Agg")
        notebook = json.loads(NOTEBOOK.read_text())
        code = "\n".join("".join(cell["source"]) for cell in notebook["cells"]
                         if cell["cell_type"] == "code")
        out = self.scratch / "figure.png"
        namespace = {"SWEEP": str(self.sweep_dir), "METRIC": "turnaround-p99",
                     "FIGURE": str(out)}
        exec(compile(code, str(NOTEBOOK), "exec"), namespace)
        self.assertGreater(out.stat().st_size, 1000)
        self.assertEqual(list(namespace["table"].index), ["fifo", "priority"])


class ConversionTest(unittest.TestCase):
    def test_times_sizes_and_fractions_convert(self):
        self.assertEqual(pl.to_unit(1_500_000, "ns", "ms"), 1.5)
        self.assertEqual(pl.to_unit(2048, "bytes", "KiB"), 2)
        self.assertEqual(pl.to_unit(0.25, "fraction", "%"), 25)
        self.assertEqual(pl.to_unit(3, "count", "count"), 3)
        with self.assertRaisesRegex(ValueError, "cannot convert 'ns' to 'KiB'"):
            pl.to_unit(1, "ns", "KiB")

    def test_a_folder_that_is_not_an_output_is_named(self):
        with tempfile.TemporaryDirectory() as empty:
            with self.assertRaisesRegex(FileNotFoundError, "summary.json: not found"):
                pl.load_run(empty)
            with self.assertRaisesRegex(FileNotFoundError, "results.csv: not found"):
                pl.load_sweep(empty)


if __name__ == "__main__":
    unittest.main()
