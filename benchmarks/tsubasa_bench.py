"""Captain Tsubasa benchmarks: whole matches per second, and the time of each odds function.

Run with ``make bench`` (or ``.venv/bin/python benchmarks/tsubasa_bench.py``). Matches are played
by the engine alone: no DataFrame is built. Times are the best of several repeats, on one core.
"""

from __future__ import annotations

import time
import timeit
from collections.abc import Callable

from playground.core.engine import random_legal
from playground.tsubasa import Rules, new_game, odds
from playground.tsubasa.cards import load_data
from playground.tsubasa.policies import equilibrium_picker, greedy, odds_spender


def matches_per_second(rules: Rules, policy: Callable, games: int = 40) -> tuple[float, float]:
    """Whole matches per second and the mean number of steps per match."""
    data = load_data()
    start = time.perf_counter()
    steps = 0
    for seed in range(games):
        steps += new_game(rules, data=data, seed=seed).play(policy).step_count
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
    print("Whole matches, engine only (no DataFrames), one core:")
    for label, rules in [
        ("rulebook", Rules()),
        ("every advanced rule", Rules(motivation=True, signings=True, assured_success=True)),
    ]:
        for name, policy in [
            ("random", random_legal),
            ("greedy", greedy),
            ("odds spender", odds_spender),
            ("equilibrium", equilibrium_picker),
        ]:
            rate, steps = matches_per_second(rules, policy)
            print(f"  {label:>20}, {name:>12}: {rate:6.1f} matches/s ({steps:.0f} steps a match)")

    def clear() -> None:
        odds.p_attacker_wins.cache_clear()
        odds._solve.cache_clear()

    print("\nOdds functions (cold: caches cleared before each call; warm: cached):")
    identity = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    cases = [
        ("p_attacker_wins(7, 8)", lambda: odds.p_attacker_wins(7, 8), 200),
        ("p_attacker_wins(7, 8, assured_success=True)", lambda: odds.p_attacker_wins(7, 8, True), 200),
        (
            "p_attacker_wins(7, 8, reroll='attacker')",
            lambda: odds.p_attacker_wins(7, 8, reroll="attacker"),
            100,
        ),
        ("p_goal(7, 8, keeper=True)", lambda: odds.p_goal(7, 8, keeper=True), 200),
        ("save_outcomes()", lambda: odds.save_outcomes(), 200),
        ("difference_dist()", lambda: odds.difference_dist(), 100),
        ("point_value(7, 8)", lambda: odds.point_value(7, 8), 200),
        ("best_spend(5, 8, 5)", lambda: odds.best_spend(5, 8, 5), 100),
        ("win_table()", lambda: odds.win_table(), 20),
        ("special_shot_equilibrium(3x3 identity)", lambda: odds.special_shot_equilibrium(identity), 3),
    ]
    for label, call, number in cases:
        cold = best_time(call, number, clear)
        warm = best_time(call, number)
        print(f"  {label:<46} cold {cold:9.3f} ms   warm {warm:9.3f} ms")


if __name__ == "__main__":
    main()
