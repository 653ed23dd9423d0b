"""The state of a Captain Tsubasa match: every zone of cards, the points pools and the duel.

Every place a card can be is a core ``Zone`` (counted: a deck, a hand, a pile, the box) or
``Row`` (seen in order: a play area, the pitch), and all of them sit in one ``Table``, so "no
card lost or duplicated" is one check (``Table.check_conserved``) over the whole match.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

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
    points: dict[str, int]  # the pool, Rules.starting_points of each kind at kick-off
    score: int = 0
    red: bool = False  # the penalty card shows its red side
    passed: bool = False
    rerolled: list[str] = field(default_factory=list)  # the cards whose reroll was used this round
    left_play: list[str] = field(default_factory=list)  # played this round, then eliminated or discarded

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
    shot_card: str = ""  # a Special Shot's chosen cards, shown together once both coaches have chosen
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
        names, columns = self._coach_columns()
        return pd.DataFrame(columns, index=pd.Index(names, name="coach"))

    def table_frame(self) -> pd.DataFrame:
        """The shared zones: pitch, Match deck, the box, supplies, signings on offer."""
        names, columns = self._zone_columns()
        return pd.DataFrame(columns, index=pd.Index(names, name="zone"))

    def both_frame(self) -> pd.DataFrame:
        """The coaches' rows, then the shared zones' (each blank in the other's columns).

        The same table as concatenating coaches_frame() and table_frame(), built in one go: the
        panels and the contract checker read it after steps, and a concat costs several times more.
        """
        coaches, coach_columns = self._coach_columns()
        zones, zone_columns = self._zone_columns()
        columns = {k: _blank_below(v, len(zones)) for k, v in coach_columns.items()}
        columns.update({k: _blank_above(v, len(coaches)) for k, v in zone_columns.items()})
        return pd.DataFrame(columns, index=pd.Index(coaches + zones))

    def _coach_columns(self) -> tuple[list[str], dict[str, list[Any]]]:
        coaches = self.coaches
        return [c.name for c in coaches], {
            "role": ["attacking" if i == self.attacker else "defending" for i in range(len(coaches))],
            "score": [c.score for c in coaches],
            **{f"{k} points": [c.points[k] for c in coaches] for k in POINT_KINDS},
            "hand": [self.names(c.hand) for c in coaches],
            "play area": [self.names(c.play) for c in coaches],
            "penalty": [("red" if c.red else "yellow") if len(c.penalty) else "" for c in coaches],
            "passed": [c.passed for c in coaches],
            "deck": [len(c.deck) for c in coaches],
            "discards": [len(c.discard) for c in coaches],
        }

    def _zone_columns(self) -> tuple[list[str], dict[str, list[Any]]]:
        return ["pitch", "match deck (hidden)", "next half's Match deck", "box", "signings on offer"], {
            "cards": [
                len(self.pitch),
                len(self.match_deck),
                len(self.next_half),
                len(self.box),
                len(self.offer),
            ],
            "which": [self.names(self.pitch), "", "", "", self.names(self.offer)],
        }


def _blank_below(values: list[Any], blanks: int) -> Any:
    """A column of values with blanks under them: whole numbers stay whole (score 2, not 2.0)."""
    return _column(values + [None] * blanks, values)


def _blank_above(values: list[Any], blanks: int) -> Any:
    return _column([None] * blanks + values, values)


def _column(cells: list[Any], values: list[Any]) -> Any:
    if values and all(type(v) is int for v in values):
        return pd.array(cells, dtype="Int64")
    return [float("nan") if c is None else c for c in cells]
