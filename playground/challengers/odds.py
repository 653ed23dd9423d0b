"""Exact odds of the Challengers! attack: reaching the flag's strength, cards needed, the bench.

An attack reveals a shuffled deck one card at a time until the running total reaches the flag.
Strengths are never negative, so the running total only grows: the attack reaches the target
within k cards exactly when the first k cards add up to the target or more. The first k cards of
a shuffled deck are a random k-card handful, every handful equally likely, so everything here is
counting handfuls: choose j copies of each strength (C(copies, j) ways each) and add them up.
That is a small table over (cards taken, total), never a list of orderings, so a whole real deck
takes milliseconds. Tests check every function against brute force over orderings.

Bounds (a bad value raises ValueError saying what is allowed): a deck holds 1 to 60 cards with
strengths 0 to 30; a target is 0 to 300; seats 0 to 60.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb

import pandas as pd

from playground.core.dist import Dist

MAX_CARDS = 60
MAX_STRENGTH = 30
MAX_TARGET = 300
NOT_REACHED = "not reached"
"""The outcome of an attack that runs out of cards first."""


def _whole(value: object, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}; got {value!r}")
    return value


def _deck(deck: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """A deck of strengths, checked, as sorted (strength, copies) pairs."""
    cards = list(deck)
    if not 1 <= len(cards) <= MAX_CARDS:
        raise ValueError(f"a deck must hold 1 to {MAX_CARDS} cards; this one holds {len(cards)}")
    for s in cards:
        _whole(s, 0, MAX_STRENGTH, "a card's strength")
    return tuple(sorted(Counter(cards).items()))


@lru_cache(maxsize=256)
def _handfuls(deck: tuple[tuple[int, int], ...], cap: int) -> tuple[dict[int, int], ...]:
    """ways[k][s]: how many k-card handfuls add up to s (totals above cap counted at cap)."""
    n = sum(c for _, c in deck)
    ways: list[dict[int, int]] = [dict() for _ in range(n + 1)]
    ways[0][0] = 1
    for strength, copies in deck:
        new: list[dict[int, int]] = [dict() for _ in range(n + 1)]
        for k, sums in enumerate(ways):
            for s, w in sums.items():
                for j in range(min(copies, n - k) + 1):
                    t = min(s + j * strength, cap)
                    new[k + j][t] = new[k + j].get(t, 0) + w * comb(copies, j)
        ways = new
    return tuple(ways)


def p_reach_within(deck: Sequence[int], target: int, cards: int) -> Fraction:
    """The chance that the first ``cards`` cards of a shuffled deck add up to ``target`` or more."""
    key = _deck(deck)
    n = sum(c for _, c in key)
    _whole(target, 0, MAX_TARGET, "the target")
    _whole(cards, 0, n, "the number of cards revealed")
    ways = _handfuls(key, target)[cards]
    return Fraction(ways.get(target, 0), comb(n, cards)) if target else Fraction(1)


def p_reach_strength(deck: Sequence[int], target: int, max_cards: int | None = None) -> Fraction:
    """The chance an attack with this deck reaches ``target`` within ``max_cards`` reveals.

    deck: the strengths of the cards (1 to 60 cards, each 0 to 30); target: 0 to 300;
    max_cards: 1 to the deck size, or None for "before the deck runs out".

    >>> p_reach_strength([1, 1, 1, 2, 3, 4], 4, max_cards=1)
    Fraction(1, 6)
    """
    n = len(list(deck))
    limit = n if max_cards is None else _whole(max_cards, 1, max(n, 1), "max_cards")
    return p_reach_within(deck, target, limit)


def cards_needed(deck: Sequence[int], target: int) -> Dist:
    """How many cards an attack reveals to reach ``target``: 1, 2, ... or "not reached".

    P(needs exactly k) = P(first k reach) - P(first k-1 reach). Bounds as p_reach_strength.
    """
    n = len(list(deck))
    reach = [p_reach_within(deck, target, k) for k in range(n + 1)]
    weights: dict[object, Fraction] = {k: reach[k] - reach[k - 1] for k in range(1, n + 1)}
    weights[NOT_REACHED] = 1 - reach[n]
    if target == 0:  # the first card always reaches a flag of strength 0
        weights = {1: Fraction(1)}
    return Dist(weights)


def expected_cards(deck: Sequence[int], target: int) -> Fraction | None:
    """The mean number of cards an attack needs, when it surely reaches (else None)."""
    dist = cards_needed(deck, target)
    if dist[NOT_REACHED]:
        return None
    return dist.mean()


def p_more_names(names: Mapping[str, int], cards: int, seats: int = 6) -> Fraction:
    """The chance that ``cards`` cards from the top of a shuffled deck show more than ``seats`` names.

    The bench has one seat per card name, so this is the chance those cards, sent to the bench
    together, would need more seats than there are. names: card name -> copies (1 to 60 cards);
    cards: 0 to the deck size; seats: 0 to 60.
    """
    counts = [_whole(c, 1, MAX_CARDS, "a name's copies") for c in names.values()]
    n = sum(counts)
    if not 1 <= n <= MAX_CARDS:
        raise ValueError(f"a deck must hold 1 to {MAX_CARDS} cards; this one holds {n}")
    _whole(cards, 0, n, "the number of cards")
    _whole(seats, 0, MAX_CARDS, "seats")
    # ways[k][d]: handfuls of k cards showing d distinct names
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for copies in counts:
        new: dict[tuple[int, int], int] = {}
        for (k, d), w in ways.items():
            for j in range(min(copies, cards - k) + 1):
                key = (k + j, d + (j > 0))
                new[key] = new.get(key, 0) + w * comb(copies, j)
        ways = new
    over = sum(w for (k, d), w in ways.items() if k == cards and d > seats)
    return Fraction(over, comb(n, cards))


def thinning_frame(deck: Sequence[int], remove: int, targets: Iterable[int]) -> pd.DataFrame:
    """Before and after removing one card of strength ``remove``: for each flag strength, the
    chance to reach it, the chance to run out first, and the mean cards needed (when sure).

    The deck must hold that strength and at least 2 cards; targets each 0 to 300 (at most 40).
    """
    cards = list(deck)
    if remove not in cards:
        raise ValueError(f"the deck has no card of strength {remove!r} to remove")
    if len(cards) < 2:
        raise ValueError("removing a card from a one-card deck would leave nothing to reveal")
    targets = list(targets)
    if not 1 <= len(targets) <= 40:
        raise ValueError("give 1 to 40 targets")
    after = list(cards)
    after.remove(remove)
    rows = []
    for t in targets:
        before_d, after_d = cards_needed(cards, t), cards_needed(after, t)
        rows.append(
            {
                "flag strength": t,
                "P(reach) before": 1 - before_d[NOT_REACHED],
                "P(reach) after": 1 - after_d[NOT_REACHED],
                "P(reach in 1) before": before_d[1],
                "P(reach in 1) after": after_d[1],
                "mean cards before": expected_cards(cards, t),
                "mean cards after": expected_cards(after, t),
            }
        )
    return pd.DataFrame(rows).set_index("flag strength")
