"""Tie-Break Triumph benchmarks: whole games per second, and the time of each odds function.

Run with ``make bench`` (or ``.venv/bin/python benchmarks/tiebreak_bench.py``). Games are
played by the engine alone: no DataFrame is built. Times are the best of several repeats, on
one core.
"""

from __future__ import annotations

import time
import timeit
from collections.abc import Callable

from playground.core.engine import random_legal
from playground.tiebreak import Rules, new_game, odds
from playground.tiebreak.board import Board
from playground.tiebreak.cards import load_data
from playground.tiebreak.policies import expected_value, greedy


def games_per_second(players: int, policy: Callable, games: int = 60) -> tuple[float, float]:
    """Whole games per second and the mean number of steps per game."""
    data = load_data()
    start = time.perf_counter()
    steps = 0
    for seed in range(games):
        steps += new_game(data=data, seed=seed, players=players).play(policy).step_count
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / games


def best_time(call: Callable[[], object], number: int, clear: Callable[[], None] | None = None) -> float:
    """Best time of one call, in milliseconds (caches cleared first when asked: a cold call)."""

    def once() -> None:
        if clear is not None:
            clear()
        call()

    return min(timeit.repeat(once, number=number, repeat=5)) / number * 1000


def main() -> None:
    print("Whole games, engine only (no DataFrames), one core:")
    for players in (2, 4, 6):
        for name, policy in [
            ("random", random_legal),
            ("greedy", greedy),
            ("expected value", expected_value),
        ]:
            rate, steps = games_per_second(players, policy)
            print(f"  {players} players, {name:>14}: {rate:6.1f} games/s ({steps:.0f} steps a game)")

    board, rules = Board(load_data().spaces), Rules()
    cached = [odds.p_challenger_wins, odds.expected_race_length, odds._race_length_exact]

    def clear() -> None:
        for f in cached:
            f.cache_clear()
        odds._landing_solved.cache_clear()

    print("\nOdds functions, default rules (cold: caches cleared before each call):")
    cases = [
        ("p_reach_target(2)", lambda: odds.p_reach_target(2), 200),
        ("p_challenger_wins(2, 3)", lambda: odds.p_challenger_wins(2, 3), 20),
        ("p_challenger_wins(0, 3, target=15, margin=3)", lambda: odds.p_challenger_wins(0, 3, 15, 3), 5),
        ("expected_race_length(2, 3)", lambda: odds.expected_race_length(2, 3), 20),
        ("race_length(2, 3, max_rolls=40)", lambda: odds.race_length(2, 3), 10),
        ("race_chain(2, 3)", lambda: odds.race_chain(2, 3), 5),
        ("p_vacant_win(2)", lambda: odds.p_vacant_win(2), 200),
        ("p_defended_win(1, surface=True)", lambda: odds.p_defended_win(1, surface=True), 20),
        ("token_value_table()", lambda: odds.token_value_table(), 10),
        ("defended_token_table()", lambda: odds.defended_token_table(), 10),
        ("p_ace()", lambda: odds.p_ace(), 200),
        ("landing_frequencies(board)", lambda: odds.landing_frequencies(board, rules), 2),
        ("landing_frame(board)", lambda: odds.landing_frame(board, rules), 2),
    ]
    for label, call, number in cases:
        print(f"  {label:<46} {best_time(call, number, clear):8.2f} ms")


if __name__ == "__main__":
    main()
