"""Exact finite probability distributions on :class:`fractions.Fraction`.

A classroom needs probabilities that are *exactly* right (1/6, not 0.16666666666666666), so every
distribution here keeps its weights as Fractions. The operations mirror how a teacher talks about
dice: roll one, add two, take the difference, add a bonus, ask for the chance of an event.

The model is here; its limits and the sentences it refuses with are in ``_dist_limits.py``, and
the whole-number arithmetic it adds chances up with in ``_dist_counts.py``.
"""

from __future__ import annotations

import contextlib
import math
import numbers
import operator
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Hashable, ItemsView, Iterable, Iterator, Mapping, ValuesView
from fractions import Fraction
from itertools import accumulate
from typing import Any

import pandas as pd
import sympy

from ._dist_counts import _all_ints, _common, _convolve, _counts, _dense, _doubled, _exact_moments, _span
from ._dist_limits import (
    DICE_WORK_LIMIT,
    FRAME_ROW_BITS,
    FRAME_WORK_LIMIT,
    MAX_BITS,
    MAX_DRAWS,
    MAX_OUTCOMES,
    MAX_PAIRS,
    _adding,
    _brief,
    _called_with,
    _check_outcomes,
    _check_work,
    _common_denominator,
    _event_of,
    _excess,
    _no_key,
    _pair,
    _subtracting,
    _weight,
)
from .checks import a_kind, check_callable, check_key, described, failed_call, is_key
from .draws import check_rng, sample_exact
from .numbers import is_whole, shown, whole_number

__all__ = [
    "DICE_WORK_LIMIT",
    "FRAME_ROW_BITS",
    "FRAME_WORK_LIMIT",
    "MAX_BITS",
    "MAX_DRAWS",
    "MAX_OUTCOMES",
    "MAX_PAIRS",
    "Dist",
    "dice_sum",
    "standard_error",
    "standardized_gaps",
]
"""What a lesson imports from here; the bounds (defined in _dist_limits.py) are named in the
docstrings of Dist and dice_sum."""

_ZERO = Fraction(0)  # the chance of an outcome a Dist lacks, made once
_NOTHING = object()  # next()'s default where None may be an outcome

_FRAME_COLUMNS = ("probability", "decimal", "at_least")


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
        try:
            for listed, o in enumerate(outcomes, 1):
                _check_outcomes(listed)
                counts[o] += 1
        except TypeError:
            check_key(o, "an outcome")
            raise
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
        """A certain outcome (probability 1): value must be a string, a number or a tuple (a key)."""
        try:
            return cls({value: 1})
        except TypeError:
            check_key(value, "an outcome")
            raise

    # -- Mapping protocol -----------------------------------------------------------------------

    def __getitem__(self, outcome: Hashable) -> Fraction:
        try:
            return self._p.get(outcome, _ZERO)
        except TypeError:  # why, in words, only when the look-up failed: a good outcome pays nothing
            check_key(outcome, "an outcome")
            raise

    def __iter__(self) -> Iterator[Any]:
        return iter(self._p)

    def __len__(self) -> int:
        return len(self._p)

    def __contains__(self, outcome: object) -> bool:
        try:
            return outcome in self._p
        except TypeError:
            check_key(outcome, "an outcome")
            raise

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
        """The distribution of f(outcome), added up as whole-number counts (quick for 200,000).

        f: a function of one outcome returning a string, a number or a tuple (a new outcome).
        When f raises on an outcome (a ValueError aside, passed on as it is) or returns what
        cannot be an outcome (a list), a TypeError names the outcome; the original is chained.
        """
        check_callable(f, "f", "an outcome", "lambda k: k // 10")
        out: dict[Hashable, int] = defaultdict(int)
        for k, w in zip(self._p, _counts(self, _common(self)), strict=True):
            try:
                key = f(k)
            except ValueError:
                raise
            except Exception as error:
                raise TypeError(
                    failed_call("the function given to map", f"the outcome {shown(k)}", error)
                ) from error
            try:
                out[key] += w
            except TypeError as error:
                if is_key(key):
                    raise
                raise _no_key("the function given to map", f"the outcome {shown(k)}", key) from error
        return Dist(out)

    def combine(self, other: Dist | Hashable, f: Callable[[Any, Any], Hashable]) -> Dist:
        """The distribution of f(x, y) for independent x from self and y from other.

        other: a Dist, or one outcome (a string, a number or a tuple), certain; f: a function of
        two outcomes returning a new one. At most MAX_PAIRS pairs (len(self) · len(other)), and
        pairs times the bits of the two chances' denominators at most DICE_WORK_LIMIT: each pair
        is one product of whole numbers (the chances over their common denominators), not of
        Fractions. When f raises on a pair (a ValueError aside, passed on as it is) or returns
        what cannot be an outcome, a TypeError names the two outcomes; the original is chained.
        """
        check_callable(f, "f", "two outcomes", "lambda a, b: max(a, b)")
        return self._combined(_as_dist(other), f, _called_with)

    def _combined(self, other: Dist, f: Callable[[Any, Any], Hashable], failed: Callable[..., str]) -> Dist:
        """combine's work, with failed(a, b, error) saying in words why f(a, b) could not be done."""
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
                try:
                    key = f(a, b)
                except ValueError:
                    raise
                except Exception as error:
                    raise TypeError(failed(a, b, error)) from error
                try:
                    out[key] += wa * wb
                except TypeError as error:
                    if is_key(key):
                        raise
                    raise _no_key("the function given to combine", _pair(a, b), key) from error
        return Dist(out)

    def __add__(self, other: Dist | int) -> Dist:
        """The total of self and other (a Dist or one number), independent: every pair of outcomes
        added, so the outcomes must add up (numbers, or text with text); a TypeError names a pair
        that does not. Bounds as :meth:`combine`'s (whole-number outcomes: as a sum's, see
        :meth:`repeat_sum`)."""
        other = _as_dist(other)
        fast = _int_sum(self, other)
        return fast if fast is not None else self._combined(other, operator.add, _adding)

    def __radd__(self, other: Dist | int) -> Dist:
        """other + self, for a number (or other outcome) on the left: ``3 + die``, ``sum(dice)``."""
        return _as_dist(other) + self

    def __sub__(self, other: Dist | int) -> Dist:
        """The difference self − other (a Dist or one number), independent; outcomes must be numbers
        (a TypeError names a pair that cannot be subtracted). Bounds as :meth:`__add__`'s."""
        other = _as_dist(other)
        fast = _int_sum(self, -other) if _all_ints(other) else None
        return fast if fast is not None else self._combined(other, operator.sub, _subtracting)

    def __rsub__(self, other: int) -> Dist:
        """other − self, for a number on the left: ``7 - die``."""
        return _as_dist(other)._combined(self, operator.sub, _subtracting)

    def __neg__(self) -> Dist:
        """-X: every outcome negated, so they must be numbers (a TypeError names one that is not)."""
        if _all_ints(self):  # already sorted: reversed and negated, the same chances
            return _exact({-k: p for k, p in reversed(self._p.items())})
        stray = next((k for k in self._p if not isinstance(k, numbers.Number)), _NOTHING)
        if stray is not _NOTHING:
            raise TypeError(
                f"cannot negate the outcome {shown(stray)} ({a_kind(stray)}): negating a distribution "
                "negates every outcome, so they must be numbers"
            )
        return self.map(operator.neg)

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
        """The distribution conditioned on event, a function of an outcome that says True or False
        (raises if the event is impossible; a TypeError names an outcome the event fails on)."""
        check_callable(event, "event")
        kept = self._where(event, _event_of("given"), _common(self))
        if not kept:
            raise ValueError("cannot condition on an event that has probability zero")
        return Dist(kept)

    # -- questions ------------------------------------------------------------------------------

    def p(self, event: Callable[[Any], bool]) -> Fraction:
        """P(event), exactly: the event's whole-number counts over their common denominator.

        event: a function of an outcome that says True or False (lambda k: k >= 4); a TypeError
        names an outcome it fails on (a ValueError it raises is passed on as it is).
        """
        check_callable(event, "event")
        common = _common(self)
        return Fraction(sum(self._where(event, _event_of("p"), common).values()), common)

    def p_at_least(self, target: Any) -> Fraction:
        """P(outcome >= target): the chance of reaching a target number.

        Every outcome is compared with target, so both must be numbers (or both text); a TypeError
        names an outcome that cannot be compared with it.
        """

        def failed(k: Any, error: BaseException) -> str:
            return (
                f"p_at_least compares every outcome with the target, and the outcome {shown(k)} cannot "
                f"be compared with {described(target)}: give a target of the outcomes' kind (numbers "
                "are compared with numbers, text with text)"
            )

        common = _common(self)
        return Fraction(sum(self._where(lambda k: k >= target, failed, common).values()), common)

    def _where(
        self, event: Callable[[Any], Any], failed: Callable[[Any, BaseException], str], common: int
    ) -> dict[Any, int]:
        """The outcomes where event holds, with their whole-number counts over common (_common(self));
        failed(outcome, error) says in words why event could not be asked of an outcome."""
        kept: dict[Any, int] = {}
        for k, w in zip(self._p, _counts(self, common), strict=True):
            try:
                if event(k):
                    kept[k] = w
            except ValueError:
                raise
            except Exception as error:
                raise TypeError(failed(k, error)) from error
        return kept

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
        """A table: outcome, exact probability, its decimal, and the chance of at least it.

        outcome: the name of the outcomes' column, text other than the three other columns'.
        Bound, checked before any work: outcomes · (bits of the chances' common denominator +
        FRAME_ROW_BITS) at most FRAME_WORK_LIMIT, so that a table comes in about half a second:
        about 96,000 outcomes of short chances, or every Dist of long ones (2,000 outcomes of
        10,000 bits take 2.3·10⁷); group more outcomes first (dist.map(lambda k: k // 10)).
        """
        if not isinstance(outcome, str) or outcome in _FRAME_COLUMNS:
            raise ValueError(
                f"outcome (the name of the outcomes' column) must be text other than "
                f"{', '.join(_FRAME_COLUMNS)}; got {described(outcome)}"
            )
        common = _common(self)
        bits = common.bit_length()
        if len(self) * (bits + FRAME_ROW_BITS) > FRAME_WORK_LIMIT:
            raise ValueError(
                f"this distribution is too big for a table made in about half a second: {len(self):,} "
                f"outcomes with chances of about {bits:,} bits; keep outcomes · (bits + {FRAME_ROW_BITS:,}) "
                f"at most {FRAME_WORK_LIMIT:,} (about {FRAME_WORK_LIMIT // (FRAME_ROW_BITS + 64):,} "
                "outcomes of short chances): group the outcomes first, e.g. dist.map(lambda k: k // 10)"
            )
        chances = list(self._p.values())
        # the chance of at least each outcome: whole-number tails over the common denominator
        tails = accumulate(_counts(self, common)[:-1], operator.sub, initial=common)
        return pd.DataFrame(
            {
                outcome: list(self._p),
                "probability": chances,
                "decimal": [float(p) for p in chances],
                "at_least": [Fraction(t, common) for t in tails],
            }
        )

    def to_sympy(self) -> dict[Any, sympy.Rational]:
        """The same probabilities as sympy Rationals, for algebra in notebooks."""
        return {k: sympy.Rational(p.numerator, p.denominator) for k, p in self._p.items()}


def _as_dist(value: Any) -> Dist:
    """value itself if it is a Dist, else the Dist certain to be it (a number added to a roll)."""
    return value if isinstance(value, Dist) else Dist.constant(value)


def _exact(p: dict[Any, Fraction]) -> Dist:
    """A Dist of chances already exact, positive, in order and adding up to 1 (no checks)."""
    d = object.__new__(Dist)
    d._p = p
    return d


def _from_counts(low: int, counts: list[int], total: int) -> Dist:
    """The Dist of outcomes low, low + 1, ... with chances counts[i] / total (counts add up to total)."""
    return _exact({low + i: Fraction(w, total) for i, w in enumerate(counts) if w})


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
    the variance by n². p must be a probability from 0 to 1 and n a whole number from 1 to
    10**18 (a numpy integer too).
    """
    if isinstance(p, bool) or not isinstance(p, int | float | Fraction) or not 0 <= p <= 1:
        raise ValueError(f"p must be a probability from 0 to 1; got {shown(p)}")
    n = whole_number(n, "n (the number of rolls)", 1, 10**18)
    return math.sqrt(float(p) * (1 - float(p)) / n)


def standardized_gaps(dist: Dist, counts: Mapping[Any, int]) -> dict[Any, float]:
    """Each outcome's (observed share − exact chance) in standard errors: is this gap surprising?

    For one outcome a gap beyond ±2 comes about 1 time in 20; the largest of many outcomes' gaps
    passes 2 far more often, so judge the largest gap with that in mind. counts maps outcomes of
    dist to how often they came up (whole numbers, at least 0; a missing outcome counts 0, at
    least one roll in all); dist needs two or more outcomes (a certain outcome has no spread).
    """
    if not isinstance(counts, Mapping):
        raise ValueError(f"counts must map outcomes to how often they came up; got {shown(counts, 60)}")
    if len(dist) < 2:
        raise ValueError(f"dist must have at least two outcomes to have a spread; got {shown(dist)}")
    strays = [o for o in counts if o not in dist]
    if strays:
        raise ValueError(f"counts has {shown(strays[0])}, which is not an outcome of dist ({list(dist)})")
    bad = [(o, c) for o, c in counts.items() if not is_whole(c) or c < 0]
    if bad:
        raise ValueError(
            f"counts must be whole numbers, at least 0; got {shown(bad[0][1])} for {shown(bad[0][0])}"
        )
    total = sum(counts.values())
    if total < 1:
        raise ValueError("counts must hold at least one roll; got none")
    return {o: (counts.get(o, 0) / total - float(p)) / standard_error(p, total) for o, p in dist.items()}
