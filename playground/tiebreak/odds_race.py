"""Exact odds of Tie-Break Triumph's race: who wins a defended tournament, and how long it lasts.

The challenger starts on their bonus points, the champion on a head start. They take turns
rolling one die and adding it to their own total; straight after a roll, the roller wins if
their total is at least the target and they lead by at least the margin. A race can last for
ever, yet its chances are finite sums: once both totals have reached the target only the lead
matters, so the endless tail folds into a few linear equations, solved exactly (core.linear).

Here: the race's settings and their bounds (check_race_args, race_args, RACE_BOUNDS), who has
won before anyone rolls (won_at_start), the chance the challenger wins (p_challenger_wins), the
tail as sympy equations (race_chain), the race's length (race_length, expected_race_length) and a
grid of chances over both starts (race_grid). Every answer is an exact Fraction.
"""

from __future__ import annotations

import functools
import inspect
from collections import defaultdict, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, TypeVar

import pandas as pd
import sympy

from playground.core.linear import solve_exact
from playground.core.numbers import flag, shown

from .odds_target import DEFAULT_RULES, _check_int, _check_rules
from .rules import Rules

T = TypeVar("T")

ROLLERS = ("challenger", "champion")
"""Who can roll first in a tie-break race."""

__all__ = [
    "GRID_WORK",
    "RACE_BOUNDS",
    "ROLLERS",
    "RaceChain",
    "check_race_args",
    "expected_race_length",
    "p_challenger_wins",
    "race_args",
    "race_chain",
    "race_grid",
    "race_length",
    "won_at_start",
]


RACE_BOUNDS = {"start": 100, "target": 30, "margin": 10, "sides": 20, "max_rolls": 100}
"""The largest race the exact functions take, so that each answers within about a second on a
laptop (the worst case, a race to 30 won by 10 with a 20-sided die over 100 rolls, takes ~0.8 s);
the rules' own bounds (race_target 30, race_margin 10, tiebreak_die_sides 20) all fit."""


# A race position, seen by the player about to roll ("the mover"):
#   ("open", mover_total, other_total)  while at least one of them is still short of the target;
#   ("tail", lead)                        once both have reached it: then the totals no longer
#                                         matter, only the mover's lead (mover - other).
RaceState = tuple


@dataclass(frozen=True)
class _Race:
    """The race's one transition: what a single roll does to a position."""

    target: int
    margin: int
    sides: int

    def position(self, mover: int, other: int) -> RaceState:
        """The position with mover to roll, folded once both totals have reached the target."""
        if mover >= self.target and other >= self.target:
            return ("tail", mover - other)
        return ("open", mover, other)

    @functools.lru_cache(maxsize=65536)  # noqa: B019 (a race is small and lives in a cached solve)
    def roll(self, state: RaceState) -> list[tuple[Fraction, RaceState | None]]:
        """Each result of the mover's roll: (chance, next position), next position None = won."""
        chance = Fraction(1, self.sides)
        out: dict[RaceState | None, Fraction] = {}
        for die in range(1, self.sides + 1):
            if state[0] == "tail":
                lead = state[1] + die
                nxt = None if lead >= self.margin else ("tail", -lead)
            else:
                _, mover, other = state
                total = mover + die
                won = total >= self.target and total - other >= self.margin
                nxt = None if won else self.position(other, total)
            out[nxt] = out.get(nxt, Fraction(0)) + chance
        return [(p, nxt) for nxt, p in out.items()]

    def reachable(self, start: RaceState) -> list[RaceState]:
        """Every position the race can pass through from start (a finite set, see race_chain)."""
        seen = {start}
        queue = deque([start])
        while queue:
            for _, nxt in self.roll(queue.popleft()):
                if nxt is not None and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        return list(seen)


def check_race_args(
    challenger: int, champion: int, target: int, margin: int, sides: int, first: str, settle: bool = True
) -> tuple[int, int, int, int, int, str, bool]:
    """The race settings, whole numbers as Python ints (a numpy integer, as pandas gives it, is
    taken), once they make a race that surely ends; otherwise ValueError, in words. Bounds:
    RACE_BOUNDS (starts 0 to 100, target 1 to 30, margin 1 to 10, sides 2 to 20)."""
    whole = (
        _check_int("challenger_start", challenger, 0, RACE_BOUNDS["start"]),
        _check_int("champion_start", champion, 0, RACE_BOUNDS["start"]),
        _check_int("target", target, 1, RACE_BOUNDS["target"]),
        _check_int("margin", margin, 1, RACE_BOUNDS["margin"]),
        _check_int("sides", sides, 2, RACE_BOUNDS["sides"]),  # with a 1-sided die a tied race would never end
    )
    if first not in ROLLERS:
        raise ValueError(f"first must be 'challenger' or 'champion'; got {shown(first)}")
    return (*whole, first, flag(settle, "settle_at_start"))


def race_args(rules: Rules) -> tuple[int, int, int, int, str, bool]:
    """The race settings of a Rules object, in the order the race functions take them after
    the challenger's start: champion start, target, margin, die sides, first roller, and
    whether a race already won at the start is settled before any roll."""
    rules = _check_rules(rules)
    return (
        rules.champion_head_start,
        rules.race_target,
        rules.race_margin,
        rules.tiebreak_die_sides,
        rules.race_first,
        rules.race_won_at_start,
    )


def won_at_start(challenger: int, champion: int, target: int, margin: int) -> bool | None:
    """Who has won before anyone rolls: True the challenger, False the champion, None nobody.

    A side has won when its total is at least the target and it leads by at least the margin
    (both sides cannot, as the margin is at least 1). Bounds as check_race_args: starts 0 to
    100, target 1 to 30, margin 1 to 10 (whole numbers), else ValueError.
    """
    challenger = _check_int("challenger", challenger, 0, RACE_BOUNDS["start"])
    champion = _check_int("champion", champion, 0, RACE_BOUNDS["start"])
    target = _check_int("target", target, 1, RACE_BOUNDS["target"])
    margin = _check_int("margin", margin, 1, RACE_BOUNDS["margin"])
    for total, other, side in ((challenger, champion, True), (champion, challenger, False)):
        if total >= target and total - other >= margin:
            return side
    return None


def _checked_cache(func: Callable[..., T]) -> Callable[..., T]:
    """Cache a race function, checking its arguments on every call, cache hits included.

    A bare lru_cache would answer p_challenger_wins(3.0, 3) or (True, 3) from the entry of
    (3, 3) or (1, 3), and fail on a list with "unhashable type" instead of saying what is wrong.
    The checked settings go to the cache as Python ints, so a numpy integer (as pandas gives it)
    is answered, and from the same entry as its int.
    """
    cached = lru_cache(maxsize=4096)(func)
    signature = inspect.signature(func)

    @functools.wraps(func)
    def call(*args: Any, **kwargs: Any) -> T:
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        given = list(bound.arguments.values())
        return cached(*check_race_args(*given[:7]), *given[7:])

    call.cache_clear = cached.cache_clear  # type: ignore[attr-defined]
    return call


def _start(race: _Race, challenger: int, champion: int, first: str) -> RaceState:
    if first == "challenger":
        return race.position(challenger, champion)
    return race.position(champion, challenger)


@lru_cache(maxsize=256)
def _race_values(race: _Race, sign: int) -> dict[RaceState, Fraction]:
    """The positions of this race solved so far (for this sign), shared by every start asked for:
    a token table asks for five starts of one race, and their positions mostly overlap."""
    return {}


def _solve_race(race: _Race, start: RaceState, sign: int) -> dict[RaceState, Fraction]:
    """Solve value(x) = 1 + sign * sum(chance * value(next)) over the positions reachable from start.

    sign = -1 gives the mover's chance of winning: a roll either wins (1) or hands the die over,
    and then the mover wins exactly when the next mover does not (1 - value(next)).
    sign = +1 gives the expected number of rolls left: this roll plus those after it.

    Tail positions form a small loop (a lead can swing back and forth forever), solved as a
    linear system; open positions never repeat (a total only grows), so they are filled in from
    the largest totals down, each one needing only positions already known. Positions solved for
    an earlier start of the same race are not solved again.
    """
    value = _race_values(race, sign)
    if start in value:
        return value
    states = race.reachable(start)
    tail = sorted(s for s in states if s[0] == "tail")
    if any(s not in value for s in tail):  # the reachable tail is closed: solve it whole
        where = {s: i for i, s in enumerate(tail)}
        matrix = [[Fraction(0)] * len(tail) for _ in tail]
        for i, s in enumerate(tail):
            matrix[i][i] += 1
            for chance, nxt in race.roll(s):
                if nxt is not None:
                    matrix[i][where[nxt]] -= sign * chance
        value.update(zip(tail, solve_exact(matrix, [Fraction(1)] * len(tail)), strict=True))
    for s in sorted((s for s in states if s[0] == "open" and s not in value), key=lambda s: -(s[1] + s[2])):
        rest = sum((c * value[n] for c, n in race.roll(s) if n is not None), Fraction(0))
        value[s] = 1 + sign * rest
    return value


@_checked_cache
def p_challenger_wins(
    challenger_start: int,
    champion_start: int = 3,
    target: int = 7,
    margin: int = 2,
    sides: int = 6,
    first: str = "challenger",
    settle_at_start: bool = True,
) -> Fraction:
    """The exact chance that the challenger wins the tie-break race.

    With settle_at_start (the default, as Rules.race_won_at_start), a side whose starting total
    already meets the target and the margin wins before anyone rolls.

    Why this is finite although a race can last for ever: once both totals have reached the
    target, only the lead of the player about to roll matters, and that lead always lies between
    1 - margin and margin - 2 (otherwise somebody has already won or is sure to win on the next
    roll). So the endless tail folds into at most 2 * margin - 2 linear equations, solved exactly;
    the positions before that are finitely many and never repeat.

    Bounds (RACE_BOUNDS, so an answer comes within a second): starts 0 to 100, target 1 to 30,
    margin 1 to 10, sides 2 to 20; the other race functions take the same, and race_length at
    most 100 rolls.
    """
    settled = won_at_start(challenger_start, champion_start, target, margin) if settle_at_start else None
    if settled is not None:
        return Fraction(int(settled))
    race = _Race(target, margin, sides)
    start = _start(race, challenger_start, champion_start, first)
    mover_wins = _solve_race(race, start, sign=-1)[start]
    return mover_wins if first == "challenger" else 1 - mover_wins


@dataclass(frozen=True)
class RaceChain:
    """The folded tail of the race as sympy algebra, for the teaching notebook to display.

    ``symbols[lead]`` is w_lead: the chance that the player about to roll, leading by ``lead``
    once both totals have reached the target, goes on to win. ``equations`` say how each w
    depends on the others after one roll; ``solution`` solves them; ``p_challenger_wins`` is
    the answer for the race asked about (as a sympy Rational).
    """

    leads: tuple[int, ...]
    symbols: dict[int, sympy.Symbol]
    equations: list[sympy.Eq]
    solution: dict[sympy.Symbol, sympy.Rational]
    p_challenger_wins: sympy.Rational
    open_positions: int

    def frame(self) -> pd.DataFrame:
        """One row per tail lead: the equation and its exact solution."""
        return pd.DataFrame(
            {
                "lead": list(self.leads),
                "equation": [str(e) for e in self.equations],
                "w": [self.solution[self.symbols[lead]] for lead in self.leads],
                "decimal": [float(self.solution[self.symbols[lead]]) for lead in self.leads],
            }
        )


def race_chain(
    challenger_start: int,
    champion_start: int = 3,
    target: int = 7,
    margin: int = 2,
    sides: int = 6,
    first: str = "challenger",
    settle_at_start: bool = True,
) -> RaceChain:
    """The race's infinite tail written as a finite set of sympy equations, and solved by sympy.

    After a roll that does not win, the roller leads by less than the margin, so the next roller
    leads by more than -margin; and a roller leading by margin - 1 or more wins with any roll.
    Hence the leads 1 - margin .. margin - 2 are all the tail ever needs: one unknown each.
    """
    challenger_start, champion_start, target, margin, sides, first, settle_at_start = check_race_args(
        challenger_start, champion_start, target, margin, sides, first, settle_at_start
    )
    race = _Race(target, margin, sides)
    leads = tuple(range(1 - margin, margin - 1))
    symbols = {lead: sympy.Symbol(f"w_{lead}") for lead in leads}

    def w(lead: int) -> sympy.Expr:
        return symbols[lead] if lead in symbols else sympy.Integer(1)

    equations = []
    where = {lead: i for i, lead in enumerate(leads)}
    matrix = [[Fraction(int(i == j)) for j in range(len(leads))] for i in range(len(leads))]
    rhs = [Fraction(0)] * len(leads)
    for i, lead in enumerate(leads):
        terms = []
        for chance, nxt in race.roll(("tail", lead)):
            p = sympy.Rational(chance.numerator, chance.denominator)
            terms.append(p if nxt is None else p * (1 - w(nxt[1])))
            # the same equation in numbers: w_lead + p * w_next = p, or p when the roll wins
            if nxt is None or nxt[1] in where:
                rhs[i] += chance
            if nxt is not None and nxt[1] in where:
                matrix[i][where[nxt[1]]] += chance
        equations.append(sympy.Eq(symbols[lead], sympy.Add(*terms)))
    # solved exactly by our own elimination (what sympy.solve finds, many times faster)
    values = solve_exact(matrix, rhs) if leads else []
    solution = {
        symbols[lead]: sympy.Rational(v.numerator, v.denominator)
        for lead, v in sorted(
            zip(leads, values, strict=True), key=lambda lv: sympy.default_sort_key(symbols[lv[0]])
        )
    }  # in the order sympy.solve lists them
    exact = p_challenger_wins(challenger_start, champion_start, target, margin, sides, first, settle_at_start)
    start = _start(race, challenger_start, champion_start, first)
    open_positions = sum(1 for s in race.reachable(start) if s[0] == "open")
    return RaceChain(
        leads,
        symbols,
        equations,
        solution,
        sympy.Rational(exact.numerator, exact.denominator),
        open_positions,
    )


@_checked_cache
def _race_length_exact(
    challenger_start: int,
    champion_start: int,
    target: int,
    margin: int,
    sides: int,
    first: str,
    settle_at_start: bool,
    max_rolls: int,
) -> tuple[tuple[Fraction, ...], Fraction]:
    """(chance the race ends on roll 0, 1, ..., max_rolls; chance it is still going after)."""
    if settle_at_start and won_at_start(challenger_start, champion_start, target, margin) is not None:
        return (Fraction(1),) + (Fraction(0),) * max_rolls, Fraction(0)
    race = _Race(target, margin, sides)
    # after n rolls every path has chance (faces) / sides**n: count faces in whole numbers
    faces: dict[RaceState, list[tuple[int, RaceState | None]]] = {}
    mass: dict[RaceState, int] = {_start(race, challenger_start, champion_start, first): 1}
    ended = [Fraction(0)]
    for n in range(1, max_rolls + 1):
        over = 0
        after: dict[RaceState, int] = defaultdict(int)
        for state, m in mass.items():
            if state not in faces:
                faces[state] = [(c.numerator * (sides // c.denominator), nxt) for c, nxt in race.roll(state)]
            for k, nxt in faces[state]:
                if nxt is None:
                    over += m * k
                else:
                    after[nxt] += m * k
        ended.append(Fraction(over, sides**n))
        mass = after
    return tuple(ended), Fraction(sum(mass.values()), sides**max_rolls)


def race_length(
    challenger_start: int,
    champion_start: int = 3,
    target: int = 7,
    margin: int = 2,
    sides: int = 6,
    first: str = "challenger",
    settle_at_start: bool = True,
    max_rolls: int = 40,
) -> pd.DataFrame:
    """How many rolls the race takes, exactly: a table a notebook can show or plot.

    One row per n = 1..max_rolls with the exact chance the race ends on roll n (led by a row for
    n = 0 when the race is already won before anyone rolls), then one last
    row labelled ">max_rolls" with the exact chance it is still going after max_rolls rolls, so
    the ``probability`` column adds up to exactly 1. Columns: ``rolls``, ``probability``
    (Fraction), ``decimal`` (float), ``cumulative`` (Fraction: over within this many rolls).
    Plot ``frame.iloc[:-1]`` to leave the tail row out.
    """
    max_rolls = _check_int("max_rolls", max_rolls, 1, RACE_BOUNDS["max_rolls"])
    ended, tail = _race_length_exact(
        challenger_start, champion_start, target, margin, sides, first, settle_at_start, max_rolls
    )
    first_row = 0 if ended[0] else 1
    labels: list[int | str] = [*range(first_row, max_rolls + 1), f">{max_rolls}"]
    probabilities = [*ended[first_row:], tail]
    cumulative, running = [], Fraction(0)
    for p in probabilities:
        running += p
        cumulative.append(running)
    return pd.DataFrame(
        {
            "rolls": labels,
            "probability": probabilities,
            "decimal": [float(p) for p in probabilities],
            "cumulative": cumulative,
        }
    )


@_checked_cache
def expected_race_length(
    challenger_start: int,
    champion_start: int = 3,
    target: int = 7,
    margin: int = 2,
    sides: int = 6,
    first: str = "challenger",
    settle_at_start: bool = True,
) -> Fraction:
    """The exact average number of rolls (both players' rolls counted) a race lasts.

    A race already won at the start (with settle_at_start) lasts 0 rolls.

    Same folded chain as p_challenger_wins: expected rolls left = 1 for this roll plus, if it
    does not win, the expected rolls left from the next position.
    """
    if settle_at_start and won_at_start(challenger_start, champion_start, target, margin) is not None:
        return Fraction(0)
    race = _Race(target, margin, sides)
    start = _start(race, challenger_start, champion_start, first)
    return _solve_race(race, start, sign=+1)[start]


GRID_WORK = 250_000
"""race_grid's budget: each cell's race costs about (target + margin)² × sides + 1000 units, and
250,000 units take about a second (measured: one race to 30 by 10 with a d20 takes ~0.2 s)."""


def race_grid(
    challenger_starts: Sequence[int] = range(11),
    champion_starts: Sequence[int] = range(7),
    rules: Rules = DEFAULT_RULES,
) -> pd.DataFrame:
    """P(challenger wins) for every pair of starting totals, exactly, under the rules' race.

    Rows: champion start; columns: challenger start (each a whole number from 0 up, else
    ValueError). The rules give target, margin, die, who rolls first and settle-at-start.
    Bounds, so that the grid answers in about a second: at most 101 starts a side, and cells ×
    ((target + margin)² × sides + 1000) at most GRID_WORK (the default 11 × 7 grid fits under
    every rule; a race to 30 by 10 with a 20-sided die fits 7 cells, each ~0.2 s).
    """
    _, *race = race_args(rules)
    sizes = {"challenger_starts": challenger_starts, "champion_starts": champion_starts}
    for name, starts in sizes.items():
        if (
            not isinstance(starts, Sequence)
            or isinstance(starts, str)
            or len(starts) > RACE_BOUNDS["start"] + 1
        ):
            raise ValueError(
                f"{name} must be a list of at most {RACE_BOUNDS['start'] + 1} starts; got {shown(starts, 60)}"
            )
        for start in starts:
            _check_int(name, start, 0, RACE_BOUNDS["start"])
    target, margin, sides = race[0], race[1], race[2]
    work = len(challenger_starts) * len(champion_starts) * ((target + margin) ** 2 * sides + 1000)
    if work > GRID_WORK:
        raise ValueError(
            f"a {len(champion_starts)} × {len(challenger_starts)} grid of races to {target} by {margin} "
            f"with a {sides}-sided die is too big to solve in about a second: keep cells × "
            f"((target + margin)² × sides + 1000) at most {GRID_WORK:,} (it is {work:,}): fewer starts"
        )
    return pd.DataFrame(
        [[p_challenger_wins(c, h, *race) for c in challenger_starts] for h in champion_starts],
        index=pd.Index(list(champion_starts), name="champion start"),
        columns=pd.Index(list(challenger_starts), name="challenger start"),
    )
