"""The actions of Captain Tsubasa, one small named tuple each, printed as a coach would say them."""

from __future__ import annotations

from typing import NamedTuple


class KickOff(NamedTuple):
    """The coin's winner kicks off (take=True) or lets the other coach start."""

    take: bool

    def __str__(self) -> str:
        return "kick off" if self.take else "let them kick off"


class TakePitch(NamedTuple):
    """Take one of the face-up Match cards of the Football Pitch into your hand."""

    card: str

    def __str__(self) -> str:
        return f"take {self.card} from the pitch"


class TakeHidden(NamedTuple):
    """Take the hidden top card of the Match deck instead."""

    def __str__(self) -> str:
        return "take the hidden top Match card"


class Play(NamedTuple):
    """Play a card from your hand to your play area."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


class Pass(NamedTuple):
    """Play nothing more this round."""

    def __str__(self) -> str:
        return "pass"


class Use(NamedTuple):
    """Use an optional ability of the card just played; choice names a target or point kinds."""

    ability: str
    choice: str = ""

    def __str__(self) -> str:
        return f"use {self.ability}" + (f" ({self.choice})" if self.choice else "")


class Skip(NamedTuple):
    """Do not use this optional ability."""

    ability: str

    def __str__(self) -> str:
        return f"skip {self.ability}"


class Motivate(NamedTuple):
    """Pay points to swap a card in your play area for its motivated card (advanced rule).

    Declining a chance to motivate is ``Skip("motivation")``.
    """

    card: str

    def __str__(self) -> str:
        return f"motivate {self.card}"


class Sign(NamedTuple):
    """Pay points to sign a player on offer into your play area (advanced rule)."""

    card: str

    def __str__(self) -> str:
        return f"sign {self.card}"


class Aim(NamedTuple):
    """The attacker's choice for the duel: "shot" or "pass"."""

    kind: str

    def __str__(self) -> str:
        return self.kind


class Spend(NamedTuple):
    """Spend n points of the duel's kind, +1 each to your total."""

    points: int

    def __str__(self) -> str:
        return f"spend {self.points} point" + ("" if self.points == 1 else "s")


class Reroll(NamedTuple):
    """Use a reroll on your own die ("mine") or the opponent's ("theirs"), or keep the dice ("keep")."""

    die: str

    def __str__(self) -> str:
        return "keep the dice" if self.die == "keep" else f"reroll {self.die} die"


class Pick(NamedTuple):
    """Choose a Special Shot (attacker) or a Special Defense (defender) card, face down.

    Printed without the card (the history's action column): the other coach must not read it
    before choosing; both cards are shown together once both are chosen.
    """

    card: str

    def __str__(self) -> str:
        return "choose a card face down"


class Save(NamedTuple):
    """The defender's choice when a shot beats the defense with the keeper in play: try the save or not."""

    attempt: bool

    def __str__(self) -> str:
        return "try the keeper's save" if self.attempt else "let the shot in"


class Dice(NamedTuple):
    """The two duel dice: the attacker's and the defender's."""

    attacker: int
    defender: int

    def __str__(self) -> str:
        return f"{self.attacker} vs {self.defender}"
