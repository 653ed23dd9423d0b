"""The bench's sections that play whole games: engine speed beside the fixed reference loop,
memory over thousands of games, and rule comparisons at scale (serial against every core).

Engine speeds are CPU time of this one process (so "per core"); the reference loop turns them
into a cost per step that carries between machines. The loop must never change.
"""

from __future__ import annotations

import gc
import importlib
import random
import statistics
import time
import tracemalloc
from collections.abc import Iterator
from typing import Any

from playground.core.engine import Game, gc_paused

from .budget import GAMES, Budget, _row

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
