"""Exact finite probability distributions on :class:`fractions.Fraction`.

A classroom needs probabilities that are *exactly* right (1/6, not 0.16666666666666666), so every
distribution here keeps its weights as Fractions. The operations mirror how a teacher talks about
dice: roll one, add two, take the difference, add a bonus, ask for the chance of an event.
"""

from __future__ import annotations

import contextlib
import math
import numbers
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from functools import lru_cache
from itertools import accumulate, product
from typing import Any

import pandas as pd
import sympy

MAX_OUTCOMES = 200_000
"""The most outcomes a Dist is built with: each is a Fraction, and 200,000 take well under a second."""

MAX_PAIRS = 200_000
"""The most pairs of outcomes :meth:`Dist.combine` works through (one Fraction product each)."""

MAX_DRAWS = 1_000_000
"""The most draws one :meth:`Dist.sample_many` call makes (about half a second)."""


class Dist(Mapping[Any, Fraction]):
    """An immutable map from outcome to its exact probability.

    Outcomes with probability zero are dropped, outcomes are kept sorted when they can be,
    and the probabilities always add up to exactly 1. At most MAX_OUTCOMES outcomes.
    """

    __slots__ = ("_p",)

    def __init__(self, weights: Mapping[Hashable, int | Fraction]):
        if not isinstance(weights, Mapping):
            raise ValueError(f"weights must be a mapping of outcome to weight; got {weights!r:.60}")
        _check_outcomes(len(weights))
        items = [(k, _weight(k, w)) for k, w in weights.items()]
        if any(w < 0 for _, w in items):
            raise ValueError("a probability weight cannot be negative")
        total = sum((w for _, w in items), Fraction(0))
        if total == 0:
            raise ValueError("a distribution needs at least one outcome with positive weight")
        kept = [(k, w / total) for k, w in items if w > 0]
        with contextlib.suppress(TypeError):  # outcomes without an order keep their given order
            kept.sort(key=lambda kw: kw[0])
        self._p: dict[Any, Fraction] = dict(kept)

    # -- constructors ---------------------------------------------------------------------------

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Dist:
        """Each listed outcome equally likely (a repeated one counts twice); at most MAX_OUTCOMES."""
        if not isinstance(outcomes, Iterable):
            raise ValueError(f"outcomes must be a list (or range) of outcomes; got {outcomes!r:.60}")
        counts: dict[Hashable, int] = defaultdict(int)
        for listed, o in enumerate(outcomes, 1):
            _check_outcomes(listed)
            counts[o] += 1
        return cls(counts)

    @classmethod
    def die(cls, sides: int = 6) -> Dist:
        """A fair die numbered 1..sides (sides from 1 to MAX_OUTCOMES)."""
        if not isinstance(sides, int) or isinstance(sides, bool) or not 1 <= sides <= MAX_OUTCOMES:
            raise ValueError(
                f"a die needs a whole number of sides from 1 to {MAX_OUTCOMES:,}; got {sides!r:.60}"
            )
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
        return self._p.get(outcome, Fraction(0))

    def __iter__(self) -> Iterator[Any]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._p

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dist) and self._p == other._p

    def __hash__(self) -> int:
        return hash(frozenset(self._p.items()))

    def __repr__(self) -> str:
        body = ", ".join(f"{k!r}: {v}" for k, v in self._p.items())
        return f"Dist({{{body}}})"

    # -- building new distributions -------------------------------------------------------------

    def map(self, f: Callable[[Any], Hashable]) -> Dist:
        """The distribution of f(outcome)."""
        out: dict[Hashable, Fraction] = defaultdict(Fraction)
        for k, p in self._p.items():
            out[f(k)] += p
        return Dist(out)

    def combine(self, other: Dist | Hashable, f: Callable[[Any, Any], Hashable]) -> Dist:
        """The distribution of f(x, y) for independent x from self and y from other.

        At most MAX_PAIRS pairs (len(self) · len(other)), each worked out with exact Fractions.
        """
        other = other if isinstance(other, Dist) else Dist.constant(other)
        if len(self) * len(other) > MAX_PAIRS:
            raise ValueError(
                f"combining {len(self):,} outcomes with {len(other):,} makes {len(self) * len(other):,} "
                f"pairs, more than the {MAX_PAIRS:,} worked out exactly in about a second"
            )
        out: dict[Hashable, Fraction] = defaultdict(Fraction)
        for (a, pa), (b, pb) in product(self._p.items(), other._p.items()):
            out[f(a, b)] += pa * pb
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

        Bounds: n from 1 to 1000; for whole-number outcomes, the totals' span times the bits of
        their counts at most DICE_WORK_LIMIT (as for :func:`dice_sum`); for other outcomes each
        addition within MAX_PAIRS pairs.
        """
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 1000:
            raise ValueError(f"can only add up a whole number of copies from 1 to 1000; got {n!r:.60}")
        weights = _int_weights(self)
        if weights is not None:
            bits = n * sum(weights[1]).bit_length()  # the counts of n copies: about total**n
            _check_sum_work(f"{n} copies of this distribution", n * (len(weights[1]) - 1) + 1, bits)
        result: Dist | None = None
        base = self
        while n:
            if n & 1:
                result = base if result is None else result + base
            n >>= 1
            if n:
                base = base + base
        assert result is not None
        return result

    def given(self, event: Callable[[Any], bool]) -> Dist:
        """The distribution conditioned on event (raises if the event is impossible)."""
        kept = {k: p for k, p in self._p.items() if event(k)}
        if not kept:
            raise ValueError("cannot condition on an event that has probability zero")
        return Dist(kept)

    # -- questions ------------------------------------------------------------------------------

    def p(self, event: Callable[[Any], bool]) -> Fraction:
        """P(event), exactly."""
        return sum((p for k, p in self._p.items() if event(k)), Fraction(0))

    def p_at_least(self, target: Any) -> Fraction:
        """P(outcome >= target): the chance of reaching a target number."""
        return self.p(lambda k: k >= target)

    def mean(self) -> Fraction:
        """The expected value (outcomes must be numbers)."""
        return sum((k * p for k, p in self._p.items()), Fraction(0))

    def variance(self) -> Fraction:
        """The variance (outcomes must be numbers)."""
        m = self.mean()
        return sum(((k - m) ** 2 * p for k, p in self._p.items()), Fraction(0))

    def sample(self, rng: Any) -> Any:
        """Draw one outcome with a ``random.Random``, exactly in proportion to the Fractions."""
        return sample_exact(list(self._p.items()), rng)

    def sample_many(self, rng: Any, n: int) -> list[Any]:
        """n draws, the same as n calls of :meth:`sample` with the same rng, but fast.

        One table of whole-number cumulative weights serves every draw (a bisection each), so
        10,000 rolls for a live simulation take milliseconds and stay exactly fair.
        """
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_DRAWS:
            raise ValueError(
                f"the number of draws must be a whole number from 0 to {MAX_DRAWS:,}; got {n!r:.60}"
            )
        _check_rng(rng)
        denominator = math.lcm(*(p.denominator for p in self._p.values()))
        cumulative = list(accumulate(p.numerator * (denominator // p.denominator) for p in self._p.values()))
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


def _check_outcomes(count: int) -> None:
    if count > MAX_OUTCOMES:
        raise ValueError(f"a distribution holds at most {MAX_OUTCOMES:,} outcomes; got more")


def _weight(outcome: Hashable, weight: object) -> Fraction:
    """A weight as a Fraction, or a refusal naming the outcome (weights are numbers)."""
    if isinstance(weight, bool) or not isinstance(weight, numbers.Real | str):
        raise ValueError(f"the weight of {outcome!r:.30} must be a number; got {weight!r:.30}")
    try:
        return Fraction(weight)
    except (ValueError, OverflowError) as error:  # "abc", NaN, infinity
        raise ValueError(f"the weight of {outcome!r:.30} must be a number; got {weight!r:.30}") from error


def _check_sum_work(what: str, totals: int, bits: int) -> None:
    """Refuse a convolution too big to finish in a second or two (see DICE_WORK_LIMIT)."""
    if totals * bits > DICE_WORK_LIMIT:
        raise ValueError(
            f"{what} is too big to count exactly in a second or two: {totals:,} totals with counts "
            f"of about {bits:,} bits; keep totals · bits at most {DICE_WORK_LIMIT:,}"
        )


def _all_ints(d: Dist) -> bool:
    return all(type(k) is int for k in d._p)


def _exact(p: dict[Any, Fraction]) -> Dist:
    """A Dist of chances already exact, positive, in order and adding up to 1 (no checks)."""
    d = object.__new__(Dist)
    d._p = p
    return d


def _int_weights(d: Dist) -> tuple[int, list[int]] | None:
    """(lowest outcome, whole-number weights of lowest..highest) when every outcome is an int."""
    if not _all_ints(d):
        return None
    low, high = min(d._p), max(d._p)
    denominator = math.lcm(*(p.denominator for p in d._p.values()))
    weights = [0] * (high - low + 1)
    for k, p in d._p.items():
        weights[k - low] = p.numerator * (denominator // p.denominator)
    return low, weights


def _span(d: Dist) -> int:
    """How many whole numbers lie from the lowest outcome to the highest (int outcomes only)."""
    return max(d._p) - min(d._p) + 1


def _convolve(a: list[int], b: list[int]) -> list[int]:
    """c[k] = sum of a[i] * b[k - i], for whole numbers, by one big-integer product.

    Each list is packed into one integer, a fixed number of bytes per entry (wide enough that no
    sum of products can spill into its neighbour), so Python's multiplication of long integers
    does every product at once; the answer is read back slot by slot. Exact, and far faster than
    a double loop over Fractions for long sums such as 50 dice of 100 sides.
    """
    if len(a) * len(b) <= 256:  # a few dice: the plain double loop is quicker than packing
        out = [0] * (len(a) + len(b) - 1)
        for i, x in enumerate(a):
            if x:
                for j, y in enumerate(b):
                    out[i + j] += x * y
        return out
    bits = max(a).bit_length() + max(b).bit_length() + min(len(a), len(b)).bit_length() + 1
    width = (bits + 7) // 8
    pack = b"".join  # each weight as `width` little-endian bytes, in order
    product = int.from_bytes(pack(w.to_bytes(width, "little") for w in a), "little") * int.from_bytes(
        pack(w.to_bytes(width, "little") for w in b), "little"
    )
    size = len(a) + len(b) - 1
    raw = product.to_bytes(size * width, "little")
    return [int.from_bytes(raw[i * width : (i + 1) * width], "little") for i in range(size)]


def _int_sum(x: Dist, y: Dist) -> Dist | None:
    """x + y by convolving whole-number weights, when both have only int outcomes (else None).

    Outcomes spread far apart (0 and 10**8) would make long, mostly empty weight lists: those
    go the pair by pair way (None), which is bounded by MAX_PAIRS.
    """
    if not (_all_ints(x) and _all_ints(y)) or _span(x) + _span(y) > 4 * len(x) * len(y) + 1024:
        return None
    xs, ys = _int_weights(x), _int_weights(y)
    assert xs is not None and ys is not None
    _check_sum_work(
        "this sum", len(xs[1]) + len(ys[1]) - 1, max(xs[1]).bit_length() + max(ys[1]).bit_length()
    )
    weights = _convolve(xs[1], ys[1])
    low, total = xs[0] + ys[0], sum(weights)
    return _exact({low + i: Fraction(w, total) for i, w in enumerate(weights) if w})


def sample_exact(outcomes: list[tuple[Any, Fraction]], rng: Any) -> Any:
    """Pick an outcome with exactly its Fraction's chance, using only integer draws from rng.

    outcomes: a non-empty list of (outcome, Fraction) pairs adding up to 1.
    """
    if not isinstance(outcomes, list | tuple) or not outcomes:
        raise ValueError(
            f"outcomes must be a non-empty list of (outcome, Fraction) pairs; got {outcomes!r:.60}"
        )
    bad = next((o for o in outcomes if not isinstance(o, tuple) or len(o) != 2 or not _chance(o[1])), None)
    if bad is not None:
        raise ValueError(f"each outcome must be an (outcome, Fraction from 0 to 1) pair; got {bad!r:.60}")
    denominator = math.lcm(*(p.denominator for _, p in outcomes))
    counts = [(value, p.numerator * (denominator // p.denominator)) for value, p in outcomes]
    if sum(n for _, n in counts) != denominator:
        raise ValueError("probabilities do not add up to 1")
    return sample_counts(counts, rng)


def sample_counts(outcomes: list[tuple[Any, int]], rng: Any) -> Any:
    """Pick an outcome in proportion to its whole-number count (a card in a deck, a token in a bag).

    outcomes: a non-empty list of (outcome, count) pairs, counts whole numbers from 0, at least one
    above 0; rng: a random.Random (or anything with its randrange). The checks are one pass over
    the pairs (engines call this on every draw); :func:`draw_counted` is the engines' unchecked path.
    """
    if not isinstance(outcomes, list | tuple) or not outcomes:
        raise ValueError(f"outcomes must be a non-empty list of (outcome, count) pairs; got {outcomes!r:.60}")
    total = 0
    for pair in outcomes:
        plain = type(pair) is tuple and len(pair) == 2 and type(pair[1]) is int and pair[1] >= 0
        if not plain and not (isinstance(pair, tuple) and len(pair) == 2 and _count(pair[1])):
            raise ValueError(f"each outcome must be an (outcome, whole count from 0) pair; got {pair!r:.60}")
        total += pair[1]
    _check_rng(rng)
    if not total:
        raise ValueError("the counts add up to 0: there is nothing to pick")
    return draw_counted(outcomes, total, rng)[0]


def draw_counted(outcomes: Iterable[tuple[Any, int]], total: int, rng: Any) -> tuple[Any, int]:
    """The engines' trusted draw: (outcome, its count), picked in proportion to the counts.

    The same ticket and the same pick as :func:`sample_counts` with the same rng, without its
    checks: for an engine whose counts are its own bookkeeping (whole numbers adding up to
    ``total``, at least 1), so a bulk simulation does not pay for checking them on every draw.
    The count comes back too, so the draw's exact chance is count / total with no search. Only
    total is checked (one comparison): a whole number from 1 up, else a ValueError.
    """
    if type(total) is not int or total < 1:
        raise ValueError(f"total must be a whole number of at least 1 (the counts' sum); got {total!r:.40}")
    ticket = rng.randrange(total)
    for value, n in outcomes:
        ticket -= n
        if ticket < 0:
            return value, n
    raise ValueError("the counts do not add up to the total")


@lru_cache(maxsize=4096)
def share(n: int, total: int) -> Fraction:
    """n out of total (copies of a card in a deck of total), exactly; made once per pair.

    Engines draw from decks and bags of a few sizes again and again, and building a Fraction
    (a gcd and a few Python calls) on every draw was a measurable part of a game. n and total
    are whole numbers, 0 <= n <= total, total >= 1.
    """
    if not (_count(n) and _count(total) and total > 0 and n <= total):
        raise ValueError(
            f"share needs whole numbers 0 <= n <= total, total at least 1; got {n!r:.30}, {total!r:.30}"
        )
    return Fraction(n, total)


def _check_rng(rng: object) -> None:
    if not callable(getattr(rng, "randrange", None)):
        raise TypeError(f"rng must be a random.Random (it draws with randrange); got {rng!r:.60}")


def _chance(p: object) -> bool:
    """Whether p is an exact probability: a whole number or fraction from 0 to 1."""
    return isinstance(p, numbers.Rational) and not isinstance(p, bool) and 0 <= p <= 1


def _count(n: object) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0


DICE_WORK_LIMIT = 2 * 10**7
"""The most work dice_sum takes on: outcomes of the total times the bits of its biggest count."""


def dice_sum(n: int, sides: int = 6) -> Dist:
    """The total shown by n fair dice with the given number of sides, exactly.

    Bounds, so that an answer comes in about two seconds at most: n and sides from 1 to 1000,
    and n·(sides − 1) possible totals times n·log2(sides) bits per count at most 2·10⁷ (1000
    six-sided dice or 150 hundred-sided dice fit; 1000 dice of 20 sides do not).
    """
    for name, value in (("n", n), ("sides", sides)):
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 1000:
            raise ValueError(f"dice_sum: {name} must be a whole number from 1 to 1000; got {value!r}")
    work = n * (sides - 1) * n * math.log2(sides)
    if work > DICE_WORK_LIMIT:
        raise ValueError(
            f"dice_sum({n}, {sides}) is too big to count exactly in a second or two: "
            f"{n * (sides - 1) + 1:,} totals with counts of about {n * math.log2(sides):,.0f} bits; "
            f"keep n·(sides − 1)·n·log2(sides) at most {DICE_WORK_LIMIT:,} (e.g. 1000 dice of 6 sides)"
        )
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


def readable(p: Fraction) -> str:
    """An exact probability as a person reads it: 7/12, or about 3.1e-421 when it is huge.

    The running probability of a whole game's path has hundreds of digits; the exact Fraction
    stays in the data, and this is only how a table shows it. p: a Fraction (tables also show
    exact means this way).
    """
    if not isinstance(p, numbers.Rational) or isinstance(p, bool):
        raise ValueError(f"p must be an exact number, a Fraction; got {p!r:.60}")
    if p == 0 or p.denominator < 10**9:
        return str(p)
    exponent = math.log10(p.numerator) - math.log10(p.denominator)
    whole = math.floor(exponent)
    mantissa = round(10 ** (exponent - whole), 2)
    if mantissa >= 10:  # 9.996 rounds up into the next power of ten
        mantissa, whole = mantissa / 10, whole + 1
    return f"≈ {mantissa:.2f}e{whole}"
