"""compare_rules: the table checked against games played one by one in the test.

The toy game is Pig (tests/toy_game.py), whose one rule is the target. Every mean and interval
is recomputed here with the statistics module from games played without compare_rules; the
executors are checked against each other to the last bit.
"""

from __future__ import annotations

import importlib.util
import math
import multiprocessing
import os
import re
import signal
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from matplotlib.figure import Figure
from processes import alive, descendants
from toy_game import HOLD, ROLL, PigGame, PigRules, new_ruled_game

from playground.core import compare
from playground.core.compare import (
    DIFFERENCE,
    HIGH,
    LOW,
    MEAN_A,
    MEAN_B,
    POOL_FROM,
    VERDICT,
    compare_plot,
    compare_rules,
    first_player_won,
    steps,
)
from playground.core.engine import Action, Game
from playground.core.rules import RulesBase, rule

SHORT, LONG = PigRules(target=10), PigRules(target=20)


def winner_score(game: Game) -> float:
    """The winner's bank at the end (it varies with how far past the target the last hold went)."""
    assert isinstance(game, PigGame) and game.winner is not None
    return float(game.scores[game.winner])


def player_count(game: Game) -> float:
    return float(game.players)


def hold_after_a_roll(game: Game) -> Action:
    """Roll once, then hold: a policy that is not the random default."""
    assert isinstance(game, PigGame)
    return HOLD if game.turn_rolls else ROLL


def interrupt_at_seed_7(game: Game) -> float:
    """A measure that stands in for the teacher pressing Interrupt during game 7."""
    if game.seed == 7:
        raise KeyboardInterrupt
    return 0.0


def two_player_pig(rules: PigRules, seed: int) -> PigGame:
    """A factory without a players argument: compare_rules must not pass one."""
    return new_ruled_game(rules, seed)


MEASURES = {"steps": steps, "first player won": first_player_won, "winner score": winner_score}


def by_hand(rules: PigRules, games: int, policies: Any = None) -> list[dict[str, float]]:
    """Each measure of games 0..games-1 under rules, played here one by one."""
    played = [PigGame(seed, rules.target).play(policies) for seed in range(games)]
    return [{name: float(f(game)) for name, f in MEASURES.items()} for game in played]


def test_table_matches_games_played_by_hand() -> None:
    """Means, paired differences and mean ± 1.96·sd/√N intervals, recomputed with statistics."""
    n = 60
    table = compare_rules(new_ruled_game, SHORT, LONG, games=n, measures=MEASURES)
    assert list(table.index) == list(MEASURES)
    assert table.index.name == "measure"
    a, b = by_hand(SHORT, n), by_hand(LONG, n)
    for name in MEASURES:
        diffs = [y[name] - x[name] for x, y in zip(a, b, strict=True)]
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(n)
        row = table.loc[name]
        assert row[MEAN_A] == pytest.approx(statistics.mean(x[name] for x in a), rel=1e-12)
        assert row[MEAN_B] == pytest.approx(statistics.mean(y[name] for y in b), rel=1e-12)
        assert row[DIFFERENCE] == pytest.approx(statistics.mean(diffs), rel=1e-12, abs=1e-12)
        assert row[LOW] == pytest.approx(statistics.mean(diffs) - half, rel=1e-12)
        assert row[HIGH] == pytest.approx(statistics.mean(diffs) + half, rel=1e-12)
        expected = "B higher" if row[LOW] > 0 else "A higher" if row[HIGH] < 0 else "cannot tell"
        assert row[VERDICT] == expected
    assert table.loc["steps", VERDICT] == "B higher"  # a longer race takes more steps
    assert table.attrs == {
        "games": n,
        "seed": 0,
        "a": "our default rules",
        "b": "target 20",
        "played_as": "games",
    }


def test_seed_players_and_policies_reach_every_game() -> None:
    """Game i uses seed + i; players and policies are passed through to every game."""
    table = compare_rules(
        new_ruled_game,
        SHORT,
        LONG,
        games=12,
        seed=100,
        players=3,
        policies=hold_after_a_roll,
        measures={"steps": steps, "players": player_count},
    )
    played = [PigGame(100 + i, 10, 3).play(hold_after_a_roll).step_count for i in range(12)]
    assert table.loc["steps", MEAN_A] == pytest.approx(statistics.mean(played), rel=1e-12)
    assert table.loc["players", MEAN_A] == table.loc["players", MEAN_B] == 3
    quiet = compare_rules(two_player_pig, SHORT, LONG, games=3)  # players=None: not passed
    assert list(quiet.index) == ["steps"]


def test_identical_rules_give_exactly_zero() -> None:
    """Common random numbers: the same rules meet the same luck, so every difference is 0."""
    table = compare_rules(new_ruled_game, LONG, PigRules(target=20), games=40, measures=MEASURES)
    assert (table[MEAN_A] == table[MEAN_B]).all()
    assert (table[DIFFERENCE] == 0).all() and (table[LOW] == 0).all() and (table[HIGH] == 0).all()
    assert (table[VERDICT] == "cannot tell").all()


def test_one_game_has_an_unbounded_interval_and_still_plots() -> None:
    """With one game the spread is unknown: (-inf, inf), 'cannot tell', and no NaN anywhere."""
    table = compare_rules(new_ruled_game, SHORT, LONG, games=1)
    row = table.loc["steps"]
    assert (row[LOW], row[HIGH], row[VERDICT]) == (-math.inf, math.inf, "cannot tell")
    assert not table.isna().any().any()
    assert isinstance(compare_plot(table), Figure)


class MapOnly:
    """An executor-like object with nothing but map (as some cluster clients offer)."""

    def map(self, fn: Any, *iterables: Any) -> Any:
        return map(fn, *iterables)


def test_every_executor_gives_the_same_table() -> None:
    """Serial, the default pool, a given process pool, threads and a bare map agree to the bit."""
    kwargs: dict[str, Any] = {"games": POOL_FROM, "measures": MEASURES}
    serial = compare_rules(new_ruled_game, SHORT, LONG, executor="serial", **kwargs)
    assert serial.loc["steps", VERDICT] == "B higher"
    others = [compare_rules(new_ruled_game, SHORT, LONG, **kwargs)]  # default: a pool of all cores
    with ProcessPoolExecutor(max_workers=2) as pool:
        others.append(compare_rules(new_ruled_game, SHORT, LONG, executor=pool, chunk=7, **kwargs))
    with ThreadPoolExecutor(max_workers=2) as threads:
        others.append(compare_rules(new_ruled_game, SHORT, LONG, executor=threads, chunk=3, **kwargs))
    others.append(compare_rules(new_ruled_game, SHORT, LONG, executor=MapOnly(), chunk=50, **kwargs))
    for table in others:
        pd.testing.assert_frame_equal(table, serial, check_exact=True)


def test_a_pool_only_for_many_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Below POOL_FROM games no pool is started; from it, one pool over every core."""
    started: list[int | None] = []

    class Recorded(ThreadPoolExecutor):
        def __init__(self, max_workers: int | None = None):
            started.append(max_workers)
            super().__init__(max_workers)

    monkeypatch.setattr(compare, "ProcessPoolExecutor", Recorded)
    compare_rules(new_ruled_game, SHORT, LONG, games=POOL_FROM - 1)
    assert started == []
    compare_rules(new_ruled_game, SHORT, LONG, games=POOL_FROM)
    assert started == [os.cpu_count()]


def test_interrupt_shuts_the_pool_down() -> None:
    """KeyboardInterrupt during the run stops the pool: no worker process is left behind."""
    before = set(multiprocessing.active_children())
    with pytest.raises(KeyboardInterrupt):
        compare_rules(
            new_ruled_game,
            SHORT,
            LONG,
            games=60,
            executor="process",
            chunk=2,
            measures={"interrupted": interrupt_at_seed_7},
        )
    assert set(multiprocessing.active_children()) <= before


def test_interrupt_cancels_the_waiting_tasks_of_a_given_executor() -> None:
    """On a caller's executor, the tasks not started yet are cancelled (the executor stays up)."""
    played: list[int] = []

    def slow_after_7(game: Game) -> float:
        played.append(game.seed)
        time.sleep(0.005)
        return interrupt_at_seed_7(game)

    with ThreadPoolExecutor(max_workers=1) as threads:
        with pytest.raises(KeyboardInterrupt):
            compare_rules(
                new_ruled_game,
                SHORT,
                LONG,
                games=100,
                executor=threads,
                chunk=1,
                measures={"interrupted": slow_after_7},
            )
        assert threads.submit(len, "alive").result() == 5
    assert max(played) < 20  # of 100: the rest were cancelled


class CountingThreads(ThreadPoolExecutor):
    """A thread pool that records how many of its tasks were waiting or running at once."""

    def __init__(self, workers: int):
        super().__init__(max_workers=workers)
        self.live: set[Any] = set()
        self.most = 0

    def submit(self, *args: Any, **kwargs: Any) -> Any:
        future = super().submit(*args, **kwargs)
        self.live.add(future)
        future.add_done_callback(self.live.discard)
        self.most = max(self.most, len(self.live))
        return future


def test_tasks_go_to_the_executor_one_per_worker_at_a_time() -> None:
    """No task waits in the executor's queue, so the stop button waits only for running ones;
    the table is the same as played here."""
    with CountingThreads(workers=2) as threads:
        table = compare_rules(new_ruled_game, SHORT, LONG, games=60, executor=threads, chunk=3)
    assert threads.most <= 2
    pd.testing.assert_frame_equal(
        table, compare_rules(new_ruled_game, SHORT, LONG, games=60, executor="serial")
    )


def test_progress_bar_in_a_notebook(monkeypatch: pytest.MonkeyPatch) -> None:
    """progress=True shows an IntProgress that ends full and green; outside a kernel, nothing."""
    import IPython.display

    shown: list[Any] = []
    monkeypatch.setattr(IPython.display, "display", shown.append)
    compare_rules(new_ruled_game, SHORT, LONG, games=30, chunk=7, progress=True)
    (bar,) = shown
    assert (bar.value, bar.max, bar.bar_style) == (30, 30, "success")
    assert "pg-compare-progress" in bar._dom_classes
    compare_rules(new_ruled_game, SHORT, LONG, games=30)  # pytest is no notebook kernel
    assert len(shown) == 1


def test_plot_draws_each_interval() -> None:
    """One row per measure: a point at the difference, a bar from CI low to CI high."""
    table = compare_rules(new_ruled_game, SHORT, LONG, games=40, measures=MEASURES)
    fig = compare_plot(table)
    assert isinstance(fig, Figure) and len(fig.axes) == len(MEASURES)
    for ax, (name, row) in zip(fig.axes, table.iterrows(), strict=True):
        (segment,) = ax.collections[0].get_segments()
        assert segment[:, 0].tolist() == pytest.approx([row[LOW], row[HIGH]])
        assert ax.get_ylabel() == name and row[VERDICT] in ax.get_title(loc="left")
    assert "over 40 games" in fig._suptitle.get_text()
    with pytest.raises(ValueError, match="lacks the columns mean A"):
        compare_plot(pd.DataFrame({"x": [1]}))


def test_the_plot_counts_the_plays_by_the_games_own_word() -> None:
    """A Challengers comparison is over tournaments, a Tsubasa one over matches: not 'games'."""
    from playground import challengers, tsubasa

    for module, word in ((challengers, "tournaments"), (tsubasa, "matches")):
        measures = {"steps": lambda game: float(game.step_count)}
        rules = module.Rules()
        table = compare_rules(module.new_game, rules, rules, games=2, measures=measures, executor="serial")
        assert table.attrs["played_as"] == word
        assert f"over 2 {word}" in compare_plot(table)._suptitle.get_text()


def test_compare_plot_titles_read_as_numbers_and_ticks_stay_few() -> None:
    """Points in the thousands read 5,337 (not 5.337e+03); a narrow interval gets at most 6 ticks."""
    table = compare_rules(new_ruled_game, SHORT, LONG, games=40, measures=MEASURES)
    table.loc["steps", [MEAN_A, MEAN_B]] = [5336.7, 52210.4]
    table.loc["steps", [LOW, DIFFERENCE, HIGH]] = [0.00012, 0.00031, 0.00049]
    fig = compare_plot(table)
    steps_axis = fig.axes[list(table.index).index("steps")]
    assert steps_axis.get_title(loc="left").startswith("A 5,337, B 52,210: ")
    fig.canvas.draw()
    assert len(steps_axis.get_xticks()) <= 6


@dataclass(frozen=True)
class OtherRules(RulesBase):
    target: int = rule(10, "Another game's target.", low=1, high=100)


def text_measure(game: Game) -> Any:
    return "three"


def nan_measure(game: Game) -> float:
    return float("nan")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"games": 0}, "games must be a whole number from 1 to 100,000; got 0"),
        ({"games": 100_001}, "games must be a whole number from 1 to 100,000; got 100001"),
        ({"games": 2.5}, "games must be a whole number from 1 to 100,000; got 2.5"),
        ({"games": True}, "games must be a whole number from 1 to 100,000; got True"),
        (
            {"rules_b": OtherRules()},
            "rules of the same game; got toy_game.PigRules and test_core_compare.OtherRules",
        ),
        ({"rules_a": {"target": 10}}, "rules_a must be a game's Rules object; got {'target': 10}"),
        ({"new_game": "pig"}, "new_game must be a function making a game; got 'pig'"),
        ({"seed": "1"}, "seed must be a whole number from 0 up; got '1'"),
        ({"seed": -4}, "seed must be a whole number from 0 up; got -4"),
        ({"players": 2.0}, "players must be a whole number (any size); got 2.0"),
        ({"measures": {}}, "measures must map at least one name to a function of the game; got {}"),
        ({"measures": {"x": 3}}, "'x' maps to 3"),
        ({"measures": {"bad": text_measure}}, "must return a finite number; it returned 'three'"),
        ({"chunk": 0}, "chunk (games per task) must be a whole number from 1 to 100,000; got 0"),
        ({"measures": {"nan": nan_measure}}, "measure 'nan' must return a finite number; it returned nan"),
        ({"policies": "greedy"}, "use the function, not its name"),
        ({"executor": "threads"}, "executor must be None, 'serial', 'process' or an executor"),
        ({"progress": "yes"}, "progress must be True, False or None (a bar only in a notebook); got 'yes'"),
        (
            {"executor": "process", "measures": {"local": lambda game: 1.0}},
            "need new_game, measures and policies defined at module level",
        ),
    ],
)
def test_bad_inputs_are_refused(change: dict[str, Any], message: str) -> None:
    kwargs: dict[str, Any] = {"new_game": new_ruled_game, "rules_a": SHORT, "rules_b": LONG, "games": 5}
    with pytest.raises((ValueError, TypeError), match=re.escape(message)):
        compare_rules(**{**kwargs, **change})


def test_a_dask_cluster_gives_the_serial_table() -> None:
    """A teacher's cluster (here a LocalCluster of two worker processes) plays the same games.

    The client's executor gets the same seeds in the same chunks, so the table is the serial
    one to the last bit. make test installs the [cluster] extra; elsewhere the test is skipped
    without it, except in CI, where it must run.
    """
    if os.environ.get("CI") and importlib.util.find_spec("distributed") is None:
        pytest.fail("CI must run the Dask test, but distributed is missing (pip install -e '.[cluster]')")
    distributed = pytest.importorskip("distributed")
    from playground import tiebreak

    a, b = tiebreak.Rules(), tiebreak.Rules().replace(race_margin=1)
    kwargs: dict[str, Any] = {
        "games": 12,
        "seed": 3,
        "players": 2,
        "measures": {"steps": steps, "first player won": first_player_won},
    }
    serial = compare_rules(tiebreak.new_game, a, b, executor="serial", **kwargs)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert len(client.scheduler_info()["workers"]) == 2
        table = compare_rules(tiebreak.new_game, a, b, executor=client.get_executor(), chunk=2, **kwargs)
    pd.testing.assert_frame_equal(table, serial, check_exact=True)


# The run takes SIGINT as KeyboardInterrupt, as a kernel does, even when started from a shell's
# background job: such a job inherits SIGINT ignored, and Python then installs no handler.
INTERRUPTED_RUN = """
import multiprocessing, signal
signal.signal(signal.SIGINT, signal.default_int_handler)
from playground import tiebreak
from playground.core import compare_rules
try:
    compare_rules(tiebreak.new_game, tiebreak.Rules(), tiebreak.Rules().replace(race_margin=1),
                  games=4000, players=4, executor="process", chunk=2, progress=False)
except KeyboardInterrupt:
    print("interrupted; children left:", len(multiprocessing.active_children()), flush=True)
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc")
def test_the_stop_button_leaves_no_worker_behind() -> None:
    """As Jupyter's stop button does, SIGINT goes to the kernel's whole process group mid-run.

    The comparison runs in a child process of its own group, with a pool of workers over every
    core; once they work, the group is interrupted. The run must end by KeyboardInterrupt, and
    no process it started (worker, manager) may outlive it.
    """
    run = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED_RUN],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a kernel has
    )
    try:
        workers: set[int] = set()
        deadline = time.monotonic() + 60
        while len(workers) < (os.cpu_count() or 1) and time.monotonic() < deadline:
            time.sleep(0.1)
            workers |= descendants(run.pid)
        assert workers, "no worker process started within a minute"
        time.sleep(0.5)  # the workers are playing games now
        os.killpg(run.pid, signal.SIGINT)
        out, err = run.communicate(timeout=60)
    finally:
        if run.poll() is None:
            run.kill()
    assert "interrupted; children left: 0" in out, err
    deadline = time.monotonic() + 30  # a hang guard: a busy machine takes a while to reap them
    while [pid for pid in workers if alive(pid)] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if alive(pid)]


def test_a_measure_that_fails_or_overflows_is_named_with_its_game() -> None:
    """A huge or raising measure is refused in words: which measure, which seed, which rules."""

    def huge(game: Game) -> int:
        return 10**400

    def broken(game: Game) -> float:
        return 1 / 0

    for measure, words in [(huge, "must return a finite number"), (broken, "raised ZeroDivisionError")]:
        with pytest.raises(ValueError, match=rf"measure 'm' {words}.*seed 0 under"):
            compare_rules(new_ruled_game, SHORT, LONG, games=2, executor="serial", measures={"m": measure})


def test_where_no_process_can_start_every_executor_choice_plays_here(monkeypatch: pytest.MonkeyPatch) -> None:
    """A browser kernel (Pyodide) cannot start processes: None and "process" then play in the
    kernel, lambdas included (no pickling needed), and give the table a pool gives."""
    from playground.core import compare as compare_module

    kwargs: dict[str, Any] = {"games": POOL_FROM, "measures": MEASURES}
    pooled = compare_rules(new_ruled_game, SHORT, LONG, executor="process", **kwargs)
    monkeypatch.setattr(compare_module, "workers_possible", lambda: False)
    monkeypatch.setattr(compare_module, "ProcessPoolExecutor", None)  # any pool started would fail
    for executor in (None, "process"):
        here = compare_rules(new_ruled_game, SHORT, LONG, executor=executor, **kwargs)
        pd.testing.assert_frame_equal(here, pooled, check_exact=True)
    unpicklable = compare_rules(lambda **game: new_ruled_game(**game), SHORT, LONG, **kwargs)
    pd.testing.assert_frame_equal(unpicklable, pooled, check_exact=True)


@pytest.mark.parametrize("why", ["emscripten", "NotImplementedError"])
def test_workers_are_known_impossible_in_a_browser_kernel(monkeypatch: pytest.MonkeyPatch, why: str) -> None:
    """Pyodide reports sys.platform 'emscripten', and its ProcessPoolExecutor raises
    NotImplementedError: either way no pool is started."""
    from playground.core import workers

    def no_pool(*_: Any, **__: Any) -> None:
        raise NotImplementedError("no processes in a browser")

    if why == "emscripten":
        monkeypatch.setattr(workers.sys, "platform", "emscripten")
    else:
        monkeypatch.setattr(workers, "ProcessPoolExecutor", no_pool)
    workers._workers_possible.cache_clear()
    try:
        assert workers.workers_possible() is False
    finally:
        monkeypatch.undo()
        workers._workers_possible.cache_clear()
    assert workers.workers_possible() is True  # this machine can


def test_by_default_a_lambda_plays_here_with_the_pools_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """executor=None with a measure no worker can take (a lambda, a notebook's own function)
    plays in this process rather than refusing, and gives the table a pool gives the same games."""
    from playground.core import compare as compare_module

    kwargs: dict[str, Any] = {"games": POOL_FROM, "measures": MEASURES}
    pooled = compare_rules(new_ruled_game, SHORT, LONG, executor="process", **kwargs)
    monkeypatch.setattr(compare_module, "ProcessPoolExecutor", None)  # any pool started would fail
    here = compare_rules(lambda **game: new_ruled_game(**game), SHORT, LONG, **kwargs)
    pd.testing.assert_frame_equal(here, pooled, check_exact=True)


@pytest.mark.parametrize("players", [20, 0, -1, 10**100])
def test_a_player_count_the_game_refuses_is_said_before_any_game_plays(players: int) -> None:
    """new_game's own refusal of the settings, named as such, not blamed on a player (robustness
    review 15, L7)."""
    from playground import arc

    with pytest.raises(ValueError, match=r"new_game cannot make the game with seed 0 .*players"):
        compare_rules(arc.new_game, arc.Rules(), arc.Rules(hand_size=4), games=20, players=players)
