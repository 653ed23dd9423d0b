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
from math import comb, factorial

import numpy as np
import pandas as pd

from playground.core.checks import listed
from playground.core.dist import Dist
from playground.core.numbers import flag, is_whole, shown

MAX_CARDS = 60
MAX_STRENGTH = 30
MAX_TARGET = 300
NOT_REACHED = "not reached"
"""The outcome of an attack that runs out of cards first."""


def _whole(value: object, low: int, high: int, what: str) -> int:
    if not is_whole(value) or not low <= value <= high:
        raise ValueError(f"{what} must be a whole number from {low} to {high}; got {shown(value)}")
    return int(value)


def _cards(deck: Iterable[int]) -> list[int]:
    """A deck of strengths as a list, or a TypeError in words when it is no list (a number, text)."""
    return listed(deck, "deck", f"card strengths (whole numbers from 0 to {MAX_STRENGTH})", repeats=True)


def _deck(deck: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """A deck of strengths, checked, as sorted (strength, copies) pairs."""
    cards = _cards(deck)
    if not 1 <= len(cards) <= MAX_CARDS:
        raise ValueError(f"a deck must hold 1 to {MAX_CARDS} cards; this one holds {len(cards)}")
    for s in cards:
        _whole(s, 0, MAX_STRENGTH, "a card's strength")
    return tuple(sorted(Counter(cards).items()))


@lru_cache(maxsize=256)
def _reach_counts(deck: tuple[tuple[int, int], ...], cap: int) -> tuple[tuple[int, ...], ...]:
    """reach[k][t]: how many k-card handfuls add up to t or more, for every t from 0 to cap.

    First ways[k][s], the k-card handfuls adding up to s (totals above cap counted at cap), one
    strength at a time: j more copies of a strength (C(copies, j) ways to pick them) move a
    handful from k cards and total s to k + j cards and s + j * strength. The whole table moves at
    once as an array of whole numbers; each entry counts distinct handfuls, so it stays below
    C(60, 30) < 2**63 and no count is ever rounded. Then reach[k][t] adds ways[k][s] over s >= t.
    """
    n = sum(c for _, c in deck)
    ways = np.zeros((n + 1, cap + 1), dtype=np.int64)
    ways[0, 0] = 1
    for strength, copies in deck:
        before = ways.copy()
        for j in range(1, copies + 1):
            pick, step = comb(copies, j), min(j * strength, cap)
            moved = before[: n + 1 - j] * pick
            if step:  # totals that pass cap pile up at cap
                ways[j:, step:cap] += moved[:, : cap - step]
                ways[j:, cap] += moved[:, cap - step :].sum(axis=1)
            else:
                ways[j:] += moved
    reach = np.cumsum(ways[:, ::-1], axis=1)[:, ::-1]
    return tuple(tuple(row) for row in reach.tolist())


def _needing(key: tuple[tuple[int, int], ...], target: int, cap: int) -> tuple[list[int], int]:
    """For each k, the k-card handfuls reaching target (a table made for totals up to cap)."""
    reach = _reach_counts(key, cap)
    return [row[target] for row in reach], len(reach) - 1


def p_reach_within(deck: Sequence[int], target: int, cards: int) -> Fraction:
    """The chance that the first ``cards`` cards of a shuffled deck add up to ``target`` or more."""
    key = _deck(deck)
    n = sum(c for _, c in key)
    _whole(target, 0, MAX_TARGET, "the target")
    _whole(cards, 0, n, "the number of cards revealed")
    if not target:
        return Fraction(1)
    return Fraction(_reach_counts(key, target)[cards][target], comb(n, cards))


def p_reach_strength(deck: Iterable[int], target: int, max_cards: int | None = None) -> Fraction:
    """The chance an attack with this deck reaches ``target`` within ``max_cards`` reveals.

    deck: the strengths of the cards (1 to 60 cards, each 0 to 30); target: 0 to 300;
    max_cards: 1 to the deck size, or None for "before the deck runs out".

    >>> p_reach_strength([1, 1, 1, 2, 3, 4], 4, max_cards=1)
    Fraction(1, 6)
    """
    cards = _cards(deck)  # read once: deck may be an iterator
    n = len(cards)
    limit = n if max_cards is None else _whole(max_cards, 1, max(n, 1), "max_cards")
    return p_reach_within(cards, target, limit)


def _needed_weights(reaching: list[int], n: int, target: int) -> dict[object, Fraction]:
    """P(needs exactly k) = P(first k reach) - P(first k-1 reach), and P(not reached)."""
    if target == 0:  # the first card always reaches a flag of strength 0
        return {1: Fraction(1)}
    reach = [Fraction(r, comb(n, k)) for k, r in enumerate(reaching)]
    weights: dict[object, Fraction] = {k: reach[k] - reach[k - 1] for k in range(1, n + 1)}
    weights[NOT_REACHED] = 1 - reach[n]
    return weights


def _mean_needed(reaching: list[int], n: int, target: int) -> Fraction | None:
    """E[cards] = P(N > 0) + P(N > 1) + ... (each card still needed adds one), None if the deck
    may not reach. P(N > k) = (C(n, k) - reaching[k]) / C(n, k), and 1 / C(n, k) = k!(n-k)!/n!,
    so the whole sum is one fraction over n!."""
    if target == 0:
        return Fraction(1)
    if not reaching[n]:
        return None
    over = sum((comb(n, k) - r) * factorial(k) * factorial(n - k) for k, r in enumerate(reaching[:n]))
    return Fraction(over, factorial(n))


def cards_needed(deck: Sequence[int], target: int) -> Dist:
    """How many cards an attack reveals to reach ``target``: 1, 2, ... or "not reached".

    P(needs exactly k) = P(first k reach) - P(first k-1 reach). Bounds as p_reach_strength.
    """
    key = _deck(deck)
    _whole(target, 0, MAX_TARGET, "the target")
    return Dist(_needed_weights(*_needing(key, target, target), target))


def expected_cards(deck: Sequence[int], target: int) -> Fraction | None:
    """The mean number of cards an attack needs, when it surely reaches (else None).

    Bounds as p_reach_strength.
    """
    key = _deck(deck)
    _whole(target, 0, MAX_TARGET, "the target")
    return _mean_needed(*_needing(key, target, target), target)


def p_more_names(names: Mapping[str, int], cards: int, seats: int = 6) -> Fraction:
    """The chance that ``cards`` cards from the top of a shuffled deck show more than ``seats`` names.

    The bench has one seat per card name, so this is the chance those cards, sent to the bench
    together, would need more seats than there are. names: card name -> copies (1 to 60 cards);
    cards: 0 to the deck size; seats: 0 to 60.
    """
    if not isinstance(names, Mapping):
        raise ValueError(f"names must map each card name to its copies; got {shown(names, 60)}")
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

    The deck must hold that strength and at least 2 cards (at most 60, strengths 0 to 30);
    targets each 0 to 300 (1 to 40 of them). One table of handfuls per deck, made for the
    strongest flag, answers every flag.
    """
    cards = _cards(deck)
    key = _deck(cards)
    remove = _whole(remove, 0, MAX_STRENGTH, "the strength to remove")
    if remove not in cards:
        raise ValueError(f"the deck has no card of strength {shown(remove)} to remove")
    if len(cards) < 2:
        raise ValueError("removing a card from a one-card deck would leave nothing to reveal")
    targets = listed(targets, "targets", f"flag strengths (whole numbers from 0 to {MAX_TARGET})")
    if not 1 <= len(targets) <= 40:
        raise ValueError("give 1 to 40 targets")
    for t in targets:
        _whole(t, 0, MAX_TARGET, "a target")
    after = list(cards)
    after.remove(remove)
    cap = max(targets)
    columns: dict[str, list[object]] = {}
    for when, k in (("before", key), ("after", _deck(after))):
        reach, in_one, mean = [], [], []
        for t in targets:
            reaching, n = _needing(k, t, cap)
            reach.append(Fraction(reaching[n]) if t else Fraction(1))  # all n cards: 0 or 1 way
            in_one.append(Fraction(reaching[1], n) if t else Fraction(1))
            mean.append(_mean_needed(reaching, n, t))
        columns |= {f"P(reach) {when}": reach, f"P(reach in 1) {when}": in_one, f"mean cards {when}": mean}
    whats, whens = ("P(reach)", "P(reach in 1)", "mean cards"), ("before", "after")
    order = [f"{what} {when}" for what in whats for when in whens]
    index = pd.Index(targets, name="flag strength")
    return pd.DataFrame({c: columns[c] for c in order}, index=index, dtype=object)


# -- a whole match between two decks of plain cards ------------------------------------------------

MATCH_MAX_CARDS = 8
MATCH_MAX_BOTH = 14
MATCH_MAX_NAMES = 8
A_RAN_OUT, B_RAN_OUT = "A ran out", "B ran out"
A_BENCH_FULL, B_BENCH_FULL = "A's bench full", "B's bench full"
MATCH_ENDINGS = (B_RAN_OUT, B_BENCH_FULL, A_RAN_OUT, A_BENCH_FULL)
"""How a match ends; the first two are wins for A, the last two for B."""

Deck = Mapping[str, tuple[int, int]]
"""A deck of named cards: name -> (strength, copies)."""


def _named(deck: Deck, who: str) -> tuple[tuple[str, int, int], ...]:
    if not isinstance(deck, Mapping) or not 1 <= len(deck) <= MATCH_MAX_NAMES:
        raise ValueError(f"deck {who} must map 1 to {MATCH_MAX_NAMES} card names to (strength, copies)")
    rows = []
    for name, value in deck.items():
        if not (isinstance(value, tuple) and len(value) == 2):
            raise ValueError(f"deck {who}: {shown(name)} must map to (strength, copies); got {shown(value)}")
        strength, copies = value
        rows.append(
            (
                str(name),
                _whole(strength, 0, MAX_STRENGTH, "a card's strength"),
                _whole(copies, 1, 8, "copies"),
            )
        )
    total = sum(c for *_, c in rows)
    if total > MATCH_MAX_CARDS:
        raise ValueError(
            f"deck {who} holds {total} cards; a whole match is worked out for at most {MATCH_MAX_CARDS}"
        )
    return tuple(sorted(rows))


def match_endings(deck_a: Deck, deck_b: Deck, seats: int = 6, a_starts: bool = True) -> Dist:
    """Exactly how a match between two shuffled decks of plain cards (no effects) ends.

    A match follows the rulebook: the starter's first card takes the flag, the other attacks card by
    card until their total reaches the flag's strength, the flag moves to their last card and the
    loser's cards go to the bench (one seat per name); an attacker who runs out loses, and so does
    a player who needs more than ``seats`` seats. Every chance is a reveal from a deck, so the
    probabilities come from a recursion over what is left in both decks, memoised on the state.

    deck_a, deck_b: name -> (strength 0 to 30, copies 1 to 8), 1 to 8 names and at most 8 cards
    each, 14 together; seats 1 to 12. A deck with more names than seats makes the count follow
    every bench, and past MATCH_STATES situations (about a second: 7 different names against 7
    with 3 or more seats) it is refused with a ValueError. Returns a Dist over MATCH_ENDINGS.
    """
    a, b = _named(deck_a, "A"), _named(deck_b, "B")
    both = sum(c for *_, c in a) + sum(c for *_, c in b)
    if both > MATCH_MAX_BOTH:
        raise ValueError(
            f"the two decks hold {both} cards; a whole match is worked out for at most {MATCH_MAX_BOTH}"
        )
    _whole(seats, 1, 12, "seats")
    a_starts = flag(a_starts, "a_starts")
    return Dist(dict(_match(a, b, seats, a_starts)))


def p_match_win(deck_a: Deck, deck_b: Deck, seats: int = 6) -> Fraction:
    """The chance A wins a match against B, the flag toss deciding who starts (1/2 each)."""
    wins = Fraction(0)
    for starts in (True, False):
        d = match_endings(deck_a, deck_b, seats, starts)
        wins += (d[B_RAN_OUT] + d[B_BENCH_FULL]) / 2
    return wins


def p_bench_ends_match(deck_a: Deck, deck_b: Deck, seats: int = 6, a_starts: bool = True) -> Fraction:
    """The chance the match ends because a bench is full rather than a deck running out."""
    d = match_endings(deck_a, deck_b, seats, a_starts)
    return d[A_BENCH_FULL] + d[B_BENCH_FULL]


@lru_cache(maxsize=4096)
def _orderings(counts: tuple[int, ...]) -> int:
    """How many different orders a pile with these copies of each name can be in."""
    ways, placed = 1, 0
    for n in counts:
        placed += n
        ways *= comb(placed, n)
    return ways


def _match(a: tuple, b: tuple, seats: int, a_starts: bool) -> dict[str, Fraction]:
    """Count orderings: every pair of orders of the two decks is equally likely, so the chance of
    an ending is the number of order pairs that lead to it over the number of all order pairs."""
    counted = _match_counter(a, b, seats)(a_starts)
    total = _orderings(tuple(c for *_, c in a)) * _orderings(tuple(c for *_, c in b))
    assert sum(counted) == total, "every order pair ends the match once"
    return {e: Fraction(w, total) for e, w in zip(MATCH_COUNT_ORDER, counted, strict=True)}


MATCH_STATES = 120_000
"""The most situations a match count visits (about a second): decks of 7 different names each
with 6 seats pass it, while fewer names, or names no more than the seats, stay far below."""

MATCH_COUNT_ORDER = (A_RAN_OUT, B_RAN_OUT, A_BENCH_FULL, B_BENCH_FULL)
"""The order of the counts below: side 0 (A) or 1 (B) ran out, then A's or B's bench full."""


@lru_cache(maxsize=8)
def _match_counter(a: tuple, b: tuple, seats: int):
    """The counter of order pairs per ending for these two decks, both starters sharing its memo.

    A state counts the order pairs through it as the orders of what is left in both decks. It
    holds what is left of each deck (copies per name), the names on each bench, who holds the
    flag, how much strength the attacker still needs, and the names under the flag and in the
    attack so far (as bits: name i is 1 << i). A side with no more names than seats can never
    fill its bench, so its names are not tracked at all: fewer states, the same counts.
    """
    strengths = (tuple(s for _, s, _ in a), tuple(s for _, s, _ in b))
    tracked = (len(a) > seats, len(b) > seats)
    memo: dict[tuple, tuple[int, int, int, int]] = {}

    def ended(decks: tuple, ending: int) -> tuple[int, int, int, int]:
        ways = _orderings(decks[0]) * _orderings(decks[1])
        return tuple(ways if e == ending else 0 for e in range(4))  # type: ignore[return-value]

    def attack(decks: tuple, benches: tuple, holder: int, need: int, pile: int, shown: int):
        """Order pairs per ending from here: the side that is not ``holder`` attacks."""
        key = (decks, benches, holder, need, pile, shown)
        known = memo.get(key)
        if known is not None:
            return known
        me = 1 - holder
        deck = decks[me]
        if not any(deck):
            out = ended(decks, me)  # the attacker ran out
            memo[key] = out
            return out
        w0 = w1 = w2 = w3 = 0
        for i, n in enumerate(deck):
            if not n:
                continue
            rest = (
                (deck[:i] + (n - 1,) + deck[i + 1 :], decks[1])
                if me == 0
                else (decks[0], deck[:i] + (n - 1,) + deck[i + 1 :])
            )
            strength = strengths[me][i]
            seen = shown | (1 << i) if tracked[me] else 0
            if strength >= need:  # the flag is taken: the holder's cards go to their bench
                seated = benches[holder] | pile
                if seated.bit_count() > seats:
                    sub = ended(rest, 2 + holder)
                else:
                    new = (seated, benches[1]) if holder == 0 else (benches[0], seated)
                    sub = attack(rest, new, me, strength, seen, 0)
            else:
                sub = attack(rest, benches, holder, need - strength, pile, seen)
            w0, w1, w2, w3 = w0 + sub[0], w1 + sub[1], w2 + sub[2], w3 + sub[3]
        out = (w0, w1, w2, w3)
        memo[key] = out
        if len(memo) > MATCH_STATES:
            raise ValueError(
                f"this match has more than {MATCH_STATES:,} situations to count (many names with "
                f"seats {seats}): too many to answer within a second; use fewer names or copies"
            )
        return out

    def count(a_starts: bool) -> list[int]:
        starter = 0 if a_starts else 1
        decks = (tuple(c for *_, c in a), tuple(c for *_, c in b))
        deck = decks[starter]
        counted = [0, 0, 0, 0]
        for i, n in enumerate(deck):
            rest = list(decks)
            rest[starter] = deck[:i] + (n - 1,) + deck[i + 1 :]
            pile = 1 << i if tracked[starter] else 0
            sub = attack(tuple(rest), (0, 0), starter, strengths[starter][i], pile, 0)
            for k in range(4):
                counted[k] += sub[k]
        return counted

    return count
