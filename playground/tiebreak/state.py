"""The state of a Tie-Break Triumph game: where everything is, and tables of it.

Decks and the token bag are kept as counts, not ordered piles: a draw is a chance step over
what is left, so the engine can list every outcome with its exact probability. The ``Task``
records of the engine's queue live here too, so the phase modules need not import the engine.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field
from typing import NamedTuple

import pandas as pd

from .board import Board
from .cards import Card, LetCard
from .rules import TOKEN_TYPES

AUTO = "auto"
"""The actor of a bookkeeping task that runs by itself."""


class Task(NamedTuple):
    """One pending piece of the game: its kind, who acts (a player, CHANCE or AUTO), for whom."""

    kind: str
    actor: int | str
    player: int
    count: int = 1


@dataclass
class Player:
    """One touring pro: position, tokens, cards in each zone, injury."""

    name: str
    position: int
    deck: Counter[Card]
    tokens: Counter[str] = field(default_factory=Counter)
    schedule: list[Card] = field(default_factory=list)
    discards: Counter[Card] = field(default_factory=Counter)
    lets: list[tuple[LetCard, int]] = field(default_factory=list)  # kept cards and their pile
    injured_weeks: int = 0

    def token_count(self) -> int:
        return sum(self.tokens.values())

    def held_let(self, effect: str) -> bool:
        """Does the player keep a Let card with this effect?"""
        return any(card.effect == effect for card, _ in self.lets)


@dataclass
class LetPile:
    """One face-down Let pile: how many of its cards nobody has seen yet, then the seen ones.

    Unseen cards lie on top; a drawn card goes to the bottom, so once ``unseen`` is 0 the pile's
    order is ``seen``, front first.
    """

    unseen: int
    seen: deque[str] = field(default_factory=deque)


@dataclass
class Contest:
    """A tournament being played: who, where, with which card, and the tie-break so far."""

    player: int
    space: int
    card: Card
    ace: bool
    opponent: int | None = None  # champion or reserver; None for a vacant tournament
    opponent_card: Card | None = None
    kind: str = "vacant"  # "vacant", "defended" or "training"
    pay: str = ""  # how the Wildcard was paid when defended
    paid_tokens: tuple[str, ...] = ()
    risked: tuple[str, ...] = ()
    opponent_risked: tuple[str, ...] = ()
    scores: list[int] = field(default_factory=list)  # [player, opponent] totals in a race
    roller: int = 0  # index into scores: who rolls next


@dataclass
class State:
    """Everything on the table."""

    board: Board
    players: list[Player]
    bag: Counter[str]
    titles: dict[int, tuple[int, Card]] = field(default_factory=dict)
    reservations: dict[int, tuple[int, Card]] = field(default_factory=dict)
    let_unseen: Counter[str] = field(default_factory=Counter)  # Let cards no one has seen, any pile
    let_piles: list[LetPile] = field(default_factory=list)
    top_ranker: int | None = None
    turn: int = 0  # whose turn
    week: int = 1  # the round: every player has had week - 1 turns before it
    contest: Contest | None = None

    def ranking(self, player: int) -> int:
        """A player's ranking: the points of the tournaments they hold on the board.

        With the rulebook's matching cards that is the sum of their cards on the board; a card
        reserved by Training without a match (a rules variant) counts at the space's value.
        """
        return self.rankings()[player]

    def rankings(self) -> list[int]:
        ranks = [0] * len(self.players)
        for space, (holder, _) in self.titles.items():
            ranks[holder] += self.board.spaces[space].points
        return ranks

    def players_frame(self) -> pd.DataFrame:
        """One row per player: where they are, what they hold, their ranking.

        Built column by column (a list per column, then one DataFrame): the panels and the
        contract checker read it after steps, and rows of dicts plus set_index cost twice as much.
        """
        players = self.players
        ranks = self.rankings()
        titles, reserved = [0] * len(players), [0] * len(players)
        for holder, _ in self.titles.values():
            titles[holder] += 1
        for holder, _ in self.reservations.values():
            reserved[holder] += 1
        columns = {
            "position": [self.board.spaces[p.position].name for p in players],
            "ranking": ranks,
            "top ranker": [self.top_ranker == i for i in range(len(players))],
            "injured weeks": [p.injured_weeks for p in players],
            "schedule": [", ".join(str(c) for c in p.schedule) for p in players],
            **{t: [p.tokens[t] for p in players] for t in TOKEN_TYPES},
            "titles": titles,
            "reserved": reserved,
            "deck": [sum(p.deck.values()) for p in players],
            "discards": [sum(p.discards.values()) for p in players],
            "Let cards": [", ".join(str(c) for c, _ in p.lets) for p in players],
        }
        return pd.DataFrame(columns, index=pd.Index([p.name for p in players], name="player"))

    def board_frame(self) -> pd.DataFrame:
        """One row per tournament space: its value, surface, champion or reservation."""
        rows = []
        for i in self.board.tournaments:
            s = self.board.spaces[i]
            holder = self.titles.get(i)
            reserved = self.reservations.get(i)
            rows.append(
                {
                    "space": s.name,
                    "kind": s.kind,
                    "points": s.points,
                    "surface": s.surface,
                    "champion": self.players[holder[0]].name if holder else "",
                    "champion's card": str(holder[1]) if holder else "",
                    "reserved by": self.players[reserved[0]].name if reserved else "",
                    "pieces here": ", ".join(p.name for p in self.players if p.position == i),
                }
            )
        return pd.DataFrame(rows).set_index("space")
