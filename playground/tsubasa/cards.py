"""Captain Tsubasa's components, read from CSV through the validated loader.

The rulebook prints no card list, so every file in data/tsubasa is illustrative (not the
published cards); any folder with the same files and columns can replace it. Every card the
engine moves is a :class:`Card` looked up by its id, so zones hold plain ids.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
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
from playground.core.data_objects import (
    DATA_OBJECT,
    Rows,
    cell,
    cell_list,
    records,
    remember_valid,
    validate_data,
)
from playground.core.numbers import shown

DATA_DIR = shipped_data("tsubasa")
TEAMS = ("nankatsu", "toho")
ABILITIES = (
    "gain_shot",
    "gain_pass",
    "gain_defense",
    "gain_shot_or_pass",
    "gain_each",
    "gain_two",
    "eliminate_self",
    "eliminate_opponent",
    "discard_opponent",
    "play_card",
    "reroll",
    "save",
    "control_advance",
    "injury",
    "substitution",
    "special_shot",
    "foul",
    "fatigue",
)
"""Every optional ability a card can carry (the rulebook's kinds and its named abilities)."""

MANDATORY = ("eliminate_self", "discard_self")
"""What a card must do once its Optional Ability 1 is used (card anatomy 7): leave the play area
for the box (the rulebook's Eliminate Card) or for its owner's discard pile (Discard Card)."""

FATIGUE = "fatigue"
YELLOW_RED = "yellow_red"


@dataclass(frozen=True)
class Card:
    """One card: whose it is, what kind, its Shot/Pass/Defense values, optional abilities and the
    Mandatory Action that comes with using the first one.

    kind is "field", "keeper" or "fan" (a team's initial cards), "match", "motivation",
    "signing", "fatigue" or "yellow_red"; team is "nankatsu", "toho" or "any".
    """

    id: str
    name: str
    team: str
    kind: str
    shot: int = 0
    pass_: int = 0
    defense: int = 0
    abilities: tuple[str, ...] = ()
    cost: tuple[int, int, int] = (0, 0, 0)  # shot, pass, defense points to motivate or sign
    replaces: str | None = None  # the initial card a motivation card swaps with
    half: int = 0  # 1 or 2 for Match cards
    first_match: bool = True  # kept in the First Match variant
    mandatory: str | None = None  # one of MANDATORY, owed when Optional Ability 1 is used

    def value(self, kind: str) -> int:
        """The card's value for "shot", "pass" or "defense"."""
        return {"shot": self.shot, "pass": self.pass_, "defense": self.defense}[kind]

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class SpecialCard:
    """A Special Shot (kind "shot") or Special Defense (kind "defense") and the shots it stops."""

    id: str
    team: str
    kind: str
    name: str
    stops: tuple[str, ...] = ()

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class TsubasaData:
    """Everything a match needs from the data folder."""

    cards: dict[str, Card]
    specials: dict[str, SpecialCard]
    supplies: dict[str, int]

    def __post_init__(self) -> None:
        read_only(self, "cards", "specials", "supplies")

    def team_cards(self, team: str) -> list[str]:
        """The ids of a team's initial cards (its draw deck at kick-off)."""
        return [c.id for c in self.cards.values() if c.team == team and c.kind in ("field", "keeper", "fan")]

    def of_kind(self, kind: str, team: str | None = None) -> list[str]:
        return [c.id for c in self.cards.values() if c.kind == kind and (team is None or c.team == team)]

    def special_ids(self, team: str, kind: str) -> list[str]:
        return [s.id for s in self.specials.values() if s.team == team and s.kind == kind]

    def stop_matrix(self, attacker: str) -> list[list[int]]:
        """1 where the defender's Special Defense (column) stops the attacker's Special Shot (row)."""
        defender = TEAMS[1 - TEAMS.index(attacker)]
        shots = self.special_ids(attacker, "shot")
        defenses = self.special_ids(defender, "defense")
        return [[int(s in self.specials[d].stops) for d in defenses] for s in shots]


_ability = Column("ability1", choices=ABILITIES, optional=True)
_ABILITIES = [
    _ability,
    Column("ability2", choices=ABILITIES, optional=True),
    Column("mandatory", choices=MANDATORY, optional=True),
]
"""The two optional abilities and the Mandatory Action of Optional Ability 1, in every card file."""
_VALUES = [Column(k, int, low=0, high=9) for k in ("shot", "pass", "defense")]
_COSTS = [Column(k, int, low=0, high=5) for k in ("cost_shot", "cost_pass", "cost_defense")]


def _mandatory_has_ability1(rows: list[dict[str, Any]]) -> str | None:
    """A Mandatory Action is owed only when Optional Ability 1 is used, so it needs one."""
    for number, r in enumerate(rows, start=1):
        if r["mandatory"] and not r["ability1"]:
            return (
                f"row {number} ({r['id']}): the Mandatory Action {shown(r['mandatory'])} comes with Optional "
                "Ability 1, and 'ability1' is empty; fill in 'ability1' or leave 'mandatory' empty"
            )
    return None


def _teams_have_keeper(rows: list[dict[str, Any]]) -> str | None:
    """Each team needs at least one keeper and at least 4 cards, so a hand can be dealt."""
    for team in TEAMS:
        mine = [r for r in rows if r["team"] == team]
        if len(mine) < 4:
            return f"team {team} has {len(mine)} cards; it needs at least 4"
        if not any(r["role"] == "keeper" for r in mine):
            return f"team {team} has no keeper (a row with role keeper)"
    return None


PLAYERS = Schema(
    "player card",
    [
        Column("id"),
        Column("team", choices=TEAMS),
        Column("name"),
        Column("role", choices=("field", "keeper", "fan")),
        *_VALUES,
        *_ABILITIES,
        Column("in_first_match", bool),
    ],
    checks=(_teams_have_keeper, _mandatory_has_ability1),
)

MOTIVATION = Schema(
    "motivation card",
    [
        Column("id"),
        Column("team", choices=TEAMS),
        Column("replaces", references="player"),
        Column("name"),
        *_VALUES,
        *_ABILITIES,
        *_COSTS,
    ],
    checks=(_mandatory_has_ability1,),
)


def _both_halves(rows: list[dict[str, Any]]) -> str | None:
    for half in (1, 2):
        n = sum(1 for r in rows if r["half"] == half)
        if n < 5:
            return f"half {half} has {n} Match cards; it needs at least 5 (4 on the pitch and one to remove)"
    return None


MATCH = Schema(
    "Match card",
    [
        Column("id"),
        Column("half", int, low=1, high=2),
        Column("name"),
        Column("team", choices=("any", *TEAMS)),
        *_VALUES,
        *_ABILITIES,
        Column("first_match_removed", bool),
    ],
    checks=(_both_halves, _mandatory_has_ability1),
)


def _specials_check(rows: list[dict[str, Any]]) -> str | None:
    """Each team has shots and defenses; a defense stops only the other team's shots."""
    shots = {r["id"]: r["team"] for r in rows if r["kind"] == "shot"}
    for number, r in enumerate(rows, start=1):
        stops = [s for s in (r["stops"] or "").split(";") if s]
        if r["kind"] == "shot" and stops:
            return f"row {number} ({r['id']}): a Special Shot stops nothing; leave 'stops' empty"
        for s in stops:
            if s not in shots or shots[s] == r["team"]:
                return f"row {number} ({r['id']}): {shown(s)} is not a Special Shot of the other team"
    for team in TEAMS:
        for kind in ("shot", "defense"):
            if not any(r["team"] == team and r["kind"] == kind for r in rows):
                return f"team {team} has no Special {kind.title()} card"
    return None


SPECIALS = Schema(
    "Special Shot or Defense card",
    [
        Column("id"),
        Column("team", choices=TEAMS),
        Column("kind", choices=("shot", "defense")),
        Column("name"),
        Column("stops", optional=True),
    ],
    checks=(_specials_check,),
)

SIGNINGS = Schema(
    "Signing card",
    [
        Column("id"),
        Column("name"),
        Column("role", choices=("field", "keeper")),
        *_VALUES,
        *_ABILITIES,
        *_COSTS,
    ],
    checks=(_mandatory_has_ability1,),
)


def _supplies_check(rows: list[dict[str, Any]]) -> str | None:
    ids = sorted(r["id"] for r in rows)
    if ids != sorted((FATIGUE, YELLOW_RED)):
        return f"the supplies are exactly the rows {shown(FATIGUE)} and {shown(YELLOW_RED)}; found {ids}"
    return None


SUPPLIES = Schema(
    "supply",
    [Column("id"), Column("name"), Column("copies", int, low=0, high=20)],
    checks=(_supplies_check,),
)


def _abilities(row: dict[str, Any]) -> dict[str, Any]:
    """The Card fields of a row's ability1, ability2 and mandatory cells."""
    return {
        "abilities": tuple(a for a in (row["ability1"], row["ability2"]) if a),
        "mandatory": row["mandatory"],
    }


def _values(row: dict[str, Any]) -> dict[str, int]:
    return {"shot": row["shot"], "pass_": row["pass"], "defense": row["defense"]}


def _cost(row: dict[str, Any]) -> tuple[int, int, int]:
    return (row["cost_shot"], row["cost_pass"], row["cost_defense"])


FILES = ("players.csv", "motivation.csv", "match_cards.csv", "signings.csv", "supplies.csv", "specials.csv")
"""The six files of a Tsubasa data folder."""


def load_data(folder: TsubasaData | Path | str | None = None) -> TsubasaData:
    """Load the six CSV files of folder (default: the shipped illustrative ones), or check a data object.

    folder: a str or Path of a folder holding FILES, each at most core's MAX_FILE_BYTES, or None
    for ours. Files whose bytes were parsed before give the same data again without parsing
    (core's read_once: ``new_game()`` without data= loads it for every match, and parsing would
    otherwise take most of a simulation's time); a changed file is parsed afresh. The data is
    shared between the games that use it: read it, do not change it.

    folder may also be a TsubasaData: the one load_data gave (answered by identity), or a
    changed copy (``dataclasses.replace``), checked exactly like a folder by core's validate_data
    (written back as the six files and read by the same loader; a few milliseconds per copy).
    """
    if isinstance(folder, TsubasaData) or dataclasses.is_dataclass(folder):  # another data class: refused
        return validate_data(folder, TsubasaData, data_rows, _read)
    return remember_valid(_read_once(data_folder(folder, DATA_DIR, TsubasaData)))


_FILE_OF_KIND = {
    "field": "players.csv",
    "keeper": "players.csv",
    "fan": "players.csv",
    "motivation": "motivation.csv",
    "match": "match_cards.csv",
    "signing": "signings.csv",
}
"""The file each kind of card is a row of; the Fatigue and Yellow / Red cards are made by the loader."""

_SUPPLY_NAMES = {FATIGUE: "Fatigue", YELLOW_RED: "Yellow / Red card"}


def _two(card: Card) -> list[str]:
    """The ability1, ability2 and mandatory cells of a card (a third ability is not written)."""
    abilities = card.abilities
    if isinstance(abilities, str) or not isinstance(abilities, tuple | list):
        return [cell(abilities), "", cell(card.mandatory)]
    return [*(cell(a) for a in (*abilities, "", "")[:2]), cell(card.mandatory)]


def _points(card: Card, key: object) -> list[str]:
    """The cost_shot, cost_pass and cost_defense cells of a card's cost."""
    if isinstance(card.cost, str) or not isinstance(card.cost, tuple | list) or len(card.cost) != 3:
        raise DataError(
            DATA_OBJECT,
            None,
            "cards",
            f"cards[{shown(key, 40)}].cost is {shown(card.cost, 60)}; expected (shot, pass, defense): "
            "three whole numbers from 0 to 5",
        )
    return [cell(n) for n in card.cost]


def data_rows(data: TsubasaData) -> Rows:
    """The six files' rows (header first) that load_data reads back as data: the inverse of it.

    Each card is a row of its kind's file (a field player, keeper or fan of players.csv, and so
    on), the supplies are supplies.csv and the Special cards specials.csv. The Fatigue and
    Yellow / Red cards are not written: the loader makes them. A card of a kind no file holds,
    or a record that is not a Card, is refused with a DataError naming it.
    """
    schemas = (PLAYERS, MOTIVATION, MATCH, SIGNINGS, SUPPLIES, SPECIALS)
    tables = {name: [schema.column_names()] for name, schema in zip(FILES, schemas, strict=True)}
    for key, card in records(data.cards, "cards", Card):
        if card.kind in (FATIGUE, YELLOW_RED):
            continue
        file = _FILE_OF_KIND.get(card.kind) if isinstance(card.kind, str) else None
        if file is None:
            raise DataError(
                DATA_OBJECT,
                None,
                "cards",
                f"cards[{shown(key, 40)}].kind is {shown(card.kind, 40)}; expected one of "
                f"{', '.join([*_FILE_OF_KIND, FATIGUE, YELLOW_RED])}",
            )
        values = [cell(card.shot), cell(card.pass_), cell(card.defense), *_two(card)]
        if file == "players.csv":
            row = [card.id, card.team, card.name, card.kind, *values, card.first_match]
        elif file == "motivation.csv":
            row = [card.id, card.team, card.replaces, card.name, *values, *_points(card, key)]
        elif file == "match_cards.csv":
            removed = (not card.first_match) if isinstance(card.first_match, bool) else card.first_match
            row = [card.id, card.half, card.name, card.team, *values, removed]
        else:
            role = "keeper" if card.replaces == "keeper" else "field"
            row = [card.id, card.name, role, *values, *_points(card, key)]
        tables[file].append([cell(c) for c in row])
    for key, copies in data.supplies.items():
        tables["supplies.csv"].append([cell(key), _SUPPLY_NAMES.get(key, cell(key)), cell(copies)])
    for _, special in records(data.specials, "specials", SpecialCard):
        row = [special.id, special.team, special.kind, special.name, cell_list(special.stops)]
        tables["specials.csv"].append([cell(c) for c in row])
    return tables


def _read(folder: Path) -> TsubasaData:
    """Parse and check the six files (load_data's work when the folder is new or changed)."""
    cards: dict[str, Card] = {}
    origin: dict[str, str] = {}  # the file (and row) each id came from
    rows: dict[Path, int] = {}

    def put(card: Card, path: Path) -> None:
        rows[path] = row = rows.get(path, 0) + 1
        if card.id in cards:
            raise DataError(
                path,
                row,
                "id",
                f"the id {shown(card.id)} is already used in {origin[card.id]}; ids must differ",
            )
        cards[card.id] = card
        origin[card.id] = f"{path.name}, row {row}"

    path = folder / "players.csv"
    player_rows = load_table(path, PLAYERS)
    for r in player_rows:
        card = Card(
            r["id"],
            r["name"],
            r["team"],
            r["role"],
            **_values(r),
            **_abilities(r),
            first_match=r["in_first_match"],
        )
        put(card, path)
    path = folder / "motivation.csv"
    for number, r in enumerate(load_table(path, MOTIVATION, {"player": {x["id"] for x in player_rows}}), 1):
        if cards[r["replaces"]].team != r["team"]:
            raise DataError(path, number, "replaces", f"{shown(r['replaces'])} is not a {r['team']} player")
        put(
            Card(
                r["id"],
                r["name"],
                r["team"],
                "motivation",
                **_values(r),
                **_abilities(r),
                cost=_cost(r),
                replaces=r["replaces"],
            ),
            path,
        )
    path = folder / "match_cards.csv"
    for r in load_table(path, MATCH):
        put(
            Card(
                r["id"],
                r["name"],
                r["team"],
                "match",
                **_values(r),
                **_abilities(r),
                half=r["half"],
                first_match=not r["first_match_removed"],
            ),
            path,
        )
    path = folder / "signings.csv"
    for r in load_table(path, SIGNINGS):
        put(
            Card(
                r["id"],
                r["name"],
                "any",
                "signing",
                **_values(r),
                **_abilities(r),
                cost=_cost(r),
                replaces="keeper" if r["role"] == "keeper" else None,
            ),
            path,
        )
    supplies = {r["id"]: r["copies"] for r in load_table(folder / "supplies.csv", SUPPLIES)}
    put(Card(FATIGUE, "Fatigue", "any", "fatigue", first_match=False), folder / "supplies.csv")
    put(Card(YELLOW_RED, "Yellow / Red card", "any", "yellow_red"), folder / "supplies.csv")
    specials = {
        r["id"]: SpecialCard(
            r["id"], r["team"], r["kind"], r["name"], tuple(s for s in (r["stops"] or "").split(";") if s)
        )
        for r in load_table(folder / "specials.csv", SPECIALS)
    }
    return TsubasaData(cards, specials, supplies)


_read_once = read_once(_read, FILES)
