"""Paper figures of a sweep or of serving runs, drawn with matplotlib from the tidy outputs.

The Java charts a sweep writes (``charts/``) are previews; these are the figures for a paper
(docs/experiments.md, "Paper figures"). Every function returns a matplotlib ``Figure`` and takes
the folder loaded by :func:`preemptlab_results.load_sweep` (or ``requests.csv`` files):

    import preemptlab_results as pl
    from preemptlab_results import figures

    sweep = pl.load_sweep("results/policy-sweep")
    figures.means(sweep, "turnaround-p99@queue=inference").savefig("p99.pdf")
    figures.versus(sweep, "antt", "hardware.time-slice").savefig("antt.pdf")
    figures.trade_off(sweep, "throughput@priority=lowest", "turnaround-p99@priority=highest")
    figures.turnaround_cdf(sweep, "inference")
    figures.request_cdf({"fifo": "out/fifo/llm-serving/requests.csv"}, "ttft")

What every figure does: colours from the Okabe-Ito palette (distinguishable with every common
colour-vision deficiency) and a marker per series, so that no two series of the first 77 look
alike even in greyscale; error bars (95% Student-t intervals from ``summary.csv``) in their
series' colour; axis and legend titles in the registry's words with units (``vocabulary.json``,
generated from the Java registry), never raw keys; points that would hide each other dodged
apart, identical configurations merged into one mark whose label names them all, with a note.
The seed count of the intervals is in each figure's note. ``python3 -m
preemptlab_results.figures SWEEP_DIR OUT_DIR`` writes every figure of a sweep as PDF and PNG.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import textwrap
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

import matplotlib
import matplotlib.lines

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the non-interactive backend)

from . import llm  # noqa: E402
from .results import Sweep  # noqa: E402

#: Okabe & Ito, "Color Universal Design" (2008): the palette without its yellow, which is too
#: light on white. Seven colours and eleven markers (coprime periods): 77 distinct styles.
COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"]
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "<", ">", "h", "*"]
LINESTYLES = ["-", "--", "-.", ":", (0, (5, 1, 1, 1, 1, 1))]

_VOCABULARY = json.loads((Path(__file__).parent / "vocabulary.json").read_text("utf-8"))

#: Words for the varied keys that choose a plugin or a section, and acronyms of key words: from
#: ``vocabulary.json`` (the Java registry's ``Vocabulary``, which titles the Java charts alike).
KEY_WORDS = _VOCABULARY["key-words"]
_ACRONYMS = _VOCABULARY["acronyms"]
_DURATION = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?)\s*(ns|us|µs|ms|s)\s*$")
_NS = {"ns": 1.0, "us": 1e3, "µs": 1e3, "ms": 1e6, "s": 1e9}


def style(index: int) -> dict:
    """The colour, marker and line style of series ``index``: distinct for the first 77."""
    return {"color": COLOURS[index % len(COLOURS)], "marker": MARKERS[index % len(MARKERS)],
            "linestyle": LINESTYLES[index % len(LINESTYLES)]}


def _words(text: str) -> str:
    return " ".join(_ACRONYMS.get(w, w) for w in re.split(r"[-_]", text) if w)


# ---------------------------------------------------------------------------------------------
# Titles and units
# ---------------------------------------------------------------------------------------------

def display_unit(unit: str, largest: float) -> Tuple[str, float]:
    """(symbol, factor) to show values stored in ``unit`` up to ``largest``, as the Java reports:
    a time in ns, µs, ms or s, a size in B, KiB, MiB or GiB, a fraction in %."""
    largest = 0.0 if largest is None or math.isnan(largest) else abs(largest)
    if unit == "ns":
        for symbol, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
            if largest >= scale:
                return symbol, 1.0 / scale
        return "ns", 1.0
    if unit == "bytes":
        for symbol, scale in (("GiB", 2.0 ** 30), ("MiB", 2.0 ** 20), ("KiB", 2.0 ** 10)):
            if largest >= scale:
                return symbol, 1.0 / scale
        return "B", 1.0
    if unit == "fraction":
        return "%", 100.0
    if unit == "1/s":
        return "per second", 1.0
    return "", 1.0


def metric_words(metric_id: str) -> Tuple[str, Optional[bool]]:
    """The registry's title of a metric (``turnaround-p99@queue=video`` -> ``turnaround p99,
    queue video``) and whether higher is better (None if unknown)."""
    base, _, scope = metric_id.partition("@")
    entry = _VOCABULARY["metrics"].get(base)
    if entry is None and "." in base:
        kind, rest = base.split(".", 1)
        declared = _VOCABULARY["plugin-metrics"].get(kind, {})
        label, _, own = rest.rpartition(".")
        entry = declared.get(own) or declared.get(rest)
        if entry is not None and kind == "application" and label:
            entry = dict(entry, title=f"{entry['title']} ({label})")
    title = entry["title"] if entry else _words(base.rpartition(".")[2])
    if scope:
        dimension, _, name = scope.partition("=")
        title += f", {dimension} {name}"
    return title, (entry["higher-is-better"] if entry else None)


def metric_title(metric_id: str, unit_symbol: str, direction: Optional[bool] = None) -> str:
    """An axis title: the metric in words, its display unit and direction."""
    title, higher = metric_words(metric_id)
    title = re.sub(r"^(.*) \((.*)\)$", r"\1, \2", title)  # ANTT (mean slowdown): no (( ))
    higher = higher if direction is None else direction
    extra = [unit_symbol] if unit_symbol else []
    if higher is not None:
        extra.append("higher is better" if higher else "lower is better")
    return title + (f" ({', '.join(extra)})" if extra else "")


def key_title(key: str, unit_symbol: str = "") -> str:
    """A varied key in words with its unit: ``applications[0].arrival-rate`` -> ``arrival rate of
    application 1 (requests/s)``, ``hardware.time-slice`` -> ``time slice (ms)``."""
    if key in KEY_WORDS:
        words = KEY_WORDS[key]
        section, name = None, None
    else:
        match = re.fullmatch(r"applications\[(\d+)\]\.(.+)", key)
        if match:
            section, name = "application", match.group(2)
            words = f"{_words(name)} of application {int(match.group(1)) + 1}"
        else:
            section, _, name = key.partition(".")
            words = _words(name) if name else _words(key)
    unit = unit_symbol
    if not unit and section is not None:
        unit = _VOCABULARY["parameter-units"].get(section, {}).get(name, "")
        unit = "" if unit in ("ns",) else unit  # a duration's unit comes from its values
    return words + (f" ({unit})" if unit else "")


def _numbers(labels: Sequence[str]) -> Optional[Tuple[List[float], str]]:
    """The numeric values of a key's labels and their display unit; None if any is not a number
    or a duration."""
    values, durations = [], 0
    for label in labels:
        match = _DURATION.match(str(label))
        if match:
            values.append(float(match.group(1)) * _NS[match.group(2)])
            durations += 1
            continue
        try:
            values.append(float(label))
        except ValueError:
            return None
    if durations not in (0, len(values)):
        return None
    if durations:
        symbol, factor = display_unit("ns", max(abs(v) for v in values))
        return [v * factor for v in values], symbol
    return values, ""


def _summary_rows(sweep: Sweep, metric_id: str):
    rows = sweep.metric(metric_id)
    unit = rows.attrs["unit"]
    largest = max([abs(v) for v in rows[["mean", "ci_high"]].stack() if not math.isnan(v)],
                  default=0.0)
    symbol, factor = display_unit(unit, largest)
    higher = bool(rows["higher_is_better"].iloc[0]) if "higher_is_better" in rows else None
    return rows, symbol, factor, higher


def _seeds_note(counts) -> str:
    counts = sorted({int(n) for n in counts if not math.isnan(n)})
    if not counts:
        return "no values"
    n = str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
    return f"mean and 95% confidence interval over n={n} seeds"


def value_words(value) -> str:
    """A varied value as a reader writes it: a duration with a space and µs (``500 µs``)."""
    match = _DURATION.match(str(value))
    if match:
        return f"{match.group(1)} {'µs' if match.group(2) == 'us' else match.group(2)}"
    return str(value)


def _label(values: Dict[str, str], keys: Sequence[str]) -> str:
    return " / ".join(value_words(values[k]) for k in keys) if keys else "all"


def _merged_label(members: Sequence[Dict[str, str]], keys: Sequence[str],
                  levels: Dict[str, list]) -> str:
    """One label for configurations merged into one mark, as few terms as the greedy grouping
    finds, each a product of values: ``fifo|edf / instruction-level``, ``*`` for every value of a
    key of more than three values; terms joined by a line break and ``=``."""
    if not keys:
        return "all"
    tuples = list(dict.fromkeys(tuple(str(m[k]) for k in keys) for m in members))
    return "\n= ".join(_terms(tuples, list(keys), levels))


def _terms(tuples: List[tuple], keys: List[str], levels: Dict[str, list]) -> List[str]:
    def values(key, chosen):
        if len(chosen) == len(levels[key]) and len(levels[key]) > 3:
            return "*"
        return "|".join(value_words(v) for v in chosen)

    if len(keys) == 1:
        return [values(keys[0], list(dict.fromkeys(t[0] for t in tuples)))]
    firsts: Dict[tuple, list] = {}
    for t in tuples:
        firsts.setdefault(t[1:], []).append(t[0])
    by_set: Dict[tuple, list] = {}
    for rest, chosen in firsts.items():
        by_set.setdefault(tuple(chosen), []).append(rest)
    return [values(keys[0], list(chosen)) + " / " + term
            for chosen, rests in by_set.items() for term in _terms(rests, keys[1:], levels)]


def _star_note(labels: Sequence[str]) -> str:
    """``; *: every value of its key`` when a merged label uses ``*``."""
    used = any(part == "*" for label in labels for part in re.split(r" / |\n", str(label)))
    return "; *: every value of its key" if used else ""


def _note(ax, text: str) -> None:
    """What the marks are and what was merged or moved, in small grey type above the plot."""
    width = ax.figure.get_figwidth()
    ax.set_title(textwrap.fill(text, int(width * 15)), fontsize=7, color="#444444", loc="left")


def _merge_identical(entries, key):
    """Groups ``entries`` whose ``key(entry)`` is equal, in first-seen order."""
    merged: Dict[object, list] = {}
    for entry in entries:
        merged.setdefault(key(entry), []).append(entry)
    return list(merged.values())


# ---------------------------------------------------------------------------------------------
# The figures
# ---------------------------------------------------------------------------------------------

def means(sweep: Sweep, metric_id: str, width: float = 6.5):
    """Each configuration's mean with its 95% interval as a dot plot: the values of the last
    varied key are the series (colour and marker), the other keys' combinations the rows. Rows
    run top to bottom, so that 30 configurations keep readable labels; the series of one row are
    dodged apart so that equal means stay visible."""
    rows, symbol, factor, higher = _summary_rows(sweep, metric_id)
    factors = list(sweep.factors)
    series_key = factors[-1] if factors else None
    row_keys = factors[:-1]
    series = list(dict.fromkeys(rows[series_key])) if series_key else ["all"]
    categories = list(dict.fromkeys(_label(r, row_keys) for _, r in rows.iterrows()))
    height = max(2.4, 0.9 + 0.28 * len(categories) * max(1, min(len(series), 4)) ** 0.5)
    fig, ax = plt.subplots(figsize=(width, height), layout="constrained")
    step = 0.8 / max(1, len(series))
    for s, name in enumerate(series):
        own = rows[rows[series_key] == name] if series_key else rows
        st = style(s)
        ys, xs, lo, hi, undefined = [], [], [], [], []
        for _, r in own.iterrows():
            y = categories.index(_label(r, row_keys)) + (s - (len(series) - 1) / 2) * step
            if math.isnan(r["mean"]):
                undefined.append(y)
                continue
            ys.append(y)
            xs.append(r["mean"] * factor)
            low = r["ci_low"] if not math.isnan(r["ci_low"]) else r["mean"]
            high = r["ci_high"] if not math.isnan(r["ci_high"]) else r["mean"]
            lo.append((r["mean"] - low) * factor)
            hi.append((high - r["mean"]) * factor)
        ax.errorbar(xs, ys, xerr=[lo, hi], color=st["color"], ecolor=st["color"],
                    marker=st["marker"], linestyle="none", markersize=5, capsize=2.5,
                    elinewidth=1.1, label=value_words(name))
        for y in undefined:
            ax.annotate("n/a", (0, y), xycoords=("axes fraction", "data"), fontsize=7,
                        color=st["color"], va="center", xytext=(2, 0),
                        textcoords="offset points")
    ax.set_yticks(range(len(categories)), categories if row_keys else [""] * len(categories))
    ax.invert_yaxis()
    ax.set_xlabel(metric_title(metric_id, symbol, higher))
    if row_keys:
        ax.set_ylabel(" / ".join(key_title(k) for k in row_keys))
    ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    lower = 0.0 if rows["ci_low"].min() >= 0 and rows["mean"].min() >= 0 else None
    if lower is not None:
        ax.set_xlim(left=0)
    if series_key:
        ax.legend(title=key_title(series_key), loc="upper left", bbox_to_anchor=(1.01, 1),
                  fontsize=8, title_fontsize=8, frameon=False)
    _note(ax, _seeds_note(rows["n"]))
    return fig


def versus(sweep: Sweep, metric_id: str, key: str, width: float = 6.5):
    """The metric's mean against a numeric varied key, one line per combination of the other
    keys. Series whose every mean and interval are equal are merged into one line whose label
    names them all (said in the note); the others are dodged a little along x, so that markers
    and error bars at equal values stay visible."""
    rows, symbol, factor, higher = _summary_rows(sweep, metric_id)
    factors = list(sweep.factors)
    if key not in factors:
        raise KeyError(f"{key!r} is not a varied key of {sweep.folder}; varied: "
                       + ", ".join(factors))
    levels = list(dict.fromkeys(rows[key]))
    parsed = _numbers(levels)
    if parsed is None:
        raise ValueError(f"the values of {key!r} are not numbers or durations: {levels}")
    xs_of, x_unit = dict(zip(levels, parsed[0])), parsed[1]
    others = [f for f in factors if f != key]
    levels = {k: list(dict.fromkeys(rows[k])) for k in factors}
    lines = []
    for name in dict.fromkeys(_label(r, others) for _, r in rows.iterrows()):
        own = rows[[_label(r, others) == name for _, r in rows.iterrows()]]
        own = own.assign(x=[xs_of[v] for v in own[key]]).sort_values("x")
        lines.append(({k: own[k].iloc[0] for k in others}, own))
    groups = _merge_identical(lines, key=lambda l: tuple(
        round(v, 12) if not math.isnan(v) else None
        for v in l[1][["x", "mean", "ci_low", "ci_high"]].to_numpy().ravel()))
    names = [_merged_label([g[0] for g in group], others, levels) for group in groups]
    fig, ax = plt.subplots(figsize=(width, _legend_height(names, 4.0)), layout="constrained")
    span = (max(parsed[0]) - min(parsed[0])) or 1.0
    dodge = 0.012 * span
    merged_any = any(len(g) > 1 for g in groups)
    for s, group in enumerate(groups):
        name = names[s]
        own = group[0][1]
        st = style(s)
        offset = (s - (len(groups) - 1) / 2) * dodge
        defined = own[~own["mean"].isna()]
        low = defined["ci_low"].fillna(defined["mean"])
        high = defined["ci_high"].fillna(defined["mean"])
        ax.errorbar(defined["x"] + offset, defined["mean"] * factor,
                    yerr=[(defined["mean"] - low) * factor, (high - defined["mean"]) * factor],
                    color=st["color"], ecolor=st["color"], marker=st["marker"],
                    linestyle=st["linestyle"], markersize=5, capsize=2.5, elinewidth=1.0,
                    linewidth=1.3, label=name)
    ax.set_xlabel(key_title(key, x_unit))
    ax.set_ylabel(metric_title(metric_id, symbol, higher))
    ax.grid(color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    if others:
        ax.legend(title=" / ".join(key_title(k) for k in others), loc="upper left",
                  bbox_to_anchor=(1.01, 1), fontsize=8, title_fontsize=8, frameon=False)
    note = _seeds_note(rows["n"])
    if merged_any:
        note += "; configurations with identical results share one line (a = b; a|b: either value)"
    note += _star_note(names)
    if len(groups) > 1:
        unit = re.search(r"\(([^()]*)\)$", ax.get_xlabel())
        note += (f"; points dodged by up to {dodge * (len(groups) - 1) / 2:.3g}"
                 f"{' ' + unit.group(1) if unit else ''} along x")
    _note(ax, note)
    return fig


def _place_labels(ax, points, labels, colours):
    """Labels beside their points without overlapping each other: for each point, the first of
    eight directions at growing distances whose box is free, joined to the point by a thin line
    when it had to move away."""
    fig = ax.figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    taken = []
    directions = [(1, 0.6), (1, -0.6), (-1, 0.6), (-1, -0.6), (0, 1.2), (0, -1.2), (1, 0),
                  (-1, 0)]
    for (x, y), text, colour in zip(points, labels, colours):
        placed = None
        for distance in (6, 14, 24, 36, 50):
            for dx, dy in directions:
                ha = "left" if dx > 0 else "right" if dx < 0 else "center"
                annotation = ax.annotate(text, (x, y), xytext=(dx * distance, dy * distance),
                                         textcoords="offset points", fontsize=7, ha=ha,
                                         va="center", color=colour)
                box = annotation.get_window_extent(renderer).expanded(1.05, 1.15)
                inside = ax.get_window_extent(renderer)
                free = (all(not box.overlaps(t) for t in taken)
                        and inside.contains(box.x0, box.y0) and inside.contains(box.x1, box.y1))
                if free:
                    placed = (annotation, box, distance)
                    break
                annotation.remove()
            if placed:
                break
        if placed is None:  # no free place: the nearest, overlapping
            annotation = ax.annotate(text, (x, y), xytext=(6, 4), textcoords="offset points",
                                     fontsize=7, color=colour)
            placed = (annotation, annotation.get_window_extent(renderer), 6)
        annotation, box, distance = placed
        if distance > 6:
            annotation.arrow_patch = None
            annotation.remove()
            annotation = ax.annotate(text, (x, y), xytext=annotation.xyann,
                                     textcoords="offset points", fontsize=7,
                                     ha=annotation.get_ha(), va="center", color=colour,
                                     arrowprops={"arrowstyle": "-", "color": colour,
                                                 "linewidth": 0.5, "shrinkA": 0, "shrinkB": 3})
        taken.append(box)


#: Direct labels beside their points up to this many points and this many characters a label;
#: beyond, each point is numbered and a key beside the plot names it.
DIRECT_LABELS = (12, 32)


def trade_off(sweep: Sweep, x_metric: str, y_metric: str, width: float = 6.5,
              labels: str = "auto"):
    """The mean of one metric against another's, one point per configuration with its 95%
    intervals on both axes, coloured and marked by the last varied key's value and labelled with
    the other keys' values. Configurations with the same two means are one point whose label
    names them all (said in the note). ``labels``: ``direct`` (the text beside its point),
    ``numbered`` (a number beside the point, the text in a key), ``auto`` (direct while there are
    at most 12 labels of at most 32 characters), or ``none``."""
    if labels not in ("auto", "direct", "numbered", "none"):
        raise ValueError(f"labels must be auto, direct, numbered or none, got {labels!r}")
    xr, x_symbol, x_factor, x_higher = _summary_rows(sweep, x_metric)
    yr, y_symbol, y_factor, y_higher = _summary_rows(sweep, y_metric)
    factors = list(sweep.factors)
    series_key = factors[-1] if factors else None
    label_keys = factors[:-1]
    joined = xr.merge(yr, on=["configuration"] + factors, suffixes=("_x", "_y"))
    joined = joined[~joined["mean_x"].isna() & ~joined["mean_y"].isna()]
    series = list(dict.fromkeys(joined[series_key])) if series_key else ["all"]
    levels = {k: list(dict.fromkeys(xr[k])) for k in factors}
    points = _merge_identical([r for _, r in joined.iterrows()],
                              key=lambda r: (r["mean_x"], r["mean_y"]))
    fig, ax = plt.subplots(figsize=(width, 4.6 if len(points) <= 12 else 5.6),
                           layout="constrained")
    positions, texts, colours = [], [], []
    for s, name in enumerate(series):
        st = style(s)
        own = [p for p in points if (p[0][series_key] if series_key else "all") == name]
        if not own:
            ax.plot([], [], linestyle="none", marker=st["marker"], color=st["color"],
                    label=value_words(name))
            continue
        xs = [p[0]["mean_x"] * x_factor for p in own]
        ys = [p[0]["mean_y"] * y_factor for p in own]

        def err(p, axis, f):
            mean, low, high = p[0]["mean_" + axis], p[0]["ci_low_" + axis], p[0]["ci_high_" + axis]
            return ((mean - (mean if math.isnan(low) else low)) * f,
                    ((mean if math.isnan(high) else high) - mean) * f)
        xe = list(zip(*[err(p, "x", x_factor) for p in own]))
        ye = list(zip(*[err(p, "y", y_factor) for p in own]))
        ax.errorbar(xs, ys, xerr=xe, yerr=ye, color=st["color"], ecolor=st["color"],
                    marker=st["marker"], linestyle="none", markersize=6, capsize=2.5,
                    elinewidth=1.0, label=value_words(name))
        for p, x, y in zip(own, xs, ys):
            keys = list(label_keys)
            if series_key and len({r[series_key] for r in p}) > 1:
                keys.append(series_key)  # the same point in several series: name them
            if keys:
                positions.append((x, y))
                texts.append(_merged_label(p, keys, levels))
                colours.append(st["color"])
    ax.set_xlabel(metric_title(x_metric, x_symbol, x_higher))
    ax.set_ylabel(metric_title(y_metric, y_symbol, y_higher))
    ax.grid(color="#dddddd", linewidth=0.6)
    ax.set_axisbelow(True)
    ax.margins(0.12)
    if series_key:
        ax.legend(title=key_title(series_key), loc="upper left", bbox_to_anchor=(1.01, 1),
                  fontsize=8, title_fontsize=8, frameon=False)
    numbered = labels == "numbered" or labels == "auto" and (
        len(texts) > DIRECT_LABELS[0]
        or any(len(line) > DIRECT_LABELS[1] for t in texts for line in t.split("\n")))
    if labels != "none" and positions and numbered:
        # one legend: the series, then the key of the numbered points (handles without marks)
        handles, names = ax.get_legend_handles_labels()
        blank = [matplotlib.lines.Line2D([], [], linestyle="none") for _ in range(len(texts) + 1)]
        key = [f"{i + 1}: " + t.replace("\n= ", "\n    = ") for i, t in enumerate(texts)]
        ax.legend(handles + blank, names + ["points:"] + key, loc="upper left",
                  bbox_to_anchor=(1.01, 1), fontsize=6.5, title=key_title(series_key)
                  if series_key else None, title_fontsize=8, frameon=False)
        _place_labels(ax, positions, [str(i + 1) for i in range(len(texts))], colours)
    elif labels != "none" and positions:
        _place_labels(ax, positions, texts, colours)
    note = _seeds_note(list(xr["n"]) + list(yr["n"]))
    if label_keys:
        note += "; labels: " + " / ".join(key_title(k) for k in label_keys)
    if any(len(p) > 1 for p in points):
        note += ("; configurations with the same two means share one point (a = b; a|b: either "
                 "value)")
    note += _star_note(texts)
    _note(ax, note)
    return fig


def _ecdf(ax, samples, factor, st, label):
    values = sorted(samples)
    n = len(values)
    xs = [v * factor for v in values]
    ys = [(i + 1) / n for i in range(n)]
    ax.step([xs[0]] + xs, [0.0] + ys, where="post", color=st["color"],
            linestyle=st["linestyle"], linewidth=1.3, label=label, marker=st["marker"],
            markevery=max(1, n // 6), markersize=4)


#: Past this many curves a turnaround CDF is split into panels, one per value of the first key.
PANEL_ABOVE = 8


def turnaround_cdf(sweep: Sweep, queue: str, width: float = 6.5, panels: Optional[str] = "auto"):
    """The empirical CDF of every job's turnaround in ``queue`` over all seeds, one curve per
    configuration; configurations with identical samples share one curve labelled with all of
    them (said in the note). ``panels``: a varied key to draw one panel per value of (the curves
    of the other keys keep one style across panels), ``auto`` (the first key, when there are more
    than :data:`PANEL_ABOVE` curves and two or more keys) or None."""
    data = sweep.turnarounds[sweep.turnarounds["queue"] == queue]
    if data.empty:
        raise KeyError(f"no turnarounds of queue {queue!r} in {sweep.folder}; queues: "
                       + ", ".join(sorted(set(sweep.turnarounds["queue"]))))
    factors = list(sweep.factors)
    values = {r["configuration"]: {k: r[k] for k in factors}
              for _, r in sweep.summary.drop_duplicates("configuration").iterrows()}
    levels = {k: list(dict.fromkeys(sweep.summary[k])) for k in factors}
    curves = [(c, tuple(sorted(g["turnaround_ns"]))) for c, g in
              data.groupby("configuration", sort=False)]
    if panels == "auto":
        merged = _merge_identical(curves, key=lambda c: c[1])
        panels = factors[0] if len(merged) > PANEL_ABOVE and len(factors) > 1 else None
    if panels is not None and panels not in factors:
        raise KeyError(f"{panels!r} is not a varied key of {sweep.folder}; varied: "
                       + ", ".join(factors))
    keys = [k for k in factors if k != panels]
    panel_values = levels[panels] if panels else [None]
    symbol, factor = display_unit("ns", float(data["turnaround_ns"].max()))
    drawn = []  # per panel: its merged groups and their labels
    for value in panel_values:
        own = [c for c in curves if panels is None or values[c[0]][panels] == value]
        groups = _merge_identical(own, key=lambda c: c[1])
        names = [_merged_label([values[c] for c, _ in g], keys, levels) if keys else "all"
                 for g in groups]
        drawn.append((value, groups, names))
    order = list(dict.fromkeys(n for _, _, names in drawn for n in names))
    columns = min(3, len(panel_values))
    rows = math.ceil(len(panel_values) / columns)
    height = _legend_height(order, 2.6 * rows + 0.8 if panels else 4.0)
    fig, axes = plt.subplots(rows, columns, figsize=(width * (1 if columns == 1 else 1.35),
                                                     height), layout="constrained",
                             sharex=True, sharey=True, squeeze=False)
    flat = list(axes.ravel())
    for ax, (value, groups, names) in zip(flat, drawn):
        for group, name in zip(groups, names):
            _ecdf(ax, group[0][1], factor, style(order.index(name)), name)
        ax.set_ylim(0, 1.02)
        ax.grid(color="#dddddd", linewidth=0.6)
        if panels:
            ax.set_title(f"{key_title(panels)}: {value_words(value)}", fontsize=8)
    for ax in flat[len(drawn):]:
        ax.set_visible(False)
    xlabel = f"turnaround of a job of queue {queue} ({symbol})"
    if panels:
        fig.supxlabel(xlabel, fontsize=10)
        fig.supylabel("fraction of jobs", fontsize=10)
    else:
        flat[0].set_xlabel(xlabel)
        flat[0].set_ylabel("fraction of jobs")
    handles = {}
    for ax in flat[:len(drawn)]:
        for handle, label in zip(*ax.get_legend_handles_labels()):
            handles.setdefault(label, handle)
    flat[columns - 1].legend([handles[n] for n in order], order,
                             title=" / ".join(key_title(k) for k in keys) or None,
                             loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=7,
                             title_fontsize=7, frameon=False)
    seeds = data.groupby("configuration")["seed"].nunique()
    note = f"every job of every seed (n={seeds.min()}" + (
        "" if seeds.min() == seeds.max() else f"-{seeds.max()}") + " seeds per configuration)"
    if any(len(g) > 1 for _, groups, _ in drawn for g in groups):
        note += ("; configurations with identical samples share one curve (a = b; a|b: either "
                 "value)")
    note += _star_note(order)
    if panels:
        fig.suptitle(textwrap.fill(note, int(width * 20)), fontsize=7, color="#444444",
                     x=0.01, ha="left")
    else:
        _note(flat[0], note)
    return fig


#: The request-level quantities of :func:`request_cdf`: words and how to read them.
REQUEST_QUANTITIES = {
    "ttft": ("time to first token", lambda r: [r.ttft_ns] if r.ttft_ns is not None else []),
    "tpot": ("time per output token", lambda r: [r.tpot_ns] if r.tpot_ns is not None else []),
    "tbt": ("time between tokens", lambda r: r.gaps_ns),
    "e2e": ("end-to-end latency",
            lambda r: [r.finish_ns - r.arrival_ns] if r.finish_ns is not None else []),
}


def request_cdf(runs: Dict[str, object], quantity: str = "ttft", width: float = 6.5):
    """The empirical CDF of a request-level quantity of llm-serving runs, one curve per entry of
    ``runs`` (a label and the path of a ``requests.csv``, or a list of paths: one per seed, pooled):
    ``ttft``, ``tpot`` (finished requests with two tokens or more), ``tbt`` (every gap between
    tokens) or ``e2e``. Runs with identical samples share one curve. ``runs`` may also map panel
    titles to such dictionaries: one panel each (a label keeps its style across panels), for the
    many curves no single plot keeps apart."""
    if quantity not in REQUEST_QUANTITIES:
        raise ValueError(f"unknown quantity {quantity!r}; valid: "
                         + ", ".join(REQUEST_QUANTITIES))
    words, read = REQUEST_QUANTITIES[quantity]
    nested = all(isinstance(v, dict) for v in runs.values()) and runs
    panels = runs if nested else {None: runs}
    drawn, counts, largest = [], [], 0.0
    for title, entries in panels.items():
        curves = []
        for label, paths in entries.items():
            paths = paths if isinstance(paths, (list, tuple)) else [paths]
            samples = [v for p in paths for r in llm.read_requests(p) for v in read(r)]
            if not samples:
                raise ValueError(f"{label}: no {words} in {', '.join(map(str, paths))}")
            curves.append((str(label), tuple(sorted(samples))))
            counts.append(len(paths))
            largest = max(largest, curves[-1][1][-1])
        groups = _merge_identical(curves, key=lambda c: c[1])
        drawn.append((title, groups, [" = ".join(c for c, _ in g) for g in groups]))
    order = list(dict.fromkeys(n for _, _, names in drawn for n in names))
    symbol, factor = display_unit("ns", largest)
    columns = min(3, len(drawn))
    rows = math.ceil(len(drawn) / columns)
    height = _legend_height(order, 2.6 * rows + 0.8 if nested else 4.0)
    fig, axes = plt.subplots(rows, columns, figsize=(width * (1 if columns == 1 else 1.35),
                                                     height), layout="constrained",
                             sharex=True, sharey=True, squeeze=False)
    flat = list(axes.ravel())
    for ax, (title, groups, names) in zip(flat, drawn):
        for group, name in zip(groups, names):
            _ecdf(ax, group[0][1], factor, style(order.index(name)), name)
        ax.set_ylim(0, 1.02)
        ax.grid(color="#dddddd", linewidth=0.6)
        if title is not None:
            ax.set_title(str(title), fontsize=8)
    for ax in flat[len(drawn):]:
        ax.set_visible(False)
    unit = "token gaps" if quantity == "tbt" else "requests"
    if nested:
        fig.supxlabel(f"{words} ({symbol})", fontsize=10)
        fig.supylabel(f"fraction of {unit}", fontsize=10)
    else:
        flat[0].set_xlabel(f"{words} ({symbol})")
        flat[0].set_ylabel(f"fraction of {unit}")
    handles = {}
    for ax in flat[:len(drawn)]:
        for handle, label in zip(*ax.get_legend_handles_labels()):
            handles.setdefault(label, handle)
    flat[columns - 1].legend([handles[n] for n in order], order, loc="upper left",
                             bbox_to_anchor=(1.01, 1), fontsize=7, frameon=False)
    what = "gap between tokens" if quantity == "tbt" else "request"
    note = f"every {what} of requests.csv ({min(counts)}" + (
        "" if min(counts) == max(counts) else f"-{max(counts)}") + " run(s) per curve)"
    if any(len(g) > 1 for _, groups, _ in drawn for g in groups):
        note += "; runs with identical samples share one curve (a = b)"
    if nested:
        fig.suptitle(textwrap.fill(note, int(width * 20)), fontsize=7, color="#444444",
                     x=0.01, ha="left")
    else:
        _note(flat[0], note)
    return fig


def reported_metrics(sweep: Sweep) -> List[str]:
    """The metrics the sweep file names (``metrics:`` of the resolved ``sweep.yaml``, as
    PreemptLab writes it: one ``- "id"`` a line), in its order; every metric of ``summary.csv``
    when the file lists none."""
    path = Path(sweep.folder) / "sweep.yaml"
    found, inside = [], False
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("metrics:"):
                inside = True
            elif inside and line.startswith("- "):
                found.append(line[2:].strip().strip('"'))
            elif inside:
                break
    known = list(dict.fromkeys(sweep.summary["metric"]))
    return [m for m in found if m in known] or known


def _legend_height(labels: Sequence[str], base: float) -> float:
    """A figure height that holds a legend of ``labels`` (7-point lines) beside the plot."""
    lines = sum(1 + str(label).count("\n") for label in labels) + 2
    return max(base, 0.6 + 0.16 * lines)


def write_all(sweep: Sweep, out, metrics: Optional[Sequence[str]] = None) -> List[Path]:
    """Every figure of a sweep into ``out`` as PDF and PNG: ``means-METRIC``, ``METRIC-vs-KEY``
    for every numeric varied key, ``turnaround-cdf-QUEUE``, for ``metrics`` (default: those the
    sweep file reports; ``@queue=video`` written ``_queue-video`` as in ``charts/``); returns the
    files written."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    written = []

    def save(fig, name):
        safe = re.sub(r"[^A-Za-z0-9.+_-]+", "-", name.replace("@", "_").replace("=", "-"))
        for ext in ("pdf", "png"):
            path = out / f"{safe}.{ext}"
            fig.savefig(path, dpi=200, metadata={"CreationDate": None} if ext == "pdf" else None)
            written.append(path)
        plt.close(fig)

    metrics = list(metrics) if metrics else reported_metrics(sweep)
    numeric = [k for k in sweep.factors if _numbers(list(dict.fromkeys(sweep.summary[k])))]
    for metric in metrics:
        if sweep.summary[sweep.summary["metric"] == metric]["mean"].isna().all():
            continue
        save(means(sweep, metric), f"means-{metric}")
        for key in numeric:
            save(versus(sweep, metric, key), f"{metric}-vs-{key}")
    for queue in sorted(set(sweep.turnarounds["queue"])):
        save(turnaround_cdf(sweep, queue), f"turnaround-cdf-{queue}")
    return written


def main(argv=None) -> int:
    from .results import load_sweep
    parser = argparse.ArgumentParser(description="Writes a sweep's paper figures (PDF, PNG).")
    parser.add_argument("sweep", help="the folder of preemptlab sweep --out")
    parser.add_argument("out", help="the folder to write the figures into")
    args = parser.parse_args(argv)
    try:
        files = write_all(load_sweep(args.sweep), args.out)
    except (OSError, ValueError, KeyError) as e:
        parser.exit(2, f"error: {e}\n")
    print(f"wrote {len(files)} files into {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
