"""The board as a graph: who is next clockwise and counter-clockwise, forks, and moving.

Kept apart from the engine because the exact landing-frequency maths walks the same graph:
the engine and odds.py move a piece with the very same function.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from playground.core.data import DataError, ReadOnlyDict
from playground.core.numbers import shown, whole_number

TOURNAMENT_KINDS = ("tournament", "united", "final")
DIRECTIONS = ("clockwise", "counter")
FORKS = ("main", "branch", "player")
"""The way taken at a fork: always the main or the branch road, or the player's choice."""
MAX_STEPS = 1_000
"""Spaces one move may cover at most, when asked from outside the engine (a move costs its steps
times at most two ends; the rules' largest move is 24)."""


@dataclass(frozen=True)
class Space:
    """One space of the board."""

    id: str
    name: str
    kind: str
    points: int | None
    surface: str | None
    next: str
    branch: str | None
    track: str
    x: int
    y: int

    @property
    def is_tournament(self) -> bool:
        return self.kind in TOURNAMENT_KINDS


_COPY_IT = "every game on it shares it. Copy the data folder, edit spaces.csv and pass the folder as data=."


class Board:
    """The spaces and their links; space positions are indices into ``spaces``."""

    def __init__(self, spaces: Sequence[Space], source: Path | str = "spaces.csv"):
        self.source = Path(source)  # named in the errors about links
        self.spaces = tuple(spaces)
        self.index = ReadOnlyDict({s.id: i for i, s in enumerate(self.spaces)}, "index", "board", _COPY_IT)
        clockwise: list[list[int]] = [[] for _ in self.spaces]
        counter: list[list[int]] = [[] for _ in self.spaces]
        for i, s in enumerate(self.spaces):
            for target in (s.next, s.branch):
                if target is not None:
                    clockwise[i].append(self.index[target])
                    counter[self.index[target]].append(i)
        links = {"clockwise": tuple(map(tuple, clockwise)), "counter": tuple(map(tuple, counter))}
        self._links = ReadOnlyDict(links, "links", "board", _COPY_IT)
        for direction, links in self._links.items():
            for i, options in enumerate(links):
                self._check_links(i, options, direction)
        self._successors: dict[tuple[str, str], tuple[tuple[int, ...], ...]] = {}
        self.start = next(i for i, s in enumerate(self.spaces) if s.kind == "start")
        self.injury = next(i for i, s in enumerate(self.spaces) if s.kind == "injury")
        self._sealed = True
        self._check_reachable()

    def __setattr__(self, name: str, value: object) -> None:
        if getattr(self, "_sealed", False):
            raise TypeError(f"A loaded board cannot be changed in place (board.{name}): {_COPY_IT}")
        object.__setattr__(self, name, value)

    def __copy__(self) -> Board:
        return self  # read-only, so a copy is the board itself (and keeps the games' shared caches)

    def __deepcopy__(self, memo: dict[int, object]) -> Board:
        return self

    def _check_links(self, i: int, options: tuple[int, ...], direction: str) -> None:
        where = self.source
        sid = self.spaces[i].id
        if not options:
            raise DataError(
                where,
                i + 1,
                "next",
                f"space {shown(sid)} has no {direction} neighbour; every space must be on a path",
            )
        if len(options) > 2:
            raise DataError(
                where,
                i + 1,
                "next",
                f"space {shown(sid)} has {len(options)} {direction} neighbours; a fork has at most two",
            )
        if len(options) == 2:
            tracks = sorted(self.spaces[j].track for j in options)
            if tracks != ["branch", "main"]:
                raise DataError(
                    where,
                    i + 1,
                    "track",
                    f"the fork at {shown(sid)} must lead to one main "
                    f"and one branch space going {direction}; it leads to {tracks}",
                )

    def _check_reachable(self) -> None:
        seen, frontier = {self.start}, [self.start]
        while frontier:
            i = frontier.pop()
            for j in self._links["clockwise"][i]:
                if j not in seen:
                    seen.add(j)
                    frontier.append(j)
        unreachable = [self.spaces[i].id for i in range(len(self.spaces)) if i not in seen]
        if unreachable:
            raise DataError(
                self.source,
                None,
                "next",
                f"these spaces cannot be reached from the start: {', '.join(unreachable)}",
            )

    def __len__(self) -> int:
        return len(self.spaces)

    def _checked(self, position: int, direction: str, fork: str, steps: int = 0) -> tuple[int, int]:
        """position and steps as ints, if all four name a real move; else a ValueError in words."""
        position = whole_number(position, "position", 0, len(self.spaces) - 1)
        if direction not in DIRECTIONS:
            raise ValueError(f"direction must be one of {', '.join(DIRECTIONS)}; got {shown(direction, 40)}")
        if fork not in FORKS:
            raise ValueError(f"fork must be one of {', '.join(FORKS)}; got {shown(fork, 40)}")
        return position, whole_number(steps, "steps", 0, MAX_STEPS)

    def options(self, position: int, direction: str, fork: str) -> tuple[int, ...]:
        """Where one step from position goes: one space, or both ways at a fork if fork='player'.

        position: 0 to len(board) - 1; direction: clockwise or counter; fork: main, branch or player.
        """
        position, _ = self._checked(position, direction, fork)
        return self._options(position, direction, fork)

    def _options(self, position: int, direction: str, fork: str) -> tuple[int, ...]:
        links = self._links[direction][position]
        if len(links) == 1 or fork == "player":
            return links
        return tuple(j for j in links if self.spaces[j].track == fork)

    def successors(self, direction: str, fork: str) -> tuple[tuple[int, ...], ...]:
        """options(i, direction, fork) for every space i: made once per board, direction and
        way at a fork, for the exact landing chain, which walks from every space."""
        table = self._successors.get((direction, fork))
        if table is None:
            self._checked(0, direction, fork)
            table = self._successors[direction, fork] = tuple(
                self._options(i, direction, fork) for i in range(len(self.spaces))
            )
        return table

    def destinations(self, position: int, steps: int, direction: str, fork: str) -> tuple[int, ...]:
        """Every space a move of ``steps`` can end on (one, unless a player chooses at a fork).

        steps: 0 to MAX_STEPS (a move costs its steps times at most the board's size).
        """
        position, steps = self._checked(position, direction, fork, steps)
        return self._destinations(position, steps, direction, fork)

    def _destinations(self, position: int, steps: int, direction: str, fork: str) -> tuple[int, ...]:
        after = self.successors(direction, fork)
        ends = {position}
        for _ in range(steps):
            ends = {j for i in ends for j in after[i]}
        return tuple(sorted(ends))

    def move_ends(self, position: int, steps: int, face: str, fork: str) -> tuple[int, ...]:
        """The distinct spaces a move can end on for a direction-die face.

        "clockwise" and "counter" go that way; on "choice" the player may go either way, so the
        ends of both directions count. fork is the way taken at forks for this face. The engine
        and the exact landing chain both move with this one function. Bounds as destinations.
        """
        if face != "choice":
            return self.destinations(position, steps, face, fork)
        ends = set(self.destinations(position, steps, "clockwise", fork))
        ends.update(self._destinations(int(position), int(steps), "counter", fork))
        return tuple(sorted(ends))

    @cached_property
    def tournaments(self) -> tuple[int, ...]:
        """The positions of every space where a tournament can be won."""
        return tuple(i for i, s in enumerate(self.spaces) if s.is_tournament)

    @cached_property
    def let_spaces(self) -> tuple[int, ...]:
        """The positions of the Let spaces, in board order: one Let pile each."""
        return tuple(i for i, s in enumerate(self.spaces) if s.kind == "let")
