"""Building Challengers! scenes for tests: a tournament stopped where a rule can be watched.

Scenes trade cards with the box and the level decks (never create or destroy one), so the
conservation check holds in every scene; ``snapshot`` captures everything an illegal action
must leave alone.
"""

from __future__ import annotations

from typing import Any

from playground.challengers import Rules, new_game
from playground.challengers.actions import DoneRemoving, StopKeeping
from playground.challengers.engine import ChallengersGame


def snapshot(game: ChallengersGame) -> tuple[Any, ...]:
    """Every zone's cards, the task queue, the deck phase, the match and the generator."""
    s = game.state
    zones = tuple((z.name, tuple(sorted(z.counts().items()))) for z in s.table())
    phase = None if s.deck_phase is None else vars(s.deck_phase).copy()
    match = None if s.match is None else vars(s.match).copy()
    seats = tuple(tuple(side.seats) for side in s.sides)
    return zones, tuple(game.tasks), phase, match, seats, game.step_count, game.rng.getstate()


def passive(game: ChallengersGame):
    """Keep nothing and remove nothing: the decks stay as the scene set them."""
    actions = game.legal_actions()
    for a in (StopKeeping(), DoneRemoving()):
        if a in actions:
            return a
    return actions[0]


def step_until(game: ChallengersGame, kind: str, policy=passive, limit: int = 5000) -> ChallengersGame:
    """Step (chance by the game's generator) until the next task is of this kind."""
    for _ in range(limit):
        if game.tasks and game.tasks[0].kind == kind:
            return game
        game.step(policy)
    raise AssertionError(f"no {kind!r} task within {limit} steps")


def set_deck(game: ChallengersGame, side: int, cards: list[str]) -> None:
    """Give a side exactly these cards (ids), trading with the box and the level decks."""
    s = game.state
    deck = s.sides[side].deck
    for card in list(deck):
        deck.move(card, s.box)
    for other in s.sides:  # starting cards come from every deck, if the box runs short
        for card in list(other.deck):
            if card in cards and s.box.count(card) < cards.count(card):
                other.deck.move(card, s.box)
    sources = [s.box, *(z for level in s.levels.values() for z in [*level.layers, level.compartment])]
    for card in cards:
        source = next(z for z in sources if card in z)
        source.move(card, deck)


def match_scene(
    deck_a: list[str], deck_b: list[str], rules: Rules | None = None, seed: int = 0
) -> ChallengersGame:
    """A 2-player tournament at the first toss of round 1, with these two decks."""
    game = step_until(new_game(rules=rules, seed=seed, players=2), "toss")
    set_deck(game, 0, deck_a)
    set_deck(game, 1, deck_b)
    return game


def apply_all(game: ChallengersGame, *actions: Any) -> list[str]:
    """Apply actions (and chance outcomes) in order; return every event's text."""
    texts: list[str] = []
    for action in actions:
        texts += [e.text for e in game.apply(action)]
    return texts
