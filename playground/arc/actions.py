"""What a Tournament Arc player can do, one small frozen type per kind of move.

Chance outcomes are plain card ids (the card drawn). Player actions print as short sentences
for the history.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Keep:
    """Draft: keep this Athlete face down and pass the rest of the hand clockwise.

    Printed without the card (the history's action column): the class watching the screen must
    not see a card the rulebook keeps face down; the teams are shown when they are flipped.
    """

    athlete: str

    def __str__(self) -> str:
        return "keep an Athlete face down"


@dataclass(frozen=True, slots=True)
class Play:
    """Training: play an Episode card. target is a stack id (#3), an attached card (#3/E05),
    a player (P2), or "" when the card needs no target."""

    card: str
    target: str = ""

    def __str__(self) -> str:
        return f"play {self.card}" + (f" on {self.target}" if self.target else "")


@dataclass(frozen=True, slots=True)
class Mulligan:
    """House rule: discard the whole hand and draw as many new cards (once per game)."""

    def __str__(self) -> str:
        return "mulligan"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn early: only when no card can be played."""

    def __str__(self) -> str:
        return "end turn (no card to play)"


@dataclass(frozen=True, slots=True)
class Discard:
    """End of turn: discard one card to get back down to the hand size."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Take:
    """Birthday Party (looking variant): take this card from the named player's hand."""

    card: str

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, slots=True)
class Pick:
    """Competing: send out these stacks as the team."""

    stacks: tuple[str, ...]

    def __str__(self) -> str:
        return "send out " + (", ".join(self.stacks) if self.stacks else "nobody")


@dataclass(frozen=True, slots=True)
class Graduate:
    """Graduation mode: this Athlete (with its attached cards) graduates and leaves the game."""

    stack: str

    def __str__(self) -> str:
        return f"graduate {self.stack}"
