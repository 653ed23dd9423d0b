"""Exact odds of Tie-Break Triumph: one die against a target, and the Ace.

A vacant tournament is decided by one roll: your bonus points plus one die, and you win if the
total reaches the target. ``p_reach_target`` gives that chance as an exact Fraction and
``reach_target_formula`` the same closed form in sympy, for a notebook to show. ``p_ace`` is the
chance the two number dice show doubles (an Ace: +1 in the next tie-break).

Also here, because every other odds module uses them: the whole-number check of the arguments
(``_check_int``) and the rulebook's default rules (``DEFAULT_RULES``).
"""

from __future__ import annotations

import operator
from fractions import Fraction

import sympy

from playground.core.dist import Dist
from playground.core.numbers import an, is_whole, shown, whole_number
from playground.core.setup import rules_of

from .rules import Rules

DEFAULT_RULES = Rules()
"""The rulebook's defaults (a frozen object, so safe to share as a default argument)."""

__all__ = ["DEFAULT_RULES", "p_ace", "p_reach_target", "reach_target_formula"]


def _check_rules(rules: object) -> Rules:
    """rules, if it is a Tie-Break Rules object; else a TypeError that says how to pass one."""
    return rules_of(rules, Rules, "Tie-Break Triumph")


def _check_board(board: object) -> None:
    """board, if it is a Tie-Break board (load_data().board); else a TypeError that says so."""
    from .board import Board  # the board module imports nothing of the odds

    if not isinstance(board, Board):
        raise TypeError(
            f"board must be a Tie-Break Triumph board (playground.tiebreak.load_data().board); "
            f"got {an(type(board).__name__)}"
        )


def _check_int(name: str, value: object, low: int, high: int | None = None) -> int:
    """value as a Python int, if it is a whole number (an int, or a numpy integer as pandas gives
    it; not a bool) from low to high; else a ValueError naming the argument and what is allowed."""
    whole = is_whole(value)
    if not whole or value < low or (high is not None and value > high):
        allowed = f"from {low} to {high}" if high is not None else f"of at least {low}"
        given = shown(operator.index(value) if whole else value)  # np.int64(31) is shown as 31
        raise ValueError(f"{name} must be a whole number {allowed}; got {given}")
    return operator.index(value)


def p_reach_target(bonus: int, target: int = 7, sides: int = 6) -> Fraction:
    """P(bonus + one die >= target): the single roll that decides a vacant tournament.

    The die shows 1..sides with equal chances, so this is (number of faces that are high enough)
    divided by sides, clipped to 0 when even the top face falls short and 1 when even a 1 will do.
    bonus and target: any whole numbers; sides: 1 to 10,000.
    """
    sides = _check_int("sides", sides, 1, 10_000)
    bonus, target = whole_number(bonus, "bonus"), whole_number(target, "target")
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


def p_ace(sides: int = 6) -> Fraction:
    """The chance the two number dice show doubles (an Ace: +1 in the next tie-break).

    Whatever the first die shows, the second matches it with chance 1/sides (1 to 100 sides).
    """
    _check_int("sides", sides, 1, 100)
    return Dist.die(sides).combine(Dist.die(sides), lambda a, b: a == b)[True]
