"""Exact odds of a Tie-Break Triumph schedule: how many alike cards a hand dealt from the deck holds.

A schedule is dealt from a shuffled deck without replacement, so every set of cards is equally
likely and the number of alike cards in it follows the hypergeometric distribution
(schedule_dist); p_schedule_holds is the chance of at least one. check_schedule_args checks a
deal (MAX_DECK, MAX_SCHEDULE_DIGITS) for these and for simulate.sample_schedules.
"""

from __future__ import annotations

import math
from fractions import Fraction

from playground.core.dist import Dist
from playground.core.numbers import shown, whole_number

__all__ = ["MAX_DECK", "MAX_SCHEDULE_DIGITS", "check_schedule_args", "p_schedule_holds", "schedule_dist"]


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
