"""The bench's sections on exact odds: each odds function of the four games cold and warm, and
ours beside icepool on the distributions icepool can express (the answers must agree).

Wall time, since that is what a teacher waits for; every cache is cleared before a cold call.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

from .budget import GAMES, Budget, _row, median_seconds

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
