"""Exact odds of Tie-Break Triumph's chance events: Fractions, no randomness.

Every function here returns an exact ``fractions.Fraction`` (or a sympy object where the algebra
is what a notebook wants to show), so a teacher can put "36/41" on the board and know it is right.
``simulate.py`` holds the Monte Carlo counterparts; the tests check every function here against a
second, independent derivation (enumeration, icepool, a worked example).

What is modelled, in our own words (rulebook: Tie-Break Triumph, read in shared/rules-notes.md):

* Vacant tournament: your bonus points plus one die; you win if the total reaches the target.
* Defended tournament: a race. The challenger starts on their bonus points, the champion on a
  head start. They take turns rolling one die and adding it to their own total; straight after a
  roll, the roller wins if their total is at least the target and they lead by at least the margin.
* Movement: two number dice say how far, the direction die says which way, and the piece goes
  round a board with forks. Landing on the Injury space keeps the piece there for some turns.
"""

from __future__ import annotations

import functools
import inspect
import math
import numbers
import operator
from collections import defaultdict, deque
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, TypeVar

import numpy as np
import pandas as pd
import sympy

from playground.core.dist import Dist
from playground.core.numbers import is_whole, shown, whole_number

from .board import Board, Space
from .rules import TOKEN_TYPES, Rules

T = TypeVar("T")

ROLLERS = ("challenger", "champion")
"""Who can roll first in a tie-break race."""

DEFAULT_RULES = Rules()
"""The rulebook's defaults (a frozen object, so safe to share as a default argument)."""

__all__ = [
    "MAX_CARD_POINTS",
    "MAX_TOKEN_WORTH",
    "RaceChain",
    "best_tokens",
    "challenger_start",
    "check_race_args",
    "check_schedule_args",
    "defended_token_table",
    "expected_race_length",
    "landing_frame",
    "landing_frequencies",
    "max_defended_tokens",
    "max_tokens",
    "move_distribution",
    "p_ace",
    "p_challenger_wins",
    "p_defended_win",
    "p_reach_target",
    "p_schedule_holds",
    "p_vacant_win",
    "race_args",
    "race_chain",
    "race_grid",
    "race_length",
    "reach_target_formula",
    "schedule_dist",
    "token_net_table",
    "token_value_table",
    "vacant_bonus",
    "vacant_vs_defended",
    "won_at_start",
]


# -- exact linear algebra on Fractions -----------------------------------------------------------


MAX_UNKNOWNS = 100
"""The most unknowns solve_exact takes: elimination costs about n³ steps on whole numbers."""

MAX_DIGITS = 500
"""The most digits solve_exact lets an entry or the answer's fractions have, so that each step
stays cheap (100 unknowns at 500 digits: about 0.7 s) and every answer can be printed."""

_BITS_PER_DIGIT = math.log2(10)


def solve_exact(matrix: Sequence[Sequence[Fraction]], rhs: Sequence[Fraction]) -> list[Fraction]:
    """Solve ``matrix @ x = rhs`` exactly by Gauss-Jordan elimination.

    Floating point would give 0.8780487804878049 where the class wants 36/41, so every step
    stays exact. Each row is scaled to whole numbers and kept reduced by its gcd (fraction-free
    elimination), which is several times faster than Fraction arithmetic and just as exact.

    Bounds, checked before solving so that an answer comes within about a second: a square
    system (one row of ``matrix`` and one number of ``rhs`` per unknown) of at most MAX_UNKNOWNS
    (100) unknowns; entries whole numbers or fractions (a finite float counts at its exact
    value) of at most MAX_DIGITS (500) digits; and rows small enough that the answer's fractions
    cannot need more than MAX_DIGITS digits (Hadamard's bound: the digits of the rows' lengths,
    once each row is scaled to whole numbers, added up). Raises ValueError, in words, otherwise
    and if the system has no single solution.
    """
    return _solve_whole(_whole_rows(matrix, rhs))


def _listed(value: object, name: str) -> list[Any]:
    """value as a list, if it is a list, tuple or numpy array of at most MAX_UNKNOWNS items."""
    listed = isinstance(value, np.ndarray) and value.ndim > 0
    if not (listed or (isinstance(value, Sequence) and not isinstance(value, str | bytes))):
        raise ValueError(f"{name} must be a list of numbers; got {shown(value)}")
    if len(value) > MAX_UNKNOWNS:
        raise ValueError(
            f"{name} has {len(value):,} entries, too many to solve exactly in about a second: "
            f"at most {MAX_UNKNOWNS} unknowns are allowed"
        )
    return list(value)


def _entry(value: object, where: str) -> Fraction:
    """One entry as an exact Fraction: a whole number, a fraction or a finite float, not too long."""
    rational = isinstance(value, numbers.Rational) and not isinstance(value, bool)
    if not (rational or (isinstance(value, float) and math.isfinite(value))):
        raise ValueError(
            f"{where} must be a whole number or a fraction (a finite number); got {shown(value)}"
        )
    exact = Fraction(value)
    top, bottom = int(exact.numerator), int(exact.denominator)  # a numpy integer would overflow
    if max(abs(top), bottom).bit_length() > MAX_DIGITS * _BITS_PER_DIGIT:
        raise ValueError(f"{where} has more than {MAX_DIGITS} digits: too long to solve in about a second")
    return Fraction(top, bottom)


def _whole_rows(matrix: object, rhs: object) -> list[list[int]]:
    """The system's rows [a_1 .. a_n | b] scaled to whole numbers and reduced, once it is checked
    to be square, of numbers, and small enough to solve quickly (see solve_exact)."""
    right = _listed(rhs, "rhs")
    n = len(right)
    rows = _listed(matrix, "matrix")
    if len(rows) != n:
        raise ValueError(
            f"matrix and rhs must have one row and one number per unknown; matrix has {len(rows)} "
            f"rows and rhs {n} numbers"
        )
    spread = math.log10(n + 1) / 2  # a row of n + 1 numbers is at most sqrt(n + 1) times its largest
    digits, whole_rows = 0.0, []
    for i, (row, r) in enumerate(zip(rows, right, strict=True), start=1):
        values = _listed(row, f"matrix row {i}")
        if len(values) != n:
            raise ValueError(f"matrix must be square, {n} numbers in every row; row {i} has {len(values)}")
        exact = [_entry(v, f"matrix row {i}, column {j}") for j, v in enumerate(values, start=1)]
        exact.append(_entry(r, f"rhs number {i}"))
        scale = 1
        for v in exact:
            scale = math.lcm(scale, v.denominator)
            if scale.bit_length() > 2 * MAX_DIGITS * _BITS_PER_DIGIT + 1:
                # the reduced row's largest number is at least scale / its largest denominator
                raise _too_big(i)
        whole = _reduced([v.numerator * (scale // v.denominator) for v in exact])
        digits += max(abs(v) for v in whole).bit_length() / _BITS_PER_DIGIT + spread
        if digits > MAX_DIGITS:
            raise _too_big(i)
        whole_rows.append(whole)
    return whole_rows


def _too_big(row: int) -> ValueError:
    return ValueError(
        f"the system is too big to solve exactly in about a second: by row {row} its answer could "
        f"need more than {MAX_DIGITS} digits (Hadamard's bound, from the rows scaled to whole "
        "numbers): use fewer unknowns or shorter numbers"
    )


def _solve_whole(rows: list[list[int]]) -> list[Fraction]:
    """Solve the system whose rows are whole numbers [a_1 .. a_n | b], by fraction-free elimination.

    Forward elimination keeps every row in whole numbers (each new row reduced by its gcd, and
    only the columns not yet cleared are worked on), then back substitution from the last unknown
    up, still in whole numbers over one common denominator, gives the exact Fractions: half the
    work of clearing above and below every pivot, and no Fraction arithmetic.
    """
    n = len(rows)
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            raise ValueError("the linear system has no single solution")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        p, lead = rows[col][col], rows[col][col:]
        for r in range(col + 1, n):
            f = rows[r][col]
            if f:
                rows[r][col:] = _reduced([p * a - f * b for a, b in zip(rows[r][col:], lead, strict=True)])
    # back substitution in whole numbers: x_j = y_j / den for one common den, Fractions at the end
    y, den = [0] * n, 1
    for i in reversed(range(n)):
        row = rows[i]
        top = row[n] * den - sum(row[j] * y[j] for j in range(i + 1, n) if row[j])
        g = math.gcd(top, row[i]) * (1 if row[i] > 0 else -1)
        if row[i] != g:  # x_i = top / (row[i] * den): widen the common den by row[i] / g
            widen = row[i] // g
            den *= widen
            y[i + 1 :] = [v * widen for v in y[i + 1 :]]
        y[i] = top // g
    return [Fraction(v, den) for v in y]


def _reduced(row: list[int]) -> list[int]:
    g = math.gcd(*row)
    return [v // g for v in row] if g > 1 else row


# -- 1. one die against a target -----------------------------------------------------------------


def _check_int(name: str, value: object, low: int, high: int | None = None) -> int:
    """value as a Python int, if it is a whole number (an int, or a numpy integer as pandas gives
    it; not a bool) from low to high; else a ValueError naming the argument and what is allowed."""
    whole = is_whole(value)
    if not whole or value < low or (high is not None and value > high):
        allowed = f"from {low} to {high}" if high is not None else f"of at least {low}"
        given = shown(operator.index(value) if whole else value)  # np.int64(31) is shown as 31
        raise ValueError(f"{name} must be a whole number {allowed}; got {given}")
    return operator.index(value)


RACE_BOUNDS = {"start": 100, "target": 30, "margin": 10, "sides": 20, "max_rolls": 100}
"""The largest race the exact functions take, so that each answers within about a second on a
laptop (the worst case, a race to 30 won by 10 with a 20-sided die over 100 rolls, takes ~0.8 s);
the rules' own bounds (race_target 30, race_margin 10, tiebreak_die_sides 20) all fit."""


def p_reach_target(bonus: int, target: int = 7, sides: int = 6) -> Fraction:
    """P(bonus + one die >= target): the single roll that decides a vacant tournament.

    The die shows 1..sides with equal chances, so this is (number of faces that are high enough)
    divided by sides, clipped to 0 when even the top face falls short and 1 when even a 1 will do.
    """
    _check_int("sides", sides, 1)
    if not isinstance(bonus, int) or not isinstance(target, int):
        raise ValueError(f"bonus and target must be whole numbers; got {bonus!r} and {target!r}")
    high_enough = min(max(sides + bonus - target + 1, 0), sides)  # faces f with bonus + f >= target
    return Fraction(high_enough, sides)


def reach_target_formula() -> tuple[sympy.Expr, tuple[sympy.Symbol, sympy.Symbol, sympy.Symbol]]:
    """The closed form behind ``p_reach_target``, as a sympy expression in bonus, target, sides.

    Faces from target - bonus up to sides are good ones: there are sides - (target - bonus) + 1
    of them, never fewer than 0 nor more than sides. Returns (expression, (b, t, s)).
    """
    b, t, s = sympy.symbols("b t s", integer=True)
    good = sympy.Min(s, sympy.Max(0, s - (t - b) + 1))
    return good / s, (b, t, s)


# -- 2. the tie-break race -----------------------------------------------------------------------

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
    if not isinstance(settle, bool):
        raise ValueError(f"settle_at_start must be True or False; got {shown(settle)}")
    return (*whole, first, settle)


def race_args(rules: Rules) -> tuple[int, int, int, int, str, bool]:
    """The race settings of a Rules object, in the order the race functions take them after
    the challenger's start: champion start, target, margin, die sides, first roller, and
    whether a race already won at the start is settled before any roll."""
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


# -- 4. what a token is worth --------------------------------------------------------------------


def max_tokens(rules: Rules = DEFAULT_RULES) -> int:
    """The most tokens one tie-break can take: one of each type (rulebook), or the rules' cap."""
    return len(TOKEN_TYPES) * rules.max_risk_per_type


def max_defended_tokens(rules: Rules = DEFAULT_RULES, top_ranker: bool = False) -> int:
    """The most tokens a challenger can risk against a champion, after qualifying.

    As in the engine: the Wildcard that qualifies fills the Wildcard slot (unless
    rules.wildcard_slot is "free"), and a Top Ranker holds no Wildcard at all while
    rules.top_ranker_returns_wildcards.
    """
    per_type = rules.max_risk_per_type
    if top_ranker:
        wildcards = 0 if rules.top_ranker_returns_wildcards else per_type
    else:
        wildcards = per_type - (rules.wildcard_slot == "used by qualifying")
    return (len(TOKEN_TYPES) - 1) * per_type + wildcards


def _check_tokens(tokens: int, most: int) -> None:
    _check_int("tokens", tokens, 0)
    if tokens > most:
        raise ValueError(f"at most {most} tokens can be risked in this tie-break; got {tokens}")


def vacant_bonus(tokens: int, ace: bool = False, rules: Rules = DEFAULT_RULES) -> int:
    """Bonus points at a vacant tournament: matching card, Ace if doubles, 1 per risked token."""
    _check_tokens(tokens, max_tokens(rules))
    return rules.matching_card_bonus + (rules.ace_bonus if ace else 0) + tokens


def p_vacant_win(tokens: int, ace: bool = False, rules: Rules = DEFAULT_RULES) -> Fraction:
    """The chance of winning a vacant tournament: bonus points plus one die reach the target."""
    bonus = vacant_bonus(tokens, ace, rules)
    return p_reach_target(bonus, rules.vacant_target, rules.tiebreak_die_sides)


def challenger_start(
    tokens: int,
    ace: bool = False,
    surface: bool = False,
    rules: Rules = DEFAULT_RULES,
    top_ranker: bool = False,
) -> int:
    """The challenger's starting total in a defended tie-break.

    Matching card, plus the qualifying Wildcard's point (the Top Ranker qualifies without one and
    so gets no point for it), plus Ace, plus matching surface, plus 1 per risked token.
    """
    _check_tokens(tokens, max_defended_tokens(rules, top_ranker))
    return (
        rules.matching_card_bonus
        + (0 if top_ranker else rules.wildcard_bonus)
        + (rules.ace_bonus if ace else 0)
        + (rules.surface_bonus if surface else 0)
        + tokens
    )


def p_defended_win(
    tokens: int,
    ace: bool = False,
    surface: bool = False,
    rules: Rules = DEFAULT_RULES,
    top_ranker: bool = False,
) -> Fraction:
    """The chance a qualified challenger takes a defended tournament (the tie-break race)."""
    return p_challenger_wins(challenger_start(tokens, ace, surface, rules, top_ranker), *race_args(rules))


MAX_CARD_POINTS = 1_000_000
"""The most ranking points a card may be worth in a token table (the rulebook's best card: 2000)."""


def _token_table(p_win: Callable[[int], Fraction], card_points: int, k_max: int, paid: int | None):
    card_points = whole_number(card_points, "card_points (what the card is worth)", 0, MAX_CARD_POINTS)
    rows = []
    p0 = p_win(0)
    previous: Fraction | None = None
    for k in range(k_max + 1):
        p = p_win(k)
        row = {
            "tokens": k,
            "p_win": p,
            "decimal": float(p),
            "gain": None if previous is None else p - previous,
            "expected_points": card_points * p,
            "marginal_points": None if previous is None else card_points * (p - previous),
            "points_per_token": None if k == 0 else card_points * (p - p0) / k,
        }
        if paid is not None:
            row["expected_tokens_to_champion"] = (k + paid) * (1 - p)
        rows.append(row)
        previous = p
    return pd.DataFrame(rows)


def token_value_table(
    ace: bool = False, rules: Rules = DEFAULT_RULES, card_points: int = 250
) -> pd.DataFrame:
    """What each extra token buys at a vacant tournament, for a card worth card_points.

    One row per number of tokens k = 0..max: ``p_win`` (exact), ``decimal``, ``gain`` (the chance
    the k-th token adds), ``expected_points`` (card_points * p_win), ``marginal_points`` (the
    expected ranking points the k-th token adds) and ``points_per_token`` (expected points gained
    over risking nothing, divided by k). At a vacant tournament risked tokens go back to the bag
    either way, so their cost is only that they are not kept for later. card_points: a whole
    number from 0 to MAX_CARD_POINTS (1,000,000); ace True or False.
    """
    return _token_table(lambda k: p_vacant_win(k, ace, rules), card_points, max_tokens(rules), None)


def defended_token_table(
    ace: bool = False,
    surface: bool = False,
    rules: Rules = DEFAULT_RULES,
    top_ranker: bool = False,
    card_points: int = 250,
) -> pd.DataFrame:
    """The same table for a defended tournament's race, plus what the champion expects to gain.

    Every token put into the tie-break leaves the challenger either way: back to the bag on a
    win, to the champion on a loss (when rules.champion_takes_tokens). So
    ``expected_tokens_to_champion`` = (k + the qualifying Wildcard) * P(lose); the Top Ranker
    pays no Wildcard. The column is absent when the champion takes nothing. card_points as for
    token_value_table.
    """
    paid = (0 if top_ranker else 1) if rules.champion_takes_tokens else None
    return _token_table(
        lambda k: p_defended_win(k, ace, surface, rules, top_ranker),
        card_points,
        max_defended_tokens(rules, top_ranker),
        paid,
    )


# -- 5. the Ace ----------------------------------------------------------------------------------


def p_ace(sides: int = 6) -> Fraction:
    """The chance the two number dice show doubles (an Ace: +1 in the next tie-break).

    Whatever the first die shows, the second matches it with chance 1/sides (1 to 100 sides).
    """
    _check_int("sides", sides, 1, 100)
    return Dist.die(sides).combine(Dist.die(sides), lambda a, b: a == b)[True]


# -- 6. where the piece lands --------------------------------------------------------------------


def move_distribution(board: Board, rules: Rules, position: int) -> Dist:
    """Where one ordinary move from position ends, exactly (a piece that is not injured).

    Assumption (the rulebook leaves a real choice to the player): when several spaces are
    possible, the player picks each distinct one with equal chance. position: a space's index on
    the board, from 0 to len(board.spaces) - 1.
    """
    _check_int("position", position, 0, len(board.spaces) - 1)
    return Dist(_move_weights(board, rules, position)[0])


def _walk(board: Board, position: int, most: int, direction: str, fork: str) -> list[set[int]]:
    """ends[s], s = 0..most: every space a move of s steps can end on, all from one walk
    (Board.destinations for each s, without walking the first steps again for the next)."""
    after = board.successors(direction, fork)
    ends = [{position}]
    for _ in range(most):
        last = ends[-1]
        if len(last) == 1:  # most moves: one space, often one way on
            (i,) = last
            ends.append(set(after[i]))
        else:
            ends.append({j for i in last for j in after[i]})
    return ends


@lru_cache(maxsize=64)
def _move_plan(rules: Rules) -> tuple[int, tuple[int, ...], tuple[tuple[int, str, str], ...], int]:
    """What every move under these rules is made of, worked out once for all the board's spaces:
    (sides, ways[s] of the sides² pairs of number dice adding up to s, (faces, direction, way
    at a fork) for each direction-die face that comes up, the direction die's faces)."""
    sides = rules.number_die_sides
    ways = [0] * (2 * sides + 1)
    for a in range(1, sides + 1):
        for b in range(1, sides + 1):
            ways[a + b] += 1
    faces = {face: n for face, n in rules.direction_faces().items() if n > 0}
    plan = tuple((n, *rules.move_of(face)) for face, n in faces.items())
    return sides, tuple(ways), plan, sum(faces.values())


def _move_weights(board: Board, rules: Rules, position: int) -> tuple[dict[int, int], int]:
    """move_distribution as whole numbers: (end -> weight, the weights' total).

    A sum of s has ways[s] of the sides² pairs of number dice, a face has n of the die's faces,
    and a move with k possible ends gives each of them 1/k: so every chance is a whole number
    over sides² · faces · m, with m the least common multiple of the k's. Whole numbers keep the
    landing chain's equations free of Fractions until the answer.
    """
    sides, ways, faces, faces_total = _move_plan(rules)
    most = 2 * sides
    walks: dict[tuple[str, str], list[set[int]]] = {}

    def walk(way: str, fork: str) -> list[set[int]]:
        if (way, fork) not in walks:
            walks[way, fork] = _walk(board, position, most, way, fork)
        return walks[way, fork]

    moves: list[tuple[int, set[int]]] = []
    for n, direction, fork in faces:
        if direction == "choice":
            both = zip(walk("clockwise", fork), walk("counter", fork), strict=True)
            ends_by = [one | other for one, other in both]
        else:
            ends_by = walk(direction, fork)
        moves += [(ways[s] * n, ends_by[s]) for s in range(2, most + 1)]
    m = math.lcm(*{len(ends) for _, ends in moves})
    weights: dict[int, int] = defaultdict(int)
    for weight, ends in moves:
        if len(ends) == 1:  # most moves end on one space
            (end,) = ends
            weights[end] += weight * m
        else:
            share = weight * (m // len(ends))
            for end in ends:
                weights[end] += share
    return weights, sides * sides * faces_total * m


LandingState = tuple[int, int]  # (position, injury weeks still to sit out)


def _landing_chain(
    board: Board, rules: Rules
) -> dict[LandingState, tuple[list[tuple[LandingState, int]], int]]:
    """The turn-by-turn chain on (position, weeks left), over the states reachable from Start:
    each state's next states with whole-number weights, and the weights' total."""
    moves: dict[int, tuple[dict[int, int], int]] = {}

    def after(state: LandingState) -> tuple[list[tuple[LandingState, int]], int]:
        position, weeks = state
        if weeks > 0:
            return [((position, weeks - 1), 1)], 1
        if position not in moves:
            moves[position] = _move_weights(board, rules, position)
        weights, total = moves[position]
        return [
            ((end, rules.injury_weeks if end == board.injury else 0), w) for end, w in weights.items()
        ], total

    start = (board.start, 0)
    chain = {start: after(start)}
    queue = deque([start])
    while queue:
        for nxt, _ in chain[queue.popleft()][0]:
            if nxt not in chain:
                chain[nxt] = after(nxt)
                queue.append(nxt)
    return chain


def _closed_classes(links: dict[Hashable, list[Hashable]]) -> list[list[Hashable]]:
    """The closed communicating classes: sets the chain, once inside, never leaves.

    The strongly connected parts of the graph (Kosaraju: states in order of finishing a
    depth-first walk, then walks backwards along the links in the reverse order), of which the
    closed ones are those with no link out. Linear in the links, where comparing every state's
    reach with every other's was quadratic.
    """
    order: list[Hashable] = []
    seen: set[Hashable] = set()
    for root in links:
        if root in seen:
            continue
        seen.add(root)
        stack = [(root, iter(links[root]))]
        while stack:
            state, rest = stack[-1]
            nxt = next((s for s in rest if s not in seen), None)
            if nxt is None:
                order.append(state)
                stack.pop()
            else:
                seen.add(nxt)
                stack.append((nxt, iter(links[nxt])))
    back: dict[Hashable, list[Hashable]] = {state: [] for state in links}
    for state, nexts in links.items():
        for nxt in nexts:
            back[nxt].append(state)
    part: dict[Hashable, int] = {}
    parts: list[list[Hashable]] = []
    for root in reversed(order):
        if root in part:
            continue
        part[root] = len(parts)
        members, stack = [root], [root]
        while stack:
            for prev in back[stack.pop()]:
                if prev not in part:
                    part[prev] = len(parts)
                    members.append(prev)
                    stack.append(prev)
        parts.append(members)
    return [c for k, c in enumerate(parts) if all(part[n] == k for s in c for n in links[s])]


GUESS_DENOMINATOR = 10**6
"""The largest denominator a floating-point solve is read back as (see _stationary)."""


def _stationary(
    chain: dict[LandingState, tuple[list[tuple[LandingState, int]], int]], states: list
) -> list[Fraction]:
    """pi = pi P with sum(pi) = 1, on one closed class, exactly.

    A closed class has exactly one such pi, so any exact solution is it. A floating-point solve
    (microseconds) is read back as fractions and checked exactly in whole numbers; only when the
    check fails (a denominator past GUESS_DENOMINATOR, say) does the exact elimination, about ten
    times slower, work it out. Either way the answer is exact.
    """
    return _checked_guess(chain, states) or _eliminated(chain, states)


def _checked_guess(
    chain: dict[LandingState, tuple[list[tuple[LandingState, int]], int]], states: list
) -> list[Fraction] | None:
    """The stationary shares from a floating-point solve, if they pass an exact check; else None.

    Each float is read as the nearest fraction with a denominator up to GUESS_DENOMINATOR (two
    such fractions differ by at least 1e-12, far more than the solve's error). The check: the
    shares are whole numbers over one common denominator, they add up to it, and every state's
    inflow, sum of pi_i w(i, j) / total_i, equals pi_j, all in whole numbers.
    """
    n = len(states)
    where = {s: i for i, s in enumerate(states)}
    rows = [[0.0] * n for _ in range(n)]  # row j: inflow to state j minus pi_j
    for i, s in enumerate(states):
        rows[i][i] -= 1.0
        nexts, total = chain[s]
        for nxt, w in nexts:
            rows[where[nxt]][i] += w / total
    rows[-1] = [1.0] * n  # one balance is redundant: the shares add up to 1 instead
    ones = np.zeros(n)
    ones[-1] = 1.0
    try:
        floats = np.linalg.solve(np.array(rows), ones)
    except np.linalg.LinAlgError:
        return None
    if not np.isfinite(floats).all():
        return None
    read: dict[float, Fraction] = {}  # most states share a few values: read each once
    guess = []
    for x in floats.round(13).tolist():
        if x not in read:
            read[x] = Fraction(x).limit_denominator(GUESS_DENOMINATOR)
        guess.append(read[x])
    den = math.lcm(*(g.denominator for g in guess))
    whole = [g.numerator * (den // g.denominator) for g in guess]
    if sum(whole) != den or min(whole) < 0:
        return None
    scale = math.lcm(*(chain[s][1] for s in states))
    inflow = [0] * n
    for i, s in enumerate(states):
        nexts, total = chain[s]
        part = whole[i] * (scale // total)
        for nxt, w in nexts:
            inflow[where[nxt]] += w * part
    if any(inflow[j] != whole[j] * scale for j in range(n)):
        return None
    return guess


def _eliminated(
    chain: dict[LandingState, tuple[list[tuple[LandingState, int]], int]], states: list
) -> list[Fraction]:
    """The stationary shares by exact elimination, in whole numbers.

    With P(i, j) = w(i, j) / total_i, write pi_i = total_i · x_i: the balance of j becomes
    sum_i w(i, j) x_i - total_j x_j = 0, whole numbers throughout; one balance is redundant and
    gives way to sum_i total_i x_i = 1.
    """
    where = {s: i for i, s in enumerate(states)}
    n = len(states)
    rows = [[0] * (n + 1) for _ in range(n)]  # row j: the balance of state j
    for i, s in enumerate(states):
        nexts, total = chain[s]
        rows[i][i] -= total
        for nxt, w in nexts:
            rows[where[nxt]][i] += w
    rows[-1] = [chain[s][1] for s in states] + [1]
    x = _solve_whole(rows)
    return [chain[s][1] * v for s, v in zip(states, x, strict=True)]


@lru_cache(maxsize=64)
def _landing_solved(spaces: tuple[Space, ...], rules: Rules) -> tuple[Fraction, ...]:
    """Solve the landing chain (cached by the board's spaces and the rules, for widgets)."""
    board = Board(spaces)
    chain = _landing_chain(board, rules)
    classes = _closed_classes({s: [n for n, _ in nexts] for s, (nexts, _) in chain.items()})
    if len(classes) > 1:
        names = [", ".join(sorted({board.spaces[pos].id for pos, _ in c})) for c in classes]
        raise ValueError(
            "the piece can get trapped in more than one separate part of the board "
            f"({'; '.join('{' + n + '}' for n in names)}), so where it spends its turns in the "
            "long run depends on its first moves: there is no single answer for these rules"
        )
    states = sorted(classes[0])
    pi = _stationary(chain, states)
    out = [Fraction(0)] * len(board)
    for (position, _), p in zip(states, pi, strict=True):
        out[position] += p
    return tuple(out)


def landing_frequencies(board: Board, rules: Rules = DEFAULT_RULES) -> dict[int, Fraction]:
    """The long-run share of turns the piece ends on each space (position -> exact Fraction).

    The chain's state is (position, injury weeks left). Each turn an injured piece stays on the
    Injury space and counts one week off; any other piece rolls the two number dice and the
    direction die and moves (see move_distribution: equal chances among the distinct possible ends).
    Landing on Injury counts as a turn there, followed by rules.injury_weeks more turns there.
    Not modelled: Let cards (e.g. "move back 2"), Travel flights and Health attacks.

    Only states reachable from Start matter; the answer is the stationary distribution of the
    one closed class they lead to (the long-run average share of turns, which exists even if the
    piece moves in a strict cycle). Spaces never visited in the long run get 0; the values add
    up to exactly 1. Raises ValueError if the piece can be trapped in two separate parts.
    """
    values = _landing_solved(board.spaces, rules)
    return dict(enumerate(values))


def landing_frame(board: Board, rules: Rules = DEFAULT_RULES) -> pd.DataFrame:
    """The landing frequencies as a table, one row per space in board order."""
    freq = landing_frequencies(board, rules)
    return pd.DataFrame(
        {
            "position": list(range(len(board))),
            "id": [s.id for s in board.spaces],
            "name": [s.name for s in board.spaces],
            "kind": [s.kind for s in board.spaces],
            "exact": [freq[i] for i in range(len(board))],
            "decimal": [float(freq[i]) for i in range(len(board))],
        }
    )


# -- 7. lesson helpers: a schedule dealt from the deck, what a token is worth, vacant or defended --


MAX_DECK = 100_000
"""The most cards schedule_dist, p_schedule_holds and simulate.sample_schedules take: far more
than any deck a class deals from (and dealing from a bigger one slows down, memory-bound)."""

MAX_SCHEDULE_DIGITS = 1_000
"""The most digits C(deck, schedule), the number of possible schedules, may have. Every exact
chance of a schedule is a fraction over it, so this keeps the answers printable (Python prints
whole numbers of up to 4,300 digits) and the work small: schedule_dist's costliest case, 1,664
alike cards in a deck of 3,328 dealing 1,664, takes about 0.2 s."""


def check_schedule_args(copies: int, deck: int, schedule: int) -> tuple[int, int, int]:
    """(copies, deck, schedule) as Python ints, once they make a deal small enough to work out
    exactly in well under a second; otherwise ValueError, in words (bounds: see schedule_dist)."""
    deck = whole_number(deck, "deck", 1, MAX_DECK)
    copies = whole_number(copies, "copies", 0)
    schedule = whole_number(schedule, "schedule", 1)
    if copies > deck:
        raise ValueError(f"copies must be at most deck ({deck}); got {shown(copies)}")
    if schedule > deck:
        raise ValueError(f"schedule must be at most deck ({deck}); got {shown(schedule)}")
    ways = math.lgamma(deck + 1) - math.lgamma(schedule + 1) - math.lgamma(deck - schedule + 1)
    digits = ways / math.log(10)  # log10 C(deck, schedule), without working C out
    if digits >= MAX_SCHEDULE_DIGITS:
        raise ValueError(
            f"schedule {schedule:,} from a deck of {deck:,} is too big a deal to work out exactly: it "
            f"can come in about 10^{digits:,.0f} ways, and fewer than 10^{MAX_SCHEDULE_DIGITS:,} are allowed "
            "(every exact chance is a fraction over that number): deal fewer cards or use a smaller deck"
        )
    return copies, deck, schedule


def schedule_dist(copies: int, deck: int = 36, schedule: int = 3) -> Dist:
    """How many of ``copies`` alike cards a ``schedule`` dealt from a shuffled ``deck`` holds.

    Cards are dealt without replacement, so every set of ``schedule`` cards is equally likely:
    k alike cards come in C(copies, k) * C(deck - copies, schedule - k) of the C(deck, schedule)
    sets (the hypergeometric distribution). Bounds: 1 <= deck <= MAX_DECK (100,000),
    0 <= copies <= deck, 1 <= schedule <= deck, and fewer than 10^1,000 possible schedules
    (C(deck, schedule), see MAX_SCHEDULE_DIGITS: at most 1,664 cards from 3,328, or 346 from
    100,000), so that the answer comes within about 0.2 s and every fraction in it can be
    printed; otherwise ValueError.
    """
    copies, deck, schedule = check_schedule_args(copies, deck, schedule)
    possible = range(max(0, schedule - (deck - copies)), min(copies, schedule) + 1)  # the others are 0
    return Dist({k: math.comb(copies, k) * math.comb(deck - copies, schedule - k) for k in possible})


def p_schedule_holds(copies: int, deck: int = 36, schedule: int = 3) -> Fraction:
    """P(a dealt schedule holds at least one of ``copies`` alike cards) = 1 - C(deck - copies,
    schedule) / C(deck, schedule): one minus the chance that every card dealt is another one.

    Bounds as schedule_dist (the answer then has fewer than 1,000 digits above and below, and
    comes in milliseconds). The illustrative deck has 6 2000-cards in 36: p_schedule_holds(6) = 22/51.
    """
    copies, deck, schedule = check_schedule_args(copies, deck, schedule)
    return 1 - Fraction(math.comb(deck - copies, schedule), math.comb(deck, schedule))


MAX_TOKEN_WORTH = 10_000
"""The highest worth a token may be given: more than any card (2000) can ever repay."""


def token_net_table(frame: pd.DataFrame, token_worth: int) -> pd.DataFrame:
    """A token table (token_value_table or defended_token_table) with ``net_points`` added.

    net_points = expected_points - tokens * token_worth. token_worth is what a token kept for
    later is worth to you in ranking points: the rulebook prices no token, so this is an
    assumption the student sets. Risked tokens leave the player whether the tie-break is won or
    lost, so each costs its worth either way. (The Wildcard that qualifies for a defended
    tournament is paid whatever is risked, so it is left out: it does not change which choice is
    best.) token_worth: a whole number from 0 to MAX_TOKEN_WORTH, else ValueError.
    """
    if (
        isinstance(token_worth, bool)
        or not isinstance(token_worth, int)
        or not 0 <= token_worth <= MAX_TOKEN_WORTH
    ):
        raise ValueError(
            f"token_worth must be a whole number of ranking points from 0 to {MAX_TOKEN_WORTH:,}; "
            f"got {token_worth!r}"
        )
    missing = {"tokens", "expected_points"} - set(getattr(frame, "columns", ()))
    if missing:
        raise ValueError(
            f"frame must be a token table with tokens and expected_points; it lacks {sorted(missing)}"
        )
    out = frame.copy()
    out["net_points"] = [
        points - k * token_worth for k, points in zip(out.tokens, out.expected_points, strict=True)
    ]
    return out


def best_tokens(frame: pd.DataFrame, token_worth: int) -> int:
    """How many tokens give the most net_points (see token_net_table); on a tie the fewest.

    At a vacant tournament each token adds card_points / 6 until the win is sure, so the answer
    is 0 when a token is worth more than that to you and "just enough for a sure win" when less.
    """
    net = token_net_table(frame, token_worth)
    best = max(net.net_points)
    return int(next(k for k, v in zip(net.tokens, net.net_points, strict=True) if v == best))


def vacant_vs_defended(
    rules: Rules = DEFAULT_RULES, ace: bool = False, surface: bool = False, top_ranker: bool = False
) -> pd.DataFrame:
    """The same hand of tokens spent at a vacant tournament and at a defended one, side by side.

    Row ``tokens`` is how many tokens the player gives up. At the vacant tournament all of them
    are risked (bonus: card + Ace + tokens). At the defended one, unless the player is Top
    Ranker, one of them is the Wildcard handed in to qualify (worth rules.wildcard_bonus) and
    the others are risked. Both sides hold the same matching card and the same Ace; the surface
    point exists only against a champion. A Top Ranker holds no Wildcard while
    rules.top_ranker_returns_wildcards, so has one kind fewer to risk at either tournament.
    Columns: tokens, vacant_bonus, p_vacant, defended_start, p_defended (None where that many
    tokens cannot be spent) and defended_better (None unless both sides are possible).
    """
    vacant_most = max_tokens(rules)
    if top_ranker and rules.top_ranker_returns_wildcards:
        vacant_most -= rules.max_risk_per_type
    paid = 0 if top_ranker else 1  # the qualifying Wildcard
    defended_most = max_defended_tokens(rules, top_ranker) + paid
    rows = []
    for tokens in range(max(vacant_most, defended_most) + 1):
        vacant = tokens <= vacant_most
        defended = paid <= tokens <= defended_most
        p_vacant = p_vacant_win(tokens, ace, rules) if vacant else None
        p_defended = p_defended_win(tokens - paid, ace, surface, rules, top_ranker) if defended else None
        rows.append(
            {
                "tokens": tokens,
                "vacant_bonus": vacant_bonus(tokens, ace, rules) if vacant else None,
                "p_vacant": p_vacant,
                "defended_start": challenger_start(tokens - paid, ace, surface, rules, top_ranker)
                if defended
                else None,
                "p_defended": p_defended,
                "defended_better": None if p_vacant is None or p_defended is None else p_defended > p_vacant,
            }
        )
    return pd.DataFrame(rows).astype({"vacant_bonus": "Int64", "defended_start": "Int64"})


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
                f"{name} must be a list of at most {RACE_BOUNDS['start'] + 1} starts; got {starts!r:.60}"
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
