"""Challengers!' components, read from CSV through the validated loader.

The rulebook prints no card list, so data/challengers holds an illustrative set under our own
names (not the published cards): the Starting Deck, the always-in Old Town set and six more
sets, level A/B/C cards with the published strength ranges, a Robot pile and the tournament
brackets. Any folder with the same four files and columns can replace it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from playground.core.data import (
    Column,
    DataError,
    Schema,
    data_folder,
    load_table,
    read_once,
    read_only,
    shipped_data,
)
from playground.core.data_objects import DATA_OBJECT, Rows, cell, records, remember_valid, validate_data
from playground.core.numbers import shown

DATA_DIR = shipped_data("challengers")

TIMINGS = ("none", "on_reveal", "during_attack", "from_bench", "with_flag", "losing_flag", "upon_selection")
"""When an effect applies: the rulebook's keyword timings ("none" for a plain card)."""

EFFECTS = ("none", "strength", "fans", "rest")
"""What an effect does: add strength, gain fans, or send your oldest bench seat to the rest pile."""

CARD_LEVELS = ("S", "A", "B", "C")
"""S is the Starting Deck; A, B and C are the level decks."""

MAX_STRENGTH = {"S": 4, "A": 3, "B": 5, "C": 10}
"""The published base-strength ranges: level A up to 3, B up to 5, C up to 10."""

ALLOWED = {
    "strength": ("on_reveal", "during_attack", "from_bench", "with_flag"),
    "fans": ("on_reveal", "losing_flag", "upon_selection"),
    "rest": ("on_reveal", "losing_flag"),
}
"""The timings each effect can have in this engine."""

ROBOT = "R"
"""The Robot's label in a bracket."""


@dataclass(frozen=True)
class Card:
    """One card name (copies share it): its level, base strength and one effect."""

    id: str
    name: str
    set: str
    level: str
    strength: int
    copies: int
    timing: str = "none"
    effect: str = "none"
    amount: int = 0
    text: str = ""

    def bonus(self, timing: str) -> int:
        """The strength this card adds at a timing (0 when its effect is something else)."""
        return self.amount if self.effect == "strength" and self.timing == timing else 0

    # The strengths below are worked out once per card (the card is frozen) and then read on
    # every reveal of every simulated match.

    @cached_property
    def revealed(self) -> int:
        """Strength once revealed: the base plus an on-reveal bonus, which it keeps."""
        return self.strength + self.bonus("on_reveal")

    @cached_property
    def attacking(self) -> int:
        """What it adds to an attack total: revealed strength plus any during-the-attack bonus."""
        return self.revealed + self.bonus("during_attack")

    @cached_property
    def holding(self) -> int:
        """Its strength while it holds the flag: revealed strength plus any with-flag bonus."""
        return self.revealed + self.bonus("with_flag")

    @cached_property
    def from_bench(self) -> int:
        """What each copy on its owner's bench adds to their strength."""
        return self.bonus("from_bench")

    def __str__(self) -> str:
        return self.name


DECK_LEVELS = ("A", "B", "C")
"""The level decks a bracket line can send a player to."""

MAX_KEEP = 5
"""The most cards a bracket line can let a player keep (a draw is at most 8; published: 1 or 2)."""


@dataclass(frozen=True)
class Pairing:
    """One match of a round: the mat (1..4), the two brackets (1..8, or the Robot), and what each
    bracket's line for the round shows: the level deck to draw from and how many cards to keep."""

    round: int
    mat: int
    first: str
    second: str
    first_level: str = "A"
    first_keep: int = 2
    second_level: str = "A"
    second_keep: int = 2

    def line_of(self, label: str) -> tuple[str, int]:
        """The (level, keep) a bracket of this pairing reads for the round."""
        if label == self.first:
            return self.first_level, self.first_keep
        return self.second_level, self.second_keep


@dataclass(frozen=True)
class ChallengersData:
    """Everything a game needs from the data folder."""

    cards: dict[str, Card]
    sets: dict[str, tuple[str, bool]]
    robot_pile: tuple[str, ...]
    brackets: dict[int, tuple[Pairing, ...]]
    robot_levels: dict[str, str]
    """Robot card id -> the level its line of robot.csv gives it (the Robot grows by level)."""

    def __post_init__(self) -> None:
        read_only(self, "cards", "sets", "brackets", "robot_levels")

    def set_ids(self, always_in: bool) -> list[str]:
        return [s for s, (_, basic) in self.sets.items() if basic == always_in]

    def starting_deck(self) -> dict[str, int]:
        return {c.id: c.copies for c in self.cards.values() if c.level == "S"}

    def level_cards(self, level: str, sets: list[str]) -> dict[str, int]:
        """Every copy of a level's cards from the chosen sets: a level deck before shuffling."""
        return {c.id: c.copies for c in self.cards.values() if c.level == level and c.set in sets}


def _card_checks(rows: list[dict[str, Any]]) -> str | None:
    """Strengths in the published ranges; each effect at a timing this engine knows for it."""
    for number, r in enumerate(rows, start=1):
        top = MAX_STRENGTH[r["level"]]
        if r["strength"] > top:
            return f"row {number} ({r['id']}): a level {r['level']} card has strength at most {top}"
        if (r["effect"] == "none") != (r["timing"] == "none"):
            return f"row {number} ({r['id']}): timing and effect must both be 'none' or neither"
        if r["effect"] != "none":
            if r["timing"] not in ALLOWED[r["effect"]]:
                allowed = ", ".join(ALLOWED[r["effect"]])
                return f"row {number} ({r['id']}): a {r['effect']} effect needs a timing among {allowed}"
            if r["amount"] < 1:
                return f"row {number} ({r['id']}): an effect needs an amount of at least 1"
        if (r["level"] == "S") != (r["set"] == "start"):
            return f"row {number} ({r['id']}): level S cards, and only they, belong to the set 'start'"
    return None


def _set_checks(rows: list[dict[str, Any]]) -> str | None:
    if not any(r["always_in"] for r in rows):
        return "one set must be always in (the rulebook's basic set)"
    if sum(not r["always_in"] for r in rows) < 2:
        return "at least two optional sets are needed (one of them is left out)"
    return None


SETS = Schema("set", [Column("id"), Column("name"), Column("always_in", bool)], [_set_checks])
CARDS = Schema(
    "card",
    [
        Column("id"),
        Column("name"),
        Column("set"),
        Column("level", choices=CARD_LEVELS),
        Column("strength", int, low=0, high=10),
        Column("copies", int, low=1, high=8),
        Column("timing", choices=TIMINGS),
        Column("effect", choices=EFFECTS),
        Column("amount", int, low=0, high=5),
        Column("text"),
    ],
    [_card_checks],
)
ROBOT_CARDS = Schema(
    "robot card",
    [
        Column("id"),
        Column("position", int, low=1, high=40),
        Column("name"),
        Column("strength", int, low=0, high=10),
        Column("level", choices=DECK_LEVELS),
    ],
    [
        lambda rows: (
            None
            if [r["position"] for r in rows] == list(range(1, len(rows) + 1))
            else "positions must run 1, 2, 3, ... in file order (the Robot pile's order)"
        )
    ],
)
BRACKETS = Schema(
    "bracket",
    [
        Column("id"),
        Column("players", int, low=1, high=8),
        Column("round", int, low=1, high=7),
        Column("mat", int, low=1, high=4),
        Column("first"),
        Column("second"),
        Column("first_level", choices=DECK_LEVELS),
        Column("first_keep", int, low=0, high=MAX_KEEP),
        Column("second_level", choices=DECK_LEVELS),
        Column("second_keep", int, low=0, high=MAX_KEEP),
    ],
)
LINE_COLUMNS = ("first_level", "first_keep", "second_level", "second_keep")
"""What each of a pairing's two brackets shows for the round, after the pairing itself."""


def _brackets(path: Path, rows: list[dict[str, Any]]) -> dict[int, tuple[Pairing, ...]]:
    """Pairings by player count, checked: every bracket (and the Robot for odd counts) once a round."""
    by_count: dict[int, list[Pairing]] = {}
    mats: dict[tuple[int, int, int], int] = {}
    for number, r in enumerate(rows, start=1):
        n = r["players"]
        labels = {str(i) for i in range(1, n + 1)} | ({ROBOT} if n % 2 else set())
        for column in ("first", "second"):
            if r[column] not in labels:
                raise DataError(
                    path, number, column, f"{shown(r[column])} is not a bracket of a {n}-player game"
                )
        if r["mat"] > (n + 1) // 2:
            raise DataError(path, number, "mat", f"a {n}-player game uses mats 1 to {(n + 1) // 2}")
        taken = mats.setdefault((n, r["round"], r["mat"]), number)
        if taken != number:
            raise DataError(
                path,
                number,
                "mat",
                f"mat {r['mat']} already holds a match in round {r['round']} of a {n}-player game "
                f"(row {taken}): one match per mat a round",
            )
        line = (r[c] for c in LINE_COLUMNS)
        by_count.setdefault(n, []).append(Pairing(r["round"], r["mat"], r["first"], r["second"], *line))
    for n in range(1, 9):
        labels = sorted({str(i) for i in range(1, n + 1)} | ({ROBOT} if n % 2 else set()))
        for rnd in range(1, 8):
            seen = sorted(x for p in by_count.get(n, []) if p.round == rnd for x in (p.first, p.second))
            if seen != labels:
                raise DataError(
                    path,
                    None,
                    None,
                    f"round {rnd} of a {n}-player game must pair {', '.join(labels)} once each",
                )
    return {n: tuple(sorted(ps, key=lambda p: (p.round, p.mat))) for n, ps in by_count.items()}


def load_data(folder: ChallengersData | Path | str | None = None) -> ChallengersData:
    """Read sets.csv, cards.csv, robot.csv and brackets.csv from a folder (ours by default).

    folder: a path (str or Path) to a folder holding the four files, or None for ours. A folder
    read before whose files have not changed since gives the same data again without reading it
    (core's read_once): a rule comparison starts hundreds of games.

    folder may also be a ChallengersData: the one load_data gave (answered by identity), or a
    changed copy (``dataclasses.replace``), checked exactly like a folder by core's validate_data
    (written back as the four files and read by the same loader; a few milliseconds per copy).
    """
    if isinstance(folder, ChallengersData) or dataclasses.is_dataclass(folder):  # another data class: refused
        return validate_data(folder, ChallengersData, data_rows, _read)
    return remember_valid(_read_once(data_folder(folder, DATA_DIR, ChallengersData)))


def _sequence(value: object) -> tuple[object, ...]:
    """The items of a tuple or list; any other value as the one item."""
    return tuple(value) if isinstance(value, tuple | list) else (value,)


def data_rows(data: ChallengersData) -> Rows:
    """The four files' rows (header first) that load_data reads back as data: the inverse of it.

    The cards of robot_pile are robot.csv in pile order (position 1, 2, ...), every other card
    a row of cards.csv; each bracket pairing a row of brackets.csv, its id made from the player
    count, round and mat. A robot_pile id that is not a card, or a record of the wrong class, is
    refused with a DataError naming it.
    """
    sets = [SETS.column_names()]
    for key, value in data.sets.items():
        if isinstance(value, str) or not isinstance(value, tuple | list) or len(value) != 2:
            raise DataError(
                DATA_OBJECT,
                None,
                "sets",
                f"sets[{shown(key, 40)}] is {shown(value, 60)}; expected (name, "
                f"always in): a text and True or False",
            )
        sets.append([cell(key), cell(value[0]), cell(value[1])])
    pile = _sequence(data.robot_pile)
    robot = [ROBOT_CARDS.column_names()]
    for position, card_id in enumerate(pile, start=1):
        card = data.cards.get(card_id) if isinstance(card_id, str) else None
        if type(card) is not Card:
            raise DataError(
                DATA_OBJECT,
                None,
                "robot_pile",
                f"robot_pile holds {shown(card_id, 40)}, which is not the id of a Card in cards",
            )
        level = data.robot_levels.get(card.id) if isinstance(data.robot_levels, dict) else None
        robot.append([cell(c) for c in (card.id, position, card.name, card.strength, level)])
    cards = [CARDS.column_names()]
    for key, card in records(data.cards, "cards", Card):
        if key not in pile:
            cards.append([cell(getattr(card, name)) for name in CARDS.column_names()])
    brackets = [BRACKETS.column_names()]
    ids: set[str] = set()
    for players, pairings in data.brackets.items():
        for pairing in _sequence(pairings):
            if type(pairing) is not Pairing:
                raise DataError(
                    DATA_OBJECT,
                    None,
                    "brackets",
                    f"brackets[{shown(players, 20)}] holds {shown(pairing, 60)}; expected Pairing records",
                )
            row = [players, pairing.round, pairing.mat, pairing.first, pairing.second]
            row += [getattr(pairing, c) for c in LINE_COLUMNS]
            made = f"p{cell(players)}_r{cell(pairing.round)}_m{cell(pairing.mat)}"
            while made in ids:  # two pairings on one mat: each row still needs its own id
                made += "+"
            ids.add(made)
            brackets.append([made, *(cell(c) for c in row)])
    return {"sets.csv": sets, "cards.csv": cards, "robot.csv": robot, "brackets.csv": brackets}


FILES = ("sets.csv", "cards.csv", "robot.csv", "brackets.csv")


def _read(folder: Path) -> ChallengersData:
    """Read and check the four files."""
    sets = load_table(folder / "sets.csv", SETS)
    set_ids = {r["id"] for r in sets} | {"start"}
    cards = load_table(folder / "cards.csv", CARDS)
    for number, r in enumerate(cards, start=1):
        if r["set"] not in set_ids:
            raise DataError(
                folder / "cards.csv", number, "set", f"{shown(r['set'])} is not 'start' or a set in sets.csv"
            )
    if not any(r["level"] == "S" for r in cards):
        raise DataError(folder / "cards.csv", None, None, "the Starting Deck (level S) has no cards")
    robot = load_table(folder / "robot.csv", ROBOT_CARDS)
    clash = {r["id"] for r in robot} & {r["id"] for r in cards}
    if clash:
        raise DataError(
            folder / "robot.csv", None, "id", f"ids also used in cards.csv: {', '.join(sorted(clash))}"
        )
    bracket_path = folder / "brackets.csv"
    brackets = _brackets(bracket_path, load_table(bracket_path, BRACKETS))
    all_cards = {r["id"]: Card(**r) for r in cards}
    for r in robot:
        all_cards[r["id"]] = Card(r["id"], r["name"], "robot", "R", r["strength"], 1)
    return ChallengersData(
        cards=all_cards,
        sets={r["id"]: (r["name"], r["always_in"]) for r in sets},
        robot_pile=tuple(r["id"] for r in robot),
        brackets=brackets,
        robot_levels={r["id"]: r["level"] for r in robot},
    )


_read_once = read_once(_read, FILES)
