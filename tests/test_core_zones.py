"""Card zones: exact draws, checked moves, and no card ever lost or duplicated."""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playground.core.zones import Row, Table, Zone, ZoneError, check_conserved


def test_a_draw_is_each_card_over_the_total() -> None:
    deck = Zone("deck", {"ace": 3, "king": 1})
    assert deck.draw_outcomes() == [("ace", Fraction(3, 4)), ("king", Fraction(1, 4))]
    assert deck.draw_probability("king") == Fraction(1, 4) and deck.draw_probability("queen") is None
    assert list(deck) == ["ace", "ace", "ace", "king"] and len(deck) == 4


def test_sampling_follows_the_counts() -> None:
    deck = Zone("deck", {"a": 1, "b": 3})
    rng = random.Random(5)
    n = 40_000
    share = sum(deck.sample(rng) == "b" for _ in range(n)) / n
    # the standard error of a share with p = 3/4 over 40,000 draws is about 0.0022: 5 of them
    assert abs(share - 0.75) < 0.011
    assert [Zone("x", {"a": 1, "b": 3}).sample(random.Random(s)) for s in range(20)] == [
        deck.sample(random.Random(s)) for s in range(20)
    ]


def test_a_move_that_cannot_happen_changes_nothing() -> None:
    hand, pile = Zone("hand", ["a", "b"]), Row("pile", ["c"])
    with pytest.raises(ZoneError, match="hand holds 1 of 'a', so 2 cannot be taken"):
        hand.move("a", pile, 2)
    assert hand.counts() == Counter({"a": 1, "b": 1}) and list(pile) == ["c"]
    with pytest.raises(ZoneError, match="whole number from 1 to 1,000,000; got 0"):
        hand.remove("a", 0)
    with pytest.raises(ZoneError, match="empty"):
        Zone("box").draw_outcomes()
    with pytest.raises(ZoneError, match="counts must be whole numbers"):
        Zone("bad", {"a": -1})


def test_a_row_keeps_its_order() -> None:
    row = Row("play", ["a", "b"])
    row.add("c")
    row.add_first("z")
    assert list(row) == ["z", "a", "b", "c"] and row.pop_first() == "z" and row[0] == "a"
    row.move("b", Zone("discard"))
    assert list(row) == ["a", "c"]


def test_the_table_names_lost_and_duplicated_cards() -> None:
    table = Table([Zone("deck", {"a": 2}), Row("hand", ["b"])])
    table.check_conserved({"a": 2, "b": 1})
    table["hand"].add("a")
    with pytest.raises(ZoneError, match=r"'a': 3 \(should be 2\)"):
        table.check_conserved({"a": 2, "b": 1})
    with pytest.raises(ZoneError, match="already a zone named 'deck'"):
        table.put(Zone("deck"))
    frame = table.frame()
    assert frame.loc["deck", "which"] == "a x2" and frame.loc["hand", "which"] == "b, a"


def test_zones_are_counted_without_a_table() -> None:
    """The census a game takes after every step: the zones as a list (names may repeat)."""
    deck, hand, tops = Zone("deck", {"a": 2}), Row("hand", ["b"]), Row("hand", ["c"])
    check_conserved([deck, hand, tops], {"a": 2, "b": 1, "c": 1})
    deck.move("a", hand)
    check_conserved([deck, hand, tops], {"a": 2, "b": 1, "c": 1})
    with pytest.raises(ZoneError, match=r"'c': 0 \(should be 1\)"):
        check_conserved([deck, hand], {"a": 2, "b": 1, "c": 1})
    with pytest.raises(ZoneError, match="counted in Zone and Row objects; got 'deck'"):
        check_conserved([deck, "deck"], {"a": 2})


@settings(max_examples=60, deadline=None)
@given(
    start=st.dictionaries(st.sampled_from("abcde"), st.integers(0, 4), min_size=1),
    moves=st.lists(
        st.tuples(st.integers(0, 2), st.integers(0, 2), st.sampled_from("abcde"), st.integers(1, 3))
    ),
)
def test_any_sequence_of_moves_conserves_every_card(start, moves) -> None:
    table = Table([Zone("deck", start), Zone("hand"), Row("pile")])
    expected = +Counter(start)
    zones = list(table)
    for source, target, card, n in moves:
        before = [z.counts() for z in zones]
        try:
            zones[source].move(card, zones[target], n)
        except ZoneError:
            assert [z.counts() for z in zones] == before  # a refused move changes nothing
        table.check_conserved(expected)


@settings(max_examples=60, deadline=None)
@given(
    changes=st.lists(
        st.tuples(st.sampled_from(["add", "remove", "clear"]), st.sampled_from("edcba"), st.integers(1, 3)),
        max_size=25,
    ),
    seed=st.integers(0, 10**6),
)
def test_kinds_and_draws_follow_every_change(changes, seed) -> None:
    """The sorted kinds a zone keeps between changes are those of a zone built afresh with the
    same counts, so a draw gives the same card, and the same chance, from the same ticket."""
    zone = Zone("deck", {"c": 2})
    for change, card, n in changes:
        if change == "add":
            zone.add(card, n)
        elif change == "remove":
            with contextlib.suppress(ZoneError):
                zone.remove(card, n)
        else:
            zone.clear()
        fresh = Zone("fresh", zone.counts())
        assert zone.kinds() == sorted(zone.counts()) == fresh.kinds()
        if len(zone):
            assert zone.draw(random.Random(seed)) == fresh.draw(random.Random(seed))
            assert zone.sample(random.Random(seed)) == zone.draw(random.Random(seed))[0]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Zone("box", {"fan": 10**18}), "at most 1,000,000"),
        (lambda: Zone("box", {"fan": 10**5000}), "add up to a whole number of about 5000 digits"),
        (lambda: Zone("box", {"fan": 2.0}), "card counts must be whole numbers, at least 0; got 2.0"),
        (lambda: Zone("box", {"fan": True}), "card counts must be whole numbers, at least 0; got True"),
        (lambda: Zone(["deck"]), "name must be text"),
        (lambda: Zone("deck", 5), "cards must be card ids"),
        (lambda: Row("pile", "abc"), "cards must be card ids"),
        (lambda: Row("pile", range(10**7)), "at most 1,000,000"),
        (lambda: Zone("deck", {"a": 1}).move("a", ["not a zone"]), "cards go to a Zone or a Row"),
        (lambda: Row("pile").add("a", 10**18), "from 1 to 1,000,000; got 1000000000000000000"),
        (lambda: Table([Zone("a"), "b"]), "cards go to a Zone or a Row; got 'b'"),
        (lambda: Table(7), "zones must be a list"),
        (lambda: Table([Zone("a")]).check_conserved(["a"]), "expected must map each card"),
    ],
)
def test_hostile_arguments_are_refused_by_name(make: object, message: str) -> None:
    """What a student might type at the prompt is a ZoneError in words, before any work."""
    with pytest.raises(ZoneError, match=message):
        make()  # type: ignore[operator]


def test_a_refused_move_to_a_non_zone_takes_nothing() -> None:
    deck = Zone("deck", {"a": 2})
    with pytest.raises(ZoneError):
        deck.move("a", "hand")  # type: ignore[arg-type]
    assert deck.counts() == Counter({"a": 2})


def test_numpy_counts_from_a_table_are_taken_as_whole_numbers() -> None:
    """A count read from a pandas or numpy table is a whole number too (robustness review 15, L6)."""
    import numpy as np

    deck, hand = Zone("deck", {"a": np.int64(2)}), Zone("hand")
    deck.add("a", np.int64(3))
    deck.move("a", hand, np.int64(4))
    assert deck.counts() == Counter({"a": 1}) and hand.counts() == Counter({"a": 4})
    assert all(type(n) is int for zone in (deck, hand) for n in zone.counts().values())
