"""The limits a Dist keeps to, and the sentences it refuses with.

Every bound here is checked before any big work, so that a refusal comes in microseconds and an
answer in about a second at most; the sentences say in words why a function given to a Dist
failed on an outcome. Kept apart from dist.py so that the model reads in one sitting without
its guards. Private (the underscore): a lesson imports the limits from playground.core.dist,
whose docstrings name them.
"""

from __future__ import annotations

import math
import numbers
import operator
import reprlib
from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from typing import Any

from .checks import a_kind, failed_call, returned_no_key
from .numbers import is_whole, shown

MAX_OUTCOMES = 200_000
"""The most outcomes a Dist is built with: each chance is a Fraction, and 200,000 different ones
take about 0.6 s (a sum or a chart of them about 0.1 s)."""

MAX_BITS = 10_000
"""The most bits (about 3,000 digits) in a weight's numerator or denominator, and in the common
denominator of a distribution's chances. Reducing one such chance (a gcd) takes about 0.15 ms,
and the cost grows with the square of the length, so longer numbers are refused up front."""

DICE_WORK_LIMIT = 2 * 10**7
"""The most exact work one step takes on: outcomes (totals of a sum, pairs of :meth:`Dist.combine`)
times the bits of their chances' common denominator. Measured at the limit: 2,000 chances of
3,000 digits in 0.4 s; dice_sum's slowest allowed sizes (66 dice of 500 sides) in 0.8 s."""

MAX_PAIRS = 200_000
"""The most pairs of outcomes :meth:`Dist.combine` works through (one product of whole numbers each)."""

MAX_DRAWS = 1_000_000
"""The most draws one :meth:`Dist.sample_many` call makes (about half a second)."""

FRAME_WORK_LIMIT = 150_000_000
"""The most work :meth:`Dist.to_frame` takes on: outcomes times (the bits of the chances' common
denominator + FRAME_ROW_BITS). Each row makes a Fraction (a gcd as long as the denominator) and a
float; measured at the limit, 96,000 rows of short chances take about half a second."""

FRAME_ROW_BITS = 1_500
"""What one row of a table costs beside its gcd, counted in bits of that gcd (about 6 µs)."""


def _pair(a: Any, b: Any) -> str:
    return f"the outcomes {shown(a)} and {shown(b)}"


def _called_with(a: Any, b: Any, error: BaseException) -> str:
    """Why combine's own f failed on a pair, in words."""
    return failed_call("the function given to combine", _pair(a, b), error)


def _adding(a: Any, b: Any, error: BaseException) -> str:
    return (
        f"cannot add {_pair(a, b)} ({a_kind(a)} and {a_kind(b)}): adding distributions adds "
        "every pair of outcomes, so they must be numbers (or all text); use map or combine for others"
    )


def _subtracting(a: Any, b: Any, error: BaseException) -> str:
    return (
        f"cannot subtract the outcome {shown(b)} from {shown(a)} ({a_kind(b)} from {a_kind(a)}): "
        "subtracting distributions subtracts every pair of outcomes, so they must be numbers"
    )


def _event_of(method: str) -> Callable[[Any, BaseException], str]:
    """Why the event given to a method failed on an outcome, in words."""

    def failed(k: Any, error: BaseException) -> str:
        return failed_call(f"the event given to {method}", f"the outcome {shown(k)}", error)

    return failed


def _no_key(function: str, on: str, result: Any) -> TypeError:
    return TypeError(returned_no_key(function, on, result))


def _brief(value: object) -> str:
    """A value as a message shows it, quickly: a long list or string is cut short before its repr."""
    return shown(value) if is_whole(value) else reprlib.repr(value)


def _check_outcomes(count: int, what: str = "") -> None:
    if count > MAX_OUTCOMES:
        raise ValueError(f"a distribution holds at most {MAX_OUTCOMES:,} outcomes; {what or 'got more'}")


def _weight(outcome: Hashable, weight: object) -> tuple[int, int]:
    """A weight as (numerator, denominator), or a refusal naming the outcome, before any big work.

    Only its length is looked at first: a string is never parsed ("1e100000000" would expand to
    a hundred million digits) and an int of a million digits is refused by its bit length.
    """
    if type(weight) is int:  # the common cases first, without the slower checks of numbers' ABCs
        numerator, denominator = weight, 1
    elif type(weight) is Fraction:  # its parts as Python ints (numpy counts make numpy parts)
        numerator, denominator = operator.index(weight.numerator), operator.index(weight.denominator)
    elif is_whole(weight):  # a numpy integer, as a Python int
        numerator, denominator = operator.index(weight), 1
    elif isinstance(weight, numbers.Rational) and not isinstance(weight, bool):  # a sympy Rational
        numerator, denominator = operator.index(weight.numerator), operator.index(weight.denominator)
    elif isinstance(weight, numbers.Real) and not isinstance(weight, bool) and math.isfinite(weight):
        numerator, denominator = float(weight).as_integer_ratio()
    else:
        raise ValueError(
            f"the weight of {shown(outcome)} must be a number; got {shown(weight)} "
            "(weights are ints, Fractions or finite floats)"
        )
    if numerator < 0:
        raise ValueError(
            f"a probability weight cannot be negative; the weight of {shown(outcome)} is {shown(weight)}"
        )
    if max(numerator.bit_length(), denominator.bit_length()) > MAX_BITS:
        raise ValueError(
            f"the weight of {shown(outcome)} is too long to work with exactly: a numerator or denominator "
            f"of about {_digits(max(numerator.bit_length(), denominator.bit_length())):,} digits; "
            f"weights have at most {MAX_BITS:,} bits (about {_digits(MAX_BITS):,} digits)"
        )
    return numerator, denominator


def _excess(numerator: int, denominator: int) -> int:
    """How many more bits the numerator has than the denominator."""
    return numerator.bit_length() - denominator.bit_length()


def _digits(bits: int) -> int:
    """About how many decimal digits a whole number of this many bits has."""
    return max(1, round(bits * math.log10(2)))


def _common_denominator(denominators: Iterable[int], whose: str = "the weights'") -> int:
    """The least common multiple, refused as soon as it passes MAX_BITS bits (before more work)."""
    common = 1
    for d in denominators:
        if d != 1 and common % d:
            common = math.lcm(common, d)
            if common.bit_length() > MAX_BITS:
                raise ValueError(
                    f"{whose} common denominator passes {MAX_BITS:,} bits (about "
                    f"{_digits(MAX_BITS):,} digits), too long to work with exactly in a second or two"
                )
    return common


def _check_work(what: str, count: int, items: str, bits: int) -> None:
    """Refuse exact work too big for a second or two: count items whose chances have about bits bits.

    Both bounds matter: count · bits is the work and memory (DICE_WORK_LIMIT), and bits alone
    (MAX_BITS) keeps each gcd quick, since its cost grows with the square of the length.
    """
    if bits > MAX_BITS or count * bits > DICE_WORK_LIMIT:
        raise ValueError(
            f"{what} is too big to count exactly in a second or two: {count:,} {items} with chances of "
            f"about {bits:,} bits; keep {items} · bits at most {DICE_WORK_LIMIT:,} and bits at most "
            f"{MAX_BITS:,} (about {_digits(MAX_BITS):,} digits)"
        )
