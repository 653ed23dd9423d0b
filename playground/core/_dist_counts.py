"""The whole-number work behind Dist: its chances as counts over one common denominator.

Fractions are slow to add up by the hundred thousand, so Dist works with whole numbers where it
can: each chance as a count over the chances' common denominator, sums of dice as a convolution
of those counts, the mean and variance as sums of whole numbers with one Fraction at the end.
These read a Dist's chances and return numbers; building a new Dist stays in dist.py, which
this module imports only for type checking. Private (the underscore): nothing here is for a
lesson to call.
"""

from __future__ import annotations

import decimal
import math
import numbers
import operator
from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, TypeVar

from ._dist_limits import DICE_WORK_LIMIT, MAX_BITS, _common_denominator, _digits
from .numbers import shown

if TYPE_CHECKING:
    from .dist import Dist

T = TypeVar("T")


def _all_ints(d: Dist) -> bool:
    return all(type(k) is int for k in d._p)


def _common(d: Dist) -> int:
    """The common denominator of d's chances (within MAX_BITS bits for every Dist)."""
    return math.lcm(*(p.denominator for p in d._p.values()))


def _counts(d: Dist, common: int) -> list[int]:
    """d's chances as whole numbers over their common denominator (see _common), in d's order.

    A list of counts beside d's outcomes, not (outcome, count) pairs: 200,000 new pairs would set
    off the garbage collector's sweeps over a notebook's objects again and again.
    """
    return [p.numerator * (common // p.denominator) for p in d._p.values()]


def _span(d: Dist) -> int:
    """How many whole numbers lie from the lowest outcome to the highest (int outcomes only)."""
    return max(d._p) - min(d._p) + 1


def _dense(d: Dist, counts: list[int]) -> tuple[int, list[int]]:
    """(lowest outcome, counts of lowest..highest, 0 where d lacks a number) for int outcomes."""
    low = min(d._p)
    dense = [0] * (max(d._p) - low + 1)
    for k, w in zip(d._p, counts, strict=True):
        dense[k - low] = w
    return low, dense


def _exact_moments(d: Dist, what: str) -> tuple[Fraction, Fraction] | None:
    """(E[X], E[X²]) exactly when every outcome is an exact number, None when one is a float.

    The outcomes a/b over their common denominator B and the chances w/L over theirs make the
    sums Σ a·(B/b)·w / (B·L) and Σ (a·(B/b))²·w / (B²·L) of whole numbers: one Fraction each.
    """
    strays = [k for k in d._p if not isinstance(k, numbers.Real)]
    if strays:
        raise ValueError(f"{what} needs outcomes that are numbers; {shown(strays[0])} is not one")
    if not all(isinstance(k, numbers.Rational) for k in d._p):
        return None
    numerators = [operator.index(k.numerator) for k in d._p]  # two lists, not pairs: see _counts
    denominators = [operator.index(k.denominator) for k in d._p]
    longest = max(max(abs(a).bit_length() for a in numerators), max(b.bit_length() for b in denominators))
    if longest > MAX_BITS:
        raise ValueError(
            f"{what} needs outcomes of at most {MAX_BITS:,} bits (about {_digits(MAX_BITS):,} digits); "
            f"one has about {_digits(longest):,} digits"
        )
    outcomes = _common_denominator(denominators, "the outcomes'")
    chances = _common(d)
    bits = longest + outcomes.bit_length() + chances.bit_length()  # of each term, before squaring
    if len(d) * bits > DICE_WORK_LIMIT:
        raise ValueError(
            f"{what} is too big to work out exactly in a second or two: {len(d):,} outcomes with "
            f"numbers of about {bits:,} bits; keep outcomes · bits at most {DICE_WORK_LIMIT:,}"
        )
    tops = [a * (outcomes // b) for a, b in zip(numerators, denominators, strict=True)]
    counts = _counts(d, chances)
    first = sum(top * w for top, w in zip(tops, counts, strict=True))
    second = sum(top * top * w for top, w in zip(tops, counts, strict=True))
    return Fraction(first, outcomes * chances), Fraction(second, outcomes * outcomes * chances)


def _doubled(base: T, n: int, add: Callable[[T, T], T]) -> T:
    """base added to itself n times (n >= 1) by repeated doubling: about 2·log2(n) additions."""
    result = None
    while n:
        if n & 1:
            result = base if result is None else add(result, base)
        n >>= 1
        if n:
            base = add(base, base)
    assert result is not None
    return result


def _convolve(a: list[int], b: list[int]) -> list[int]:
    """c[k] = sum of a[i] * b[k - i], for whole numbers, by one product of two long numbers.

    Each list is written as one long decimal number, a fixed number of digits per entry (wide
    enough that no sum of products can spill into its neighbour), and the decimal module
    multiplies numbers this long by a number-theoretic transform, far faster than int's
    Karatsuba (150 dice of 100 sides: 0.3 s instead of 3); the answer is read back slot by slot.
    Entries stay within MAX_BITS bits, so each is a short string.
    """
    if len(a) * len(b) <= 256:  # a few dice: the plain double loop is quicker than packing
        out = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            if x:
                for j, y in enumerate(b):
                    out[i + j] += x * y
        return out
    # each slot is a sum of at most min(len) products below max(a) · max(b): its digits fit in width
    width = len(str(max(a))) + len(str(max(b))) + len(str(min(len(a), len(b))))
    exact = decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX)

    def packed(weights: list[int]) -> decimal.Decimal:
        return decimal.Decimal("".join(str(w).zfill(width) for w in reversed(weights)))

    size, x = len(a) + len(b) - 1, packed(a)
    digits = str(exact.multiply(x, x if b is a else packed(b))).zfill(size * width)
    return [int(digits[len(digits) - (i + 1) * width : len(digits) - i * width]) for i in range(size)]
