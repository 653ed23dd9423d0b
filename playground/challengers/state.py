"""The state of a Challengers! tournament: every card zone, the mats, the flag and the scores.

Every card and token lies in exactly one core ``Zone`` or ``Row`` at all times: level decks
(a shuffled deck is a multiset, and a reshuffled compartment put underneath is a second layer
below it), discard compartments, the box, each participant's deck, play area, bench, rest pile,
trophies and fans, the trophy piles and each mat's stack. ``table()`` names them all, so one
census proves nothing was lost or duplicated.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

import pandas as pd

from playground.core.zones import Row, Table, Zone

from .cards import Card

FAN = "fan"
"""The id of a fan token."""

AUTO = "auto"
"""The actor of bookkeeping and of the Robot's moves: they run by themselves."""


class Task(NamedTuple):
    """One pending piece of the game: its kind, who acts (a side, CHANCE or AUTO), for whom."""

    kind: str
    actor: int | str
    side: int
    extra: Any = None


def trophy_id(round_number: int, fans: int) -> str:
    return f"R{round_number} trophy {fans}"


@lru_cache(maxsize=256)
def trophy_round(trophy: str) -> int:
    """The round printed on a trophy (read once per trophy id: scores and ties ask often)."""
    return int(trophy.split()[0][1:])


@lru_cache(maxsize=256)
def trophy_fans(trophy: str) -> int:
    """The fans on a trophy's back."""
    return int(trophy.split()[-1])


class Bench(Zone):
    """A bench: a Zone that keeps the sum of its cards' 'from the bench' strength bonuses up to
    date as cards come and go (through the Zone's own add, remove and clear), since an attack
    asks for it on every reveal."""

    __slots__ = ("_bonuses", "bonus")

    def __init__(self, name: str, bonuses: Mapping[str, int]):
        super().__init__(name)
        self._bonuses = bonuses
        """card id -> its bonus from the bench, for the cards that have one"""
        self.bonus = 0

    def add(self, card: str, n: int = 1) -> None:
        super().add(card, n)
        self.bonus += self._bonuses.get(card, 0) * n

    def remove(self, card: str, n: int = 1) -> None:
        super().remove(card, n)
        self.bonus -= self._bonuses.get(card, 0) * n

    def clear(self) -> list[str]:
        self.bonus = 0
        return super().clear()


@dataclass
class Side:
    """One participant (a player or the Robot) and every zone they own.

    ``deck`` is the whole deck between matches and the face-down draw pile during one.
    ``play`` is the cards face up on your half of the mat in reveal order: while you attack, the
    cards of this attack; while you hold the flag, the flag card last with the others under it.
    ``seats`` lists the names on the bench, oldest first (one seat per name).
    """

    name: str
    deck: Zone
    play: Row
    bench: Bench
    rest: Zone
    drawn: Zone
    trophies: Zone
    fans: Zone
    seats: list[str] = field(default_factory=list)
    mat: int = 0

    def zones(self) -> list[Zone | Row]:
        return [self.deck, self.play, self.bench, self.rest, self.drawn, self.trophies, self.fans]

    def score(self) -> int:
        """Fans from tokens and from the backs of the trophies won (each kind counted once: the
        history asks for every player's score after every step)."""
        return len(self.fans) + sum(trophy_fans(t) * n for t, n in self.trophies.counts().items())

    def best_trophy_round(self) -> int:
        return max((trophy_round(t) for t in self.trophies), default=0)

    def rank_key(self) -> tuple[int, int, int]:
        """The rulebook's order: most fans, then more trophies, then the highest-round trophy."""
        return (self.score(), len(self.trophies), self.best_trophy_round())


def new_side(name: str, deck: dict[str, int], bonuses: Mapping[str, int]) -> Side:
    """A participant with this deck; bonuses: card id -> its bonus from the bench (where it has one)."""
    return Side(
        name,
        Zone(f"{name} deck", deck),
        Row(f"{name} play"),
        Bench(f"{name} bench", bonuses),
        Zone(f"{name} rest pile"),
        Zone(f"{name} drawn"),
        Zone(f"{name} trophies"),
        Zone(f"{name} fans"),
    )


@dataclass
class LevelDeck:
    """A level deck in layers, top first: each layer is shuffled, so a draw comes from the first
    non-empty one; a full compartment, shuffled, becomes a new bottom layer."""

    level: str
    layers: list[Zone]
    compartment: Zone
    recycled: int = 0

    def top(self) -> Zone | None:
        for zone in self.layers:
            if len(zone):
                return zone
        return None

    def __len__(self) -> int:
        return sum(len(z) for z in self.layers)

    def recycle(self) -> None:
        """Shuffle the compartment and put it under the deck."""
        self.recycled += 1
        self.layers = [z for z in self.layers if len(z)]
        self.layers.append(Zone(f"level {self.level} under #{self.recycled}", self.compartment.counts()))
        self.compartment.clear()


@dataclass
class Match:
    """One match on a mat: who is in it, who holds the flag, who attacks."""

    mat: int
    sides: tuple[int, int]
    final: bool = False
    flag: int | None = None
    attacker: int | None = None
    winner: int | None = None
    flag_moves: int = 0
    first_bonus: int = 0  # the first card's during-the-attack bonus, while it holds the flag (a ruling)

    def other(self, side: int) -> int:
        return self.sides[1] if side == self.sides[0] else self.sides[0]


@dataclass
class DeckPhase:
    """One player's progress through a deck phase."""

    level: str
    keep: int
    kept: int = 0
    redraws: int = 0
    round_drew: int = 0  # the cards the round drew before any redraw (Rules.redraw_draws)


@dataclass
class State:
    sides: list[Side]
    cards: dict[str, Card]
    levels: dict[str, LevelDeck]
    box: Zone
    reserve: Zone
    trophy_piles: list[Zone]
    stacks: list[Row]
    robot_pile: Row
    round: int = 0
    match: Match | None = None
    deck_phase: DeckPhase | None = None
    left_out: str = ""
    finalists: tuple[int, ...] = ()
    champion: int | None = None
    match_log: list[dict] = field(default_factory=list)

    def table(self) -> Table:
        """Every zone of the tournament by name (see zones)."""
        return Table(self.zones())

    def zones(self) -> list[Zone | Row]:
        """Every zone of the tournament, for one census of all cards, trophies and fans."""
        zones: list[Zone | Row] = [self.box, self.reserve, self.robot_pile, *self.trophy_piles, *self.stacks]
        for deck in self.levels.values():
            zones += [*deck.layers, deck.compartment]
        for side in self.sides:
            zones += side.zones()
        return zones

    def bench_bonus(self, side: int) -> int:
        """The 'from the bench' strength bonuses of a side's bench, summed over every copy."""
        return self.sides[side].bench.bonus

    def seat_size(self, side: int, name: str) -> int:
        """How many cards share the bench seat of one card name."""
        bench = self.sides[side].bench
        return sum(bench.count(c) for c in bench.kinds() if self.cards[c].name == name)

    def sides_frame(self) -> pd.DataFrame:
        """One row per participant: mat, deck, bench seats, rest pile, flag, fans and trophies.

        The flag column marks the holder only while a match is being played (a finished match's
        cards are back in the decks, so nobody holds it then).

        Built column by column: the panels and the contract checker read it after steps.
        """
        m, sides, names = self.match, self.sides, self.cards
        columns = {
            "mat": [s.mat for s in sides],
            "deck": [len(s.deck) for s in sides],
            "in play": [", ".join(names[c].name for c in s.play) for s in sides],
            "flag": [m is not None and m.winner is None and m.flag == i for i in range(len(sides))],
            "bench seats": [len(s.seats) for s in sides],
            "bench": [
                ", ".join(f"{n} x{self.seat_size(i, n)}" for n in s.seats) for i, s in enumerate(sides)
            ],
            "rest pile": [len(s.rest) for s in sides],
            "fans": [len(s.fans) for s in sides],
            "trophies": [", ".join(s.trophies) for s in sides],
            "score": [s.score() for s in sides],
        }
        return pd.DataFrame(columns, index=pd.Index([s.name for s in sides], name="player"))

    def matches_frame(self) -> pd.DataFrame:
        """One row per finished match: round, mat, who played, who won and how it ended."""
        columns = ["round", "mat", "players", "winner", "how", "flag moves"]
        return pd.DataFrame(self.match_log, columns=columns)

    def deck_frame(self, side: int) -> pd.DataFrame:
        """A participant's whole deck (wherever its cards are now), one row per card name."""
        s = self.sides[side]
        counts = s.deck.counts() + s.play.counts() + s.bench.counts() + s.rest.counts()
        rows = [
            {
                "card": self.cards[c].name,
                "level": self.cards[c].level,
                "strength": self.cards[c].strength,
                "copies": n,
                "effect": self.cards[c].text,
            }
            for c, n in sorted(counts.items(), key=lambda kv: (self.cards[kv[0]].strength, kv[0]))
        ]
        return pd.DataFrame(rows, columns=["card", "level", "strength", "copies", "effect"])
