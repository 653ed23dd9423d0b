"""Exact distributions (playground.core.dist), each checked against an independent derivation.

Every probability here is compared with brute-force enumeration (itertools.product) or with
icepool, never with a number typed in by hand; simulations are compared with the exact values
within 4 standard errors, with a fixed seed.
"""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable
from decimal import Decimal, localcontext
from fractions import Fraction
from itertools import product
from typing import Any

import icepool
import numpy as np
import pandas as pd
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from playground.core.dist import Dist, dice_sum, standard_error, standardized_gaps
from playground.core.draws import draw_counted, sample_counts, sample_exact
from playground.core.showing import readable


def enumerate_dice(sides: Iterable[int], f: Callable[..., Any] = lambda *xs: sum(xs)) -> Dist:
    """The distribution of f(faces) by listing every equally likely roll of the given dice."""
    rolls = list(product(*(range(1, s + 1) for s in sides)))
    counts = Counter(f(*roll) for roll in rolls)
    return Dist({k: Fraction(c, len(rolls)) for k, c in counts.items()})


def assert_matches_icepool(dist: Dist, die: icepool.Die) -> None:
    """Same outcomes, and every probability equal to icepool's exact Fraction."""
    assert set(dist) == set(die.outcomes())
    for outcome in die.outcomes():
        assert dist[outcome] == die.probability(outcome), outcome


# -- constructors ---------------------------------------------------------------------------


@pytest.mark.parametrize("sides", [1, 2, 4, 6, 12, 20])
def test_die_is_uniform_over_its_faces(sides: int) -> None:
    """A fair die: faces 1..sides, each with exactly icepool's probability."""
    d = Dist.die(sides)
    assert list(d) == list(range(1, sides + 1))
    assert all(isinstance(p, Fraction) for p in d.values())
    assert_matches_icepool(d, icepool.d(sides))


def test_default_die_is_a_d6() -> None:
    """Dist.die() with no argument is the ordinary six-sided die."""
    assert Dist.die() == Dist.die(6)
    assert_matches_icepool(Dist.die(), icepool.d6)


def test_uniform_counts_repeated_outcomes() -> None:
    """A repeated outcome counts once per listing (a die with faces 1, 1, 2)."""
    faces = ["a", "a", "b", "c", "c", "c"]
    d = Dist.uniform(faces)
    counts = Counter(faces)
    assert dict(d) == {k: Fraction(c, len(faces)) for k, c in counts.items()}
    assert_matches_icepool(d, icepool.Die(faces))


def test_constant_is_certain() -> None:
    """A constant has one outcome with probability exactly 1."""
    d = Dist.constant(5)
    assert list(d.items()) == [(5, Fraction(1))]
    assert d.mean() == 5 and d.variance() == 0


def test_weights_are_normalised_zero_weights_dropped_and_outcomes_sorted() -> None:
    """Weights need not add to 1; zero weights vanish; outcomes are listed in order."""
    weights = {3: 2, 1: 6, 2: 0, 5: Fraction(1, 2)}
    d = Dist(weights)
    total = sum(Fraction(w) for w in weights.values())
    assert list(d) == [1, 3, 5]
    for k in d:
        assert d[k] == Fraction(weights[k]) / total
    assert sum(d.values()) == 1


def test_unorderable_outcomes_keep_their_given_order() -> None:
    """Outcomes of mixed types cannot be sorted, so they keep the order they were given in."""
    d = Dist.uniform(["b", 2, "a"])
    assert list(d) == ["b", 2, "a"]


def test_mapping_protocol() -> None:
    """An impossible outcome has probability 0 but is not 'in' the distribution."""
    d = Dist.die(6)
    assert d[7] == 0 and 7 not in d and 3 in d
    assert len(d) == 6


def test_equality_and_hash_depend_only_on_the_probabilities() -> None:
    """Two routes to the same distribution are equal and hash alike (usable as cache keys)."""
    a = Dist.die(2) + Dist.die(2)
    b = Dist(Counter(x + y for x in (1, 2) for y in (1, 2)))
    assert a == b and hash(a) == hash(b)
    assert a != Dist.die(3) + 1
    assert a != dict(a)  # a plain dict is not a Dist


@pytest.mark.parametrize(
    ("weights", "words"),
    [
        ({1: 1, 2: -1}, "negative"),
        ({}, "at least one outcome"),
        ({1: 0, 2: 0}, "at least one outcome"),
    ],
)
def test_bad_weights_raise_a_clear_value_error(weights: dict[int, int], words: str) -> None:
    """Negative or all-zero weights are refused with a sentence saying why."""
    with pytest.raises(ValueError, match=words):
        Dist(weights)


def test_uniform_of_nothing_is_refused() -> None:
    """An empty list of outcomes is not a distribution."""
    with pytest.raises(ValueError, match="at least one outcome"):
        Dist.uniform([])


@pytest.mark.parametrize("sides", [0, -3, 2.5, "6", None])
def test_die_with_bad_sides_names_the_value(sides: Any) -> None:
    """A die needs a whole number of sides; the message repeats what was given."""
    with pytest.raises(ValueError, match=r"sides.*" + re.escape(repr(sides))):
        Dist.die(sides)


# -- arithmetic -----------------------------------------------------------------------------


def test_sum_of_two_different_dice() -> None:
    """d6 + d4 by convolution equals listing all 24 rolls, and icepool."""
    d = Dist.die(6) + Dist.die(4)
    assert d == enumerate_dice([6, 4])
    assert_matches_icepool(d, icepool.d6 + icepool.d(4))


@pytest.mark.parametrize("bonus", [-3, 0, 2])
def test_adding_and_subtracting_a_number(bonus: int) -> None:
    """A bonus shifts every outcome; int + dist, dist - int and int - dist all work."""
    d6 = Dist.die(6)
    assert d6 + bonus == enumerate_dice([6], lambda x: x + bonus)
    assert bonus + d6 == d6 + bonus
    assert d6 - bonus == enumerate_dice([6], lambda x: x - bonus)
    assert bonus - d6 == enumerate_dice([6], lambda x: bonus - x)
    assert_matches_icepool(bonus - d6, bonus - icepool.d6)


def test_difference_of_two_dice() -> None:
    """The first die minus the second: symmetric around 0, as enumeration and icepool say."""
    d = Dist.die(6) - Dist.die(6)
    assert d == enumerate_dice([6, 6], lambda a, b: a - b)
    assert_matches_icepool(d, icepool.d(6) - icepool.d(6))


def test_negation() -> None:
    """-X puts probability P(X = k) on -k."""
    d = -(Dist.die(4) + 1)
    assert d == enumerate_dice([4], lambda x: -(x + 1))
    assert_matches_icepool(d, -(icepool.d(4) + 1))


def test_combine_with_any_function() -> None:
    """combine(f) is f of two independent draws: here the higher of two d6."""
    d = Dist.die(6).combine(Dist.die(6), max)
    assert d == enumerate_dice([6, 6], max)
    assert_matches_icepool(d, icepool.highest(icepool.d6, icepool.d6))


def test_combine_with_a_plain_value_treats_it_as_certain() -> None:
    """A non-Dist operand is a constant: outcomes can be tuples too."""
    d = Dist.die(3).combine("x", lambda a, b: (b, a))
    assert d == enumerate_dice([3], lambda a: ("x", a))


def test_map_merges_outcomes_that_land_together() -> None:
    """Mapping 2d6 to odd/even adds up the probabilities that land on the same value."""
    d = dice_sum(2, 6).map(lambda total: total % 2)
    assert d == enumerate_dice([6, 6], lambda a, b: (a + b) % 2)
    assert_matches_icepool(d, (2 @ icepool.d6).map(lambda total: total % 2))


def test_given_is_bayes() -> None:
    """P(X = k | A) = P(X = k and A) / P(A), for 2d6 given a double-digit total."""
    two_d6 = dice_sum(2, 6)

    def big(total: int) -> bool:
        return total >= 10

    cond = two_d6.given(big)
    assert set(cond) == {k for k in two_d6 if big(k)}
    for k in cond:
        assert cond[k] == two_d6[k] / two_d6.p(big)
    rolls = [r for r in product(range(1, 7), repeat=2) if big(sum(r))]
    assert cond == Dist.uniform(sum(r) for r in rolls)


def test_given_an_impossible_event_is_refused() -> None:
    """Conditioning on probability zero has no meaning."""
    with pytest.raises(ValueError, match="probability zero"):
        Dist.die(6).given(lambda x: x > 6)


# -- questions ------------------------------------------------------------------------------


@pytest.mark.parametrize(("bonus", "target"), [(2, 5), (0, 1), (0, 7), (-2, 3), (1, 0)])
def test_p_at_least_against_icepool(bonus: int, target: int) -> None:
    """The tie-break style question: d6 + bonus reaching a target."""
    d = Dist.die(6) + bonus
    expected = (icepool.d6 + bonus >= target).probability(True)
    assert d.p_at_least(target) == expected
    assert d.p(lambda x: x >= target) == expected
    assert d.p(lambda x: x < target) == 1 - expected


def test_p_counts_favourable_rolls() -> None:
    """P(doubles) with two d6 is the number of doubles over the number of rolls."""
    rolls = list(product(range(1, 7), repeat=2))
    doubles = Dist.die(6).combine(Dist.die(6), lambda a, b: a == b)
    assert doubles.p(bool) == Fraction(sum(a == b for a, b in rolls), len(rolls))
    assert doubles.p(lambda _: False) == 0 and isinstance(doubles.p(lambda _: False), Fraction)


@pytest.mark.parametrize("sides", [[6], [6, 6], [4, 8], [6, 6, 6]])
def test_mean_and_variance_against_enumeration_and_icepool(sides: list[int]) -> None:
    """E[X] and Var[X] from the definition over every roll, and from icepool."""
    d = sum((Dist.die(s) for s in sides[1:]), Dist.die(sides[0]))
    rolls = [sum(r) for r in product(*(range(1, s + 1) for s in sides))]
    mean = Fraction(sum(rolls), len(rolls))
    variance = sum((Fraction(r) - mean) ** 2 for r in rolls) / len(rolls)
    assert d.mean() == mean and d.variance() == variance
    ice = sum((icepool.d(s) for s in sides[1:]), icepool.d(sides[0]))
    assert d.mean() == ice.mean() and d.variance() == ice.variance()


@pytest.mark.parametrize(("n", "sides"), [(1, 6), (2, 6), (3, 6), (4, 6), (5, 4), (7, 3), (3, 20)])
def test_repeat_sum_and_dice_sum_against_icepool(n: int, sides: int) -> None:
    """Repeated squaring gives the same total as icepool's n @ dN (and as n - 1 additions)."""
    d = Dist.die(sides).repeat_sum(n)
    assert dice_sum(n, sides) == d
    assert_matches_icepool(d, n @ icepool.d(sides))
    added = Dist.die(sides)
    for _ in range(n - 1):
        added = added + Dist.die(sides)
    assert d == added


def test_three_dice_by_enumeration() -> None:
    """3d6 listed roll by roll (216 rolls) equals dice_sum(3, 6)."""
    assert dice_sum(3) == enumerate_dice([6, 6, 6])


@pytest.mark.parametrize("n", [0, -1, 1.5, "2"])
def test_repeat_sum_needs_a_positive_whole_number(n: Any) -> None:
    """Adding up zero or a fractional number of copies is refused by name."""
    with pytest.raises(ValueError, match="whole number of copies"):
        Dist.die(6).repeat_sum(n)


# -- views ----------------------------------------------------------------------------------


def test_to_frame_columns_and_at_least() -> None:
    """One row per outcome: exact probability, its decimal, and P(at least this outcome)."""
    d = dice_sum(2, 6) - 1
    frame = d.to_frame("total")
    assert list(frame.columns) == ["total", "probability", "decimal", "at_least"]
    assert list(frame["total"]) == list(d)
    for _, row in frame.iterrows():
        t = row["total"]
        assert row["probability"] == (2 @ icepool.d6 - 1).probability(t)
        assert row["decimal"] == pytest.approx(float(row["probability"]), abs=1e-15)
        assert row["at_least"] == (2 @ icepool.d6 - 1 >= t).probability(True)
    assert sum(frame["probability"]) == 1


def test_to_frame_default_column_name() -> None:
    """Without a name the outcome column is called 'outcome'."""
    assert isinstance(Dist.die(3).to_frame(), pd.DataFrame)
    assert Dist.die(3).to_frame().columns[0] == "outcome"


def test_to_sympy_gives_equal_rationals() -> None:
    """The sympy view holds the same numbers as Rationals, adding to sympy's exact 1."""
    d = Dist.die(6) - Dist.die(4)
    sym = d.to_sympy()
    assert list(sym) == list(d)
    for k, r in sym.items():
        assert isinstance(r, sympy.Rational)
        assert Fraction(int(r.p), int(r.q)) == d[k]
    assert sum(sym.values()) == sympy.Integer(1)


def scientific(p: Fraction) -> str:
    """p to 3 significant figures by decimal arithmetic, in readable()'s '≈ 1.23e-45' form."""
    with localcontext() as context:
        context.prec = 60
        mantissa, exponent = f"{Decimal(p.numerator) / Decimal(p.denominator):.2e}".split("e")
    return f"≈ {mantissa}e{int(exponent)}"


@pytest.mark.parametrize("p", [Fraction(7, 12), Fraction(0), Fraction(1), Fraction(1, 10**9 - 1)])
def test_readable_keeps_short_fractions_exact(p: Fraction) -> None:
    """A fraction a student can read is shown as it is."""
    assert readable(p) == str(p)


@pytest.mark.parametrize(
    "p",
    [Fraction(1, 6) ** 400, Fraction(1, 3 * 10**9), Fraction(5, 6) ** 60, Fraction(1, 7) ** 11],
)
def test_readable_shows_huge_fractions_in_scientific_form(p: Fraction) -> None:
    """A path probability with hundreds of digits becomes mantissa and power of ten."""
    assert p.denominator >= 10**9
    assert readable(p) == scientific(p)


@pytest.mark.parametrize("p", [Fraction(99999, 10**13), Fraction(10**9 + 1, 10**9 + 2)])
def test_readable_rounds_up_into_the_next_power_of_ten(p: Fraction) -> None:
    """9.9999e-9 to 3 figures is 1.00e-8, and 0.999999999 is 1.00e0."""
    assert readable(p) == scientific(p)


# -- sampling -------------------------------------------------------------------------------


class TicketRng:
    """A fake generator whose randrange(n) hands out the tickets 0, 1, ..., n - 1 in turn."""

    def __init__(self) -> None:
        self.calls: list[int] = []

    def randrange(self, n: int) -> int:
        ticket = sum(1 for c in self.calls if c == n) % n
        self.calls.append(n)
        return ticket


@pytest.mark.parametrize(
    "dist",
    [
        Dist({"a": Fraction(1, 2), "b": Fraction(1, 3), "c": Fraction(1, 6)}),
        dice_sum(2, 6),
        Dist.die(4) + Dist.die(6),
        Dist({"rare": 1, "common": 99}),
        Dist.constant("sure"),
    ],
)
def test_sample_exact_maps_tickets_in_exact_proportion(dist: Dist) -> None:
    """Drawing each of the D tickets once gives every outcome exactly P * D times.

    D is the least common denominator, so the integer draw is exactly fair: no float rounding.
    """
    denominator = math.lcm(*(p.denominator for p in dist.values()))
    rng = TicketRng()
    counts = Counter(sample_exact(list(dist.items()), rng) for _ in range(denominator))
    assert set(rng.calls) == {denominator}
    assert {k: Fraction(c, denominator) for k, c in counts.items()} == dict(dist)
    rng = TicketRng()
    assert Counter(dist.sample(rng) for _ in range(denominator)) == counts


def test_sample_exact_refuses_probabilities_that_do_not_add_up() -> None:
    """If the listed chances add up to less than 1, a high ticket has nowhere to go."""
    outcomes = [("a", Fraction(1, 3)), ("b", Fraction(1, 3))]
    rng = TicketRng()
    with pytest.raises(ValueError, match="add up to 1"):
        for _ in range(3):
            sample_exact(outcomes, rng)


@given(
    st.lists(st.integers(0, 9), min_size=1, max_size=7)
    .filter(any)
    .map(lambda counts: [("abcdefg"[i], n) for i, n in enumerate(counts)]),
    st.integers(0, 2**32),
)
def test_the_trusted_draw_picks_what_the_checked_draw_picks(pairs: list[tuple[str, int]], seed: int) -> None:
    """draw_counted (the engines' unchecked path) takes the same ticket to the same outcome, and
    gives back that outcome's count, so an engine using it tells the same story."""
    total = sum(n for _, n in pairs)
    checked, trusted = random.Random(seed), random.Random(seed)
    for _ in range(5):
        value, n = draw_counted(pairs, total, trusted)
        assert value == sample_counts(pairs, checked)
        assert n == next(count for v, count in pairs if v == value) and n > 0
    assert checked.getstate() == trusted.getstate()


@pytest.mark.parametrize("total", [2.0, 0, -3, True, "2"])
def test_the_trusted_draw_refuses_a_total_that_is_not_a_count(total: Any) -> None:
    """draw_counted checks only its total (a float once reached randrange with a warning)."""
    rng = random.Random(1)
    before = rng.getstate()
    with pytest.raises(ValueError, match="total must be a whole number"):
        draw_counted([("a", 1), ("b", 1)], total, rng)
    assert rng.getstate() == before


@pytest.mark.parametrize(
    "pairs",
    [[("a", 1), ("b", -1)], [("a", 1.0)], [["a", 1]], [("a", True)], [("a", 1, 2)], [("a", 0)]],
    ids=["negative", "float", "list pair", "bool", "triple", "all zero"],
)
def test_sample_counts_still_refuses_bad_pairs(pairs: list[Any]) -> None:
    """The one-pass check refuses what the engines never pass: a wrong count or a wrong pair."""
    with pytest.raises(ValueError, match=r"pair|nothing to pick"):
        sample_counts(pairs, random.Random(0))


def test_sampling_converges_to_the_exact_probabilities() -> None:
    """20,000 seeded draws of 2d6: every frequency within 4 standard errors of the exact value."""
    d = dice_sum(2, 6)
    rng = random.Random(2024)
    n = 20_000
    counts = Counter(d.sample(rng) for _ in range(n))
    assert set(counts) <= set(d)
    for k, p in d.items():
        se = math.sqrt(p * (1 - p) / n)
        assert abs(counts[k] / n - p) <= 4 * se, (k, counts[k] / n, float(p))


def test_sampling_is_reproducible_from_the_seed() -> None:
    """The same seed draws the same sequence: the basis of replayable games."""
    d = Dist.die(6) - Dist.die(6)

    def draws(seed: int) -> list[int]:
        rng = random.Random(seed)
        return [d.sample(rng) for _ in range(50)]

    assert draws(7) == draws(7)
    assert draws(7) != draws(8)


@pytest.mark.parametrize(
    "dist",
    [dice_sum(2, 6), Dist({"rare": 1, "common": 99}), Dist.constant("sure"), Dist.die(4) - Dist.die(7)],
)
def test_sample_many_draws_what_sample_draws(dist: Dist) -> None:
    """The fast table draws exactly the outcomes of repeated sample() from the same seed."""
    one_by_one = random.Random(11)
    assert dist.sample_many(random.Random(11), 500) == [dist.sample(one_by_one) for _ in range(500)]
    rng = TicketRng()  # every ticket once: each outcome exactly P * D times
    denominator = math.lcm(*(p.denominator for p in dist.values()))
    counts = Counter(dist.sample_many(rng, denominator))
    assert {k: Fraction(c, denominator) for k, c in counts.items()} == dict(dist)


@pytest.mark.parametrize("n", [-1, 2.0, True])
def test_sample_many_refuses_a_bad_count(n: Any) -> None:
    with pytest.raises(ValueError, match=f"whole number from 0 to 1,000,000; got {n!r}"):
        dice_sum(2, 6).sample_many(random.Random(0), n)


# -- properties -----------------------------------------------------------------------------

dice_lists = st.lists(st.integers(1, 12), min_size=1, max_size=4)
bonuses = st.integers(-5, 5)


def build(sides: list[int], bonus: int) -> Dist:
    """The total of the listed dice plus a bonus, built with Dist's own operations."""
    total = Dist.die(sides[0])
    for s in sides[1:]:
        total = total + Dist.die(s)
    return total + bonus


@settings(max_examples=40, deadline=None)
@given(sides=dice_lists, bonus=bonuses)
def test_random_dice_match_enumeration(sides: list[int], bonus: int) -> None:
    """Any handful of small dice plus a bonus: the same Fractions as listing every roll."""
    d = build(sides, bonus)
    assert sum(d.values()) == 1
    assert d == enumerate_dice(sides, lambda *xs: sum(xs) + bonus)


@settings(max_examples=60, deadline=None)
@given(sides=dice_lists, bonus=bonuses, target=st.integers(-6, 55))
def test_random_dice_match_icepool(sides: list[int], bonus: int, target: int) -> None:
    """The same dice in icepool: every outcome and the chance of reaching a target agree."""
    d = build(sides, bonus)
    ice = sum((icepool.d(s) for s in sides[1:]), icepool.d(sides[0])) + bonus
    assert_matches_icepool(d, ice)
    assert d.p_at_least(target) == (ice >= target).probability(True)


@settings(max_examples=40, deadline=None)
@given(count=st.integers(1, 4), sides=st.integers(1, 12), bonus=bonuses)
def test_dice_sum_matches_icepool(count: int, sides: int, bonus: int) -> None:
    """dice_sum(n, sides) + bonus equals icepool's n @ dN + bonus and adds to exactly 1."""
    d = dice_sum(count, sides) + bonus
    assert sum(d.values()) == 1
    assert_matches_icepool(d, count @ icepool.d(sides) + bonus)


@settings(max_examples=40, deadline=None)
@given(
    st.dictionaries(st.integers(-20, 20), st.integers(0, 50), min_size=1).filter(
        lambda w: sum(w.values()) > 0
    )
)
def test_any_weights_become_proportional_probabilities(weights: dict[int, int]) -> None:
    """P(k) * total weight == weight(k) for every outcome kept; zero weights are dropped."""
    d = Dist(weights)
    total = sum(weights.values())
    assert sum(d.values()) == 1
    assert set(d) == {k for k, w in weights.items() if w > 0}
    for k in d:
        assert d[k] * total == weights[k]
    frame = d.to_frame()
    assert list(frame["at_least"]) == [d.p_at_least(k) for k in d]


# -- the yardstick for simulations: standard error and standardized gaps ------------------------


@pytest.mark.parametrize("p", [Fraction(1, 6), Fraction(7, 12), Fraction(1, 2), Fraction(1, 36)])
@pytest.mark.parametrize("n", [1, 2, 5, 12])
def test_standard_error_is_the_spread_of_the_enumerated_share(p: Fraction, n: int) -> None:
    """√(p(1−p)/n) equals the standard deviation of the share of hits, found by listing every
    count of hits in n rolls with its exact chance (no formula used)."""
    share = Dist({1: p, 0: 1 - p}).repeat_sum(n).map(lambda hits: Fraction(hits, n))
    assert share.mean() == p
    assert standard_error(p, n) == pytest.approx(math.sqrt(share.variance()), rel=1e-12)


def test_standard_error_of_a_certain_or_impossible_event_is_zero() -> None:
    assert standard_error(Fraction(0), 10) == standard_error(1, 10) == 0.0
    assert standard_error(Fraction(1, 2), np.int64(100)) == 0.05  # a count pandas hands out
    assert standard_error(0.25, 3) == pytest.approx(0.25)


@pytest.mark.parametrize(
    ("p", "n", "problem"),
    [
        (Fraction(3, 2), 10, "p must be a probability from 0 to 1; got Fraction(3, 2)"),
        (-0.1, 10, "p must be a probability from 0 to 1; got -0.1"),
        ("1/6", 10, "p must be a probability"),
        (True, 10, "p must be a probability"),
        (Fraction(1, 6), 0, "n (the number of rolls) must be a whole number from 1 to"),
        (Fraction(1, 6), 2.5, "got 2.5"),
        (Fraction(1, 2), 10**400, "n (the number of rolls) must be a whole number from 1 to"),
    ],
)
def test_standard_error_refuses_bad_input(p: Any, n: Any, problem: str) -> None:
    with pytest.raises(ValueError, match=re.escape(problem)):
        standard_error(p, n)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 300), min_size=11, max_size=11).filter(lambda c: sum(c) > 0))
def test_standardized_gaps_add_up_to_pearsons_chi_square(counts: list[int]) -> None:
    """Σ z²(1 − p) over the outcomes is Pearson's statistic Σ (observed − expected)² / expected,
    computed here from the counts directly; and the share-weighted gaps cancel out."""
    two_dice = dice_sum(2)
    observed = dict(zip(two_dice, counts, strict=True))
    total = sum(counts)
    gaps = standardized_gaps(two_dice, observed)
    pearson = sum((observed[o] - total * p) ** 2 / (total * p) for o, p in two_dice.items())
    assert sum(z * z * (1 - float(two_dice[o])) for o, z in gaps.items()) == pytest.approx(float(pearson))
    spread = sum(
        z * math.sqrt(float(p * (1 - p))) for z, p in zip(gaps.values(), two_dice.values(), strict=True)
    )
    assert spread == pytest.approx(0, abs=1e-9)


def test_standardized_gaps_count_missing_outcomes_as_zero() -> None:
    gaps = standardized_gaps(Dist.die(6), {6: 6})  # six rolls, all sixes
    assert gaps[6] == pytest.approx((1 - 1 / 6) / math.sqrt(5 / 36 / 6))
    assert all(gaps[face] == pytest.approx(-(1 / 6) / math.sqrt(5 / 36 / 6)) for face in range(1, 6))


@pytest.mark.parametrize(
    ("dist", "counts", "problem"),
    [
        (Dist.die(6), {7: 1}, "counts has 7, which is not an outcome of dist ([1, 2, 3, 4, 5, 6])"),
        (Dist.die(6), {1: -1, 2: 3}, "counts must be whole numbers, at least 0; got -1 for 1"),
        (Dist.die(6), {1: 1.5}, "got 1.5 for 1"),
        (Dist.die(6), {}, "counts must hold at least one roll; got none"),
        (Dist.constant(3), {3: 4}, "dist must have at least two outcomes"),
    ],
)
def test_standardized_gaps_refuse_bad_input(dist: Dist, counts: dict, problem: str) -> None:
    with pytest.raises(ValueError, match=re.escape(problem)):
        standardized_gaps(dist, counts)


@settings(max_examples=60, deadline=None)
@given(
    a=st.dictionaries(st.integers(-40, 40), st.integers(1, 9), min_size=1, max_size=8),
    b=st.dictionaries(st.integers(-40, 40), st.integers(1, 9), min_size=1, max_size=8),
)
def test_whole_number_sums_equal_the_outcome_by_outcome_sum(a, b) -> None:
    """The fast convolution of int outcomes (a plain loop for short supports, one big-integer
    product for long ones) gives exactly the Fractions, in the order, of the double loop; so do
    the difference and the negation built on it."""
    x, y = Dist(a), Dist(b)
    for fast, slow in [
        (x + y, x.combine(y, lambda p, q: p + q)),
        (x - y, x.combine(y, lambda p, q: p - q)),
        (-x, x.map(lambda p: -p)),
        (x - 3, x.combine(3, lambda p, q: p - q)),
    ]:
        assert fast == slow and repr(fast) == repr(slow)
    assert x + 3 == x.combine(3, lambda p, q: p + q) == 3 + x


@pytest.mark.parametrize("sides", [1, 2, 6, 20])
def test_a_die_is_the_uniform_distribution_of_its_faces(sides: int) -> None:
    die = Dist.die(sides)
    assert die == Dist.uniform(range(1, sides + 1)) and repr(die) == repr(Dist.uniform(range(1, sides + 1)))


def test_long_dice_sums_are_exact() -> None:
    """1000 six-sided dice: the mean 3500 and variance 1000 · 35/12, exactly, and 50d100 too."""
    big = dice_sum(1000, 6)
    assert len(big) == 5001 and sum(big.values()) == 1
    assert big.mean() == 3500 and big.variance() == Fraction(1000 * 35, 12)
    assert big[1000] == Fraction(1, 6**1000)
    hundred = dice_sum(50, 100)
    assert hundred.mean() == Fraction(50 * 101, 2) and hundred[50] == Fraction(1, 100**50)


@pytest.mark.parametrize(
    ("n", "sides", "message"),
    [
        (10**6, 6, "n must be a whole number from 1 to 1000"),
        (0, 6, "n must be"),
        (3, 10**4, "sides must be"),
        (2.0, 6, "n must be"),
        (1000, 20, "too big to count exactly"),
    ],
)
def test_dice_sum_refuses_what_it_cannot_answer_quickly(n, sides, message) -> None:
    with pytest.raises(ValueError, match=message):
        dice_sum(n, sides)


# -- bounds: an answer or a refusal in about a second -------------------------------------------


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Dist([]), "weights must be a mapping"),
        (lambda: Dist({"a": None}), "the weight of 'a' must be a number; got None"),
        (lambda: Dist({1: float("nan")}), "the weight of 1 must be a number"),
        (lambda: Dist.die(10**9), "from 1 to 200,000; got 1000000000"),
        (lambda: Dist.uniform(range(10**9)), "at most 200,000 outcomes"),
        (lambda: Dist.uniform(5), "outcomes must be a list"),
        (lambda: Dist.die(6).sample_many(random.Random(1), 10**9), "from 0 to 1,000,000; got 1000000000"),
        (lambda: Dist.die(1000).repeat_sum(1000), "too big to count exactly"),
        (lambda: Dist.die(6).repeat_sum(1001), "from 1 to 1000; got 1001"),
        (lambda: Dist.uniform(range(500)).combine(Dist.die(500), lambda a, b: (a, b)), "250,000 pairs"),
    ],
)
def test_sizes_beyond_the_bounds_are_refused_at_once(make, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        make()


def test_sample_many_needs_a_generator() -> None:
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        Dist.die(6).sample_many([1, 2], 3)


def test_outcomes_far_apart_add_pair_by_pair_with_the_same_answer() -> None:
    far = Dist({0: 1, 10**8: 1})
    assert far + far == Dist({0: 1, 10**8: 2, 2 * 10**8: 1})
    assert far - far == Dist({-(10**8): 1, 0: 2, 10**8: 1})


def test_the_biggest_allowed_die_is_exact() -> None:
    die = Dist.die(200_000)
    assert len(die) == 200_000 and die[1] == Fraction(1, 200_000)
