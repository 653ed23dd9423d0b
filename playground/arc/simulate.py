"""Many seeded games at once: the measures a lesson compares, and players against each other.

A measure is a function of a finished game returning a number, as ``compare_rules`` expects.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping
from itertools import islice
from typing import Any

import pandas as pd

from playground.core.compare import final_result, progress_bar
from playground.core.engine import Game, gc_paused
from playground.core.numbers import shown, whole_number
from playground.core.players import takes_game
from playground.core.zones import Zone

from .cards import Sport
from .engine import ArcGame, new_game
from .rules import Rules

MAX_GAMES = 5000


def sport_reveal_sampler(
    sports: Iterable[Sport], measure: Callable[[Sport], Any]
) -> Callable[[random.Random], Any]:
    """A sampler for live_simulation: reveal a Sport from the deck as the engine does (one draw
    from the Sport deck, every card alike) and read ``measure`` of it (a score, a team size).

    So the bars a lesson shows come from revealing Sports, not from the exact answer they are
    compared with. sports: 1 to 1,000 Sport cards; measure is called once per reveal.
    """
    cards = list(islice(sports, 1001)) if not isinstance(sports, (str, Mapping)) else []  # an endless one too
    if not 1 <= len(cards) <= 1000 or not all(isinstance(c, Sport) for c in cards):
        raise ValueError(
            f"sports must be 1 to 1,000 Sport cards (load_data().sports.values()); got {shown(sports)}"
        )
    if not callable(measure):
        raise ValueError(f"measure must be a function of a Sport card; got {shown(measure)}")
    by_id = {c.id: c for c in cards}
    deck = Zone("Sport deck", [c.id for c in cards])

    def reveal(rng: random.Random) -> Any:
        card, _ = deck.draw(rng)
        return measure(by_id[card])

    return reveal


@takes_game(ArcGame)
def highest_score(game: ArcGame) -> float:
    """The highest final team score (in a season; in the other modes, the most Sports or seasons won).

    A score is the measure that decides the season's Sport: points, or attached cards under a
    Sport won by the most of them (Cheerleading), so over many seasons this mixes the two. Not
    always the winner's: in a lowest-score-wins Sport (Golf, Bowling) the winner has the least.
    """
    return float(max(final_result(game).scores.values()))


@takes_game(ArcGame)
def lowest_score(game: ArcGame) -> float:
    """The lowest final team score."""
    return float(min(final_result(game).scores.values()))


@takes_game(ArcGame)
def top_margin(game: ArcGame) -> float:
    """The highest final score minus the second highest (0 when they are equal)."""
    ordered = sorted(final_result(game).scores.values(), reverse=True)
    return float(ordered[0] - ordered[1])


@takes_game(ArcGame)
def tie_replacements(game: ArcGame) -> float:
    """How many times a tie sent a Sport away and brought the next one, in the whole game."""
    final_result(game)
    return float(game.tie_total)


@takes_game(ArcGame)
def shared_win(game: ArcGame) -> float:
    """1 if several players share the win."""
    return float(len(final_result(game).winners) > 1)


@takes_game(ArcGame)
def steps(game: ArcGame) -> float:
    """Every step: the players' moves and the chance steps."""
    return float(game.step_count)


@takes_game(ArcGame)
def chance_steps(game: ArcGame) -> float:
    """The steps nobody chooses: cards drawn, Regions and Sports revealed."""
    return float(game.chance_step_count())


MEASURES: dict[str, Callable[[ArcGame], float]] = {
    "highest score": highest_score,
    "lowest score": lowest_score,
    "top margin": top_margin,
    "tie replacements": tie_replacements,
    "shared win": shared_win,
    "steps": steps,
    "chance steps": chance_steps,
}


def head_to_head(
    policies: Mapping[str, Callable[[Game], object]],
    games: int = 100,
    rules: Rules | None = None,
    seed: int = 0,
    progress: bool | None = None,
) -> pd.DataFrame:
    """Each named player in its own seat, ``games`` seeded games, seats rotated every game.

    One row per player: its share of wins (a shared win counts as a share), with a 95% interval
    (share ± 1.96 · sd / √games). From 2 to 6 players; games from 1 to 5000: a long run by
    design (the "expected" player takes about 25 ms a game, so 1,000 games about 25 s), shown
    with a progress bar in a notebook (progress: None there, True or False to choose), and the
    stop button ends it.
    """
    if not isinstance(policies, Mapping) or not all(callable(v) for v in policies.values()):
        raise ValueError(
            f"policies must map each player's name to a policy (a function of the game); "
            f"got {shown(policies, 60)}"
        )
    names = list(policies)
    if not 2 <= len(names) <= 6:
        raise ValueError(f"give 2 to 6 players; got {len(names)}")
    games = whole_number(games, "games", 1, MAX_GAMES)
    seed = whole_number(seed, "seed")
    bar = progress_bar(games, progress)
    n = len(names)
    wins: dict[str, list[float]] = {name: [] for name in names}
    with gc_paused():
        for i in range(games):
            if bar is not None:
                bar.value = i
            seats = [names[(k + i) % n] for k in range(n)]  # who sits where this game
            game = new_game(rules, seed=seed + i, players=n).play([policies[name] for name in seats])
            result = final_result(game)
            for k, name in enumerate(seats):
                wins[name].append(1 / len(result.winners) if k in result.winners else 0.0)
    if bar is not None:
        bar.value, bar.bar_style = games, "success"
    rows = {}
    for name, got in wins.items():
        mean = sum(got) / games
        sd = math.sqrt(sum((g - mean) ** 2 for g in got) / (games - 1)) if games > 1 else math.inf
        half = 1.96 * sd / math.sqrt(games)
        rows[name] = {"win share": mean, "95% CI low": mean - half, "95% CI high": mean + half}
    frame = pd.DataFrame(rows).T
    frame.index.name = "player"
    return frame
