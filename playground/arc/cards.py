"""Tournament Arc's components, read from CSV through the validated loader.

The rulebook prints no card list, so the files in data/arc are illustrative (not the published
cards); any folder with the same four files and columns can replace them.
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
from playground.core.data_objects import Rows, cell, cell_list, records, remember_valid, validate_data
from playground.core.numbers import shown

DATA_DIR = shipped_data("arc")
STATS = ("teamwork", "body", "underdog", "speed", "focus")
"""Teamwork, Body and Underdog are named by the rulebook; Speed and Focus are our own."""

EPISODE_KINDS = ("attach", "discard", "lock")
EPISODE_EFFECTS = {
    "none": ("attach",),
    "move_region": ("attach",),
    "evil_clone": ("attach",),
    "birthday_party": ("discard",),
    "non_canon_ova": ("discard",),
    "growth_spurt": ("discard",),
    "magical_girl": ("discard",),
    "someones_dad": ("lock",),
    "all_athletes": ("lock",),
    "extra_region": ("lock",),
}
"""Each effect and the card kinds (the icon behind the title) it may have."""

SPORT_EFFECTS = ("none", "lowest_wins", "most_cards_wins", "extra_region")
STAT_RANGE = (-9, 9)


@dataclass(frozen=True)
class Region:
    id: str
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Athlete:
    """An Athlete card: its home Region and base stats."""

    id: str
    name: str
    region: str
    stats: dict[str, int]

    def __post_init__(self) -> None:
        read_only(self, "stats", owner="athlete")

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Episode:
    """An Episode card: its kind (attach, discard, lock), effect, and stat modifiers.

    ``region`` is the Region a "Moving to..." card moves an Athlete to, or Someone's Dad's home.
    Someone's Dad's modifiers are his base stats: he plays as an Athlete.
    """

    id: str
    name: str
    kind: str
    effect: str
    region: str | None
    copies: int
    modifiers: dict[str, int]
    text: str

    def __post_init__(self) -> None:
        read_only(self, "modifiers", owner="episode")

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Sport:
    """A Sport card: its relevant stats, team size, and any effect or alternative win."""

    id: str
    name: str
    relevant: tuple[str, ...]
    team_size: int
    effect: str
    text: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class ArcData:
    """Everything a game needs from the data folder, looked up by card id."""

    regions: dict[str, Region]
    athletes: dict[str, Athlete]
    episodes: dict[str, Episode]
    sports: dict[str, Sport]

    def __post_init__(self) -> None:
        read_only(self, "regions", "athletes", "episodes", "sports")

    def name(self, card: str) -> str:
        """The printed name of any card id (the id itself for an unknown one)."""
        return self._names.get(card, card)

    @cached_property
    def _names(self) -> dict[str, str]:
        """Every card id's name, made once: the engine names cards in most steps' events."""
        tables = (self.regions, self.sports, self.episodes, self.athletes)  # an Athlete's id wins
        return {card: row.name for table in tables for card, row in table.items()}

    def sport_ids(self, names: tuple[str, ...]) -> tuple[str, ...]:
        """The ids of the Sports with these names, in the order named (made once per names)."""
        known = self._sport_ids.get(names)
        if known is None:
            known = self._sport_ids[names] = tuple(
                s.id for name in names for s in self.sports.values() if s.name == name
            )
        return known

    @cached_property
    def _sport_ids(self) -> dict[tuple[str, ...], tuple[str, ...]]:
        return {}

    def episode_deck(self) -> dict[str, int]:
        return {e.id: e.copies for e in self.episodes.values()}

    @cached_property
    def athlete_cards(self) -> frozenset[str]:
        """The ids that play as an Athlete: every Athlete card and each Someone's Dad Episode.

        Made once per data set: the Main Character count asks it of every card under every
        Athlete after every step.
        """
        return frozenset(self.athletes).union(self.dads)

    @cached_property
    def dads(self) -> frozenset[str]:
        """The ids of Someone's Dad: an Episode card that plays as an Athlete."""
        return frozenset(e.id for e in self.episodes.values() if e.effect == "someones_dad")

    @cached_property
    def targets_vary(self) -> frozenset[str]:
        """The Episodes whose targets depend on more than which Athletes are on the table: Non-
        Canon OVA (the cards attached now) and Birthday Party (the players other than you)."""
        varying = ("non_canon_ova", "birthday_party")
        return frozenset(e.id for e in self.episodes.values() if e.effect in varying)

    @cached_property
    def played_on_athletes(self) -> frozenset[str]:
        """The Episodes played on any one Athlete: attached (star icon), Growth Spurt and
        Magical Girl Transformation. Made once per data set: a turn lists every card's plays."""
        on = ("growth_spurt", "magical_girl")
        return frozenset(e.id for e in self.episodes.values() if e.kind == "attach" or e.effect in on)


def _stat_columns() -> list[Column]:
    return [Column(s, int, low=STAT_RANGE[0], high=STAT_RANGE[1]) for s in STATS]


REGIONS = Schema("region", [Column("id"), Column("name")])
ATHLETES = Schema(
    "athlete",
    [Column("id"), Column("name"), Column("region", references="region"), *_stat_columns()],
)


def _episode_checks(rows: list[dict[str, Any]]) -> str | None:
    for number, r in enumerate(rows, start=1):
        kinds = EPISODE_EFFECTS[r["effect"]]
        if r["kind"] not in kinds:
            return f"row {number} ({r['id']}): a {r['effect']} card must be of kind {' or '.join(kinds)}"
        needs_region = r["effect"] in ("move_region", "someones_dad")
        if needs_region and r["region"] is None:
            return f"row {number} ({r['id']}): a {r['effect']} card needs a region"
    return None


EPISODES = Schema(
    "episode",
    [
        Column("id"),
        Column("name"),
        Column("kind", choices=EPISODE_KINDS),
        Column("effect", choices=tuple(EPISODE_EFFECTS)),
        Column("region", references="region", optional=True),
        Column("copies", int, low=1, high=20),
        *_stat_columns(),
        Column("text"),
    ],
    checks=[_episode_checks],
)


def _relevant(text: str) -> tuple[str, ...] | None:
    names = tuple(s.strip() for s in text.split(";") if s.strip())
    return names if names and all(n in STATS for n in names) and len(set(names)) == len(names) else None


def _sport_checks(rows: list[dict[str, Any]]) -> str | None:
    for number, r in enumerate(rows, start=1):
        if _relevant(r["relevant"]) is None:
            return (
                f"row {number} ({r['id']}), column 'relevant': {shown(r['relevant'])} is not a list of "
                f"different stats separated by ';' (stats: {', '.join(STATS)})"
            )
    return None


SPORTS = Schema(
    "sport",
    [
        Column("id"),
        Column("name"),
        Column("relevant"),
        Column("team_size", int, low=1, high=5),
        Column("effect", choices=SPORT_EFFECTS),
        Column("text"),
    ],
    checks=[_sport_checks],
)


def _distinct_ids(tables: dict[str, list[dict[str, Any]]], folder: Path) -> None:
    seen: dict[str, str] = {}
    for name, rows in tables.items():
        for number, r in enumerate(rows, start=1):
            if r["id"] in seen:
                raise DataError(
                    folder / f"{name}.csv",
                    number,
                    "id",
                    f"the id {shown(r['id'])} is also used in {seen[r['id']]}.csv; "
                    f"every card id must be unique",
                )
            seen[r["id"]] = name


def load_data(folder: ArcData | Path | str | None = None) -> ArcData:
    """Load and check regions.csv, athletes.csv, episodes.csv and sports.csv from a folder.

    folder: a str or Path of a folder holding FILES, or None for ours. Raises DataError naming
    file, row and column when something is wrong. Files whose bytes were read before give the
    same data again without reading them (core's read_once): a comparison plays thousands of
    games, and reading four CSV files each time cost about a third of it. The data is shared
    between the games that use it: read it, do not change it.

    folder may also be an ArcData: the one load_data gave (answered by identity), or a
    changed copy (``dataclasses.replace``), checked exactly like a folder by core's validate_data
    (written back as the four files and read by the same loader; a few milliseconds per copy).
    """
    if isinstance(folder, ArcData) or dataclasses.is_dataclass(folder):  # another data class: refused
        return validate_data(folder, ArcData, data_rows, _read)
    return remember_valid(_read_once(data_folder(folder, DATA_DIR, ArcData)))


def data_rows(data: ArcData) -> Rows:
    """The four files' rows (header first) that load_data reads back as data: the inverse of it.

    A stat an Athlete lacks is an empty cell (which the loader refuses by name); an Episode's
    modifiers it lacks are 0, as the loader leaves them out. A record of the wrong class is
    refused with a DataError naming it.
    """
    regions = [REGIONS.column_names()]
    regions += [[cell(r.id), cell(r.name)] for _, r in records(data.regions, "regions", Region)]
    athletes = [ATHLETES.column_names()]
    for _, a in records(data.athletes, "athletes", Athlete):
        athletes.append([cell(c) for c in (a.id, a.name, a.region, *(a.stats.get(s) for s in STATS))])
    episodes = [EPISODES.column_names()]
    for _, e in records(data.episodes, "episodes", Episode):
        modifiers = (e.modifiers.get(s, 0) for s in STATS)
        row = (e.id, e.name, e.kind, e.effect, e.region, e.copies, *modifiers, e.text)
        episodes.append([cell(c) for c in row])
    sports = [SPORTS.column_names()]
    for _, s in records(data.sports, "sports", Sport):
        sports.append([cell(c) for c in (s.id, s.name, cell_list(s.relevant), s.team_size, s.effect, s.text)])
    return {"regions.csv": regions, "athletes.csv": athletes, "episodes.csv": episodes, "sports.csv": sports}


FILES = ("regions.csv", "athletes.csv", "episodes.csv", "sports.csv")


def _read(folder: Path) -> ArcData:
    """Read and check the four files (load_data's work when the folder is new or changed)."""
    regions = load_table(folder / "regions.csv", REGIONS)
    known = {"region": {r["id"] for r in regions}}
    athletes = load_table(folder / "athletes.csv", ATHLETES, known)
    episodes = load_table(folder / "episodes.csv", EPISODES, known)
    sports = load_table(folder / "sports.csv", SPORTS)
    _distinct_ids({"regions": regions, "athletes": athletes, "episodes": episodes, "sports": sports}, folder)
    return ArcData(
        regions={r["id"]: Region(r["id"], r["name"]) for r in regions},
        athletes={
            r["id"]: Athlete(r["id"], r["name"], r["region"], {s: r[s] for s in STATS}) for r in athletes
        },
        episodes={
            r["id"]: Episode(
                r["id"],
                r["name"],
                r["kind"],
                r["effect"],
                r["region"],
                r["copies"],
                {s: r[s] for s in STATS if r[s] != 0},
                r["text"],
            )
            for r in episodes
        },
        sports={
            r["id"]: Sport(
                r["id"], r["name"], _relevant(r["relevant"]) or (), r["team_size"], r["effect"], r["text"]
            )
            for r in sports
        },
    )


_read_once = read_once(_read, FILES)
