"""Card zones: decks, hands, piles, play areas, benches and the box, as one small type.

Every card game moves cards between places, and the one invariant that matters is that no card
is ever lost or duplicated. A ``Zone`` is a multiset of card ids (counts, not an order): a
shuffled deck is exactly that, since the next card drawn is equally likely to be any card still
in it, and so a draw is an exact chance step over the counts. A ``Row`` keeps an order, for places
where the order is seen (cards laid out one after another, a pile whose top is known). A
``Table`` names every zone of a game and counts all cards at once, so "nothing lost" is one check.
"""

from __future__ import annotations

import functools
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from itertools import accumulate, islice
from typing import Any

import pandas as pd

from .checks import check_key, described, listed
from .draws import check_rng, sample_counts, share
from .matching import find_listed
from .numbers import is_whole, shown

Card = Hashable

MAX_CARDS = 1_000_000
"""The most cards a zone is built with, and one add or move carries: a real box holds hundreds,
and a million is still listed, drawn from and shown at once (a student's 10**18 is refused)."""


class ZoneError(ValueError):
    """A move the zones cannot make: taking a card that is not there, or a bad count."""


def _count(n: Any) -> int:
    """n itself, if it is a number of cards that can move at once (1 to MAX_CARDS)."""
    if type(n) is int and 0 < n <= MAX_CARDS:  # the usual case, asked on every move
        return n
    if not is_whole(n) or not 1 <= n <= MAX_CARDS:
        raise ZoneError(
            f"a number of cards must be a whole number from 1 to {MAX_CARDS:,}; got {shown(n, 60)}"
        )
    return int(n)  # a numpy whole number (a table's column) too


def _name(name: Any) -> str:
    """name itself, if it is text a table can show (at most 200 characters)."""
    if not isinstance(name, str) or len(name) > 200:
        raise ZoneError(f"a zone's name must be text of at most 200 characters; got {shown(name, 60)}")
    return name


def _counted(cards: list[Card] | tuple[Card, ...]) -> dict[Card, int]:
    """How many times each card is listed (a card that cannot be a key: a TypeError in words)."""
    try:
        return dict(Counter(cards))
    except TypeError:
        _check_cards(cards)
        raise


def _check_cards(cards: Iterable[Card]) -> None:
    """Refuse, in words, the first card that cannot be a dictionary key (see check_key)."""
    try:
        hash(tuple(cards))  # every card hashed, at C speed
    except TypeError:
        for card in cards:
            check_key(card)
        raise


@functools.cache
def _pickled_slots(kind: type) -> tuple[str, ...]:
    """The slots a zone of this class pickles: every slot of its class and bases but the cache."""
    slots = {name for base in kind.__mro__ for name in getattr(base, "__slots__", ())}
    return tuple(sorted(slots - {"_kinds"}))


class Zone:
    """A multiset of cards: how many of each card id lies here, in no particular order.

    name: text of at most 200 characters; cards: card ids (strings, numbers or tuples: values
    that can be dictionary keys), or a mapping of card id to its copies (whole numbers from 0),
    MAX_CARDS cards at most in all. A card that cannot be a key is refused with a TypeError in
    words wherever it is passed (on the error path only: a good card costs nothing extra).
    """

    __slots__ = ("_cards", "_kinds", "name")

    def __init__(self, name: str, cards: Mapping[Card, int] | Iterable[Card] = ()):
        self.name = _name(name)
        self._kinds: list[Card] | None = None  # kinds() as last sorted; None once a kind comes or goes
        counts: dict[Card, int]  # card -> copies, every count at least 1 (a plain dict: quick to make)
        if type(cards) in (tuple, list):  # ids, each counted once (every game builds dozens of zones)
            counts = _counted(cards) if cards else {}
        elif isinstance(cards, Mapping):
            counts = dict(cards)
            values = counts.values()
            plain = {*map(type, values)} <= {int} and min(values, default=0) >= 0  # one pass in C
            if not plain:  # a numpy count (a table's column) is one too; a bool, a float is not
                bad = next((n for n in values if not is_whole(n) or n < 0), None)
                if bad is not None:
                    raise ZoneError(
                        f"zone {shown(name)}: card counts must be whole numbers, at least 0; "
                        f"got {shown(bad, 60)}"
                    )
                counts = {card: int(n) for card, n in counts.items()}
            counts = {card: n for card, n in counts.items() if n}
        elif isinstance(cards, str) or not isinstance(cards, Iterable):
            raise ZoneError(
                f"zone {shown(name)}: cards must be card ids or card -> copies; got {shown(cards, 60)}"
            )
        else:  # one more card than a zone holds is enough to refuse it: an endless iterator stops
            counts = _counted(list(islice(cards, MAX_CARDS + 1)))
        total = sum(counts.values())
        if total > MAX_CARDS:
            raise ZoneError(
                f"zone {shown(name)}: the counts add up to {shown(total, 60)}; a zone is built with "
                f"at most {MAX_CARDS:,} cards"
            )
        self._cards = counts

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        """Pickled with every slot of its class (a subclass's too) but the sorted-kinds cache: two
        equal zones pickle alike, read or not (asking.py tells a player's edit from its reads so)."""
        return None, {name: getattr(self, name) for name in _pickled_slots(type(self)) if hasattr(self, name)}

    def __setstate__(self, state: tuple[None, dict[str, Any]]) -> None:
        self._kinds = None
        for name, value in state[1].items():
            setattr(self, name, value)

    def __len__(self) -> int:
        return sum(self._cards.values())

    def __bool__(self) -> bool:  # a card kind is here only with a count of at least 1
        return bool(self._cards)

    def __contains__(self, card: object) -> bool:
        try:
            return self._cards.get(card, 0) > 0  # type: ignore[call-overload]
        except TypeError:  # why, in words, only once the look-up failed
            check_key(card)
            raise

    def __iter__(self) -> Iterator[Card]:
        """Every card, a repeated card as often as it lies here, in a stable order."""
        for card in self.kinds():
            yield from [card] * self._cards[card]

    def __repr__(self) -> str:
        return f"Zone({self.name!r}, {dict(self._cards)!r})"

    def count(self, card: Card) -> int:
        """How many copies of card lie here (a card that cannot be a key: a TypeError in words)."""
        try:
            return self._cards.get(card, 0)
        except TypeError:
            check_key(card)
            raise

    def counts(self) -> Counter:
        """A copy of the counts, card -> copies."""
        return Counter(self._cards)

    def kinds(self) -> list[Card]:
        """The distinct cards here, sorted where the ids can be sorted."""
        return list(self._sorted_kinds())

    def _sorted_kinds(self) -> list[Card]:
        """kinds() itself, not a copy: sorted again only after a card id came or went (a draw
        from a deck of a hundred kinds would otherwise sort them all on every draw)."""
        if self._kinds is None:
            try:
                self._kinds = sorted(self._cards)
            except TypeError:
                self._kinds = list(self._cards)
        return self._kinds

    def add(self, card: Card, n: int = 1) -> None:
        """Put n copies of card here (n from 1 to MAX_CARDS)."""
        n = _count(n)
        cards = self._cards
        try:
            have = cards.get(card, 0)
        except TypeError:
            check_key(card)
            raise
        if not have:
            self._kinds = None
        cards[card] = have + n

    def remove(self, card: Card, n: int = 1) -> None:
        """Take n copies of card away; a ZoneError, and nothing changed, if there are fewer."""
        n = _count(n)
        try:
            have = self._cards.get(card, 0)
        except TypeError:
            check_key(card)
            raise
        if have < n:
            raise ZoneError(f"{self.name} holds {have} of {shown(card)}, so {n} cannot be taken from it")
        if have == n:
            del self._cards[card]
            self._kinds = None
        else:
            self._cards[card] = have - n

    def move(self, card: Card, to: Zone | Row, n: int = 1) -> None:
        """Move n copies of card from here to another zone (checked before anything moves)."""
        _zone(to)
        self.remove(card, n)
        to.add(card, n)

    def draw_outcomes(self) -> list[tuple[Card, Fraction]]:
        """The exact chance step of drawing one card at random: each card, copies over the total."""
        total = len(self)
        if not total:
            raise ZoneError(f"{self.name} is empty: no card can be drawn")
        return [(card, Fraction(self._cards[card], total)) for card in self.kinds()]

    def draw_probability(self, card: Card) -> Fraction | None:
        """The chance a random draw shows card (None if it cannot; a TypeError if it is no card)."""
        have = self.count(card)
        return Fraction(have, len(self)) if have else None

    def draw_listed(self, card: Any) -> tuple[Card, Fraction] | None:
        """The card as the draw's outcomes list it, with its chance; None if it cannot come up,
        or only looks like a card here (a card of another type that compares equal)."""
        try:
            have = self._cards.get(card, 0)
        except TypeError:  # an unhashable guess is no card
            return None
        if not have:
            return None
        if type(card) is not str:  # a str equal to a str card is that card; others are looked up
            card = find_listed(card, self._cards)
            if card is None:
                return None
        return card, Fraction(have, len(self))

    def sample(self, rng: Any) -> Card:
        """A random card, with exactly its share of the counts, using integer draws only."""
        if not self._cards:
            raise ZoneError(f"{self.name} is empty: no card can be drawn")
        return sample_counts([(card, self._cards[card]) for card in self._sorted_kinds()], rng)

    def draw(self, rng: Any) -> tuple[Card, Fraction]:
        """A random card and its exact chance (its copies over all), from one integer ticket.

        The same ticket and card as :meth:`sample` with the same rng: the engines' chance steps,
        which need the drawn card's chance too, without building every card's Fraction.
        """
        if not self._cards:
            raise ZoneError(f"{self.name} is empty: no card can be drawn")
        check_rng(rng)
        kinds = self._sorted_kinds()
        counts = list(map(self._cards.__getitem__, kinds))
        ends = list(accumulate(counts))  # the ticket falls in the first card whose end is past it
        total = ends[-1]
        i = bisect_right(ends, rng.randrange(total))
        return kinds[i], share(counts[i], total)

    def clear(self) -> list[Card]:
        """Empty the zone and return every card that was in it."""
        cards = list(self)
        self._cards.clear()
        self._kinds = None
        return cards


class Row:
    """Cards in a seen order, first to last (a play area, a pile whose order is known).

    name: text of at most 200 characters; cards: card ids in order (strings, numbers or tuples:
    values that can be dictionary keys, as in a Zone), MAX_CARDS at most.
    """

    __slots__ = ("_cards", "name")

    def __init__(self, name: str, cards: Iterable[Card] = ()):
        self.name = _name(name)
        if isinstance(cards, str) or not isinstance(cards, Iterable):
            raise ZoneError(f"row {shown(name)}: cards must be card ids in order; got {shown(cards, 60)}")
        # one card too many is enough to refuse, so an endless iterator is not followed
        self._cards = list(cards if type(cards) in (list, tuple) else islice(cards, MAX_CARDS + 1))
        if len(self._cards) > MAX_CARDS:
            raise ZoneError(
                f"row {shown(name)}: {len(self._cards):,} cards; at most {MAX_CARDS:,} in a new row"
            )
        if self._cards:
            _check_cards(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __bool__(self) -> bool:
        return bool(self._cards)

    def __contains__(self, card: object) -> bool:
        return card in self._cards

    def __iter__(self) -> Iterator[Card]:
        return iter(list(self._cards))

    def __getitem__(self, index: int) -> Card:
        """The card at a position: 0 the first, -1 the last (an IndexError past the end), or a slice."""
        try:
            return self._cards[index]
        except TypeError:
            raise TypeError(
                f"a row's cards are found by position: a whole number (0 for the first card, -1 for the "
                f"last) or a slice such as 1:3; got {described(index)}"
            ) from None

    def __repr__(self) -> str:
        return f"Row({self.name!r}, {self._cards!r})"

    def count(self, card: Card) -> int:
        """How many copies of card lie here."""
        return self._cards.count(card)

    def counts(self) -> Counter:
        """How many copies of each card lie here, card -> copies."""
        return Counter(self._cards)

    def add(self, card: Card, n: int = 1) -> None:
        """Put n copies at the end (the bottom of a pile, the last card laid out); n from 1 to
        MAX_CARDS, card a value that can be a dictionary key (as in a Zone: it is counted)."""
        n = _count(n)
        try:
            hash(card)
        except TypeError:
            check_key(card)
            raise
        self._cards.extend([card] * n)

    def add_first(self, card: Card) -> None:
        """Put a card at the front (the top of a pile); card as for :meth:`add`."""
        try:
            hash(card)
        except TypeError:
            check_key(card)
            raise
        self._cards.insert(0, card)

    def remove(self, card: Card, n: int = 1) -> None:
        """Take the first n copies of card away; a ZoneError, and nothing changed, if fewer."""
        n = _count(n)
        if self.count(card) < n:
            raise ZoneError(
                f"{self.name} holds {self.count(card)} of {shown(card)}, so {n} cannot be taken from it"
            )
        for _ in range(n):
            self._cards.remove(card)

    def move(self, card: Card, to: Zone | Row, n: int = 1) -> None:
        """Move the first n copies of card to another zone (checked before anything moves)."""
        _zone(to)
        self.remove(card, n)
        to.add(card, n)

    def pop_first(self) -> Card:
        """Take the first card (the top of a pile)."""
        if not self._cards:
            raise ZoneError(f"{self.name} is empty")
        return self._cards.pop(0)

    def clear(self) -> list[Card]:
        cards, self._cards = self._cards, []
        return cards


def _zone(zone: Any) -> Zone | Row:
    """zone itself, if it is a Zone or a Row (cards can only go to a zone)."""
    if not isinstance(zone, (Zone, Row)):  # a tuple: faster than Zone | Row, asked on every move
        raise ZoneError(f"cards go to a Zone or a Row; got {shown(zone, 60)}")
    return zone


class Table:
    """Every zone of a game by name, so that all cards can be counted at once."""

    def __init__(self, zones: Iterable[Zone | Row] = ()):
        self.zones: dict[str, Zone | Row] = {}
        if not isinstance(zones, Iterable):
            raise ZoneError(f"zones must be a list of Zone and Row objects; got {shown(zones, 60)}")
        for zone in zones:
            self.put(zone)

    def put(self, zone: Zone | Row) -> Zone | Row:
        """Add a zone (its name must be new) and return it."""
        if _zone(zone).name in self.zones:
            raise ZoneError(f"there is already a zone named {shown(zone.name)}")
        self.zones[zone.name] = zone
        return zone

    def __getitem__(self, name: str) -> Zone | Row:
        """The zone of this name (a KeyError if there is none, as in any mapping)."""
        try:
            return self.zones[name]
        except TypeError:
            raise TypeError(
                f"a zone is found by its name, text such as {shown(next(iter(self.zones), 'deck'))}; "
                f"got {described(name)}"
            ) from None

    def __iter__(self) -> Iterator[Zone | Row]:
        return iter(self.zones.values())

    def census(self) -> Counter:
        """How many copies of each card there are over every zone together."""
        return Counter(_tally(self.zones.values()))

    def check_conserved(self, expected: Mapping[Card, int]) -> None:
        """Raise ZoneError naming each card whose total differs from expected (lost or duplicated).

        expected: a mapping of card id to how many copies the game holds in all.
        """
        check_conserved(self.zones.values(), expected)

    def frame(self, name: Callable[[Card], str] = str) -> pd.DataFrame:
        """One row per zone: its name, how many cards, and which (a count after each repeated card).

        name writes a card for the table: a game passes its card names, so a class reads no ids.
        """
        if not callable(name):
            raise TypeError(
                f"name must be a function from a card to its name (such as str); got {shown(name, 60)}"
            )
        rows = []
        for zone in self.zones.values():
            if isinstance(zone, Row):  # the order is part of what is seen
                listed = [name(c) for c in zone]
            else:
                counts = zone.counts()
                listed = [f"{name(c)} x{counts[c]}" if counts[c] > 1 else name(c) for c in zone.kinds()]
            rows.append({"zone": zone.name, "cards": len(zone), "which": ", ".join(listed)})
        return pd.DataFrame(rows).set_index("zone")


def _tally(zones: Iterable[Zone | Row]) -> dict[Card, int]:
    """How many copies of each card the zones hold together, as a plain dict.

    It runs after every step of every soaked game, so it reads the zones' storage instead of
    copying each zone's counts into a Counter first.
    """
    total: dict[Card, int] = {}
    get = total.get
    for zone in zones:
        if isinstance(zone, Zone):
            for card, n in zone._cards.items():
                total[card] = get(card, 0) + n
        elif isinstance(zone, Row):
            for card in zone._cards:
                total[card] = get(card, 0) + 1
        else:
            raise ZoneError(f"cards are counted in Zone and Row objects; got {shown(zone, 60)}")
    return total


def check_conserved(zones: Iterable[Zone | Row], expected: Mapping[Card, int]) -> None:
    """Raise ZoneError naming each card whose total over the zones differs from expected.

    What Table.check_conserved does, for a game that lists its zones after every step without
    building a Table of them (the names need not be unique here: only the counts are added).
    expected: a mapping of card id to how many copies the game holds in all.
    """
    if not isinstance(expected, Mapping):
        raise ZoneError(f"expected must map each card to its copies; got {shown(expected, 60)}")
    try:
        census = _tally(zones)
    except TypeError:
        listed(zones, "zones", "Zone and Row objects")  # a TypeError in words when it is no list
        raise
    if census == expected:  # the usual answer, compared at C speed
        return
    bad = next(((c, n) for c, n in expected.items() if not is_whole(n) or n < 0), None)
    if bad is not None:
        raise ZoneError(
            f"expected must map each card to its copies, whole numbers from 0; got {described(bad[1])} "
            f"for {shown(bad[0], 60)}"
        )
    wrong = {
        card: (census.get(card, 0), expected.get(card, 0))
        for card in set(census) | set(expected)
        if census.get(card, 0) != expected.get(card, 0)
    }
    if wrong:
        parts = ", ".join(
            f"{shown(card)}: {have} (should be {should})" for card, (have, should) in wrong.items()
        )
        raise ZoneError(f"cards lost or duplicated: {parts}")
