"""A tiny but real game for testing the engine contract: Pig to N.

Players take turns. On your turn you must roll at least once; after that you choose "roll" or
"hold". A roll is a chance step (a fair die, each face 1/6). Rolling a 1 loses the turn total
and passes the turn; any other face adds to the turn total. Holding banks the turn total and
passes the turn. The first player whose bank reaches the target wins.

Small enough to reason about by hand, yet it has everything the four real games have: players
and chance, actions whose legality changes with the state, a phase, figures and an end.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pandas as pd

from playground.core.engine import CHANCE, Action, Event, Game, Result
from playground.core.rules import RulesBase, rule

ROLL = "roll"
HOLD = "hold"
FACES = range(1, 7)


class PigGame(Game):
    """Pig to ``target`` for ``players`` players, all randomness from the seed."""

    def __init__(self, seed: int = 0, target: int = 10, players: int = 2):
        super().__init__(seed, players)
        if target < 1:
            raise ValueError("the target must be at least 1")
        self.target = target
        self.scores = [0] * players
        self.turn_total = 0
        self.turn_rolls = 0
        self.player = 0
        self.rolling = False  # True while the die is in the air (a chance step is pending)
        self.winner: int | None = None

    def fresh(self) -> PigGame:
        return PigGame(self.seed, self.target, self.players)

    def current_actor(self) -> int | str | None:
        if self.winner is not None:
            return None
        return CHANCE if self.rolling else self.player

    def _player_actions(self) -> list[Action]:
        # The first roll of a turn is compulsory, so holding is only allowed after a roll.
        return [ROLL, HOLD] if self.turn_rolls > 0 else [ROLL]

    def _chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return [(face, Fraction(1, 6)) for face in FACES]

    def _why_illegal(self, action: Action) -> str | None:
        if action == HOLD:
            return "You must roll at least once before you hold."
        return None

    def _pass_turn(self) -> None:
        self.turn_total = 0
        self.turn_rolls = 0
        self.player = (self.player + 1) % self.players

    def _apply(self, action: Action) -> list[Event]:
        name = self.player_name(self.player)
        if self.rolling:
            self.rolling = False
            self.turn_rolls += 1
            if action == 1:
                self._pass_turn()
                return [Event(f"{name} rolled a 1 and lost the turn total.")]
            self.turn_total += action
            return [Event(f"{name} rolled {action}.")]
        if action == ROLL:
            self.rolling = True
            return [Event(f"{name} rolls the die.")]
        banked = self.turn_total
        self.scores[self.player] += banked
        self.turn_total = 0
        if self.scores[self.player] >= self.target:
            self.winner = self.player
            return [Event(f"{name} banked {banked} and won.")]
        self._pass_turn()
        return [Event(f"{name} banked {banked}.")]

    def result(self) -> Result | None:
        if self.winner is None:
            return None
        scores = dict(enumerate(self.scores))
        return Result((self.winner,), scores, f"reached {self.target} points")

    def phase(self) -> str:
        return "roll" if self.rolling else "decide"

    def figures(self) -> dict[str, int]:
        return {
            **{f"score {p + 1}": s for p, s in enumerate(self.scores)},
            "turn total": self.turn_total,
        }

    def state_frame(self) -> pd.DataFrame:
        rows = [
            {
                "player": self.player_name(p),
                "score": self.scores[p],
                "turn total": self.turn_total if p == self.player else 0,
                "rolls this turn": self.turn_rolls if p == self.player else 0,
                "die in the air": self.rolling and p == self.player,
                "to act": p == self.player and self.winner is None,
                "winner": p == self.winner,
            }
            for p in range(self.players)
        ]
        return pd.DataFrame(rows).set_index("player")


def new_game(seed: int = 0, target: int = 10, players: int = 2) -> PigGame:
    """Start a Pig game (the factory the contract checker and the panels use)."""
    return PigGame(seed, target, players)


@dataclass(frozen=True)
class PigRules(RulesBase):
    """Pig's one number as a rules field, so a rule change can be compared over many games."""

    target: int = rule(10, "Points a player must bank to win.", low=1, high=100)


def new_ruled_game(rules: PigRules | None = None, seed: int = 0, players: int = 2) -> PigGame:
    """Start a Pig game the way every real game starts: new_game(rules=..., seed=..., players=...)."""
    return PigGame(seed, (rules or PigRules()).target, players)
