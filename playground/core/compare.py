"""Rule A against rule B over many seeded games: does the change make a difference, and can we tell?

Common random numbers: game i is played with seed + i under both rule sets, so both meet the
same luck as far as the rules let them. Each measure is compared seed by seed (B minus A), and
the 95% confidence interval is that of those paired differences, which cancels most of the luck
and needs far fewer games than two independent runs would.
"""

from __future__ import annotations

import contextlib
import math
import numbers
import os
import pickle
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import islice
from typing import Any

import numpy as np
import pandas as pd

from .checks import check_policies, described
from .engine import Game, Policies, Result, gc_paused
from .numbers import shown, whole_number
from .remembered import remembered
from .rules import RulesBase
from .workers import workers_possible

MAX_GAMES = 100_000
"""The most games per rule set: enough for an interval a few hundredths wide on most measures."""

POOL_FROM = 200
"""Fewer games are played in this process: starting worker processes would take longer."""

MAX_CHUNK = 10
"""The most seeds a worker plays per task (each under A and under B): an interrupt waits for the
tasks running, at most one per core, so for no more than 2 · MAX_CHUNK games' time."""

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""

MEAN_A, MEAN_B, DIFFERENCE = "mean A", "mean B", "difference (B - A)"
LOW, HIGH, VERDICT = "95% CI low", "95% CI high", "can the data tell?"
COLUMNS = (MEAN_A, MEAN_B, DIFFERENCE, LOW, HIGH, VERDICT)

Measure = Callable[[Game], float]


def _a_game(game: Any) -> Game:
    """game, if it is a game of the playground; else a TypeError that says so (not an AttributeError)."""
    if not isinstance(game, Game):
        raise TypeError(f"game must be a game of the playground (from new_game); got {shown(game, 60)}")
    return game


def steps(game: Game) -> float:
    """How many steps the game took: every action and every chance outcome."""
    return float(_a_game(game).step_count)


def first_player_won(game: Game) -> float:
    """1 if the first player is among the winners, else 0 (its mean is the first seat's win rate;
    a game still going is refused: play it to the end first)."""
    return float(0 in final_result(game).winners)


def final_result(game: Game) -> Result:
    """The result of a finished game, for measures: asked about an unfinished game, refuse clearly."""
    result = _a_game(game).result()
    if result is None:
        raise ValueError(
            f"the game is not over yet (step {game.step_count}): play it to the end first, game.play()"
        )
    return result


DEFAULT_MEASURES: Mapping[str, Measure] = {"steps": steps}


@dataclass(frozen=True)
class _Plan:
    """What a worker needs to play games under both rule sets; picklable when its parts are."""

    new_game: Callable[..., Game]
    rules: tuple[RulesBase, RulesBase]
    measures: tuple[tuple[str, Measure], ...]
    players: int | None
    policies: Policies
    seed: int

    def made(self, rules: RulesBase, seed: int) -> Game:
        """The game with this seed under these rules, or a ValueError saying why new_game refused
        it (players=20 for a game of 2 to 6), not blaming a player."""
        extra = {} if self.players is None else {"players": self.players}
        try:
            return self.new_game(rules=rules, seed=seed, **extra)
        except Exception as error:
            raise ValueError(
                f"new_game cannot make the game with seed {seed} under {rules.described()}: "
                f"{type(error).__name__} ({shown(str(error), 160)})"
            ) from error

    def measure(self, rules: RulesBase, seed: int) -> list[float]:
        game = self.made(rules, seed)
        try:
            game.play(self.policies)
        except Exception as error:  # a student's player: say which game to replay
            raise ValueError(
                f"a player raised {type(error).__name__} ({shown(str(error), 120)}) in the game "
                f"with seed {seed} under {rules.described()}"
            ) from error
        values = []
        for name, f in self.measures:
            try:
                value = f(game)
            except Exception as error:
                raise ValueError(
                    f"measure {shown(name, 40)} raised {type(error).__name__} ({shown(str(error), 120)}) "
                    f"for the game with seed {seed} under {rules.described()}"
                ) from error
            values.append(_finite(value, name, seed, rules))
        return values


def _finite(value: Any, name: str, seed: int, rules: RulesBase) -> float:
    """A measure's value as a float, if it is a finite number a float can hold."""
    try:
        number = float(value) if isinstance(value, numbers.Real) and not isinstance(value, bool) else None
    except (OverflowError, ValueError):
        number = None
    if number is None or not math.isfinite(number):
        raise ValueError(
            f"measure {shown(name, 40)} must return a finite number; it returned {shown(value, 40)} "
            f"for the game with seed {seed} under {rules.described()} (a number up to about 1e308: a "
            "mean of nan or inf tells nothing)"
        )
    return number


def _play_chunk(plan: _Plan, start: int, stop: int) -> list[tuple[list[float], list[float]]]:
    """Games start..stop-1: (measures under A, measures under B) for each, same seed for both."""
    a, b = plan.rules
    with gc_paused():
        return [(plan.measure(a, plan.seed + i), plan.measure(b, plan.seed + i)) for i in range(start, stop)]


@remembered(ignore=("executor", "chunk", "progress"))
def compare_rules(
    new_game: Callable[..., Game],
    rules_a: RulesBase,
    rules_b: RulesBase,
    games: int = 200,
    seed: int = 0,
    measures: Mapping[str, Measure] | None = None,
    players: int | None = None,
    policies: Policies = None,
    executor: Any = None,
    chunk: int | None = None,
    progress: bool | None = None,
) -> pd.DataFrame:
    """Play ``games`` seeded games under each rule set and compare the measures.

    Game i is ``new_game(rules=..., seed=seed + i[, players=players]).play(policies)`` under A
    and under B (the same seeds: common random numbers); seed is a whole number from 0 up.
    ``measures`` maps a name to a function of the finished game returning a number (default:
    ``steps``). The table has one row per measure: the means under A and B, the difference B -
    A, its 95% confidence interval (mean of the paired differences ± 1.96 · sd / √games; with
    one game the spread is unknown and the interval is (-inf, inf); with sd 0 it is a single
    point) and a verdict: "B higher", "A higher", or "cannot tell" when the interval contains 0.

    executor: None plays fewer than POOL_FROM games here and more on a ProcessPoolExecutor
    over every core when new_game, measures and policies can be sent to worker processes (else
    here too); "serial" and "process" force either; or pass any executor (an object with
    ``submit`` or ``map``). Where no process can be started (a browser kernel, see
    core.workers), None and "process" play here. The table is the same whichever runs it.
    Worker processes need new_game, measures and policies defined at module level (not
    lambdas) and frozen rules.
    Bounds: 1 to MAX_GAMES games; memory 2 · games · measures floats; time about 2 · games ·
    (one game's time) / cores. chunk: seeds per task (default: up to MAX_CHUNK). Tasks go to
    the executor one per core at a time, so an interrupt (the stop button) waits only for the
    running ones: a few seconds for the slowest game, Tie-Break with 6 players. progress: a bar (default: only
    in a notebook kernel). A call of the package's own functions and Rules that a lesson made
    before is read back from the shipped results, not played again (core.remembered).
    """
    plan = _plan(new_game, rules_a, rules_b, games, seed, measures, players, policies)
    size = _chunk_size(chunk, games)
    chunks = [(start, min(start + size, games)) for start in range(0, games, size)]
    runs = _runs(plan, chunks, executor)
    bar = progress_bar(games, progress)
    rows: list[tuple[list[float], list[float]]] = []
    try:
        with contextlib.closing(runs) as parts:
            for part in parts:
                rows.extend(part)
                if bar is not None:
                    bar.value = len(rows)
    except BaseException:
        if bar is not None:
            bar.bar_style = "danger"
        raise
    if bar is not None:
        bar.bar_style = "success"
    table = _table(rows, [name for name, _ in plan.measures])
    table.attrs.update(
        games=games,
        played_as=type(rules_a).played_as,
        seed=seed,
        a=rules_a.described(),
        b=rules_b.described(),
    )
    return table


def _plan(
    new_game: Any,
    rules_a: Any,
    rules_b: Any,
    games: Any,
    seed: Any,
    measures: Any,
    players: Any,
    policies: Policies,
) -> _Plan:
    """The checked arguments, or a ValueError naming the argument, its value and what is allowed."""
    if not callable(new_game):
        raise ValueError(f"new_game must be a function making a game; got {shown(new_game)}")
    for name, rules in (("rules_a", rules_a), ("rules_b", rules_b)):
        if not isinstance(rules, RulesBase):
            raise ValueError(f"{name} must be a game's Rules object; got {shown(rules)}")
    if type(rules_a) is not type(rules_b):
        raise ValueError(
            f"rules_a and rules_b must be rules of the same game; got {_game_of(rules_a)} "
            f"and {_game_of(rules_b)}"
        )
    games = whole_number(games, "games", 1, MAX_GAMES)
    seed = whole_number(seed, "seed", 0)  # a negative seed replays its positive twin
    players = None if players is None else whole_number(players, "players")
    if policies is not None and not callable(policies):
        check_policies(policies)
    chosen = DEFAULT_MEASURES if measures is None else measures
    if not isinstance(chosen, Mapping) or not chosen:
        raise ValueError(
            f"measures must map at least one name to a function of the game; got {shown(measures)}"
        )
    for name, f in chosen.items():
        if not isinstance(name, str) or not callable(f):
            raise ValueError(
                f"measures must map names to functions of the game; {shown(name)} maps to {shown(f)}"
            )
    plan = _Plan(new_game, (rules_a, rules_b), tuple(chosen.items()), players, policies, seed)
    for rules in plan.rules:  # settings new_game refuses (players=20) are said before any game plays
        plan.made(rules, seed)
    return plan


def _game_of(rules: RulesBase) -> str:
    """Which game's Rules this is, in words: 'playground.tiebreak.Rules'."""
    return f"{type(rules).__module__.rsplit('.', 1)[0]}.{type(rules).__name__}"


def _chunk_size(chunk: Any, games: int) -> int:
    if chunk is None:
        return max(1, min(MAX_CHUNK, games // (4 * (os.cpu_count() or 1))))
    return whole_number(chunk, "chunk (games per task)", 1, MAX_GAMES)


def _runs(plan: _Plan, chunks: list[tuple[int, int]], executor: Any) -> Iterator[list]:
    """Each chunk's results, in order, from the executor chosen (see compare_rules)."""
    games = chunks[-1][1]
    serial = executor == "serial" or (executor is None and games < POOL_FROM)
    if serial or (executor in (None, "process") and not workers_possible()):  # a browser: all here
        return (_play_chunk(plan, start, stop) for start, stop in chunks)
    if executor is None and _unpicklable(plan):  # a lambda or a notebook's own function: here
        return (_play_chunk(plan, start, stop) for start, stop in chunks)
    if executor is None or executor == "process":
        _check_picklable(plan)
        return _on_own_pool(plan, chunks)
    if not (hasattr(executor, "submit") or hasattr(executor, "map")):
        raise ValueError(
            f"executor must be None, 'serial', 'process' or an executor with submit or map; "
            f"got {shown(executor)}"
        )
    if isinstance(executor, ProcessPoolExecutor):
        _check_picklable(plan)
    return _on(executor, plan, chunks)


def _on_own_pool(plan: _Plan, chunks: list[tuple[int, int]]) -> Iterator[list]:
    """A pool over every core, shut down on the way out with its waiting tasks cancelled."""
    pool = ProcessPoolExecutor(max_workers=os.cpu_count())
    try:
        yield from _on(pool, plan, chunks)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _on(executor: Any, plan: _Plan, chunks: list[tuple[int, int]]) -> Iterator[list]:
    """Chunks run on a caller's executor (or our pool); waiting tasks are cancelled on the way out."""
    if not hasattr(executor, "submit"):
        starts, stops = zip(*chunks, strict=True)
        yield from executor.map(_play_chunk, [plan] * len(chunks), starts, stops)
        return
    todo = iter(chunks)
    window = _slots(executor)
    running = deque(executor.submit(_play_chunk, plan, *chunk) for chunk in islice(todo, window))
    try:
        while running:
            result = running.popleft().result()
            following = next(todo, None)
            if following is not None:
                running.append(executor.submit(_play_chunk, plan, *following))
            yield result
    finally:
        for future in running:
            future.cancel()


def _slots(executor: Any) -> int:
    """How many tasks the executor runs at once: its workers (a Dask client: its threads)."""
    slots = getattr(executor, "_max_workers", None)
    if slots is None and callable(getattr(executor, "nthreads", None)):
        with contextlib.suppress(Exception):
            slots = sum(executor.nthreads().values())
    return max(1, slots if isinstance(slots, int) else os.cpu_count() or 1)


def _unpicklable(plan: _Plan) -> str:
    """Why the plan cannot be sent to a worker process ('' when it can)."""
    try:
        pickle.dumps(plan)
    except (pickle.PicklingError, AttributeError, TypeError) as error:
        return str(error)
    return ""


def _check_picklable(plan: _Plan) -> None:
    error = _unpicklable(plan)
    if error:
        raise ValueError(
            "worker processes need new_game, measures and policies defined at module level "
            f"(not lambdas or local functions), or executor='serial'; {error}"
        )


def progress_bar(total: int, show: bool | None, what: str = "games") -> Any:
    """An IntProgress shown in the notebook (by default only when running in a kernel), or None.

    Every long run (a comparison, a head-to-head, a strategy lab) shows one, so a class sees it
    move and the stop button is the way out. total: a whole number of steps from 0 to 10**12;
    what: the bar's label, text of at most 100 characters."""
    if show is not None and type(show).__name__ not in ("bool", "bool_"):  # not 1.0, 0 or an array
        raise ValueError(
            f"progress must be True, False or None (a bar only in a notebook); got {shown(show)}"
        )
    total = whole_number(total, "total (the bar's number of steps)", 0, 10**12)
    if not isinstance(what, str) or len(what) > 100:
        raise ValueError(
            f"what (the bar's label) must be text of at most 100 characters; got {described(what)}"
        )
    if show is None:
        show = _in_kernel()
    if not show:
        return None
    import ipywidgets as w
    from IPython.display import display

    bar = w.IntProgress(value=0, min=0, max=total, description=what)
    bar.add_class("pg-compare-progress")
    display(bar)
    return bar


def _in_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    return getattr(get_ipython(), "kernel", None) is not None


def _table(rows: list[tuple[list[float], list[float]]], names: list[str]) -> pd.DataFrame:
    a = np.array([r[0] for r in rows])
    b = np.array([r[1] for r in rows])
    d = b - a
    n = len(rows)
    half = Z95 * d.std(axis=0, ddof=1) / math.sqrt(n) if n > 1 else np.full(len(names), math.inf)
    mean = d.mean(axis=0)
    low, high = mean - half, mean + half
    verdict = np.where(low > 0, "B higher", np.where(high < 0, "A higher", "cannot tell"))
    return pd.DataFrame(
        {
            MEAN_A: a.mean(axis=0),
            MEAN_B: b.mean(axis=0),
            DIFFERENCE: mean,
            LOW: low,
            HIGH: high,
            VERDICT: verdict.tolist(),
        },
        index=pd.Index(names, name="measure"),
    )


def _mean_text(value: float) -> str:
    """A mean as a title reads it, with the tables' 3 decimals: 5,337 points (never 5.337e+03),
    26.455 weeks (as the table shows it), 3.415 goals, 0.037 (not 0.03667)."""
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.3f}"


def compare_plot(table: pd.DataFrame) -> Any:
    """The differences B - A with their 95% intervals, one row per measure, and a line at 0.

    A bar that crosses the line is a difference the data cannot tell from none. Returns the
    matplotlib Figure (closed, so a notebook shows it once, as the cell's value).
    """
    missing = [c for c in COLUMNS if c not in getattr(table, "columns", ())]
    if missing:
        raise ValueError(f"table must be a compare_rules table; it lacks the columns {', '.join(missing)}")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    fig, axes = plt.subplots(len(table), 1, figsize=(6.5, 0.5 + 1.1 * len(table)), squeeze=False)
    for ax, (name, row) in zip(axes[:, 0], table.iterrows(), strict=True):
        finite = math.isfinite(row[LOW]) and math.isfinite(row[HIGH])
        error = [[row[DIFFERENCE] - row[LOW]], [row[HIGH] - row[DIFFERENCE]]] if finite else None
        ax.errorbar([row[DIFFERENCE]], [0], xerr=error, fmt="o", color="#0072B2", capsize=6)
        ax.axvline(0, color="#E69F00", linestyle="--")
        ax.set_yticks([])
        ax.xaxis.set_major_locator(MaxNLocator(nbins=5))  # a narrow interval gets few, readable ticks
        ax.set_ylabel(str(name), rotation=0, ha="right", va="center")
        means = f"A {_mean_text(row[MEAN_A])}, B {_mean_text(row[MEAN_B])}"
        ax.set_title(f"{means}: {row[VERDICT]}", fontsize=9, loc="left")
    games = table.attrs.get("games")
    played_as = table.attrs.get("played_as", "games")
    heading = "B - A with 95% intervals" + (f" over {games:,} {played_as}" if games else "")
    if "a" in table.attrs:
        heading += f"\nA: {table.attrs['a']}; B: {table.attrs['b']}"
    fig.suptitle(heading, fontsize=10)
    fig.tight_layout()
    plt.close(fig)
    return fig
