"""Readers of PreemptLab's run and sweep folders (docs/output-format.md, docs/experiments.md)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Optional

import pandas as pd

#: The units PreemptLab stores values in, and how many of the base unit one of them is.
UNITS: Dict[str, float] = {"ns": 1.0, "bytes": 1.0, "count": 1.0, "ratio": 1.0,
                           "fraction": 1.0, "1/s": 1.0}

_TIME_SCALE = {"ns": 1.0, "us": 1e3, "µs": 1e3, "ms": 1e6, "s": 1e9}
_BYTE_SCALE = {"bytes": 1.0, "KiB": 1024.0, "MiB": 1024.0 ** 2, "GiB": 1024.0 ** 3}


def to_unit(values, unit: str, target: str):
    """Converts ``values`` (a number, Series or array) stored in ``unit`` to ``target``.

    Times convert between ns, us (or µs), ms and s; sizes between bytes, KiB, MiB and GiB; a
    fraction to percent with target ``%``. Anything else must already be in ``target``.
    """
    if unit == target:
        return values
    if unit in _TIME_SCALE and target in _TIME_SCALE:
        return values * _TIME_SCALE[unit] / _TIME_SCALE[target]
    if unit in _BYTE_SCALE and target in _BYTE_SCALE:
        return values * _BYTE_SCALE[unit] / _BYTE_SCALE[target]
    if unit == "fraction" and target == "%":
        return values * 100.0
    raise ValueError(f"cannot convert {unit!r} to {target!r}")


def _column_unit(column: str) -> Optional[str]:
    """The unit of a column of the run's CSV files, from its name."""
    if column.endswith("_ns"):
        return "ns"
    if column.startswith("bytes_") or column.endswith("_bytes"):
        return "bytes"
    if column.endswith("_per_s"):
        return "1/s"
    if column in ("slowdown", "slowdown_mean"):
        return "ratio"
    if column in ("jobs", "blocks", "preemptions", "deadline_misses", "drained", "saved",
                  "flushed"):
        return "count"
    return None


class DamagedOutputError(ValueError):
    """An output file that cannot be what PreemptLab wrote: cut short, edited, or not parseable.

    The message names the file (and line where known).
    """


def _read_csv(path: Path, source: str, **options) -> pd.DataFrame:
    if not path.is_file():
        raise FileNotFoundError(f"{path}: not found; is {path.parent} a PreemptLab output folder?")
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        raise DamagedOutputError(f"{path}: the last line ends without a line break; the file was "
                                 "cut short (a full disk, or a copy that did not complete)")
    try:
        frame = pd.read_csv(path, **options)
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError,
            ValueError) as error:
        raise DamagedOutputError(f"{path}: not a CSV table PreemptLab wrote "
                                 f"({type(error).__name__}: {str(error)[:200]})") from error
    for column in frame.columns:
        unit = _column_unit(column)
        if unit is not None and len(frame) and not pd.api.types.is_numeric_dtype(frame[column]):
            raise DamagedOutputError(f"{path}: column {column!r} holds a value that is not a "
                                     "number")
    frame.attrs["source"] = source
    frame.attrs["units"] = {c: u for c in frame.columns if (u := _column_unit(c)) is not None}
    return frame


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON value")


def _read_json(path: Path) -> dict:
    if not path.is_file():
        raise FileNotFoundError(f"{path}: not found; is {path.parent} a PreemptLab output folder?")
    try:
        with path.open(encoding="utf-8") as file:
            value = json.load(file, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise DamagedOutputError(f"{path}:{error.lineno}:{error.colno}: not valid JSON "
                                 f"({error.msg}); the file was cut short or edited") from error
    except (UnicodeDecodeError, ValueError) as error:
        raise DamagedOutputError(f"{path}: not valid JSON ({str(error)[:200]})") from error
    if not isinstance(value, dict):
        raise DamagedOutputError(f"{path}: expected a JSON object, got {type(value).__name__}")
    return value


def _field(value: dict, path: Path, *keys, kind=dict):
    """``value[keys[0]][keys[1]]...``, of type ``kind``; a DamagedOutputError names what lacks."""
    for i, key in enumerate(keys):
        if not isinstance(value, dict) or key not in value:
            raise DamagedOutputError(f"{path}: lacks the key {'.'.join(keys[:i + 1])!r}")
        value = value[key]
    if not isinstance(value, kind):
        raise DamagedOutputError(f"{path}: {'.'.join(keys)!r} is a {type(value).__name__}, "
                                 f"not a {kind.__name__}")
    return value


@dataclass
class Run:
    """One run's output folder (``preemptlab run --out FOLDER``).

    ``jobs``, ``preemptions``, ``suspensions`` and ``groups`` are the CSV files as DataFrames;
    ``metrics`` has one row per registry metric (``metric``, ``value``, ``unit``); ``summary``
    and ``provenance`` are the JSON files as dictionaries.
    """

    folder: Path
    jobs: pd.DataFrame
    preemptions: pd.DataFrame
    suspensions: pd.DataFrame
    groups: pd.DataFrame
    metrics: pd.DataFrame
    summary: dict
    provenance: dict

    @property
    def name(self) -> str:
        """The run's name, from its configuration."""
        return self.summary["name"]

    @property
    def seed(self) -> int:
        """The run's root seed."""
        return self.summary["seed"]

    def metric(self, metric_id: str) -> float:
        """The value of one metric (NaN where it is undefined); KeyError names the valid ids."""
        rows = self.metrics[self.metrics["metric"] == metric_id]
        if rows.empty:
            raise KeyError(f"{metric_id!r} is not a metric of {self.folder}; valid: "
                           + ", ".join(self.metrics["metric"]))
        return float(rows["value"].iloc[0])


def load_run(folder) -> Run:
    """Loads the output folder of ``preemptlab run --out FOLDER``."""
    folder = Path(folder)
    summary = _read_json(folder / "summary.json")
    source = f"{folder} (run {summary.get('name')}, seed {summary.get('seed')})"
    by_id = _field(summary, folder / "summary.json", "metrics", "by-id")
    units = summary["metrics"].get("units", {})
    metrics = pd.DataFrame({
        "metric": list(by_id.keys()),
        "value": [float("nan") if v is None else float(v) for v in by_id.values()],
        "unit": [units.get(k) for k in by_id.keys()],
    })
    metrics.attrs["source"] = source
    metrics.attrs["units"] = dict(zip(metrics["metric"], metrics["unit"]))
    jobs = _read_csv(folder / "jobs.csv", source,
                     dtype={"queue": str, "context": str, "kernel": str})
    expected = summary["metrics"].get("jobs")
    if isinstance(expected, (int, float)) and len(jobs) != expected:
        raise DamagedOutputError(f"{folder / 'jobs.csv'}: {len(jobs)} job rows, but summary.json "
                                 f"records {expected:g} jobs; the file was cut short or edited")
    return Run(
        folder=folder,
        jobs=jobs,
        preemptions=_read_csv(folder / "preemptions.csv", source),
        suspensions=_read_csv(folder / "suspensions.csv", source),
        groups=_read_csv(folder / "groups.csv", source, dtype={"group": str}),
        metrics=metrics,
        summary=summary,
        provenance=_read_json(folder / "provenance.json"),
    )


@dataclass
class Sweep:
    """One sweep's output folder (``preemptlab sweep --out FOLDER``).

    ``results`` is the tidy ``results.csv`` (a row per run and metric, with its ``unit``),
    ``summary`` the ``summary.csv`` (a row per configuration and metric: mean, confidence
    interval, paired difference against the baseline), ``turnarounds`` every job's turnaround,
    ``runs`` one row per run from ``runs/CONFIG/seed-N.json`` (configuration, seed, status,
    error), ``provenance`` the JSON file, ``factors`` the varied keys.
    """

    folder: Path
    results: pd.DataFrame
    summary: pd.DataFrame
    turnarounds: pd.DataFrame
    runs: pd.DataFrame
    provenance: dict
    factors: list = field(default_factory=list)

    @property
    def configurations(self) -> list:
        """The configurations, in the order of ``summary.csv``."""
        return list(dict.fromkeys(self.summary["configuration"]))

    def metric(self, metric_id: str) -> pd.DataFrame:
        """The summary rows of one metric (``turnaround-p99@queue=video``), one per configuration.

        The frame's ``attrs["unit"]`` is the metric's unit; KeyError names the valid ids.
        """
        rows = self.summary[self.summary["metric"] == metric_id]
        if rows.empty:
            raise KeyError(f"{metric_id!r} is not a metric of {self.folder}; valid: "
                           + ", ".join(dict.fromkeys(self.summary["metric"])))
        rows = rows.reset_index(drop=True)
        rows.attrs["source"] = self.summary.attrs["source"]
        rows.attrs["unit"] = rows["unit"].iloc[0]
        return rows

    def values(self, metric_id: str) -> pd.DataFrame:
        """Every successful run's value of one metric: configuration, factors, seed, value."""
        rows = self.results[(self.results["metric"] == metric_id)
                            & (self.results["status"] == "ok")]
        if rows.empty:
            raise KeyError(f"{metric_id!r} has no value in {self.folder}")
        rows = rows.reset_index(drop=True)
        rows.attrs["source"] = self.results.attrs["source"]
        rows.attrs["unit"] = rows["unit"].iloc[0]
        return rows


_FIXED_RESULT_COLUMNS = ("configuration", "seed", "status", "metric", "unit", "value", "error")
_SEED_FILE = re.compile(r"seed-(\d+)\.json")


def load_sweep(folder) -> Sweep:
    """Loads the output folder of ``preemptlab sweep --out FOLDER``."""
    folder = Path(folder)
    source = f"{folder} (sweep)"
    results = _read_csv(folder / "results.csv", source,
                        dtype={"configuration": str, "error": str}, keep_default_na=False,
                        na_values={"value": [""]})
    factors = [c for c in results.columns if c not in _FIXED_RESULT_COLUMNS]
    results = results.astype({f: str for f in factors})
    summary = _read_csv(folder / "summary.csv", source, dtype={"configuration": str})
    summary = summary.astype({f: str for f in factors if f in summary.columns})
    summary.attrs["source"] = source
    summary.attrs["units"] = dict(zip(summary["metric"], summary["unit"]))
    turnarounds = _read_csv(folder / "turnarounds.csv", source,
                            dtype={"configuration": str, "queue": str})
    rows = []
    for path in sorted((folder / "runs").glob("*/seed-*.json")):
        match = _SEED_FILE.fullmatch(path.name)
        if match is None:
            continue
        run = _read_json(path)
        rows.append({"configuration": run.get("configuration"), "seed": run.get("seed"),
                     "status": run.get("status"), "error": run.get("error"),
                     "file": str(path.relative_to(folder))})
    runs = pd.DataFrame(rows, columns=["configuration", "seed", "status", "error", "file"])
    runs.attrs["source"] = source
    provenance = _read_json(folder / "provenance.json")
    configs = [c for c in provenance.get("configs", []) if str(c).startswith("configs/")]
    seeds = provenance.get("seeds", [])
    expected = len(configs) * len(seeds)
    if expected and len(runs) != expected:
        raise DamagedOutputError(f"{folder / 'runs'}: {len(runs)} run files, but provenance.json "
                                 f"records {len(configs)} configurations x {len(seeds)} seeds = "
                                 f"{expected} runs")
    stored = set(zip(runs["configuration"].astype(str), runs["seed"].astype(int)))
    listed = set(zip(results["configuration"].astype(str), results["seed"].astype(int)))
    if stored != listed:
        raise DamagedOutputError(f"{folder / 'results.csv'}: rows for {len(listed)} runs, but "
                                 f"runs/ holds {len(stored)}; the file was cut short or edited")
    return Sweep(folder=folder, results=results, summary=summary, turnarounds=turnarounds,
                 runs=runs, provenance=provenance, factors=factors)
