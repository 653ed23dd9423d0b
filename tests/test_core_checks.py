"""Arguments of the wrong kind are refused in a sentence, never in Python's own words.

A card or an outcome that cannot be a dictionary key, a function that is not one, a list that is
a number, a student's function that fails inside Dist.map or a sum of mixed outcomes: each gets a
ValueError or TypeError naming what was wrong and what is allowed, and changes nothing. Bounds
added with them (Dist.to_frame, gap_verdict) refuse before any work; their limits here are hang
guards, never timings.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import count
from typing import Any

import pytest
from guards import assert_a_sentence, hang_guard

from playground.core.checks import check_callable, check_iterable, check_key, check_mapping, described, listed
from playground.core.compare import progress_bar
from playground.core.dist import FRAME_ROW_BITS, FRAME_WORK_LIMIT, Dist
from playground.core.draws import draw_counted, sample_exact
from playground.core.matching import find_listed, lookalike_sentence
from playground.core.setup import task_methods
from playground.core.showing import GAP_BITS, gap_verdict, short_number
from playground.core.zones import Row, Table, Zone, ZoneError, check_conserved

# -- the shared checks ------------------------------------------------------------------------------


NO_KEY = "must be a value that can be a dictionary key: a string, a number or a tuple of those"


def in_words(error: pytest.ExceptionInfo[BaseException]) -> str:
    """The refusal's message, checked to be free of Python's own phrases."""
    return assert_a_sentence(error.value, "the call")


def test_the_checks_name_the_argument_the_value_and_what_is_allowed() -> None:
    with pytest.raises(TypeError) as error:
        check_key([1, 2])
    assert in_words(error) == f"a card {NO_KEY}; got a list ([1, 2])"
    with pytest.raises(TypeError, match=r"an outcome must be .* got a tuple \(\(1, \[2\]\)\)"):
        check_key((1, [2]), "an outcome")
    assert check_key(("a", 1)) == ("a", 1)
    with pytest.raises(
        TypeError, match=r"^event must be a function of an outcome \(such as lambda k: k >= 4\); "
    ):
        check_callable("six", "event")
    with pytest.raises(TypeError, match=r"^deck must be a list of strengths; got an int \(5\)$"):
        listed(5, "deck", "strengths")
    with pytest.raises(TypeError, match=r"got a str \('abc'\)"):
        listed("abc", "deck", "strengths")
    with pytest.raises(TypeError, match=r"got a dict"):
        check_iterable({"a": 1}, "dice", "rolls")
    with pytest.raises(ValueError, match="at most 3 strengths; got more"):
        listed(count(), "deck", "strengths", 3)  # an endless iterator: refused, not followed
    assert listed(range(3), "deck", "strengths", 3) == [0, 1, 2]
    with pytest.raises(TypeError, match=r"^expected must map each card to its copies; got None$"):
        check_mapping(None, "expected", "each card to its copies")
    assert described(None) == "None" and described(2.5) == "a float (2.5)"


# -- Dist: outcomes that cannot be keys, functions that fail ----------------------------------------


def test_an_outcome_that_cannot_be_a_key_is_named_and_a_missing_one_has_chance_0() -> None:
    d = Dist.die(6)
    for attempt in (lambda: d[[1]], lambda: [1] in d, lambda: Dist.constant({"a": 1})):
        with pytest.raises(TypeError) as error:
            attempt()
        assert NO_KEY in in_words(error) and "an outcome" in str(error.value)
    with pytest.raises(TypeError, match=r"got a dict \(\{'a': 1\}\)"):
        Dist.uniform([1, {"a": 1}])
    with pytest.raises(TypeError, match="got a list"):
        d + [1]
    assert d[7] == 0 and 7 not in d and d == Dist.die(6)


def test_mixed_outcomes_in_a_sum_name_the_pair_and_the_operation() -> None:
    letters = Dist({"a": 1, "b": 2})
    with pytest.raises(TypeError) as error:
        letters + 1
    assert in_words(error).startswith("cannot add the outcomes 'a' and 1 (a str and an int): adding")
    assert isinstance(error.value.__cause__, TypeError)  # Python's own error, chained
    with pytest.raises(TypeError) as error:
        5 + letters
    assert in_words(error).startswith("cannot add the outcomes 5 and 'a'")
    with pytest.raises(TypeError) as error:
        letters - 1
    assert in_words(error).startswith("cannot subtract the outcome 1 from 'a' (an int from a str)")
    with pytest.raises(TypeError) as error:
        10 - letters
    assert in_words(error).startswith("cannot subtract the outcome 'a' from 10")
    with pytest.raises(TypeError) as error:
        -Dist({None: 1, "b": 1})
    assert in_words(error).startswith("cannot negate the outcome None (None): negating a distribution")
    assert "x" + Dist.constant("y") == Dist.constant("xy")  # a number or text on the left stays there
    assert 1 + Dist.die(2) == Dist({2: 1, 3: 1}) and sum([Dist.die(2)] * 2) == Dist({2: 1, 3: 2, 4: 1})


def test_a_students_function_that_fails_is_named_with_the_outcome() -> None:
    d = Dist({0: 1, 1: 1})
    with pytest.raises(TypeError) as error:
        d.map(lambda k: 1 / k)
    message = in_words(error)
    assert message.startswith(
        "the function given to map failed on the outcome 0 (it raised ZeroDivisionError"
    )
    assert isinstance(error.value.__cause__, ZeroDivisionError)
    with pytest.raises(TypeError) as error:
        d.map(lambda k: [k])
    assert in_words(error) == (
        f"the function given to map returned a list ([0]) for the outcome 0; an outcome {NO_KEY}"
    )
    with pytest.raises(TypeError) as error:
        d.combine(Dist.die(2), lambda a, b: a.upper())
    assert "the function given to combine failed on the outcomes 0 and 1 (it raised AttributeError" in (
        in_words(error)
    )
    with pytest.raises(TypeError, match=r"returned a set \(\{0, 1\}\) for the outcomes 0 and 1"):
        d.combine(Dist.die(2), lambda a, b: {a, b})
    with pytest.raises(TypeError) as error:
        d.p(lambda k: k.startswith("a"))
    assert in_words(error).startswith("the event given to p failed on the outcome 0")
    with pytest.raises(TypeError, match="the event given to given failed on the outcome 0"):
        d.given(lambda k: k["x"])
    with pytest.raises(ValueError, match="mine"):  # a student's own ValueError passes as it is

        def refuse(k: int) -> int:
            raise ValueError("mine")

        d.map(refuse)
    assert d == Dist({0: 1, 1: 1})


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (
            lambda d: d.map(3),
            "f must be a function of an outcome (such as lambda k: k // 10); got an int (3)",
        ),
        (lambda d: d.combine(d, "max"), "f must be a function of two outcomes"),
        (lambda d: d.p("six"), "event must be a function of an outcome"),
        (lambda d: d.given((1, 2)), "event must be a function of an outcome"),
    ],
)
def test_what_is_not_a_function_is_refused_before_any_work(call: Any, name: str) -> None:
    with pytest.raises(TypeError) as error:
        call(Dist.die(6))
    assert in_words(error).startswith(name)


def test_p_at_least_says_the_target_must_be_of_the_outcomes_kind() -> None:
    with pytest.raises(TypeError) as error:
        Dist({"a": 1, "b": 1}).p_at_least(3)
    assert in_words(error).startswith(
        "p_at_least compares every outcome with the target, and the outcome 'a' cannot be compared "
        "with an int (3)"
    )
    assert Dist.die(6).p_at_least(5) == Fraction(1, 3) and Dist({"a": 1, "b": 1}).p_at_least("b") == Fraction(
        1, 2
    )


# -- Dist.to_frame: its column name and its bound ---------------------------------------------------


def test_to_frame_names_its_column_with_text_other_than_the_others() -> None:
    for bad in ({"a": 1}, 3, "decimal", "probability"):
        with pytest.raises(ValueError) as error:
            Dist.die(6).to_frame(bad)  # type: ignore[arg-type]
        assert in_words(error).startswith(
            "outcome (the name of the outcomes' column) must be text other than"
        )
    frame = Dist({1: 1, 2: 3}).to_frame("total")
    assert list(frame.columns) == ["total", "probability", "decimal", "at_least"]
    assert list(frame.at_least) == [1, Fraction(3, 4)] and list(frame.probability) == [
        Fraction(1, 4),
        Fraction(3, 4),
    ]


def test_to_frame_at_its_bound_answers_and_past_it_refuses_before_any_work() -> None:
    most = FRAME_WORK_LIMIT // (FRAME_ROW_BITS + 64)  # chances of well under 64 bits
    allowed = Dist({k: k % 7 + 1 for k in range(most)})
    with hang_guard(20):
        frame = allowed.to_frame()
    assert len(frame) == most and frame.at_least.iloc[-1] == frame.probability.iloc[-1]
    assert frame.at_least.iloc[1] == 1 - frame.probability.iloc[0]
    refused = Dist({k: k % 7 + 1 for k in range(200_000)})
    with hang_guard(5), pytest.raises(ValueError) as error:
        refused.to_frame()
    message = in_words(error)
    assert "too big for a table" in message and "200,000 outcomes" in message
    assert f"at most {FRAME_WORK_LIMIT:,}" in message and "dist.map(lambda k: k // 10)" in message


# -- zones: cards that cannot be keys, positions, names --------------------------------------------


def test_a_card_that_cannot_be_a_key_is_refused_in_words_and_nothing_moves() -> None:
    deck, hand = Zone("deck", {"a": 2, "b": 1}), Zone("hand")
    play = Row("play", ["b"])
    for attempt in (
        lambda: deck.count(["a"]),
        lambda: ["a"] in deck,
        lambda: deck.add(["a"]),
        lambda: deck.remove({"a": 1}),
        lambda: deck.move({"a": 1}, hand),
        lambda: deck.draw_probability({}),
        lambda: play.add(["a"]),
        lambda: play.add_first(["a"]),
        lambda: Zone("x", [["a"]]),
        lambda: Row("x", ["a", ["a"]]),
    ):
        with pytest.raises(TypeError) as error:
            attempt()
        assert in_words(error).startswith(f"a card {NO_KEY}; got a ")
    assert deck.counts() == Counter({"a": 2, "b": 1}) and not hand and list(play) == ["b"]


def test_a_row_is_read_by_position_and_a_table_by_name() -> None:
    play = Row("play", ["a", "b"])
    with pytest.raises(TypeError) as error:
        play[[0]]  # type: ignore[index]
    assert in_words(error) == (
        "a row's cards are found by position: a whole number (0 for the first card, -1 for the last) "
        "or a slice such as 1:3; got a list ([0])"
    )
    assert play[-1] == "b" and play[0:1] == ["a"]
    with pytest.raises(IndexError):
        play[5]
    table = Table([Zone("deck", {"a": 1}), play])
    with pytest.raises(TypeError) as error:
        table[{"deck": 1}]  # type: ignore[index]
    assert in_words(error) == "a zone is found by its name, text such as 'deck'; got a dict ({'deck': 1})"
    with pytest.raises(KeyError):  # an absent name, as in any mapping
        table["box"]


def test_check_conserved_says_what_the_zones_and_the_counts_must_be() -> None:
    deck = Zone("deck", {"a": 2})
    with pytest.raises(TypeError) as error:
        check_conserved(5, {"a": 2})  # type: ignore[arg-type]
    assert in_words(error) == "zones must be a list of Zone and Row objects; got an int (5)"
    with pytest.raises(ZoneError) as error:
        check_conserved([deck], {"a": [2]})
    assert (
        in_words(error)
        == "expected must map each card to its copies, whole numbers from 0; got a list ([2]) for 'a'"
    )
    check_conserved([deck], {"a": 2})
    with pytest.raises(ZoneError, match=r"cards lost or duplicated: 'a': 2 \(should be 3\)"):
        check_conserved([deck], {"a": 3})


# -- matching, setup, the progress bar, sample_exact ------------------------------------------------


def test_the_listed_values_must_be_a_list() -> None:
    for attempt in (lambda: find_listed(1, 5), lambda: lookalike_sentence(1, None)):
        with pytest.raises(TypeError) as error:
            attempt()
        assert in_words(error).startswith("listed must be a list of the allowed values")
    assert find_listed(2, [1, 2]) == 2 and lookalike_sentence(2, [1, 2]) is None


def test_task_methods_and_progress_bar_check_their_arguments() -> None:
    with pytest.raises(TypeError) as error:
        task_methods(Dist, None)  # type: ignore[arg-type]
    assert in_words(error) == "prefix must be text of 1 to 100 characters (such as '_do_'); got None"
    with pytest.raises(TypeError, match=r"engine must be an engine class \(such as ArcGame\); got a str"):
        task_methods("ArcGame", "_do_")  # type: ignore[arg-type]
    assert task_methods(Dist, "__ne")["g__"] is Dist.__neg__
    with pytest.raises(ValueError) as error:
        progress_bar(10, True, [])  # type: ignore[arg-type]
    assert in_words(error) == "what (the bar's label) must be text of at most 100 characters; got a list ([])"
    with pytest.raises(ValueError, match=r"total \(the bar's number of steps\) must be a whole number"):
        progress_bar([], True)  # type: ignore[arg-type]
    assert progress_bar(10, False) is None


def test_sample_exact_names_a_pair_that_is_none() -> None:
    with pytest.raises(ValueError) as error:
        sample_exact((None, None), None)  # type: ignore[arg-type]
    assert in_words(error) == "each outcome must be an (outcome, Fraction from 0 to 1) pair; got None"


# -- a guess against the answer, at any size --------------------------------------------------------


@pytest.mark.parametrize(
    ("guess", "answer", "verdict"),
    [
        (20, Fraction(1, 6), "3.3 points too high"),
        (0.1, Fraction(1, 6), "16.6 points too low"),
        (16.65, Fraction(1, 6), "spot on"),
        (50, Fraction(1, 2), "spot on"),
        (50, Fraction(10**5000, 3), "3.33333e+5001 points too low"),
        (10**5000, Fraction(1, 6**400), "1e+5000 points too high"),
        (3.3, Fraction(1, 6**400), "3.3 points too high"),
        (Fraction(1, 3), 0, "0.3 points too high"),
    ],
    ids=["sixth", "low", "rounds-to-0", "half", "huge-answer", "huge-guess", "tiny-answer", "fraction-guess"],
)
def test_gap_verdict_answers_at_any_size(guess: Any, answer: Any, verdict: str) -> None:
    with hang_guard(5):
        assert gap_verdict(guess, answer) == verdict


def test_gap_verdict_refuses_what_is_too_long_or_no_number_before_any_work() -> None:
    with hang_guard(5), pytest.raises(ValueError) as error:
        gap_verdict(50, Fraction(1, 3 ** (10**6)))  # a million-digit denominator: minutes of gcds
    assert in_words(error).startswith("answer is too long to compare exactly in a second")
    assert f"at most {GAP_BITS:,} bits" in str(error.value)
    for guess in (float("nan"), "20", None, [20]):
        with pytest.raises(ValueError, match="guess must be a"):
            gap_verdict(guess, Fraction(1, 6))  # type: ignore[arg-type]


def test_short_number_shows_like_g_formatting_at_any_size() -> None:
    assert [short_number(x) for x in (20, 3.3, 1234567.8, 10**18, Fraction(10, 3))] == [
        "20",
        "3.3",
        "1.23457e+06",
        "1e+18",
        "3.33333",
    ]
    assert short_number(10**400) == "1e+400" and short_number(-Fraction(1, 3 * 10**400)) == "-3.33333e-401"
    with pytest.raises(ValueError, match="the number must be finite"):
        short_number(float("inf"))


def test_the_engines_trusted_draw_says_what_it_takes_when_it_fails() -> None:
    with pytest.raises(ValueError) as error:
        draw_counted([1, 2], 3, random.Random(0))  # type: ignore[list-item]
    assert in_words(error) == "outcomes must be a list of (outcome, whole count) pairs; got [1, 2]"
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        draw_counted([("a", 1)], 1, None)
    assert draw_counted([("a", 1), ("b", 2)], 3, random.Random(0)) in {("a", 1), ("b", 2)}


def test_a_huge_fraction_or_an_unshowable_value_is_named_by_its_size_or_kind() -> None:
    """Review finding: a 5,000-digit denominator made every refusal Python's 4,300-digit message."""
    from playground.core.numbers import shown, whole_number

    huge = Fraction(1, 10**5000 + 1)
    assert shown(huge) == "a fraction of about 5000 digits"
    with pytest.raises(ValueError) as error:
        whole_number(huge, "games", 1, 10)
    assert in_words(error) == "games must be a whole number from 1 to 10; got a fraction of about 5000 digits"

    class Unshowable:
        def __repr__(self) -> str:
            raise RuntimeError("no")

    assert shown(Unshowable()) == "an Unshowable that cannot be shown"
