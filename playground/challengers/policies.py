"""Simple Challengers! players, to simulate tournaments and compare strategies.

A match has no choices (you reveal until you reach the flag, then take it), so a player's whole
strategy is the deck phase: which cards to keep, whether to draw again, which cards to remove.

- ``random_legal`` (from core): any legal move, uniformly (it removes cards recklessly).
- ``greedy``: keeps the strongest cards drawn, never draws again, never removes a card.
- ``thinning``: keeps like greedy, draws again when every card drawn is weaker than its deck's
  average, and removes its weakest card whenever the exact odds say that raises the chance of
  beating an average flag within two reveals, keeping at least ``THIN_DOWN_TO`` cards.
"""

from __future__ import annotations

import math

from playground.core.engine import Action, random_legal
from playground.core.numbers import whole_number
from playground.core.players import policy

from .actions import DoneRemoving, Keep, Redraw, Remove, StopKeeping
from .engine import ChallengersGame
from .odds import p_reach_within

__all__ = ["THIN_DOWN_TO", "deck_strengths", "greedy", "random_legal", "thinning"]

THIN_DOWN_TO = 8
"""The thinning player never goes below this many cards: too thin a deck runs out in a match."""


def deck_strengths(game: ChallengersGame, player: int) -> list[int]:
    """The attacking strength of every card in a player's deck (bench bonuses left out).

    player: a seat, a whole number from 0 to the number of sides less one."""
    if not isinstance(game, ChallengersGame):
        raise TypeError(f"deck_strengths takes a Challengers! game; got {type(game).__name__}")
    player = whole_number(player, "player", 0, len(game.state.sides) - 1)
    deck = game.state.sides[player].deck
    return [game.data.cards[c].attacking for c in deck]


def _strength(game: ChallengersGame, action: Keep | Remove) -> tuple[int, str]:
    return (game.data.cards[action.card].attacking, action.card)


def _keep_strongest(actions: list[Action], game: ChallengersGame) -> Action:
    keeps = [a for a in actions if isinstance(a, Keep)]
    if keeps:
        return max(keeps, key=lambda a: _strength(game, a))
    return next(a for a in actions if isinstance(a, StopKeeping))


@policy(ChallengersGame)
def greedy(game: ChallengersGame) -> Action:
    """Keep the strongest card drawn; never draw again; remove nothing."""
    actions = game.legal_actions()
    if len(actions) == 1:  # a match's one move, or the only card to keep: nothing to weigh
        return actions[0]
    if any(isinstance(a, Keep | StopKeeping) for a in actions):
        return _keep_strongest(actions, game)
    if any(isinstance(a, DoneRemoving) for a in actions):
        return DoneRemoving()
    return actions[0]  # in a match there is exactly one move


@policy(ChallengersGame)
def thinning(game: ChallengersGame) -> Action:
    """Like greedy, but draw again on a weak draw and remove weak cards when the odds say so."""
    actions = game.legal_actions()
    if len(actions) == 1:
        return actions[0]
    player = game.current_actor()
    if any(isinstance(a, Keep | StopKeeping) for a in actions):
        mine = deck_strengths(game, player)
        best = max((_strength(game, a)[0] for a in actions if isinstance(a, Keep)), default=0)
        if Redraw() in actions and mine and best < sum(mine) / len(mine):
            return Redraw()
        return _keep_strongest(actions, game)
    if any(isinstance(a, DoneRemoving) for a in actions):
        removes = [a for a in actions if isinstance(a, Remove)]
        mine = deck_strengths(game, player)
        if not removes or len(mine) <= THIN_DOWN_TO:
            return DoneRemoving()
        weakest = min(removes, key=lambda a: _strength(game, a))
        after = list(mine)
        after.remove(game.data.cards[weakest.card].attacking)
        flag = math.ceil(sum(mine) / len(mine))
        if p_reach_within(after, flag, 2) > p_reach_within(mine, flag, 2):
            return weakest
        return DoneRemoving()
    return actions[0]
