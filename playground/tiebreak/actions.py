"""The moves a Tie-Break Triumph player can make, and the outcomes chance can produce.

Each is a small immutable record whose text reads well in the history table. They are frozen
dataclasses, not tuples, so that two different moves never compare equal (an empty tuple-based
"end the week" would equal "rest a week").
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .rules import SPONSORS_AS_WILDCARD, TOKEN_TYPES

RISK_ORDER = (*TOKEN_TYPES, SPONSORS_AS_WILDCARD)  # as risks are listed: the Sponsor stand-in last


@dataclass(frozen=True, slots=True)
class Roll:
    """The movement roll: two number dice and the direction die's face."""

    first: int
    second: int
    face: str

    @property
    def doubles(self) -> bool:
        return self.first == self.second

    def __str__(self) -> str:
        return f"{self.first}+{self.second}, {self.face}"


@dataclass(frozen=True, slots=True)
class Move:
    """Choose where the move ends, when the direction die or a fork leaves it to the player."""

    to: int
    name: str

    def __str__(self) -> str:
        return f"move to {self.name}"


@dataclass(frozen=True, slots=True)
class Enter:
    """Enter the tournament at a space with a schedule card whose points match it."""

    space: int
    name: str
    card: Card

    def __str__(self) -> str:
        return f"enter {self.name} with {self.card}"


@dataclass(frozen=True, slots=True)
class Qualify:
    """Qualify against a champion: pick the matching card and how to pay the Wildcard."""

    space: int
    name: str
    card: Card
    pay: str  # "wildcard", "sponsors", "invitation" or "top ranker"

    def __str__(self) -> str:
        return f"challenge at {self.name} with {self.card}, qualifying by {self.pay}"


@dataclass(frozen=True, slots=True)
class Risk:
    """The team tokens put into a tie-break (each worth one point, returned or lost after)."""

    tokens: tuple[str, ...]

    def __post_init__(self) -> None:
        """The tokens in the table's order (wildcard, training, ..., a Sponsor pair standing in for
        a Wildcard last), so any order names the same risk; anything that is not a tuple of token
        names is left as given, for the refusal."""
        tokens = self.tokens
        if type(tokens) is tuple and all(type(t) is str and t in RISK_ORDER for t in tokens):
            object.__setattr__(self, "tokens", tuple(sorted(tokens, key=RISK_ORDER.index)))

    def __str__(self) -> str:
        return "risk " + (", ".join(self.tokens) if self.tokens else "no tokens")


@dataclass(frozen=True, slots=True)
class Train:
    """Spend Training tokens to reserve an empty tournament with a face-down card."""

    card: Card
    space: int
    name: str

    def __str__(self) -> str:
        return f"train: reserve {self.name} with {self.card}"


@dataclass(frozen=True, slots=True)
class Travel:
    """Fly to any space, paying with Travel tokens or a Free ticket Let card."""

    to: int
    name: str
    pay: str  # "tokens" or "ticket"

    def __str__(self) -> str:
        return f"travel to {self.name} ({self.pay})"


@dataclass(frozen=True, slots=True)
class Injure:
    """Spend Health tokens to send another player to the Injury space."""

    target: int

    def __str__(self) -> str:
        return f"send player {self.target + 1} to the Injury space"


@dataclass(frozen=True, slots=True)
class Heal:
    """Spend one Health token to cut the injury by a week."""

    def __str__(self) -> str:
        return "spend a Health token: one week less injured"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard a schedule card: a week passes, or a champion's penalty."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True)
class Take:
    """A champion takes tokens from a player who could not qualify."""

    tokens: tuple[str, ...]

    def __str__(self) -> str:
        return "take " + (", ".join(self.tokens) if self.tokens else "nothing")


@dataclass(frozen=True, slots=True)
class GiveBack:
    """Put one token of your choice back in the bag (the Lost luggage Let card)."""

    token: str

    def __str__(self) -> str:
        return f"put a {self.token} token back in the bag"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Stop acting this week: keep your tokens for later."""

    def __str__(self) -> str:
        return "end the week"


@dataclass(frozen=True, slots=True)
class RollNow:
    """Before the roll (Rules.specials_before_roll): no more special actions now, roll the dice."""

    def __str__(self) -> str:
        return "roll the dice"


@dataclass(frozen=True, slots=True)
class ServeWeek:
    """While injured: rest this week."""

    def __str__(self) -> str:
        return "rest a week while injured"
