"""Tie-Break Triumph's components, read from CSV through the validated loader.

The rulebook prints no board, deck list or Let card texts, so the files in data/tiebreak are
illustrative; any folder with the same three files and columns can replace them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from playground.core.data import (
    Column,
    DataError,
    ReadOnlyDict,
    Schema,
    data_folder,
    load_table,
    read_once,
    read_only,
    shipped_data,
)
from playground.core.numbers import is_whole, shown

from .board import TOURNAMENT_KINDS, Board, Space

DATA_DIR = shipped_data("tiebreak")
SURFACES = ("hard", "clay", "grass", "indoor")
SPACE_KINDS = ("start", "tournament", "united", "final", "let", "injury", "plain")
LET_EFFECTS = ("draw_tokens", "move", "lose_token", "keep_wildcard", "keep_travel", "rest")


class Card(NamedTuple):
    """A tournament card: the ranking points it is worth and its court surface."""

    points: int
    surface: str

    def __str__(self) -> str:
        return f"{self.points} {self.surface}"


@dataclass(frozen=True)
class LetCard:
    """A Let card: what it does (effect) and by how much (amount)."""

    id: str
    name: str
    effect: str
    amount: int
    description: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class TiebreakData:
    """Everything a game needs from the data folder."""

    spaces: tuple[Space, ...]
    board: Board
    deck: dict[Card, int]
    let_cards: tuple[LetCard, ...]
    let_copies: dict[str, int]

    def __post_init__(self) -> None:
        read_only(self, "deck", "let_copies")
        problem = _problem(self)
        if problem:
            raise DataError("(the data object)", None, problem[0], problem[1])
        for name in ("deck", "let_copies"):  # numpy counts, as pandas gives them, become ints
            counts = getattr(self, name)
            if any(type(n) is not int for n in counts.values()):
                object.__setattr__(self, name, ReadOnlyDict({k: int(n) for k, n in counts.items()}, name))


def _problem(data: TiebreakData) -> tuple[str, str] | None:
    """What is wrong with a data object built by hand (a changed copy), as (field, sentence):
    the checks the files get, for the fields a copy can change. None when it is fine."""
    if not isinstance(data.board, Board):
        return (
            "board",
            f"the board must be a Board (as load_data() builds it); got {type(data.board).__name__}",
        )
    for card, n in data.deck.items():
        if not (
            type(card) is Card and type(card.points) is int and card.points >= 1 and card.surface in SURFACES
        ):
            return (
                "deck",
                f"{shown(card, 60)} is not a tournament card: Card(points from 1, surface one of {SURFACES})",
            )
        if not (is_whole(n) and 1 <= n <= 10_000):
            return "deck", f"{card} has {shown(n, 30)} copies; a whole number from 1 to 10,000 is needed"
    board_points = {s.points for s in data.board.spaces if s.is_tournament}
    dead = sorted({c.points for c in data.deck} - board_points)
    if dead:
        return (
            "deck",
            f"no tournament on the board is worth {dead[0]} points, so such a card could never be played",
        )
    missing = board_points - {c.points for c in data.deck}
    if missing:
        return "deck", f"no card can enter the board's {sorted(missing)} point tournaments"
    ids = [c.id for c in data.let_cards]
    if not all(type(c) is LetCard for c in data.let_cards) or len(set(ids)) != len(ids):
        return "let_cards", "let_cards must be LetCard records with different ids"
    for c in data.let_cards:  # the checks the Let card file gets, field by field
        if c.effect not in LET_EFFECTS:
            return "let_cards", f"{c.id}: effect {shown(c.effect, 30)} is none of {', '.join(LET_EFFECTS)}"
        if type(c.amount) is not int or not -20 <= c.amount <= 20:
            return (
                "let_cards",
                f"{c.id}: amount must be a whole number from -20 to 20; got {shown(c.amount, 30)}",
            )
    problem = _let_checks([{"id": c.id, "effect": c.effect, "amount": c.amount} for c in data.let_cards])
    if problem:
        return "let_cards", problem
    if tuple(data.spaces) != tuple(data.board.spaces):
        return (
            "spaces",
            "spaces must be the board's own (data.board.spaces): change the board through a data folder",
        )
    if set(data.let_copies) != set(ids):
        return "let_copies", f"let_copies must give copies for exactly the Let cards {sorted(ids)}"
    bad = {i: n for i, n in data.let_copies.items() if not (is_whole(n) and 1 <= n <= 99)}
    if bad:
        return "let_copies", f"copies must be whole numbers from 1 to 99; got {bad}"
    return None


def _space_checks(rows: list[dict[str, Any]]) -> str | None:
    """Board-wide rules: one start, an injury space, tournament spaces with points and surface."""
    kinds = [r["kind"] for r in rows]
    if kinds.count("start") != 1:
        return f"the board needs exactly one start space; it has {kinds.count('start')}"
    if kinds.count("injury") < 1:
        return "the board needs an injury space"
    for number, r in enumerate(rows, start=1):
        needs = r["kind"] in TOURNAMENT_KINDS
        if needs and (r["points"] is None or r["surface"] is None):
            return f"row {number} ({r['id']}): a {r['kind']} space needs points and a surface"
        if not needs and r["points"] is not None:
            return f"row {number} ({r['id']}): a {r['kind']} space has no points"
    return None


SPACES = Schema(
    "space",
    [
        Column("id"),
        Column("name"),
        Column("kind", choices=SPACE_KINDS),
        Column("points", int, choices=None, low=1, optional=True),
        Column("surface", choices=SURFACES, optional=True),
        Column("next", references="space"),
        Column("branch", references="space", optional=True),
        Column("track", choices=("main", "branch")),
        Column("x", int, low=0, high=2000),
        Column("y", int, low=0, high=2000),
    ],
    checks=(_space_checks,),
)

DECK = Schema(
    "tournament card",
    [
        Column("id"),
        Column("points", int, low=1),
        Column("surface", choices=SURFACES),
        Column("copies", int, low=1, high=99),
    ],
)


def _let_checks(rows: list[dict[str, Any]]) -> str | None:
    """Each effect needs an amount that means something: draw or lose at least 1, move not 0."""
    for number, r in enumerate(rows, start=1):
        if r["effect"] in ("draw_tokens", "lose_token") and r["amount"] < 1:
            return f"row {number} ({r['id']}): a {r['effect']} card needs an amount of at least 1"
        if r["effect"] == "move" and r["amount"] == 0:
            return f"row {number} ({r['id']}): a move card needs an amount other than 0"
    return None


LETS = Schema(
    "Let card",
    [
        Column("id"),
        Column("name"),
        Column("effect", choices=LET_EFFECTS),
        Column("amount", int, low=-20, high=20),
        Column("copies", int, low=1, high=99),
        Column("description"),
    ],
    checks=(_let_checks,),
)


def _space_ids(path: Path) -> set[str]:
    """The ids of the board file, read first so that next/branch can be checked against them."""
    rows = load_table(path, Schema("space", [Column(name, optional=True) for name in SPACES.column_names()]))
    return {r["id"] for r in rows}


def load_data(folder: Path | str | None = None) -> TiebreakData:
    """Load spaces.csv, deck.csv and let_cards.csv from folder (default: the shipped ones).

    folder: a path (str or Path) to a folder holding the three files, or None for ours. A folder
    read before whose files have not changed since gives the same data again without reading it
    (core's read_once): a rule comparison starts hundreds of games.
    """
    return _read_once(data_folder(folder, DATA_DIR))


FILES = ("spaces.csv", "deck.csv", "let_cards.csv")


def _read(folder: Path) -> TiebreakData:
    """Read and check the three files."""
    spaces_path = folder / "spaces.csv"
    rows = load_table(spaces_path, SPACES, {"space": _space_ids(spaces_path)})
    spaces = tuple(Space(**r) for r in rows)
    deck_rows = load_table(folder / "deck.csv", DECK)
    deck: dict[Card, int] = {}
    for r in deck_rows:
        card = Card(r["points"], r["surface"])
        deck[card] = deck.get(card, 0) + r["copies"]
    board_points = {s.points for s in spaces if s.is_tournament}
    for number, r in enumerate(deck_rows, start=1):
        if r["points"] not in board_points:
            raise DataError(
                folder / "deck.csv",
                number,
                "points",
                f"{r['points']} points: no tournament on the board is worth that, so the card could never "
                f"be played; the board's tournaments are worth {', '.join(map(str, sorted(board_points)))}",
            )
    missing = board_points - {c.points for c in deck}
    if missing:
        raise DataError(
            folder / "deck.csv",
            None,
            "points",
            f"no card can enter the board's {sorted(missing)} point tournaments",
        )
    let_rows = load_table(folder / "let_cards.csv", LETS)
    lets = tuple(LetCard(r["id"], r["name"], r["effect"], r["amount"], r["description"]) for r in let_rows)
    copies = {r["id"]: r["copies"] for r in let_rows}
    return TiebreakData(spaces, Board(spaces, spaces_path), deck, lets, copies)


_read_once = read_once(_read, FILES)
