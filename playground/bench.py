"""How fast is the playground? One table for ``make bench`` (``python -m playground.bench``).

A class waits for nothing, so issue 11 sets goals: 100,000 engine steps a second per core, exact
odds in a millisecond and no slower than icepool, a panel answering a control in 30 ms, memory
that does not grow with the number of games simulated, and every lesson executing in 5 s once its
kernel has started. This module measures each of them the same way every time, with the whole
test suite's time, and writes one table (printed, and as CSV in ``bench-results/``).

Every figure is the median of several repetitions. Engine speeds are CPU time of this one
process (so "per core", and fair on a machine shared with others); odds and panels are wall
time, since that is what a teacher waits for. Ratios are measured side by side in the same run.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import math
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pandas as pd

from playground.core.engine import Game, gc_paused

GAMES = {"tiebreak": (2, 4, 6), "tsubasa": (2,), "challengers": (2, 4, 6), "arc": (2, 4, 6)}
"""Each game's package and the player counts benchmarked (2, 4 and 6 where the game allows)."""

COLUMNS = ["section", "item", "figure", "value", "unit", "repeats"]


@dataclass(frozen=True)
class Budget:
    """How long each measurement may run: the full bench, or a quick one for the tests."""

    engine_seconds: float = 0.6
    repeats: int = 5
    memory_games: int = 10_000
    memory_game: str = "arc"
    """The game whose 10,000 games are traced for memory (the quickest to play per game)."""
    compare_games: int = 1000
    """Tie-Break seasons per rule set in the serial-against-every-core comparison."""
    notebook_repeats: int = 3
    """Fresh-kernel runs of each notebook (each takes seconds, so fewer than the other figures)."""


QUICK = Budget(engine_seconds=0.05, repeats=2, memory_games=20, compare_games=8, notebook_repeats=1)

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
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


def median_seconds(
    call: Callable[[], object], repeats: int, before: Callable[[], None] | None = None
) -> float:
    """The median wall time of one call over ``repeats`` calls (``before`` runs untimed first)."""
    times = []
    for _ in range(repeats):
        if before is not None:
            before()
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _row(section: str, item: str, figure: str, value: float, unit: str, repeats: int) -> dict[str, Any]:
    return dict(zip(COLUMNS, (section, item, figure, value, unit, repeats), strict=True))


# -- engines --------------------------------------------------------------------------------------


def play_batch(
    game: str, players: int, seconds: float, data: Any, first_seed: int = 0
) -> tuple[int, int, float]:
    """Play random seeded games for about ``seconds`` of CPU time: (games, steps, CPU seconds)."""
    module = importlib.import_module(f"playground.{game}")
    games = steps = 0
    start = time.process_time()
    with gc_paused():  # as the playground's own bulk simulations do
        while games == 0 or time.process_time() - start < seconds:
            steps += module.new_game(data=data, seed=first_seed + games, players=players).play().step_count
            games += 1
    return games, steps, time.process_time() - start


REFERENCE_ITERATIONS = 20_000
"""Rounds of the reference loop timed at once (a few tens of milliseconds of CPU)."""


def reference_loop(iterations: int = REFERENCE_ITERATIONS) -> int:
    """A fixed pure-Python workload of the kind an engine step is made of: a seeded draw from a
    counted bag, dict and attribute look-ups, a method call, a small tuple and a list built and
    read. Timed beside the engines, it turns their speeds into a figure that carries between
    machines (cost per step in reference rounds), since both scale alike with the interpreter
    and the CPU. It must never change: a new loop would make old figures meaningless."""
    rng = random.Random(0)
    bag = {token: 4 for token in ("training", "sponsor", "health", "travel", "wildcard")}
    kinds = tuple(bag)

    class Seat:
        __slots__ = ("score", "tokens")

        def __init__(self) -> None:
            self.score, self.tokens = 0, []

        def take(self, token: str) -> None:
            self.tokens.append(token)
            self.score += len(token)

    seats = [Seat() for _ in range(4)]
    total = 0
    for i in range(iterations):
        token = kinds[rng.randrange(len(kinds))]
        bag[token] = bag[token] % 7 + 1
        seat = seats[i % 4]
        seat.take(token)
        move = (i % 12, token, bag[token])
        options = [m for m in range(move[0]) if m % 3 != 1]
        total += len(options) + move[2] + seat.score % 5
        if len(seat.tokens) > 8:
            seat.tokens.clear()
    return total


def reference_seconds(repeats: int) -> float:
    """CPU seconds of one reference round: the median over ``repeats`` timings of the loop."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        reference_loop()
        times.append((time.process_time() - start) / REFERENCE_ITERATIONS)
    return statistics.median(times)


def engine_rows(budget: Budget) -> Iterator[dict[str, Any]]:
    """Whole games a second per core and steps a second, for each game and player count, and
    each engine's cost per step as a multiple of the reference loop's round, timed between the
    games' batches (steps a second alone do not carry between machines: 98-135k on one read
    35-65k on another whose plain loops were only 1.1-1.7x slower)."""
    rows: list[dict[str, Any]] = []
    references: list[float] = []
    for game, counts in GAMES.items():
        data = importlib.import_module(f"playground.{game}").load_data()
        for players in counts:
            rates, step_rates, lengths = [], [], []
            # untimed first: the engine's caches fill in the first games (a slow first repetition)
            play_batch(game, players, budget.engine_seconds, data, 10**6)
            for r in range(budget.repeats):
                references.append(reference_seconds(1))
                games, steps, seconds = play_batch(game, players, budget.engine_seconds, data, 1000 * r)
                rates.append(games / seconds)
                step_rates.append(steps / seconds)
                lengths.append(steps / games)
            item = f"{game}, {players} players, random"
            steps_per_second = statistics.median(step_rates)
            rows += [
                _row(
                    "engine",
                    item,
                    "games per second per core",
                    statistics.median(rates),
                    "1/s",
                    budget.repeats,
                ),
                _row("engine", item, "steps per second per core", steps_per_second, "1/s", budget.repeats),
                _row("engine", item, "steps per game", statistics.median(lengths), "steps", budget.repeats),
                _row("engine", item, "cost per step", 1 / steps_per_second, "s", budget.repeats),
            ]
    reference = statistics.median(references)
    for row in rows:
        if row["figure"] == "cost per step":
            yield {
                **row,
                "figure": "cost per step in reference rounds",
                "value": row["value"] / reference,
                "unit": "rounds",
            }
        else:
            yield row
    yield _row(
        "engine", "reference loop (bench.reference_loop)", "CPU per round", reference, "s", len(references)
    )


# -- exact odds -----------------------------------------------------------------------------------


def clear_caches(*modules: Any) -> None:
    """Forget every cached answer of these modules' functions, so the next call is cold."""
    for module in modules:
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def odds_cases() -> list[tuple[str, str, Callable[[], object]]]:
    """(game, label, call) for each exact odds function at default rules, as the lessons call them."""
    from playground.arc import load_data as arc_data
    from playground.arc import odds as arc_odds
    from playground.arc import scoring
    from playground.challengers import odds as ch
    from playground.tiebreak import Rules, load_data
    from playground.tiebreak import odds as tb
    from playground.tiebreak.board import Board
    from playground.tsubasa import odds as ts

    board, rules = Board(load_data().spaces), Rules()
    starting, deck = [1, 1, 1, 2, 3, 4], [1, 1, 1, 2, 3, 4, 2, 3, 2, 3, 4, 5, 3, 5, 4, 8, 9]
    named = {"Rookie": (1, 3), "Hopeful": (2, 1), "Mascot": (3, 1), "Captain": (4, 1)}
    data = arc_data()
    sports = list(data.sports.values())
    xavier = data.athletes["A01"].stats
    episodes = [e.modifiers for e in list(data.episodes.values())[:3]]
    team = [(a.stats, episodes, 2) for a in list(data.athletes.values())[:5]]
    return [
        ("tiebreak", "p_reach_target(2)", lambda: tb.p_reach_target(2)),
        ("tiebreak", "p_challenger_wins(2, 3)", lambda: tb.p_challenger_wins(2, 3)),
        ("tiebreak", "expected_race_length(2, 3)", lambda: tb.expected_race_length(2, 3)),
        ("tiebreak", "race_length(2, 3)", lambda: tb.race_length(2, 3)),
        ("tiebreak", "race_chain(2, 3)", lambda: tb.race_chain(2, 3)),
        ("tiebreak", "p_vacant_win(2)", lambda: tb.p_vacant_win(2)),
        ("tiebreak", "p_defended_win(1, surface=True)", lambda: tb.p_defended_win(1, surface=True)),
        ("tiebreak", "token_value_table()", tb.token_value_table),
        ("tiebreak", "defended_token_table()", tb.defended_token_table),
        ("tiebreak", "p_ace()", tb.p_ace),
        ("tiebreak", "landing_frequencies(board)", lambda: tb.landing_frequencies(board, rules)),
        ("tsubasa", "p_attacker_wins(7, 8)", lambda: ts.p_attacker_wins(7, 8)),
        ("tsubasa", "p_attacker_wins(7, 8, assured_success)", lambda: ts.p_attacker_wins(7, 8, True)),
        (
            "tsubasa",
            "p_attacker_wins(7, 8, reroll='attacker')",
            lambda: ts.p_attacker_wins(7, 8, reroll="attacker"),
        ),
        ("tsubasa", "p_goal(7, 8, keeper=True)", lambda: ts.p_goal(7, 8, keeper=True)),
        ("tsubasa", "save_outcomes()", ts.save_outcomes),
        ("tsubasa", "difference_dist()", ts.difference_dist),
        ("tsubasa", "point_value(7, 8)", lambda: ts.point_value(7, 8)),
        ("tsubasa", "best_spend(5, 8, 5)", lambda: ts.best_spend(5, 8, 5)),
        ("tsubasa", "win_table()", ts.win_table),
        (
            "tsubasa",
            "special_shot_equilibrium(3x3)",
            lambda: ts.special_shot_equilibrium([[1, 0, 0], [0, 1, 0], [0, 0, 1]]),
        ),
        ("challengers", "p_reach_strength(starting, 4, 2)", lambda: ch.p_reach_strength(starting, 4, 2)),
        ("challengers", "cards_needed(17 cards, 12)", lambda: ch.cards_needed(deck, 12)),
        ("challengers", "expected_cards(17 cards, 12)", lambda: ch.expected_cards(deck, 12)),
        (
            "challengers",
            "thinning_frame(17 cards, 1, 1..12)",
            lambda: ch.thinning_frame(deck, 1, range(1, 13)),
        ),
        ("challengers", "match_endings(starting, starting)", lambda: ch.match_endings(named, named)),
        (
            "arc",
            "athlete_score(Xavier)",
            lambda: scoring.athlete_score(xavier, episodes, ["body", "focus"], 2),
        ),
        ("arc", "sport_chances(24 sports)", lambda: arc_odds.sport_chances(sports)),
        ("arc", "stat_chances(24 sports)", lambda: arc_odds.stat_chances(sports)),
        (
            "arc",
            "expected_athlete_score",
            lambda: arc_odds.expected_athlete_score(xavier, episodes, sports, 2),
        ),
        ("arc", "episode_value", lambda: arc_odds.episode_value(episodes[0], sports)),
        ("arc", "score_distribution", lambda: arc_odds.score_distribution(xavier, episodes, sports)),
        ("arc", "expected_team_score(5 Athletes)", lambda: arc_odds.expected_team_score(team, sports)),
    ]


def _odds_modules() -> list[Any]:
    names = ["playground.core.dist"] + [f"playground.{g}.odds" for g in GAMES]
    return [importlib.import_module(name) for name in names]


def odds_rows(budget: Budget) -> Iterator[dict[str, Any]]:
    """Each exact odds function cold (every cache cleared first) and warm (cached), in ms."""
    modules = _odds_modules()
    for game, label, call in odds_cases():
        cold = median_seconds(call, budget.repeats, lambda: clear_caches(*modules))
        warm = median_seconds(call, max(budget.repeats, 5))
        yield _row("odds", f"{game}: {label}", "cold", cold * 1000, "ms", budget.repeats)
        yield _row("odds", f"{game}: {label}", "warm", warm * 1000, "ms", max(budget.repeats, 5))


def _as_fractions(die: Any) -> dict[Any, Fraction]:
    """An icepool Die as {outcome: exact probability}, to check it against ours."""
    return {outcome: Fraction(n, die.denominator()) for outcome, n in die.items()}


def icepool_cases() -> list[
    tuple[str, Callable[[], object], Callable[[], object], Callable[[Any, Any], bool]]
]:
    """(label, ours, icepool's, agree) for the distributions icepool can express."""
    import icepool

    from playground.core import dist
    from playground.tiebreak import odds as tb
    from playground.tsubasa import odds as ts

    def same_dist(ours: Any, theirs: Any) -> bool:
        return dict(ours.items()) == _as_fractions(theirs)

    def same_chance(ours: Any, theirs: Any) -> bool:
        return Fraction(ours) == Fraction(theirs)

    return [
        (
            "the d6 target: one die + 2 reaches 7",
            lambda: tb.p_reach_target(2),
            lambda: (icepool.d6 + 2 >= 7).probability(True),
            same_chance,
        ),
        ("the two-dice difference", ts.difference_dist, lambda: icepool.d6 - icepool.d6, same_dist),
        ("2d6 sums", lambda: dist.dice_sum(2, 6), lambda: 2 @ icepool.d6, same_dist),
        (
            "the Tsubasa duel: 7 + d6 against 8 + d6, ties to the attacker",
            lambda: ts.p_attacker_wins(7, 8),
            lambda: (icepool.d6 + 7 >= icepool.d6 + 8).probability(True),
            same_chance,
        ),
    ]


def icepool_rows(budget: Budget) -> Iterator[dict[str, Any]]:
    """Ours against icepool on the same distribution, cold, side by side; the answers must agree."""
    import icepool

    modules = _odds_modules()
    repeats = max(budget.repeats, 5)
    for label, ours, theirs, agree in icepool_cases():
        if not agree(ours(), theirs()):
            raise AssertionError(f"{label}: our exact answer differs from icepool's")
        mine = median_seconds(ours, repeats, lambda: clear_caches(*modules))
        # icepool keeps its own caches; clearing them is not public, so its figure is at best warm
        other = median_seconds(theirs, repeats, getattr(icepool.Die, "cache_clear", None))
        yield _row("icepool", label, "ours cold", mine * 1000, "ms", repeats)
        yield _row("icepool", label, "icepool", other * 1000, "ms", repeats)
        yield _row("icepool", label, "ours / icepool", mine / other, "ratio", repeats)


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


# -- memory ---------------------------------------------------------------------------------------


def memory_rows(budget: Budget) -> Iterator[dict[str, Any]]:
    """Traced memory after a tenth of the games and after all: it must not grow with games.

    The peak includes the interpreter's free lists: spare tuples, lists and dicts it keeps for
    reuse, bounded in number, which a full collection hands back (after 3,000 Arc games it finds
    no unreachable object, yet the traced memory falls from 1.7 to 0.1 MiB). So the memory held
    after a full collection is given too: that is what the games leave behind.
    """
    module = importlib.import_module(f"playground.{budget.memory_game}")
    data = module.load_data()
    tenth = max(budget.memory_games // 10, 1)
    gc.collect()
    tracemalloc.start()
    try:
        peaks: list[float] = []
        held: list[float] = []
        for seed in range(budget.memory_games):
            game: Game = module.new_game(data=data, seed=seed, players=4).play()
            del game
            if seed + 1 in (tenth, budget.memory_games):
                peaks.append(tracemalloc.get_traced_memory()[1] / 2**20)
                gc.collect()
                held.append(tracemalloc.get_traced_memory()[0] / 2**20)
    finally:
        tracemalloc.stop()
    item = f"{budget.memory_game}, 4 players, one process"
    yield _row("memory", item, f"peak after {tenth:,} games", peaks[0], "MiB", 1)
    yield _row("memory", item, f"peak after {budget.memory_games:,} games", peaks[-1], "MiB", 1)
    yield _row("memory", item, f"held after {tenth:,} games (collected)", held[0], "MiB", 1)
    yield _row("memory", item, f"held after {budget.memory_games:,} games (collected)", held[-1], "MiB", 1)


# -- rule comparisons at scale --------------------------------------------------------------------


def compare_rows(budget: Budget) -> Iterator[dict[str, Any]]:
    """compare_rules on Tie-Break seasons (a head start of 3 against 2), serial and over every core.

    Wall time, since that is what a class waits for; run once each (1,000 seasons take tens of
    seconds), and the two tables must be identical, as compare_rules promises.
    """
    import os

    from playground.core.compare import compare_rules
    from playground.tiebreak import Rules, new_game

    rules = Rules()
    house = rules.replace(champion_head_start=2)
    tables, seconds = {}, {}
    for executor in ("serial", "process"):
        began = time.perf_counter()
        tables[executor] = compare_rules(
            new_game, rules, house, games=budget.compare_games, players=4, executor=executor, progress=False
        )
        seconds[executor] = time.perf_counter() - began
    if not tables["serial"].equals(tables["process"]):
        raise AssertionError("compare_rules gave different tables serially and over the cores")
    item = f"tiebreak, {budget.compare_games:,} seasons under each of two rule sets, 4 players"
    cores = os.cpu_count() or 1
    yield _row("compare", item, "serial", seconds["serial"], "s", 1)
    yield _row("compare", item, f"every core ({cores})", seconds["process"], "s", 1)
    yield _row("compare", item, "speed-up", seconds["serial"] / seconds["process"], "ratio", 1)


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


def run(budget: Budget = Budget(), sections: tuple[str, ...] = tuple(SECTIONS)) -> pd.DataFrame:
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


if __name__ == "__main__":
    main()
