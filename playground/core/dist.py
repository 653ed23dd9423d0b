"""Exact finite probability distributions on :class:`fractions.Fraction`.

A classroom needs probabilities that are *exactly* right (1/6, not 0.16666666666666666), so every
distribution here keeps its weights as Fractions. The operations mirror how a teacher talks about
dice: roll one, add two, take the difference, add a bonus, ask for the chance of an event.
"""

from __future__ import annotations

import contextlib
import decimal
import math
import numbers
import operator
import reprlib
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Hashable, ItemsView, Iterable, Iterator, Mapping, ValuesView
from fractions import Fraction
from itertools import accumulate
from typing import Any, TypeVar

import pandas as pd
import sympy

from .draws import check_rng, sample_exact
from .numbers import is_whole, shown, whole_number

T = TypeVar("T")
_ZERO = Fraction(0)  # the chance of an outcome a Dist lacks, made once

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


class Dist(Mapping[Any, Fraction]):
    """An immutable map from outcome to its exact probability.

    Outcomes with probability zero are dropped, outcomes are kept sorted when they can be,
    and the probabilities always add up to exactly 1.

    Weights are numbers from 0 up: ints (numpy integers too), Fractions, or finite floats, which
    count at their exact binary value (0.1 is 3602879701896397/2**55: write Fraction(1, 10) for a
    tenth). Text such as "1/3" is refused, not parsed. Bounds, checked before any big work: at
    most MAX_OUTCOMES outcomes; each weight's numerator and denominator, and their common
    denominator, within MAX_BITS bits; outcomes times the bits of the chances' denominator at most
    DICE_WORK_LIMIT (200,000 outcomes of small weights, or 2,000 of 3,000-digit ones).
    """

    __slots__ = ("_p",)

    def __init__(self, weights: Mapping[Hashable, int | Fraction | float]):
        if not isinstance(weights, Mapping):
            raise ValueError(f"weights must be a mapping of outcome to weight; got {_brief(weights)}")
        _check_outcomes(len(weights))
        # parallel lists, not (outcome, weight) pairs: see _counts
        outcomes, numerators, denominators = list(weights), [], []
        for k, w in weights.items():
            n, d = _weight(k, w)
            numerators.append(n)
            denominators.append(d)
        common = _common_denominator(denominators)
        excess = max(map(_excess, numerators, denominators), default=0)
        # each scaled weight is below 2**(common bits + excess + 1), so this bounds the total's bits
        bits = common.bit_length() + max(excess, 0) + len(outcomes).bit_length() + 1
        _check_work("this distribution", len(outcomes), "outcomes", bits)
        scaled = [n * (common // d) for n, d in zip(numerators, denominators, strict=True)]
        total = sum(scaled)
        if total == 0:
            raise ValueError("a distribution needs at least one outcome with positive weight")
        chances = {w: Fraction(w, total) for w in set(scaled)}  # one Fraction per distinct weight
        kept = {k: chances[w] for k, w in zip(outcomes, scaled, strict=True) if w}
        order = list(kept)
        with contextlib.suppress(TypeError):  # outcomes without an order keep their given order
            order.sort()
        self._p: dict[Any, Fraction] = {k: kept[k] for k in order}

    # -- constructors ---------------------------------------------------------------------------

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Dist:
        """Each listed outcome equally likely (a repeated one counts twice); at most MAX_OUTCOMES."""
        if not isinstance(outcomes, Iterable):
            raise ValueError(f"outcomes must be a list (or range) of outcomes; got {_brief(outcomes)}")
        counts: dict[Hashable, int] = defaultdict(int)
        for listed, o in enumerate(outcomes, 1):
            _check_outcomes(listed)
            counts[o] += 1
        return cls(counts)

    @classmethod
    def die(cls, sides: int = 6) -> Dist:
        """A fair die numbered 1..sides (sides from 1 to MAX_OUTCOMES)."""
        sides = whole_number(sides, "a die's number of sides", 1, MAX_OUTCOMES)
        if cls is not Dist:
            return cls.uniform(range(1, sides + 1))
        face = Fraction(1, sides)  # what uniform gives, made once
        return _exact(dict.fromkeys(range(1, sides + 1), face))

    @classmethod
    def constant(cls, value: Hashable) -> Dist:
        """A certain outcome (probability 1)."""
        return cls({value: 1})

    # -- Mapping protocol -----------------------------------------------------------------------

    def __getitem__(self, outcome: Hashable) -> Fraction:
        return self._p.get(outcome, _ZERO)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._p

    def items(self) -> ItemsView[Any, Fraction]:
        """The (outcome, chance) pairs, read straight from the dict (a chart of 200,000 needs it quick)."""
        return self._p.items()

    def values(self) -> ValuesView[Fraction]:
        """The chances, read straight from the dict."""
        return self._p.values()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dist) and self._p == other._p

    def __hash__(self) -> int:
        return hash(frozenset(self._p.items()))

    def __repr__(self) -> str:
        body = ", ".join(f"{k!r}: {v}" for k, v in self._p.items())
        return f"Dist({{{body}}})"

    # -- building new distributions -------------------------------------------------------------

    def map(self, f: Callable[[Any], Hashable]) -> Dist:
        """The distribution of f(outcome), added up as whole-number counts (quick for 200,000)."""
        out: dict[Hashable, int] = defaultdict(int)
        for k, w in zip(self._p, _counts(self, _common(self)), strict=True):
            out[f(k)] += w
        return Dist(out)

    def combine(self, other: Dist | Hashable, f: Callable[[Any, Any], Hashable]) -> Dist:
        """The distribution of f(x, y) for independent x from self and y from other.

        At most MAX_PAIRS pairs (len(self) · len(other)), and pairs times the bits of the two
        chances' denominators at most DICE_WORK_LIMIT: each pair is one product of whole numbers
        (the chances over their common denominators), not of Fractions.
        """
        other = other if isinstance(other, Dist) else Dist.constant(other)
        pairs = len(self) * len(other)
        if pairs > MAX_PAIRS:
            raise ValueError(
                f"combining {len(self):,} outcomes with {len(other):,} makes {pairs:,} "
                f"pairs, more than the {MAX_PAIRS:,} worked out exactly in about a second"
            )
        x_common, y_common = _common(self), _common(other)
        _check_work("this combination", pairs, "pairs", x_common.bit_length() + y_common.bit_length())
        xs, ys = _counts(self, x_common), _counts(other, y_common)
        out: dict[Hashable, int] = defaultdict(int)
        for a, wa in zip(self._p, xs, strict=True):
            for b, wb in zip(other._p, ys, strict=True):
                out[f(a, b)] += wa * wb
        return Dist(out)

    def __add__(self, other: Dist | int) -> Dist:
        other = other if isinstance(other, Dist) else Dist.constant(other)
        fast = _int_sum(self, other)
        return fast if fast is not None else self.combine(other, lambda a, b: a + b)

    __radd__ = __add__

    def __sub__(self, other: Dist | int) -> Dist:
        other = other if isinstance(other, Dist) else Dist.constant(other)
        fast = _int_sum(self, -other) if _all_ints(other) else None
        return fast if fast is not None else self.combine(other, lambda a, b: a - b)

    def __rsub__(self, other: int) -> Dist:
        return Dist.constant(other).combine(self, lambda a, b: a - b)

    def __neg__(self) -> Dist:
        if _all_ints(self):  # already sorted: reversed and negated, the same chances
            return _exact({-k: p for k, p in reversed(self._p.items())})
        return self.map(lambda a: -a)

    def repeat_sum(self, n: int) -> Dist:
        """The total of n independent copies (n >= 1), by repeated squaring of the convolution.

        Outcomes must be numbers. Bounds, checked before any work: n from 1 to 1000; for
        whole-number outcomes, the totals' span n·(highest − lowest) + 1 times the bits of
        their chances, n times those of one copy, at most DICE_WORK_LIMIT, and those bits at most
        MAX_BITS (as for :func:`dice_sum`), so outcomes 0 and 10**9 are refused however few; for
        other outcomes each addition within :meth:`combine`'s bounds.
        """
        if not is_whole(n) or not 1 <= n <= 1000:
            raise ValueError(f"can only add up a whole number of copies from 1 to 1000; got {shown(n)}")
        n = operator.index(n)
        if n > 1:
            strays = [k for k in self._p if not isinstance(k, numbers.Number)]
            if strays:
                raise ValueError(
                    f"repeat_sum adds outcomes up, so they must be numbers; got {shown(strays[0])}"
                )
        if n > 1 and _all_ints(self):
            common = _common(self)
            bits, totals = n * common.bit_length(), n * (_span(self) - 1) + 1  # common**n
            _check_work(f"{n} copies of this distribution", totals, "totals", bits)
            _check_outcomes(totals, f"{n} copies of this distribution would have up to {totals:,} totals")
            if 2 * _span(self) <= 4 * len(self) ** 2 + 1024:  # dense, as every sum of copies then is
                # added up as whole-number counts, with Fractions only at the end
                low, dense = _dense(self, _counts(self, common))
                return _from_counts(n * low, _doubled(dense, n, _convolve), common**n)
        return _doubled(self, n, operator.add)

    def given(self, event: Callable[[Any], bool]) -> Dist:
        """The distribution conditioned on event (raises if the event is impossible)."""
        kept = {k: w for k, w in zip(self._p, _counts(self, _common(self)), strict=True) if event(k)}
        if not kept:
            raise ValueError("cannot condition on an event that has probability zero")
        return Dist(kept)

    # -- questions ------------------------------------------------------------------------------

    def p(self, event: Callable[[Any], bool]) -> Fraction:
        """P(event), exactly: the event's whole-number counts over their common denominator."""
        common = _common(self)
        hits = sum(w for k, w in zip(self._p, _counts(self, common), strict=True) if event(k))
        return Fraction(hits, common)

    def p_at_least(self, target: Any) -> Fraction:
        """P(outcome >= target): the chance of reaching a target number."""
        return self.p(lambda k: k >= target)

    def mean(self) -> Fraction:
        """The expected value. Outcomes must be real numbers (see :meth:`variance`)."""
        exact = _exact_moments(self, "the mean")
        if exact is None:
            return sum((k * p for k, p in self._p.items()), Fraction(0))
        return exact[0]

    def variance(self) -> Fraction:
        """The variance. Outcomes must be real numbers: ints, Fractions (exact answer) or floats.

        With a float among them the answer is a float, worked out as before; exact outcomes are
        summed as whole numbers over one common denominator, each and that denominator within
        MAX_BITS bits, outcomes times their bits within DICE_WORK_LIMIT.
        """
        exact = _exact_moments(self, "the variance")
        if exact is None:
            m = self.mean()
            return sum(((k - m) ** 2 * p for k, p in self._p.items()), Fraction(0))
        mean, square = exact
        return square - mean * mean

    def sample(self, rng: Any) -> Any:
        """Draw one outcome with a ``random.Random``, exactly in proportion to the Fractions."""
        return sample_exact(list(self._p.items()), rng)

    def sample_many(self, rng: Any, n: int) -> list[Any]:
        """n draws, the same as n calls of :meth:`sample` with the same rng, but fast.

        One table of whole-number cumulative weights serves every draw (a bisection each), so
        10,000 rolls for a live simulation take milliseconds and stay exactly fair.
        """
        n = whole_number(n, "the number of draws", 0, MAX_DRAWS)
        check_rng(rng)
        denominator = _common(self)
        cumulative = list(accumulate(_counts(self, denominator)))
        outcomes = list(self._p)
        return [outcomes[bisect_right(cumulative, rng.randrange(denominator))] for _ in range(n)]

    # -- views ----------------------------------------------------------------------------------

    def to_frame(self, outcome: str = "outcome") -> pd.DataFrame:
        """A table: outcome, exact probability, its decimal, and the chance of at least it."""
        rows = []
        tail = Fraction(1)
        for k, p in self._p.items():
            rows.append({outcome: k, "probability": p, "decimal": float(p), "at_least": tail})
            tail -= p
        return pd.DataFrame(rows)

    def to_sympy(self) -> dict[Any, sympy.Rational]:
        """The same probabilities as sympy Rationals, for algebra in notebooks."""
        return {k: sympy.Rational(p.numerator, p.denominator) for k, p in self._p.items()}


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
    elif type(weight) is Fraction:
        numerator, denominator = weight.numerator, weight.denominator
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


def _all_ints(d: Dist) -> bool:
    return all(type(k) is int for k in d._p)


def _exact(p: dict[Any, Fraction]) -> Dist:
    """A Dist of chances already exact, positive, in order and adding up to 1 (no checks)."""
    d = object.__new__(Dist)
    d._p = p
    return d


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


def _from_counts(low: int, counts: list[int], total: int) -> Dist:
    """The Dist of outcomes low, low + 1, ... with chances counts[i] / total (counts add up to total)."""
    return _exact({low + i: Fraction(w, total) for i, w in enumerate(counts) if w})


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


def _int_sum(x: Dist, y: Dist) -> Dist | None:
    """x + y by convolving whole-number weights, when both have only int outcomes (else None).

    Outcomes spread far apart (0 and 10**8) would make long, mostly empty weight lists: those
    go the pair by pair way (None), bounded by :meth:`Dist.combine`. The work is checked
    before the weight lists are made.
    """
    if not (_all_ints(x) and _all_ints(y)) or _span(x) + _span(y) > 4 * len(x) * len(y) + 1024:
        return None
    x_common, y_common, totals = _common(x), _common(y), _span(x) + _span(y) - 1
    _check_work("this sum", totals, "totals", x_common.bit_length() + y_common.bit_length())
    _check_outcomes(totals, f"this sum would have up to {totals:,} totals")
    (x_low, x_counts), (y_low, y_counts) = _dense(x, _counts(x, x_common)), _dense(y, _counts(y, y_common))
    return _from_counts(x_low + y_low, _convolve(x_counts, y_counts), x_common * y_common)


def dice_sum(n: int, sides: int = 6) -> Dist:
    """The total shown by n fair dice with the given number of sides, exactly.

    Bounds, checked before any work, so that an answer comes in about a second at most (0.8 s
    measured at the slowest allowed sizes, 66 dice of 500 sides): n and sides from 1 to 1000, and
    the n·(sides − 1) + 1 possible totals times the n·bits(sides) bits of their chances at most
    DICE_WORK_LIMIT, 2·10⁷ (1000 six-sided dice or 150 hundred-sided dice fit; 1000 dice of 20
    sides do not). bits(sides) is sides.bit_length(), about log2(sides) rounded up.
    """
    for name, value in (("n", n), ("sides", sides)):
        if not is_whole(value) or not 1 <= value <= 1000:
            raise ValueError(f"dice_sum: {name} must be a whole number from 1 to 1000; got {shown(value)}")
    n, sides = operator.index(n), operator.index(sides)
    _check_work(f"dice_sum({n}, {sides})", n * (sides - 1) + 1, "totals", n * sides.bit_length())
    return Dist.die(sides).repeat_sum(n)


def standard_error(p: Fraction | float, n: int) -> float:
    """How far the share of hits in n rolls typically lands from the exact chance p: √(p(1−p)/n).

    One roll is a hit (1) or a miss (0): mean p, variance p(1−p). n independent rolls add their
    variances (n·p(1−p) for the count), and the share is the count divided by n, which divides
    the variance by n². p must be a probability from 0 to 1 and n a whole number, at least 1.
    """
    if isinstance(p, bool) or not isinstance(p, int | float | Fraction) or not 0 <= p <= 1:
        raise ValueError(f"p must be a probability from 0 to 1; got {p!r}")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"n (the number of rolls) must be a whole number, at least 1; got {n!r}")
    return math.sqrt(float(p) * (1 - float(p)) / n)


def standardized_gaps(dist: Dist, counts: Mapping[Any, int]) -> dict[Any, float]:
    """Each outcome's (observed share − exact chance) in standard errors: is this gap surprising?

    For one outcome a gap beyond ±2 comes about 1 time in 20; the largest of many outcomes' gaps
    passes 2 far more often, so judge the largest gap with that in mind. counts maps outcomes of
    dist to how often they came up (whole numbers, at least 0; a missing outcome counts 0, at
    least one roll in all); dist needs two or more outcomes (a certain outcome has no spread).
    """
    if not isinstance(counts, Mapping):
        raise ValueError(f"counts must map outcomes to how often they came up; got {counts!r:.60}")
    if len(dist) < 2:
        raise ValueError(f"dist must have at least two outcomes to have a spread; got {dist!r}")
    strays = [o for o in counts if o not in dist]
    if strays:
        raise ValueError(f"counts has {strays[0]!r}, which is not an outcome of dist ({list(dist)})")
    bad = [(o, c) for o, c in counts.items() if isinstance(c, bool) or not isinstance(c, int) or c < 0]
    if bad:
        raise ValueError(f"counts must be whole numbers, at least 0; got {bad[0][1]!r} for {bad[0][0]!r}")
    total = sum(counts.values())
    if total < 1:
        raise ValueError("counts must hold at least one roll; got none")
    return {o: (counts.get(o, 0) / total - float(p)) / standard_error(p, total) for o, p in dist.items()}
