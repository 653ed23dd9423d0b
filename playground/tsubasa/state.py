"""The state of a Captain Tsubasa match: every zone of cards, the points pools and the duel.

Every place a card can be is a core ``Zone`` (counted: a deck, a hand, a pile, the box) or
``Row`` (seen in order: a play area, the pitch), and all of them sit in one ``Table``, so "no
card lost or duplicated" is one check (``Table.check_conserved``) over the whole match.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

import pandas as pd

from playground.core.engine import Event
from playground.core.zones import Row, Table, Zone

from .cards import TsubasaData
from .rules import POINT_KINDS

AUTO = "auto"
"""The actor of a bookkeeping task that runs by itself."""

COACH_NAMES = ("Nankatsu", "Toho")


class Task(NamedTuple):
    """One pending piece of the match: its kind, who acts (a coach, CHANCE or AUTO), for whom."""

    kind: str
    actor: int | str
    coach: int
    arg: str = ""


todo = lru_cache(maxsize=1024)(Task)
"""A Task, made once per distinct value (tasks are immutable and a match repeats the same few)."""

said = lru_cache(maxsize=2048)(Event)
"""An Event, made once per distinct sentence (events are immutable; a match repeats the same few)."""


@dataclass
class Coach:
    """One coach: the team's zones, its points pool, its score and this round's flags."""

    name: str
    team: str
    deck: Zone
    hand: Zone
    play: Row
    discard: Zone
    penalty: Row  # a Yellow / Red card lies here; it does not count towards the card limit
    motivation: Zone  # motivation cards set aside until bought
    shots: Zone
    defenses: Zone
    points: dict[str, int] = field(default_factory=lambda: dict.fromkeys(POINT_KINDS, 0))
    score: int = 0
    red: bool = False  # the penalty card shows its red side
    passed: bool = False
    rerolls_used: int = 0

    def zones(self) -> list[Zone | Row]:
        return [
            self.deck,
            self.hand,
            self.play,
            self.discard,
            self.penalty,
            self.motivation,
            self.shots,
            self.defenses,
        ]


@dataclass
class Duel:
    """This round's Shooting/Passing phase, as far as it has gone."""

    kind: str = ""  # "shot" or "pass"
    attack: int = 0  # card values and penalty, before points
    defense: int = 0
    attack_spent: int = 0
    defense_spent: int = 0
    dice: tuple[int, int] | None = None
    save: int | None = None  # the keeper's save die
    shot_card: str = ""  # a Special Shot's chosen cards
    defense_card: str = ""
    result: str = ""


@dataclass
class State:
    """Everything on the table."""

    data: TsubasaData
    coaches: list[Coach]
    table: Table
    match_deck: Zone
    next_half: Zone
    pitch: Row
    box: Zone
    supply: Zone
    signing_pool: Zone
    offer: Row
    attacker: int = 0
    kicked_off: int = 0  # the whistle: who kicked off this half
    period: str = "1st half"
    round: int = 0
    injury_time: bool = False
    injury_rounds: int = 0
    duel: Duel = field(default_factory=Duel)

    def card_name(self, card_id: str) -> str:
        known = self.data.cards.get(card_id) or self.data.specials.get(card_id)
        return known.name if known else card_id

    def names(self, zone: Zone | Row) -> str:
        return ", ".join(self.card_name(c) for c in zone)

    def coaches_frame(self) -> pd.DataFrame:
        """One row per coach: role, score, points, hand, play area, deck and pile sizes."""
        rows = []
        for i, c in enumerate(self.coaches):
            rows.append(
                {
                    "coach": c.name,
                    "role": "attacking" if i == self.attacker else "defending",
                    "score": c.score,
                    **{f"{k} points": c.points[k] for k in POINT_KINDS},
                    "hand": self.names(c.hand),
                    "play area": self.names(c.play),
                    "penalty": ("red" if c.red else "yellow") if len(c.penalty) else "",
                    "passed": c.passed,
                    "deck": len(c.deck),
                    "discards": len(c.discard),
                }
            )
        return pd.DataFrame(rows).set_index("coach")

    def table_frame(self) -> pd.DataFrame:
        """The shared zones: pitch, Match deck, the box, supplies, signings on offer."""
        rows = [
            {"zone": "pitch", "cards": len(self.pitch), "which": self.names(self.pitch)},
            {"zone": "match deck (hidden)", "cards": len(self.match_deck), "which": ""},
            {"zone": "next half's Match deck", "cards": len(self.next_half), "which": ""},
            {"zone": "box", "cards": len(self.box), "which": ""},
            {"zone": "signings on offer", "cards": len(self.offer), "which": self.names(self.offer)},
        ]
        return pd.DataFrame(rows).set_index("zone")
