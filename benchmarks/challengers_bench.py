"""Challengers! benchmarks: whole tournaments per second, and the time of each odds function.

Run with ``make bench`` (or ``.venv/bin/python benchmarks/challengers_bench.py``). Tournaments are
played by the engine alone: no DataFrame is built. Times are the best of several repeats, on one
core; "cold" clears the odds caches before each call, "warm" keeps them.
"""

from __future__ import annotations

import time
import timeit
from collections.abc import Callable

from playground.challengers import load_data, new_game, odds
from playground.challengers.policies import greedy, thinning
from playground.core.engine import random_legal

STARTING = [1, 1, 1, 2, 3, 4]
REAL_DECK = [1, 1, 1, 2, 3, 4, 2, 3, 2, 3, 4, 5, 3, 5, 4, 8, 9]
NAMED = {"Rookie": (1, 3), "Hopeful": (2, 1), "Mascot": (3, 1), "Captain": (4, 1)}
NAMED_PLUS = {**NAMED, "Knight": (5, 1)}


def tournaments_per_second(players: int, policy: Callable, games: int = 30) -> tuple[float, float, float]:
    """Whole tournaments per second, matches per second, and the mean steps per tournament."""
    data = load_data()
    start = time.perf_counter()
    steps = matches = 0
    for seed in range(games):
        game = new_game(data=data, seed=seed, players=players).play(policy)
        steps += game.step_count
        matches += len(game.state.match_log)
    elapsed = time.perf_counter() - start
    return games / elapsed, matches / elapsed, steps / games


def clear() -> None:
    odds._handfuls.cache_clear()


def best_time(call: Callable[[], object], number: int, cold: bool) -> float:
    """Best time of one call, in milliseconds."""

    def once() -> None:
        if cold:
            clear()
        call()

    return min(timeit.repeat(once, number=number, repeat=5)) / number * 1000


def main() -> None:
    print("Whole tournaments, engine only (no DataFrames), one core:")
    for players in (2, 4, 8):
        for name, policy in [("random", random_legal), ("greedy", greedy), ("thinning", thinning)]:
            rate, matches, steps = tournaments_per_second(players, policy)
            print(
                f"  {players} players, {name:>8}: {rate:6.1f} tournaments/s, {matches:7.0f} matches/s "
                f"({steps:.0f} steps a tournament)"
            )
    print("\nOdds functions (cold: caches cleared before each call; warm: kept):")
    cases = [
        ("p_reach_strength(starting, 4, max_cards=2)", lambda: odds.p_reach_strength(STARTING, 4, 2), 200),
        ("p_reach_strength(17-card deck, 12, 3)", lambda: odds.p_reach_strength(REAL_DECK, 12, 3), 50),
        ("cards_needed(17-card deck, 12)", lambda: odds.cards_needed(REAL_DECK, 12), 20),
        ("expected_cards(17-card deck, 12)", lambda: odds.expected_cards(REAL_DECK, 12), 20),
        (
            "p_more_names(12 names x4, 20 cards)",
            lambda: odds.p_more_names({str(i): 4 for i in range(12)}, 20),
            20,
        ),
        (
            "thinning_frame(17-card deck, 1, 1..12)",
            lambda: odds.thinning_frame(REAL_DECK, 1, range(1, 13)),
            5,
        ),
        ("match_endings(starting, starting)", lambda: odds.match_endings(NAMED, NAMED), 3),
        ("match_endings(7 cards, 6 cards)", lambda: odds.match_endings(NAMED_PLUS, NAMED), 1),
        ("p_match_win(7 cards, 6 cards)", lambda: odds.p_match_win(NAMED_PLUS, NAMED), 1),
    ]
    for label, call, number in cases:
        cold, warm = best_time(call, number, True), best_time(call, number, False)
        print(f"  {label:<44} cold {cold:9.2f} ms   warm {warm:9.2f} ms")


if __name__ == "__main__":
    main()
