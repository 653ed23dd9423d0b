"""Bounds by real cost: each function answers at the largest size its docstring allows, refuses just
past it in a sentence naming the argument, and refuses at once what would take minutes.

Answers are checked against a second derivation (binomial coefficients, the closed form for dice,
plain Fraction sums); refusals are timed with generous limits (a busy machine is slower), since
what they catch is work or allocation done before the check: that costs seconds or gigabytes.
"""

from __future__ import annotations

import math
import re
import signal
import time
import tracemalloc
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
import sympy

from playground.core.dist import (
    DICE_WORK_LIMIT,
    MAX_BITS,
    MAX_OUTCOMES,
    Dist,
    dice_sum,
)
from playground.core.showing import readable
from playground.widgets.bars import MAX_BARS, bars_svg
from playground.widgets.live_sim import MAX_LIVE_OUTCOMES, live_simulation
from playground.widgets.predict import percent

SVG = "{http://www.w3.org/2000/svg}"
QUICK = 1.0
"""Seconds a refusal may take: it should take microseconds, and work before the check takes far longer."""


class TooSlow(Exception):
    pass


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """A hang guard: stop the block (where Python can) at twenty times seconds, the time it
    takes on a quiet machine at most. Not a timing: make bench measures those, and a busy
    machine must pass; the inputs refused here would take minutes or gigabytes if the work came
    before the check."""
    guard = 20 * seconds

    def ring(signum: int, frame: Any) -> None:
        raise TooSlow(f"still running after {guard} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, guard)
    start = time.perf_counter()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    elapsed = time.perf_counter() - start
    assert elapsed < guard, f"took {elapsed:.2f} s, more than {guard} s"


def refused_quickly(make: Callable[[], Any], message: str, seconds: float = QUICK) -> str:
    """The ValueError make() raises within seconds, whose message contains message."""
    with within(seconds), pytest.raises(ValueError, match=re.escape(message)) as error:
        make()
    return str(error.value)


def scientific(p: Fraction, figures: int) -> tuple[str, int]:
    """p's mantissa and power of ten by decimal arithmetic, a second derivation of readable's."""
    with localcontext() as context:
        context.prec = 60
        mantissa, exponent = f"{Decimal(p.numerator) / Decimal(p.denominator):.{figures - 1}e}".split("e")
    return mantissa, int(exponent)


# -- Dist: what a weight may be --------------------------------------------------------------


@pytest.mark.parametrize("text", ["1", "1/3", "1e10000000", "1e100000000"])
def test_text_weights_are_refused_unread(text: str) -> None:
    """'1e100000000' took over a minute when parsed into a hundred-million-digit number."""
    message = refused_quickly(lambda: Dist({1: text, 2: 1}), "the weight of 1 must be a number")
    assert repr(text) in message and "ints, Fractions or finite floats" in message


@pytest.mark.parametrize("weight", [True, None, float("nan"), float("inf"), 1j])
def test_other_non_numbers_are_refused_by_name(weight: Any) -> None:
    refused_quickly(lambda: Dist({"a": weight}), f"the weight of 'a' must be a number; got {weight!r}")


def test_floats_count_at_their_exact_binary_value_and_numpy_integers_as_ints() -> None:
    assert Dist({1: 0.1, 2: 0.9}) == Dist({1: Fraction(0.1), 2: Fraction(0.9)})
    assert Dist({1: 0.1, 2: 0.9})[1] != Fraction(1, 10)  # as documented: write Fraction(1, 10)
    big = Dist({1: np.int64(2**62), 2: np.int64(2**62), 3: np.int64(1)})  # a numpy sum would overflow
    assert big[3] == Fraction(1, 2**63 + 1)
    assert all(type(p.numerator) is int for p in big.values())


def test_a_weight_of_nearly_max_bits_answers_and_one_past_it_is_refused() -> None:
    """The chances' denominator (here the total) must fit in MAX_BITS too, give or take the few
    bits the check adds for the sum of the weights."""
    long = 2 ** (MAX_BITS - 8)
    d = Dist({1: long, 2: 1})
    assert d[2] == Fraction(1, long + 1) and d[1] + d[2] == 1
    message = refused_quickly(lambda: Dist({1: 2**MAX_BITS, 2: 1}), "the weight of 1 is too long")
    assert f"at most {MAX_BITS:,} bits" in message
    refused_quickly(lambda: Dist({1: 2**MAX_BITS - 1, 2: 2**MAX_BITS - 1}), "this distribution is too big")


def test_a_hundred_thousand_digit_weight_is_refused_at_once() -> None:
    """Six copies of this added up took 28 s; now the weight itself is refused by its length."""
    refused_quickly(lambda: Dist({1: Fraction(1, 10**100_000), 2: 1}), "about 100,000 digits")


def test_six_copies_fit_within_the_bits_and_seven_do_not() -> None:
    """Six copies of 500-digit chances are about 10,000 bits: answered and checked against the
    binomial distribution; a seventh copy passes MAX_BITS and is refused by name."""
    p = Fraction(1, 10**500 + 1)  # the chance of outcome 1
    d = Dist({1: Fraction(1, 10**500), 2: 1})
    with within(2):
        six = d + d + d + d + d + d
    assert six == d.repeat_sum(6)
    assert dict(six) == {6 + k: math.comb(6, k) * (1 - p) ** k * p ** (6 - k) for k in range(7)}
    refused_quickly(lambda: six + d, "this sum is too big to count exactly")


def test_weights_whose_common_denominator_grows_past_the_bound_are_refused_early() -> None:
    primes = list(sympy.primerange(3, 20_000))  # their product has about 30,000 bits
    refused_quickly(lambda: Dist({p: Fraction(1, p) for p in primes}), "common denominator passes")
    growing = {k: Fraction(1, 3**4000 << k) for k in range(3600)}  # one bit more each, each gcd long
    refused_quickly(lambda: Dist(growing), "3,600 outcomes with chances of about")


def test_the_most_outcomes_of_long_weights_answer_and_more_are_refused() -> None:
    """Outcomes times bits at DICE_WORK_LIMIT: 1,990 weights of about 9,960 bits; each chance checked
    against plain Fraction arithmetic. 2,100 of them are refused by their outcomes · bits."""
    weights = {k: 3**6280 + k for k in range(1990)}
    with within(3):
        d = Dist(weights)
    total = sum(weights.values())
    assert all(d[k] == Fraction(w, total) for k, w in list(weights.items())[::97])
    assert sum(d.values()) == 1
    more = {k: 3**6280 + k for k in range(2100)}
    message = refused_quickly(lambda: Dist(more), "this distribution is too big to count exactly")
    assert "2,100 outcomes" in message and f"{DICE_WORK_LIMIT:,}" in message


def test_the_most_outcomes_answer_and_one_more_is_refused() -> None:
    weights = {k: k % 1000 + 1 for k in range(MAX_OUTCOMES)}
    with within(4):
        d = Dist(weights)
    total = sum(weights.values())
    assert d[0] == Fraction(1, total) and d[999] == Fraction(1000, total) and len(d) == MAX_OUTCOMES
    refused_quickly(lambda: Dist({**weights, -1: 1}), f"at most {MAX_OUTCOMES:,} outcomes")


# -- Dist: sums ------------------------------------------------------------------------------


@pytest.mark.parametrize("far", [10**8, 10**9])
def test_repeat_sum_of_far_apart_outcomes_is_refused_before_any_allocation(far: int) -> None:
    """It built a list of far + 1 weights before its check: 0.9 GB at 10**8, a MemoryError at 10**9."""
    d = Dist({0: 1, far: 1})
    tracemalloc.start()
    try:
        message = refused_quickly(lambda: d.repeat_sum(2), "2 copies of this distribution is too big")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert f"{2 * far + 1:,} totals" in message
    assert peak < 1_000_000, f"{peak:,} bytes allocated before refusing"


def test_far_apart_outcomes_still_add_pair_by_pair_and_one_copy_is_itself() -> None:
    d = Dist({0: 1, 10**9: 1})
    assert d.repeat_sum(1) is d
    assert d + d == Dist({0: 1, 10**9: 2, 2 * 10**9: 1})


def test_the_longest_binomial_answers_exactly() -> None:
    """1000 fair coins, by the packed-decimal convolution, against the binomial coefficients."""
    with within(3):
        heads = Dist({0: 1, 1: 1}).repeat_sum(1000)
    assert dict(heads) == {k: Fraction(math.comb(1000, k), 2**1000) for k in range(1001)}


def test_repeat_sum_adds_up_numbers_only() -> None:
    refused_quickly(lambda: Dist({"a" * 10**6: 1}).repeat_sum(1000), "must be numbers; got 'aaaa")
    assert Dist({Fraction(1, 2): 1, 1.5: 1}).repeat_sum(2) == Dist({1: 1, 2: 2, 3.0: 1})


def test_a_sum_past_the_most_outcomes_is_refused_before_the_work() -> None:
    big = Dist.die(MAX_OUTCOMES)
    refused_quickly(lambda: big + big, f"this sum would have up to {2 * MAX_OUTCOMES - 1:,} totals")
    half = Dist.die(MAX_OUTCOMES // 2)
    with within(3):
        total = half + half
    assert len(total) == MAX_OUTCOMES - 1 and total[2] == Fraction(1, (MAX_OUTCOMES // 2) ** 2)


# -- dice_sum: the documented bound, by real cost --------------------------------------------


def dice_ways(n: int, sides: int, total: int) -> int:
    """How many rolls of n dice show total: the closed form by inclusion and exclusion."""
    return sum(
        (-1) ** k * math.comb(n, k) * math.comb(total - k * sides - 1, n - 1)
        for k in range((total - n) // sides + 1)
    )


@pytest.mark.parametrize(("n", "sides"), [(150, 100), (169, 100), (66, 500), (1000, 7)])
def test_dice_sums_at_the_bound_answer_in_about_a_second(n: int, sides: int) -> None:
    """150 hundred-sided dice took 3 to 5 s; the slowest sizes allowed now take under a second
    (2.5 s allowed on a busy machine), and the chances match the closed form."""
    with within(2.5):
        d = dice_sum(n, sides)
    assert len(d) == n * (sides - 1) + 1
    for total in range(n, n * sides + 1, max(1, n * (sides - 1) // 12)):
        assert d[total] == Fraction(dice_ways(n, sides, total), sides**n), total


@pytest.mark.parametrize(("n", "sides"), [(170, 100), (67, 500), (1000, 8)])
def test_dice_sums_just_past_the_bound_are_refused_by_name(n: int, sides: int) -> None:
    message = refused_quickly(lambda: dice_sum(n, sides), f"dice_sum({n}, {sides}) is too big")
    assert f"{n * (sides - 1) + 1:,} totals" in message


def test_dice_sum_takes_numpy_integers_as_pandas_gives_them() -> None:
    assert dice_sum(np.int64(3), np.int64(6)) == dice_sum(3, 6)
    refused_quickly(lambda: dice_sum(np.int64(0), 6), "dice_sum: n must be a whole number from 1 to 1000")


# -- mean and variance -----------------------------------------------------------------------


@pytest.mark.parametrize("outcomes", [["a"], ["a", 2], [(1, 2), 3], [None]])
def test_mean_and_variance_say_they_need_numbers(outcomes: list[Any]) -> None:
    d = Dist.uniform(outcomes)
    bad = next(o for o in outcomes if not isinstance(o, int))
    refused_quickly(d.mean, f"the mean needs outcomes that are numbers; {bad!r} is not one")
    refused_quickly(d.variance, f"the variance needs outcomes that are numbers; {bad!r} is not one")


def test_exact_mean_and_variance_match_plain_fraction_sums() -> None:
    d = Dist({Fraction(k, 7): abs(k) + 1 for k in range(-30, 31)}) + Dist.uniform([Fraction(1, 3), 2])
    mean = sum((k * p for k, p in d.items()), Fraction(0))
    assert d.mean() == mean
    assert d.variance() == sum(((k - mean) ** 2 * p for k, p in d.items()), Fraction(0))
    floats = Dist({0.5: 1, 2: 3})
    assert floats.mean() == 0.5 / 4 + 2 * 3 / 4 and isinstance(floats.mean(), float)


def test_mean_of_outcomes_with_a_too_long_common_denominator_is_refused_early() -> None:
    """1/1 .. 1/3000 answer (lcm of 4,300 bits); to 1/8000 the lcm passes MAX_BITS."""
    harmonic = Dist.uniform(Fraction(1, k) for k in range(1, 3001))
    with within(2):
        assert harmonic.mean() == sum(Fraction(1, k) for k in range(1, 3001)) / 3000
    longer = Dist.uniform(Fraction(1, k) for k in range(1, 8001))
    refused_quickly(longer.mean, "the outcomes' common denominator passes")


# -- readable and percent --------------------------------------------------------------------


@pytest.mark.parametrize(
    "p", [Fraction(-1, 10**12), Fraction(-7, 3 * 10**9), -(Fraction(1, 6) ** 400), Fraction(-(10**400), 3)]
)
def test_readable_shows_negative_and_tiny_values_with_their_sign(p: Fraction) -> None:
    mantissa, exponent = scientific(p, 3)
    assert readable(p) == f"≈ {mantissa}e{exponent}"


def test_readable_keeps_short_values_exact_and_long_numerators_short() -> None:
    assert readable(Fraction(-1, 3)) == "-1/3" and readable(Fraction(-5)) == "-5"
    assert readable(Fraction(10**5000, 3)) == "≈ 3.33e4999"  # str() of it is refused past 4,300 digits


@pytest.mark.parametrize(
    "p", [Fraction(10**400, 3), Fraction(1, 6) ** 500, Fraction(-1, 10**400), Fraction(7, 10**320)]
)
def test_percent_beyond_a_float_is_shown_in_powers_of_ten(p: Fraction) -> None:
    """percent(10**400/3) raised OverflowError, and 1/6**500 showed as 0%."""
    mantissa, exponent = scientific(p * 100, 2)
    assert percent(p) == f"{float(mantissa):g}e{exponent:+03d}%"


@pytest.mark.parametrize(
    ("p", "shown"), [(Fraction(1, 6), "16.7%"), (Fraction(31, 10**7), "0.00031%"), (0.5, "50%"), (0, "0%")]
)
def test_percent_of_ordinary_chances_is_as_before(p: Any, shown: str) -> None:
    assert percent(p) == shown


@pytest.mark.parametrize("p", ["0.5", None, True, float("nan")])
def test_percent_refuses_what_is_not_a_number(p: Any) -> None:
    refused_quickly(lambda: percent(p), f"got {p!r}")


# -- bars: a few hundred bars at most --------------------------------------------------------


def chart_bars(svg: str, kind: str = "pg-exact") -> list[ET.Element]:
    return [r for r in ET.fromstring(svg).iter(f"{SVG}rect") if r.get("class") == kind]


def tooltip_chance(rect: ET.Element) -> Fraction:
    """The exact chance in a bar's tooltip, 'label: 1/200 = 0.0050'."""
    title = rect.findtext(f"{SVG}title", "")
    return Fraction(title.split(": ")[1].split(" = ")[0])


def test_a_chart_of_200000_outcomes_is_grouped_small_and_its_bars_add_up_to_1() -> None:
    """One bar each was 37.6 MB of SVG; grouped, it is a few tens of KB in well under a second."""
    die = Dist.die(MAX_OUTCOMES)
    with within(1):
        svg = bars_svg(die, highlight=lambda o: o > 150_500)
    assert len(svg) < 100_000
    bars = chart_bars(svg)
    assert len(bars) == MAX_BARS and bars[0].get("data-outcome") == "1–1000"
    assert sum(tooltip_chance(b) for b in bars) == 1
    lit = [b for b in bars if b.get("fill") == "#D55E00"] + chart_bars(svg, "pg-exact-highlight")
    assert sum(tooltip_chance(b) for b in lit) == die.p(lambda o: o > 150_500)  # one bar partly orange
    assert len(chart_bars(svg, "pg-exact-highlight")) == 1


def test_up_to_max_bars_outcomes_get_a_bar_each_and_one_more_are_grouped() -> None:
    assert len(chart_bars(bars_svg(Dist.die(MAX_BARS)))) == MAX_BARS
    grouped = chart_bars(bars_svg(Dist.die(MAX_BARS + 1)))
    assert len(grouped) == (MAX_BARS + 1 + 1) // 2 and grouped[-1].get("data-outcome") == str(MAX_BARS + 1)
    assert sum(tooltip_chance(b) for b in grouped) == 1


def test_grouped_observed_shares_add_up_per_bar() -> None:
    d = dice_sum(100, 6)  # 501 totals: bars of 3
    observed = {o: Fraction(1, len(d)) for o in d}
    seen = chart_bars(bars_svg(d, observed=observed), "pg-observed")
    shares = [float(r.findtext(f"{SVG}title", "").split("observed ")[1].split("%")[0]) for r in seen]
    assert len(seen) == 167 and sum(shares) == pytest.approx(100, abs=0.01 * len(seen))


def test_long_chances_keep_the_chart_small() -> None:
    """1000 dice: 5,001 chances of 778 digits each made an 8 MB chart."""
    svg = bars_svg(dice_sum(1000, 6))
    assert len(svg) < 100_000 and "≈ " in svg


# -- live simulation -------------------------------------------------------------------------


def test_a_live_simulation_of_too_many_outcomes_is_refused_at_once() -> None:
    die = Dist.die(MAX_OUTCOMES)
    message = refused_quickly(lambda: live_simulation(die), "dist has 200,000 outcomes")
    assert f"at most {MAX_LIVE_OUTCOMES:,}" in message and "dist.map" in message
    refused_quickly(lambda: live_simulation(Dist.die(MAX_LIVE_OUTCOMES + 1)), "a live simulation follows")


def test_the_largest_live_simulation_answers_in_tens_of_milliseconds() -> None:
    with within(0.5):
        sim = live_simulation(Dist.die(MAX_LIVE_OUTCOMES), seed=1)
        sim.roll(10_000)
    assert sim.total == 10_000 and len(sim.chart.value) < 200_000
    observed = chart_bars(sim.chart.value, "pg-observed")
    assert len(observed) == MAX_BARS
    shares = [float(r.findtext(f"{SVG}title", "").split("observed ")[1].split("%")[0]) for r in observed]
    assert sum(shares) == pytest.approx(100, abs=0.01 * len(shares))


def test_live_simulation_takes_numpy_integers() -> None:
    sim = live_simulation(dice_sum(2), seed=np.int64(3))
    sim.roll(np.int64(50))
    assert sim.total == 50
    refused_quickly(lambda: sim.roll(np.int64(0)), "the number of rolls must be a whole number from 1")
