"""Challengers! exact odds, each checked against brute force over every ordering of small decks,
and against the engine's own reveals within a stated tolerance."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations
from math import comb
from random import Random

import pytest
from challengers_scenes import match_scene
from hypothesis import given, settings
from hypothesis import strategies as st

from playground.challengers import odds
from playground.challengers.actions import Reveal, TakeFlag


def orderings(cards: list) -> list[tuple]:
    """Every ordering of the cards, copies told apart (so each ordering is equally likely)."""
    return list(permutations(cards))


def brute_needed(deck: list[int], target: int) -> Counter:
    """For each ordering, how many reveals reach the target ('not reached' if none)."""
    tally: Counter = Counter()
    for order in orderings(deck):
        running, needed = 0, odds.NOT_REACHED
        for k, s in enumerate(order, start=1):
            running += s
            if running >= target:
                needed = k
                break
        tally[needed] += 1
    return tally


small_decks = st.lists(st.integers(0, 6), min_size=1, max_size=6)


@settings(max_examples=40, deadline=None)
@given(deck=small_decks, target=st.integers(1, 20))
def test_cards_needed_matches_every_ordering(deck: list[int], target: int) -> None:
    tally = brute_needed(deck, target)
    total = sum(tally.values())
    exact = odds.cards_needed(deck, target)
    assert dict(exact) == {k: Fraction(n, total) for k, n in tally.items()}


@settings(max_examples=40, deadline=None)
@given(deck=small_decks, target=st.integers(0, 20), data=st.data())
def test_p_reach_strength_matches_every_ordering(deck: list[int], target: int, data) -> None:
    limit = data.draw(st.integers(1, len(deck)))
    orders = orderings(deck)
    hits = sum(sum(order[:limit]) >= target for order in orders)
    assert odds.p_reach_strength(deck, target, limit) == Fraction(hits, len(orders))
    assert odds.p_reach_strength(deck, target) == (1 if sum(deck) >= target else 0)


def test_a_hand_worked_example() -> None:
    """The Starting Deck (1, 1, 1, 2, 3, 4) against a flag of 4: the Captain alone (1/6) in one card;
    in two cards, the pairs reaching 4 are 1+3 (three ways), 1+4 (three), 2+3, 2+4 and 3+4: 9 of 15."""
    deck = [1, 1, 1, 2, 3, 4]
    assert odds.p_reach_strength(deck, 4, 1) == Fraction(1, 6)
    pairs = [(a, b) for i, a in enumerate(deck) for b in deck[i + 1 :]]
    assert len(pairs) == 15 and sum(a + b >= 4 for a, b in pairs) == 9
    assert odds.p_reach_strength(deck, 4, 2) == Fraction(9, 15)
    assert odds.expected_cards(deck, 4) == odds.cards_needed(deck, 4).mean()


@settings(max_examples=30, deadline=None)
@given(
    names=st.dictionaries(st.sampled_from("ABCDEFG"), st.integers(1, 3), min_size=1, max_size=4).filter(
        lambda d: sum(d.values()) <= 6
    ),
    seats=st.integers(0, 5),
    data=st.data(),
)
def test_p_more_names_matches_every_ordering(names: dict[str, int], seats: int, data) -> None:
    cards = [n for n, c in names.items() for _ in range(c)]
    k = data.draw(st.integers(0, len(cards)))
    orders = orderings(cards)
    over = sum(len(set(order[:k])) > seats for order in orders)
    assert odds.p_more_names(names, k, seats) == Fraction(over, len(orders))


def brute_match(deck_a: dict, deck_b: dict, seats: int, a_starts: bool) -> Counter:
    """Play the match on every pair of orderings, following the rulebook step by step."""
    cards = [[n for n, (_, c) in d.items() for _ in range(c)] for d in (deck_a, deck_b)]
    strength = [{n: s for n, (s, _) in d.items()} for d in (deck_a, deck_b)]
    tally: Counter = Counter()
    for order_a in orderings(cards[0]):
        for order_b in orderings(cards[1]):
            piles = [list(order_a), list(order_b)]
            holder = 0 if a_starts else 1
            first = piles[holder].pop(0)
            pile, flag, benches = [first], strength[holder][first], [set(), set()]
            ending = None
            while ending is None:
                me, shown, total = 1 - holder, [], 0
                while (total < flag or not shown) and piles[me]:  # at least one card
                    card = piles[me].pop(0)
                    shown.append(card)
                    total += strength[me][card]
                if total < flag or not shown:
                    ending = (odds.A_RAN_OUT, odds.B_RAN_OUT)[me]
                elif len(benches[holder] | set(pile)) > seats:
                    ending = (odds.A_BENCH_FULL, odds.B_BENCH_FULL)[holder]
                else:
                    benches[holder] |= set(pile)
                    holder, pile, flag = me, shown, strength[me][shown[-1]]
            tally[ending] += 1
    return tally


@pytest.mark.parametrize(
    ("deck_a", "deck_b", "seats", "a_starts"),
    [
        ({"r": (1, 2), "c": (4, 1)}, {"r": (1, 1), "h": (2, 1), "m": (3, 1)}, 6, True),
        ({"r": (1, 2), "c": (4, 1)}, {"r": (1, 1), "h": (2, 1), "m": (3, 1)}, 6, False),
        (
            {"a": (1, 1), "b": (2, 1), "c": (3, 1), "d": (2, 1)},
            {"x": (2, 2), "y": (3, 1), "z": (1, 1)},
            1,
            True,
        ),
        (
            {"a": (1, 1), "b": (1, 1), "c": (1, 1), "d": (1, 1)},
            {"x": (1, 1), "y": (1, 1), "z": (1, 2)},
            2,
            False,
        ),
        ({"a": (0, 1), "b": (5, 1), "c": (2, 2)}, {"x": (3, 3), "y": (0, 1)}, 1, True),
    ],
)
def test_match_endings_match_every_pair_of_orderings(deck_a, deck_b, seats, a_starts) -> None:
    tally = brute_match(deck_a, deck_b, seats, a_starts)
    total = sum(tally.values())
    assert dict(odds.match_endings(deck_a, deck_b, seats, a_starts)) == {
        e: Fraction(n, total) for e, n in tally.items()
    }


def test_a_match_with_too_many_benches_to_follow_is_refused() -> None:
    """Seven different names a side with 6 seats: every bench must be followed, past the bound."""
    deck = {f"card {i}": (i, 1) for i in range(1, 8)}
    with pytest.raises(ValueError, match=r"more than 120,000 situations"):
        odds.match_endings(deck, deck, seats=6)


def test_match_helpers_agree_with_the_endings() -> None:
    a = {"r": (1, 2), "c": (4, 1)}
    b = {"r": (1, 1), "h": (2, 1), "m": (3, 1)}
    first, second = odds.match_endings(a, b, 1, True), odds.match_endings(a, b, 1, False)
    wins = [d[odds.B_RAN_OUT] + d[odds.B_BENCH_FULL] for d in (first, second)]
    assert odds.p_match_win(a, b, seats=1) == sum(wins) / 2
    assert odds.p_bench_ends_match(a, b, 1) == first[odds.A_BENCH_FULL] + first[odds.B_BENCH_FULL]


def test_thinning_frame_before_and_after() -> None:
    deck = [1, 1, 1, 2, 3, 4]
    frame = odds.thinning_frame(deck, 1, [4, 6])
    assert frame.loc[4, "P(reach in 1) after"] == Fraction(1, 5)
    assert frame.loc[4, "mean cards before"] == odds.expected_cards(deck, 4)
    assert frame.loc[4, "mean cards after"] == odds.expected_cards([1, 1, 2, 3, 4], 4)


@settings(max_examples=30, deadline=None)
@given(
    deck=st.lists(st.integers(0, 8), min_size=2, max_size=14),
    targets=st.lists(st.integers(0, 30), min_size=1, max_size=8),
)
def test_thinning_frame_is_cards_needed_before_and_after(deck: list[int], targets: list[int]) -> None:
    """The frame reads one table made for the strongest flag; each row must be cards_needed's
    distribution and the mean of that distribution (a second derivation of the tail-sum mean)."""
    after = list(deck)
    after.remove(deck[0])
    frame = odds.thinning_frame(deck, deck[0], targets)
    for t in targets:
        for when, cards in (("before", deck), ("after", after)):
            needed = odds.cards_needed(cards, t)
            row = frame.loc[[t]].iloc[0]
            assert row[f"P(reach) {when}"] == 1 - needed[odds.NOT_REACHED]
            assert row[f"P(reach in 1) {when}"] == needed[1]
            mean = None if needed[odds.NOT_REACHED] else needed.mean()
            assert row[f"mean cards {when}"] == mean == odds.expected_cards(cards, t)


def reach_by_dicts(deck: list[int], target: int) -> list[int]:
    """k-card handfuls reaching target, counted with Python's unbounded ints one strength at a
    time (the slow way: a reference for the whole-number table at the largest decks)."""
    ways: dict[tuple[int, int], int] = {(0, 0): 1}
    for strength, copies in sorted(Counter(deck).items()):
        new: dict[tuple[int, int], int] = {}
        for (k, s), w in ways.items():
            for j in range(copies + 1):
                key = (k + j, min(s + j * strength, target))
                new[key] = new.get(key, 0) + w * comb(copies, j)
        ways = new
    return [ways.get((k, target), 0) for k in range(len(deck) + 1)]


@pytest.mark.parametrize("seed", range(3))
def test_the_largest_decks_count_exactly(seed: int) -> None:
    """60 cards: C(60, 30) handfuls of 30 cards, near the top of a 64-bit whole number."""
    rng = Random(seed)
    deck = [rng.randint(0, 30) for _ in range(60)]
    target = rng.randint(200, 300)
    reaching = reach_by_dicts(deck, target)
    for k in (1, 20, 30, 45, 60):
        assert odds.p_reach_within(deck, target, k) == Fraction(reaching[k], comb(60, k))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: odds.p_reach_strength([], 3), r"a deck must hold 1 to 60 cards"),
        (lambda: odds.p_reach_strength([1, 99], 3), r"a card's strength must be a whole number from 0 to 30"),
        (lambda: odds.p_reach_strength([1, 2], 301), r"the target must be a whole number from 0 to 300"),
        (
            lambda: odds.p_reach_strength([1, 2], 3, max_cards=3),
            r"max_cards must be a whole number from 1 to 2",
        ),
        (lambda: odds.p_more_names({"a": 2}, 3), r"the number of cards must be a whole number from 0 to 2"),
        (lambda: odds.thinning_frame([1, 2], 5, [3]), r"no card of strength 5"),
        (
            lambda: odds.match_endings({"a": (1, 9)}, {"b": (1, 1)}),
            r"copies must be a whole number from 1 to 8",
        ),
        (lambda: odds.match_endings({"a": (1, 8)}, {"b": (1, 7)}), r"at most 14"),
        (lambda: odds.match_endings({"a": 1}, {"b": (1, 1)}), r"must map to \(strength, copies\)"),
    ],
)
def test_bad_inputs_are_refused_with_the_bounds(call, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_the_engines_attacks_agree_with_cards_needed() -> None:
    """400 engine attacks of the Starting Deck on a flag of 4 (a Captain); each share of 'cards
    needed' within 4 standard errors of the exact chance (a false alarm about once in 15,000)."""
    deck = ["rookie"] * 3 + ["hopeful", "mascot", "captain"]
    exact = odds.cards_needed([1, 1, 1, 2, 3, 4], 4)
    tally: Counter = Counter()
    runs = 400
    for seed in range(runs):
        game = match_scene(["captain"], list(deck), seed=seed)
        game.apply("Ash")
        game.apply(Reveal())
        game.apply("captain")
        needed = 0
        while game.legal_actions() == [Reveal()]:
            game.apply(Reveal())
            game.apply(game.sample_chance())
            needed += 1
        assert game.legal_actions() == [TakeFlag()]
        tally[needed] += 1
    for k, p in exact.items():
        share = tally[k] / runs
        error = (float(p) * (1 - float(p)) / runs) ** 0.5
        assert abs(share - float(p)) <= 4 * error + 1e-9, (k, share, p)


def test_the_shuffled_match_sampler_agrees_with_match_endings() -> None:
    """4,000 shuffled matches: each ending's share within 4 standard errors of the exact chance."""
    import random as _random

    from playground.challengers.simulate import match_ending_sampler

    a = {"r": (1, 2), "h": (2, 1), "c": (4, 1)}
    b = {"r": (1, 1), "h": (2, 1), "m": (3, 1), "x": (1, 1)}
    exact = odds.match_endings(a, b, 2, False)
    play, rng, runs = match_ending_sampler(a, b, 2, False), _random.Random(1), 4000
    tally = Counter(play(rng) for _ in range(runs))
    assert set(tally) <= set(exact)
    for ending, p in exact.items():
        error = (float(p) * (1 - float(p)) / runs) ** 0.5
        assert abs(tally[ending] / runs - float(p)) <= 4 * error + 1e-9, (ending, tally[ending], p)


def test_every_odds_function_reads_an_iterator_once() -> None:
    """A deck (or targets) given as an iterator is read once, and answers as the same list does."""
    from playground.challengers.odds import p_reach_within, thinning_frame

    deck = [1, 1, 1, 2, 3, 4]
    assert odds.p_reach_strength(iter(deck), 4) == odds.p_reach_strength(deck, 4) == 1
    assert odds.p_reach_strength(iter(deck), 4, max_cards=1) == Fraction(1, 6)
    assert odds.p_reach_strength((s for s in deck), 4, max_cards=2) == Fraction(3, 5)
    assert p_reach_within(iter(deck), 4, 2) == Fraction(3, 5)
    assert odds.cards_needed(iter(deck), 4) == odds.cards_needed(deck, 4)
    assert odds.expected_cards(iter(deck), 4) == Fraction(137, 60)
    frame = thinning_frame(iter(deck), 1, iter(range(1, 5)))
    assert frame.equals(thinning_frame(deck, 1, range(1, 5)))
