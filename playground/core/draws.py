"""Drawing with exact chances, from the game's own generator: integer tickets only.

An outcome is picked in proportion to whole-number counts (copies of a card, tokens in a bag)
with one ``randrange`` ticket, so a seed tells the same story and no float rounding tilts a
chance. The checked paths take what a student types; :func:`draw_counted` is the engines'
trusted path, for counts that are their own bookkeeping.
"""

from __future__ import annotations

import math
import numbers
import random
from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .numbers import shown, whole_number


def sample_exact(outcomes: list[tuple[Any, Fraction]], rng: Any) -> Any:
    """Pick an outcome with exactly its Fraction's chance, using only integer draws from rng.

    outcomes: a non-empty list of (outcome, Fraction) pairs adding up to 1.
    """
    if not isinstance(outcomes, list | tuple) or not outcomes:
        raise ValueError(
            f"outcomes must be a non-empty list of (outcome, Fraction) pairs; got {shown(outcomes, 60)}"
        )
    for pair in outcomes:  # a loop, not next(..., None): a bad pair may itself be None
        if not isinstance(pair, tuple) or len(pair) != 2 or not _chance(pair[1]):
            raise ValueError(
                f"each outcome must be an (outcome, Fraction from 0 to 1) pair; got {shown(pair, 60)}"
            )
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
        raise ValueError(
            f"outcomes must be a non-empty list of (outcome, count) pairs; got {shown(outcomes, 60)}"
        )
    total = 0
    for pair in outcomes:
        plain = type(pair) is tuple and len(pair) == 2 and type(pair[1]) is int and pair[1] >= 0
        if not plain and not (isinstance(pair, tuple) and len(pair) == 2 and _count(pair[1])):
            raise ValueError(
                f"each outcome must be an (outcome, whole count from 0) pair; got {shown(pair, 60)}"
            )
        total += pair[1]
    check_rng(rng)
    if not total:
        raise ValueError("the counts add up to 0: there is nothing to pick")
    return draw_counted(outcomes, total, rng)[0]


def draw_counted(outcomes: Iterable[tuple[Any, int]], total: int, rng: Any) -> tuple[Any, int]:
    """The engines' trusted draw: (outcome, its count), picked in proportion to the counts.

    The same ticket and the same pick as :func:`sample_counts` with the same rng, without its
    checks: for an engine whose counts are its own bookkeeping (whole numbers adding up to
    ``total``, at least 1), so a bulk simulation does not pay for checking them on every draw.
    The count comes back too, so the draw's exact chance is count / total with no search. Only
    total is checked (one comparison): a whole number from 1 up, else a ValueError; so is a walk
    through outcomes that fails (no list of pairs), in words. rng: a random.Random.
    """
    if type(total) is not int or total < 1:
        raise ValueError(
            f"total must be a whole number of at least 1 (the counts' sum); got {shown(total, 40)}"
        )
    try:
        ticket = rng.randrange(total)
    except AttributeError:
        check_rng(rng)  # a TypeError in words when rng is no random generator
        raise
    try:
        for value, n in outcomes:
            ticket -= n
            if ticket < 0:
                return value, n
    except TypeError:  # why, in words, only once the walk failed: the engines' path pays nothing
        raise ValueError(
            f"outcomes must be a list of (outcome, whole count) pairs; got {shown(outcomes, 60)}"
        ) from None
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
            f"share needs whole numbers 0 <= n <= total, total at least 1; got {shown(n, 30)}, "
            f"{shown(total, 30)}"
        )
    return Fraction(n, total)


def check_rng(rng: object) -> None:
    if not callable(getattr(rng, "randrange", None)):
        raise TypeError(f"rng must be a random.Random (it draws with randrange); got {shown(rng, 60)}")


def _chance(p: object) -> bool:
    """Whether p is an exact probability: a whole number or fraction from 0 to 1."""
    return isinstance(p, numbers.Rational) and not isinstance(p, bool) and 0 <= p <= 1


def _count(n: object) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0


# -- the game's generator, wound back with a step taken back ----------------------------------------
# A step interrupted by the stop button is taken back (core/engine.py); the generator must go back
# too, or the same seed would tell another story once play goes on. Saving its whole state before
# every step costs about half a step; counting the 32-bit words it hands out costs a fraction of a
# microsecond, and winding back (seed again, skip the words) is paid only on the rare interrupt.


class CountedRandom(random.Random):
    """random.Random that counts the words it has drawn since it was seeded (``words``; None once
    the count is unknown: seeded from the clock, or its state set from outside)."""

    words: int | None = 0

    def seed(self, a: Any = None, version: int = 2) -> None:  # random.Random(seed) calls it too
        super().seed(a, version)
        known = a is not None and version == 2
        self.first_seed, self.words = (a, 0) if known else (None, None)

    def setstate(self, state: Any) -> None:
        super().setstate(state)
        self.words = None  # a state from elsewhere: no count to wind back by

    def random(self) -> float:
        value = super().random()
        if self.words is not None:
            self.words += 2  # a float is made of 53 bits from two words
        return value

    def getrandbits(self, k: int) -> int:
        bits = super().getrandbits(k)  # refused first, counted only once drawn
        if self.words is not None:
            self.words += (k + 31) // 32
        return bits

    def rewind(self, words: int) -> None:
        """Back to the moment ``words`` words had been drawn since the seed: a whole number from 0 to
        the words drawn so far (at most 10**8, about a second of skipping)."""
        if self.words is None:
            raise ValueError(
                "this generator's draws were not counted (seeded from the clock or set from outside)"
            )
        self._skip_to(whole_number(words, "words", 0, min(self.words, 10**8)))

    def take_back(self, words: int | None) -> None:
        """A step's draws given back: to ``words`` drawn, again if a second stop comes meanwhile;
        left as it is when that cannot be (no count, or a player function reseeded it)."""
        while True:
            try:
                if words is not None and self.words is not None and words <= self.words <= 10**8:
                    self._skip_to(words)
                return
            except KeyboardInterrupt:
                continue

    def _skip_to(self, words: int) -> None:
        """Made on a scratch generator and put in at once: an interrupt leaves this one as it was."""
        scratch = random.Random(self.first_seed)
        for _ in range(words // 1000):
            scratch.getrandbits(32_000)
        if words % 1000:
            scratch.getrandbits(32 * (words % 1000))
        state = scratch.getstate()
        super().setstate(state)
        self.words = words

    def __reduce__(self) -> tuple:
        if self.words is None:  # no count: copy the state itself
            return (_from_state, (self.getstate(),))
        return (_rebuilt, (self.first_seed, self.words))


def _from_state(state: Any) -> random.Random:
    rng = random.Random()
    rng.setstate(state)
    return rng


def _rebuilt(seed: int, words: int) -> CountedRandom:
    rng = CountedRandom(seed)
    rng._skip_to(words)  # a copy made in another process: forward to where the original was
    return rng
