"""Building Challengers! scenes for tests: a tournament stopped where a rule can be watched.

Scenes come from the package (simulate.match_game, decks chosen at set-up), which trades cards
with the box and the level decks, so the conservation check holds in every scene; ``snapshot`` captures
everything an illegal action must leave alone.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from playground.challengers import Rules, load_data
from playground.challengers.cards import ChallengersData
from playground.challengers.engine import ChallengersGame
from playground.challengers.simulate import _passive as passive
from playground.challengers.simulate import match_game

__all__ = ["apply_all", "match_scene", "passive", "round_one_lines", "snapshot", "step_until"]


def snapshot(game: ChallengersGame) -> tuple[Any, ...]:
    """Every zone's cards, the task queue, the deck phase, the match and the generator."""
    s = game.state
    zones = tuple((z.name, tuple(sorted(z.counts().items()))) for z in s.table())
    phase = None if s.deck_phase is None else vars(s.deck_phase).copy()
    match = None if s.match is None else vars(s.match).copy()
    seats = tuple(tuple(side.seats) for side in s.sides)
    return zones, tuple(game.tasks), phase, match, seats, game.step_count, game.rng.getstate()


def step_until(game: ChallengersGame, kind: str, policy=passive, limit: int = 5000) -> ChallengersGame:
    """Step (chance by the game's generator) until the next task is of this kind."""
    for _ in range(limit):
        if game.tasks and game.tasks[0].kind == kind:
            return game
        game.step(policy)
    raise AssertionError(f"no {kind!r} task within {limit} steps")


def match_scene(
    deck_a: list[str], deck_b: list[str], rules: Rules | None = None, seed: int = 0
) -> ChallengersGame:
    """A 2-player tournament at the first toss of round 1, with these two decks."""
    return match_game(deck_a, deck_b, rules or Rules(), seed)


def apply_all(game: ChallengersGame, *actions: Any) -> list[str]:
    """Apply actions (and chance outcomes) in order; return every event's text."""
    texts: list[str] = []
    for action in actions:
        texts += [e.text for e in game.apply(action)]
    return texts


def round_one_lines(players: int, lines: dict[str, tuple[str, int]]) -> ChallengersData:
    """The shipped data with other round-1 bracket lines: bracket label -> (level, keep)."""
    data = load_data()

    def changed(p):
        if p.round != 1:
            return p
        first, second = lines.get(p.first, p.line_of(p.first)), lines.get(p.second, p.line_of(p.second))
        return dataclasses.replace(
            p, first_level=first[0], first_keep=first[1], second_level=second[0], second_keep=second[1]
        )

    brackets = dict(data.brackets)
    brackets[players] = tuple(changed(p) for p in brackets[players])
    return dataclasses.replace(data, brackets=brackets)
