"""How fast is the playground? One table for ``make bench`` (``python -m playground.bench``).

A class waits for nothing, so issue 11 sets goals: 100,000 engine steps a second per core, exact
odds in a millisecond and no slower than icepool, a panel answering a control in 30 ms, memory
that does not grow with the number of games simulated, and every lesson executing in 5 s once its
kernel has started. This package measures each of them the same way every time, with the whole
test suite's time, and writes one table (printed, and as CSV in ``bench-results/``).

Every figure is the median of several repetitions. Engine speeds are CPU time of this one
process (so "per core", and fair on a machine shared with others); odds and panels are wall
time, since that is what a teacher waits for. Ratios are measured side by side in the same run.

The sections are split by what they measure: engines.py (engine speed, memory, rule comparisons),
exact.py (the exact odds and icepool), and here the panels, the lessons and the suite, with the
table itself (``run``, ``main``); budget.py holds what they all share.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pandas as pd

from .budget import COLUMNS, GAMES, QUICK, Budget, _row, median_seconds
from .engines import (
    REFERENCE_ITERATIONS,
    compare_rows,
    engine_rows,
    memory_rows,
    play_batch,
    reference_loop,
    reference_seconds,
)
from .exact import clear_caches, icepool_cases, icepool_rows, odds_cases, odds_rows

__all__ = [
    "COLUMNS",
    "GAMES",
    "NOTEBOOKS",
    "QUICK",
    "REFERENCE_ITERATIONS",
    "SECTIONS",
    "SUITE_COMMAND",
    "Budget",
    "clear_caches",
    "compare_rows",
    "engine_rows",
    "first_control",
    "icepool_cases",
    "icepool_rows",
    "main",
    "median_seconds",
    "memory_rows",
    "notebook_rows",
    "notebook_seconds",
    "odds_cases",
    "odds_rows",
    "panel_builders",
    "panel_rows",
    "play_batch",
    "reference_loop",
    "reference_seconds",
    "run",
    "shown",
    "suite_rows",
]

NOTEBOOKS = Path(__file__).resolve().parent.parent.parent / "notebooks"
"""The lessons timed by the notebook section (every ``*.ipynb``, in order)."""

SUITE_COMMAND = [
    sys.executable,
    "-m",
    "pytest",
    "-q",
    "-p",
    "no:cacheprovider",
    "-n",
    "auto",
    "--dist",
    "loadfile",
]
"""The whole test suite as ``make test`` runs it (lint aside), timed once by the suite section."""


# -- panels ---------------------------------------------------------------------------------------


def panel_builders() -> list[tuple[str, Callable[[], Any]]]:
    """Every panel a lesson shows, built with its defaults."""
    from playground import widgets as core
    from playground.arc import widgets as arc
    from playground.challengers import widgets as challengers
    from playground.tiebreak import widgets as tiebreak
    from playground.tsubasa import widgets as tsubasa

    return [
        ("core: dice_explorer", core.dice_explorer),
        ("tiebreak: targets_panel", tiebreak.targets_panel),
        ("tiebreak: race_panel", tiebreak.race_panel),
        ("tiebreak: season_panel", tiebreak.season_panel),
        ("tsubasa: duel_panel", tsubasa.duel_panel),
        ("tsubasa: special_shot_panel", tsubasa.special_shot_panel),
        ("tsubasa: match_panel", tsubasa.match_panel),
        ("challengers: attack_panel", challengers.attack_panel),
        ("challengers: thinning_panel", challengers.thinning_panel),
        ("challengers: tournament_panel", challengers.tournament_panel),
        ("arc: score_panel", arc.score_panel),
        ("arc: bonus_panel", arc.bonus_panel),
        ("arc: sport_odds_panel", arc.sport_odds_panel),
        ("arc: season_panel", arc.season_panel),
    ]


def _widgets(root: Any) -> Iterator[Any]:
    """Every widget inside root, depth first, in the order a reader meets them."""
    yield root
    for child in getattr(root, "children", ()):
        yield from _widgets(child)


def first_control(panel: Any) -> tuple[str, Callable[[int], None]]:
    """The panel's first slider, menu or toggle (else its first button), as (its name, a setter).

    The setter's k-th call moves the control to another value and back on the next, so every
    call is a real change; a button is simply clicked.
    """
    import ipywidgets as w

    def switch(widget: Any, trait: str, values: tuple[Any, Any]) -> Callable[[int], None]:
        return lambda k: setattr(widget, trait, values[(k + 1) % 2])

    enabled = [x for x in _widgets(panel) if not getattr(x, "disabled", True)]
    for widget in enabled:
        name = widget.description or type(widget).__name__
        if isinstance(widget, w.IntSlider | w.BoundedIntText | w.FloatSlider):
            up = widget.value + widget.step
            other = up if up <= widget.max else widget.value - widget.step
            return name, switch(widget, "value", (widget.value, other))
        if isinstance(widget, w.Dropdown | w.ToggleButtons | w.RadioButtons) and len(widget.options) > 1:
            return name, switch(widget, "index", (widget.index, 1 if widget.index == 0 else 0))
        if isinstance(widget, w.Checkbox):
            return name, switch(widget, "value", (widget.value, not widget.value))
    for widget in enabled:
        if isinstance(widget, w.Button):
            return f"{widget.description} (button)", lambda _k, b=widget: b.click()
    raise ValueError(f"panel {type(panel).__name__} has no control to set")


def shown(panel: Any) -> tuple[Any, ...]:
    """What the panel shows now: every HTML value, every Output's content and the synced data
    of every custom (anywidget) view, such as a board or a table drawn in the browser."""
    import anywidget
    import ipywidgets as w

    def seen(x: Any) -> Any:
        if isinstance(x, w.HTML):
            return x.value
        if isinstance(x, w.Output):
            return tuple(map(str, x.outputs))
        return tuple(sorted((k, repr(v)) for k, v in x.get_state().items() if not k.startswith("_")))

    return tuple(seen(x) for x in _widgets(panel) if isinstance(x, w.HTML | w.Output | anywidget.AnyWidget))


def panel_rows(budget: Budget) -> Iterator[dict[str, Any]]:
    """Each panel's response: set its first control in Python, time until its output is redrawn."""
    repeats = max(budget.repeats, 5)
    for label, build in panel_builders():
        try:
            panel = build()
            name, act = first_control(panel)
            times, changed = [], False
            for k in range(repeats):
                before = shown(panel)
                began = time.perf_counter()
                act(k)  # the panel's observers redraw it before this returns
                times.append(time.perf_counter() - began)
                changed = changed or shown(panel) != before
        except Exception as error:  # one broken panel is a row of the table, not the end of the bench
            print(f"{label} failed: {type(error).__name__}: {error}", file=sys.stderr)
            yield _row("panel", label, f"failed: {type(error).__name__}", math.nan, "ms", 0)
            continue
        item = f"{label} ({name})"
        yield _row("panel", item, "response", statistics.median(times) * 1000, "ms", repeats)
        yield _row("panel", item, "output changed", float(changed), "yes=1", repeats)
    yield _row(
        "panel",
        "core: live_simulation of 3d6 (roll 10,000)",
        "response",
        _ten_thousand_rolls(repeats),
        "ms",
        repeats,
    )


def _ten_thousand_rolls(repeats: int) -> float:
    """Median milliseconds for the live simulation's biggest button: 10,000 rolls drawn, counted
    and the chart redrawn (lessons 01 and 04 press it in front of the class)."""
    from playground.core.dist import dice_sum
    from playground.widgets import live_simulation

    sim = live_simulation(dice_sum(3, 6))
    times = []
    for _ in range(repeats):
        began = time.perf_counter()
        sim.roll_buttons[10_000].click()
        times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000


# -- notebooks and the suite ---------------------------------------------------------------------


def notebook_seconds(path: Path) -> tuple[float, float]:
    """(kernel start, every cell) in seconds for one run of a notebook on a fresh kernel."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    began = time.perf_counter()
    with client.setup_kernel():
        started = time.perf_counter()
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index)
        finished = time.perf_counter()
    return started - began, finished - started


def notebook_rows(budget: Budget) -> Iterator[dict[str, Any]]:
    """Each lesson's execution after its kernel has started (the goal is 5 s), and the start itself."""
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        runs = [notebook_seconds(path) for _ in range(budget.notebook_repeats)]
        starts, cells = zip(*runs, strict=True)
        n = budget.notebook_repeats
        yield _row("notebook", path.name, "execution after kernel start", statistics.median(cells), "s", n)
        yield _row("notebook", path.name, "kernel start", statistics.median(starts), "s", n)


def suite_rows(budget: Budget) -> Iterator[dict[str, Any]]:
    """The whole test suite's wall time, run once (it takes minutes), and whether it passed."""
    import subprocess

    began = time.perf_counter()
    done = subprocess.run(SUITE_COMMAND, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - began
    summary = (done.stdout.strip().splitlines() or ["(no output)"])[-1].strip("= ")
    if done.returncode:  # say which tests failed, not only that some did
        failed = [line for line in done.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))]
        print("the suite failed:", *(failed or done.stdout.splitlines()[-20:]), sep="\n  ", file=sys.stderr)
    yield _row("suite", f"pytest ({summary})", "wall time", seconds, "s", 1)
    yield _row("suite", "pytest", "exit code", float(done.returncode), "0=passed", 1)


SECTIONS: dict[str, Callable[[Budget], Iterator[dict[str, Any]]]] = {
    "engine": engine_rows,
    "odds": odds_rows,
    "icepool": icepool_rows,
    "panel": panel_rows,
    "memory": memory_rows,
    "compare": compare_rows,
    "notebook": notebook_rows,
    "suite": suite_rows,
}


def run(budget: Budget = Budget(), sections: tuple[str, ...] = tuple(SECTIONS)) -> pd.DataFrame:  # noqa: B008 (Budget is frozen)
    """The whole table: one row per figure, in the order of ``sections``."""
    unknown = [s for s in sections if s not in SECTIONS]
    if unknown:
        raise ValueError(f"sections must be among {', '.join(SECTIONS)}; got {', '.join(map(repr, unknown))}")
    rows = [row for section in sections for row in SECTIONS[section](budget)]
    return pd.DataFrame(rows, columns=COLUMNS)


def main(argv: list[str] | None = None) -> pd.DataFrame:
    """``python -m playground.bench [--quick] [--out FILE] [SECTION ...]``: print and save the table."""
    parser = argparse.ArgumentParser(prog="python -m playground.bench", description=__doc__.split("\n")[0])
    parser.add_argument("sections", nargs="*", help=f"any of {', '.join(SECTIONS)} (default: all)")
    parser.add_argument("--quick", action="store_true", help="tiny budgets (checks the bench runs)")
    parser.add_argument("--out", type=Path, default=Path("bench-results/bench.csv"), help="the CSV file")
    args = parser.parse_args(argv)
    table = run(QUICK if args.quick else Budget(), tuple(args.sections or SECTIONS))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    table.to_csv(args.out, index=False)
    with pd.option_context("display.max_rows", None, "display.width", 160, "display.max_colwidth", 70):
        print(table.to_string(index=False, float_format=lambda v: f"{v:,.3f}"))
    print(f"\nwritten to {args.out}")
    return table
