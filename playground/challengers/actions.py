"""The decisions a Challengers! player makes, as small hashable values.

Keeping, drawing again and removing happen in the deck phase; revealing and taking the flag
in a match. A match has no real choice (you reveal until you reach the flag's strength, and then
you must take it), but each step is still the attacker's move, so that revealing one card too
many can be refused with a clear sentence.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache


@dataclass(frozen=True)
class Keep:
    """Keep one of the cards you drew (by id) and add it to your deck."""

    card: str
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"keep {self.name or self.card}"


@dataclass(frozen=True)
class Redraw:
    """Throw back the cards drawn and not kept, and draw as many new ones (once a deck phase)."""

    def __str__(self) -> str:
        return "draw again"


@dataclass(frozen=True)
class StopKeeping:
    """Keep no more cards this round (the bracket shows how many you may keep, not must)."""

    def __str__(self) -> str:
        return "keep no more"


@dataclass(frozen=True)
class Remove:
    """Take one card out of your deck at the end of the deck phase."""

    card: str
    name: str = field(default="", compare=False)

    def __str__(self) -> str:
        return f"remove {self.name or self.card}"


@dataclass(frozen=True)
class DoneRemoving:
    """Finish the deck phase: shuffle your deck for the match."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True)
class Reveal:
    """Turn over the top card of your deck."""

    def __str__(self) -> str:
        return "reveal"


@dataclass(frozen=True)
class TakeFlag:
    """Your attack reached the flag's strength: the flag moves onto your last card."""

    def __str__(self) -> str:
        return "take the flag"


@lru_cache(maxsize=1024)
def card_action(kind: type[Keep | Remove], card: str, name: str) -> Keep | Remove:
    """The Keep or Remove of one card, made once: a deck phase lists them on every step."""
    return kind(card, name)
