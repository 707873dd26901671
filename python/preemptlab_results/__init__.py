"""Load PreemptLab's output folders into pandas DataFrames.

``load_run(folder)`` reads what ``preemptlab run --out folder`` writes, ``load_sweep(folder)``
what ``preemptlab sweep --out folder`` writes. Every DataFrame carries its columns' units in
``df.attrs["units"]`` and where it came from in ``df.attrs["source"]``; ``to_unit`` converts a
column for display. A file that is cut short, edited or unparseable raises
``DamagedOutputError`` naming the file. Only the standard library and pandas are used.
"""

from .results import DamagedOutputError, Run, Sweep, load_run, load_sweep, to_unit, UNITS

__all__ = ["DamagedOutputError", "Run", "Sweep", "load_run", "load_sweep", "to_unit", "UNITS"]
