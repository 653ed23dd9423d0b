"""Tournament Arc benchmarks: whole seasons per second, and the time of each odds function.

Run with ``make bench`` (or ``.venv/bin/python benchmarks/arc_bench.py``). Games are played by
the engine alone: no DataFrame is built. One core. The odds functions keep no cache, so "cold"
is the very first call in this process (imports and first-use costs included) and "warm" the
best of several repeats.
"""

from __future__ import annotations

import time
import timeit
from collections.abc import Callable

from playground.arc import Rules, load_data, new_game, odds, scoring
from playground.arc.policies import expected, greedy
from playground.core.engine import random_legal


def games_per_second(rules: Rules, players: int, policy: Callable, games: int) -> tuple[float, float]:
    """Whole games per second and the mean number of steps per game."""
    data = load_data()
    start = time.perf_counter()
    steps = 0
    for seed in range(games):
        steps += new_game(rules, data=data, seed=seed, players=players).play(policy).step_count
    return games / (time.perf_counter() - start), steps / games


def main() -> None:
    print("Whole games, engine only (no DataFrames), one core:")
    modes = [
        ("season", Rules()),
        ("competitive season", Rules(ruleset="competitive")),
        ("tournament", Rules(mode="tournament")),
        ("graduation", Rules(mode="graduation")),
    ]
    for label, rules in modes:
        for players in (2, 4, 6):
            for name, policy, games in [
                ("random", random_legal, 60),
                ("greedy", greedy, 10),
                ("expected", expected, 3),
            ]:
                if label != "season" and name == "expected":
                    continue
                rate, steps = games_per_second(rules, players, policy, games)
                print(f"  {label:>18}, {players}p, {name:>8}: {rate:7.1f} games/s ({steps:.0f} steps a game)")

    data = load_data()
    sports = list(data.sports.values())
    xavier = data.athletes["A01"].stats
    episodes = [e.modifiers for e in list(data.episodes.values())[:3]]
    team = [(a.stats, episodes, 2) for a in list(data.athletes.values())[:5]]
    cases = [
        (
            "athlete_score (Xavier, 3 Episodes)",
            lambda: scoring.athlete_score(xavier, episodes, ["body", "focus"], 2),
        ),
        ("sport_chances(24 sports)", lambda: odds.sport_chances(sports)),
        ("stat_chances(24 sports)", lambda: odds.stat_chances(sports)),
        ("expected_athlete_score", lambda: odds.expected_athlete_score(xavier, episodes, sports, 2)),
        ("episode_value", lambda: odds.episode_value(episodes[0], sports)),
        ("score_distribution", lambda: odds.score_distribution(xavier, episodes, sports)),
        ("expected_team_score(5 Athletes)", lambda: odds.expected_team_score(team, sports)),
        ("distributive_forms(6 numbers, x2)", lambda: scoring.distributive_forms([1, 3, -2, 2, -1, 1], 2)),
    ]
    print("\nOdds and scoring functions (ms; cold = first call, warm = best of 5 repeats):")
    for label, call in cases:
        start = time.perf_counter()
        call()
        cold = (time.perf_counter() - start) * 1000
        warm = min(timeit.repeat(call, number=20, repeat=5)) / 20 * 1000
        print(f"  {label:<38} cold {cold:8.3f}   warm {warm:8.3f}")


if __name__ == "__main__":
    main()
