"""The tie-break functions' documented bounds are honest: the largest call they allow answers
(correctly, in seconds), and a call just past a bound is refused in words, naming the argument,
and fast, before any of the work (the refused calls below would take minutes if they ran)."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from playground.tiebreak import measures, odds, simulate
from playground.tiebreak.board import MAX_STEPS
from playground.tiebreak.rules import Rules

ANSWER_LIMIT = 60.0
"""A hang guard for the largest allowed call: the bounds aim at about a second on a quiet
machine (make bench measures it); this is many times that, so a busy machine passes."""

REFUSE_LIMIT = 10.0
"""A hang guard for a refusal (microseconds when the check comes first): the refused inputs
would take minutes or more, so a check made after the work still shows."""

COIN_RACE = (0, 0, 30, 10, 2)
"""The longest race the rules allow: to 30, won by 10, with a two-sided die (340 rolls on average)."""

COIN_RULES = Rules(race_target=30, race_margin=10, tiebreak_die_sides=2)


def timed(call: Callable[[], Any]) -> Any:
    """call's answer, once it has come within ANSWER_LIMIT seconds."""
    start = time.perf_counter()
    answer = call()
    elapsed = time.perf_counter() - start
    assert elapsed < ANSWER_LIMIT, f"the largest allowed call took {elapsed:.1f} s"
    return answer


def refused(call: Callable[[], Any], *words: str) -> str:
    """The sentence call is refused with, once it is a ValueError naming every word, and fast."""
    start = time.perf_counter()
    with pytest.raises(ValueError) as error:
        call()
    elapsed = time.perf_counter() - start
    message = str(error.value)
    assert elapsed < REFUSE_LIMIT, f"the refusal took {elapsed:.1f} s: was the work done first?"
    for word in words:
        assert word in message, f"{word!r} is not in {message!r}"
    return message


def most_games(*race: Any) -> int:
    """The most games simulate_race allows for this race: MAX_ROLLS over its expected length."""
    return math.floor(simulate.MAX_ROLLS / odds.expected_race_length(*race))


def within_five_sigma(share: float, p: Fraction, n: int) -> bool:
    return abs(share - float(p)) <= 5 * math.sqrt(float(p * (1 - p)) / n) + 1e-12


# -- solve_exact ---------------------------------------------------------------------------------


def edge_system(largest: int, n: int = odds.MAX_UNKNOWNS) -> tuple[list[list[int]], list[int]]:
    """n random equations in n unknowns, every row holding ``largest`` (on the diagonal)."""
    rng = random.Random(7)
    matrix = [[rng.randint(-largest, largest) for _ in range(n)] for _ in range(n)]
    for i in range(n):
        matrix[i][i] = largest
    return matrix, [rng.randint(-largest, largest) for _ in range(n)]


def test_solve_exact_answers_the_largest_allowed_system_exactly() -> None:
    """100 unknowns of 13-bit whole numbers: Hadamard's bound says at most ~492 digits (of 500)."""
    matrix, rhs = edge_system(2**13 - 1)
    x = timed(lambda: odds.solve_exact(matrix, rhs))
    assert len(x) == odds.MAX_UNKNOWNS
    for row, b in zip(matrix, rhs, strict=True):
        assert sum(a * v for a, v in zip(row, x, strict=True)) == b
    assert 400 < max(len(str(v.denominator)) for v in x) <= odds.MAX_DIGITS  # large, and printable


@pytest.mark.parametrize(
    ("system", "words"),
    [
        (edge_system(1, n=odds.MAX_UNKNOWNS + 1), ("rhs has 101 entries", "at most 100 unknowns")),
        (edge_system(2**14 - 1), ("too big", "more than 500 digits")),  # ~521 digits: 14-bit numbers
        (edge_system(1, n=250), ("rhs has 250 entries",)),  # the review's 14-second system
        (([[Fraction(1, 3**1100)]], [1]), ("matrix row 1, column 1", "more than 500 digits")),
        (([[Fraction(1, 3**1000), Fraction(1, 5**700), Fraction(1, 7**590)]] * 3, [0] * 3), ("by row 1",)),
    ],
    ids=["101 unknowns", "521 digits", "250 unknowns", "a 525-digit entry", "a row over 1,464 digits"],
)
def test_solve_exact_refuses_a_system_past_its_bounds_before_solving(system: tuple, words: tuple) -> None:
    refused(lambda: odds.solve_exact(*system), *words)


@pytest.mark.parametrize(
    ("matrix", "rhs", "words"),
    [
        ([[1, 2], [3]], [1, 2], ("matrix must be square, 2 numbers in every row; row 2 has 1",)),
        ([[1, 2, 3], [3, 4]], [1, 2], ("matrix must be square, 2 numbers in every row; row 1 has 3",)),
        ([[1, 2], [3, 4]], [1], ("one row and one number per unknown", "matrix has 2 rows and rhs 1")),
        ([[1]], [math.inf], ("rhs number 1", "finite", "inf")),
        ([[math.nan]], [1], ("matrix row 1, column 1", "nan")),
        ([[1, "2"], [3, 4]], [1, 2], ("matrix row 1, column 2", "'2'")),
        ([[1, None], [3, 4]], [1, 2], ("column 2", "None")),
        ([[True]], [1], ("matrix row 1, column 1", "True")),
        ([[1j]], [1], ("column 1", "1j")),
        ("12", [1, 2], ("matrix must be a list of numbers", "'12'")),
        ([[1]], None, ("rhs must be a list of numbers", "None")),
        ([5], [1], ("matrix row 1 must be a list of numbers", "5")),
    ],
)
def test_solve_exact_refuses_odd_systems_in_words(matrix: Any, rhs: Any, words: tuple) -> None:
    refused(lambda: odds.solve_exact(matrix, rhs), *words)


def test_solve_exact_takes_numpy_arrays_and_floats_at_their_exact_value() -> None:
    assert odds.solve_exact(np.array([[2, 1], [1, 3]]), np.array([1, 2])) == [Fraction(1, 5), Fraction(3, 5)]
    assert odds.solve_exact([[np.int64(4)]], [0.5]) == [Fraction(1, 8)]
    big = [[2**40, 1], [1, 2**40]]  # numpy's 64-bit products of these would overflow
    assert odds.solve_exact(np.array(big), np.array([1, 2])) == odds.solve_exact(big, [1, 2])
    assert odds.solve_exact([[Fraction(1, 3)]], [0.1]) == [3 * Fraction(0.1)]
    assert odds.solve_exact([], []) == []
    refused(lambda: odds.solve_exact([[1, 2], [2, 4]], [1, 2]), "no single solution")


# -- a schedule dealt from the deck ---------------------------------------------------------------


def test_schedule_dist_and_p_schedule_holds_answer_the_largest_allowed_deal() -> None:
    """1,664 of 3,328 cards dealt: C(3328, 1664) has 1,000 digits less a hair, the costliest deal."""
    copies, deck, schedule = 1664, 3328, 1664
    dist = timed(lambda: odds.schedule_dist(copies, deck, schedule))
    assert len(dist) == schedule + 1
    assert sum(k * p for k, p in dist.items()) == Fraction(schedule * copies, deck)  # the mean
    holds = timed(lambda: odds.p_schedule_holds(copies, deck, schedule))
    assert holds == 1 - dist[0]
    assert 990 < len(str(holds.denominator)) <= odds.MAX_SCHEDULE_DIGITS  # printable
    assert timed(lambda: odds.schedule_dist(6, odds.MAX_DECK, 346))[0] > Fraction(97, 100)


@pytest.mark.parametrize("function", [odds.schedule_dist, odds.p_schedule_holds])
@pytest.mark.parametrize(
    ("args", "words"),
    [
        ((1665, 3330, 1665), ("schedule 1,665 from a deck of 3,330", "fewer than 10^1,000")),
        ((6, odds.MAX_DECK, 347), ("schedule 347 from a deck of 100,000",)),
        ((6, odds.MAX_DECK + 1, 3), ("deck must be a whole number from 1 to 100,000; got 100001",)),
        ((5000, 10**5, 5000), ("schedule 5,000",)),  # the review's 16.6 s
        ((10**4, 10**5, 10**4), ("schedule 10,000",)),  # the review's 14,000-digit answer
        ((10**5, 10**6, 10**5), ("deck", "1000000")),
        ((3, 10**18, 10**18), ("deck", "1000000000000000000")),
    ],
    ids=["1,665 of 3,330", "347 of 100,000", "100,001 cards", "16.6 s", "14,000 digits", "10**6", "10**18"],
)
def test_a_deal_past_the_bounds_is_refused_before_any_counting(function, args: tuple, words: tuple) -> None:
    refused(lambda: function(*args), *words)


@pytest.mark.parametrize(
    ("args", "word"),
    [((True, 36, 3), "copies"), ((6, 36.0, 3), "deck"), ((6, 36, "3"), "schedule"), ((None,), "copies")],
)
def test_a_deal_of_odd_types_is_refused_in_words(args: tuple, word: str) -> None:
    for function in (odds.schedule_dist, odds.p_schedule_holds):
        refused(lambda f=function: f(*args), f"{word} must be a whole number")
    refused(lambda: simulate.sample_schedules(random.Random(0), 5, *args), f"{word} must be a whole number")


def test_a_deal_takes_numpy_whole_numbers() -> None:
    six, deck, three = np.int64(6), np.int64(36), np.int32(3)
    assert odds.schedule_dist(six, deck, three) == odds.schedule_dist(6)
    assert odds.p_schedule_holds(six, deck, three) == Fraction(22, 51)
    dealt = simulate.sample_schedules(random.Random(1), np.int64(100), six, deck, three)
    assert dealt == simulate.sample_schedules(random.Random(1), 100, 6)


def test_sample_schedules_deals_the_most_schedules_allowed() -> None:
    n = simulate.MAX_CARDS // (3 + 5)
    assert n == 250_000
    dealt = timed(lambda: simulate.sample_schedules(random.Random(2), n, 6))
    assert len(dealt) == n
    exact = odds.schedule_dist(6)
    assert all(within_five_sigma(dealt.count(k) / n, p, n) for k, p in exact.items())


@pytest.mark.parametrize(
    ("n", "schedule", "words"),
    [
        (250_001, 3, ("n must be at most 250,000 for schedules of 3 cards", "250001")),
        (10**8, 3, ("n must be at most 250,000", "100000000")),  # the review's 25-second deal
        (10**6, 3, ("n must be at most 250,000", "1000000")),
        (10**300, 3, ("n must be at most 250,000", "a whole number of about 300 digits")),
        (6_558, 300, ("n must be at most 6,557 for schedules of 300 cards",)),
        (-1, 3, ("n must be a whole number from 0 up", "-1")),
        (True, 3, ("n must be a whole number", "True")),
        (5.0, 3, ("n must be a whole number", "5.0")),
    ],
)
def test_sample_schedules_refuses_too_many_schedules_in_words(n: Any, schedule: int, words: tuple) -> None:
    refused(lambda: simulate.sample_schedules(random.Random(0), n, 6, 1000, schedule), *words)


@pytest.mark.parametrize("rng", [None, "rng", 3])
def test_sample_schedules_refuses_what_is_no_random_generator(rng: Any) -> None:
    refused(lambda: simulate.sample_schedules(rng, 5, 6), "rng must be a random.Random", repr(rng))


# -- races simulated ----------------------------------------------------------------------------------


def test_simulate_race_plays_the_most_games_allowed_of_the_longest_race() -> None:
    games = most_games(*COIN_RACE)
    assert games == 7_351
    share = timed(lambda: simulate.simulate_race(*COIN_RACE, games=games, seed=1))
    assert within_five_sigma(share, odds.p_challenger_wins(*COIN_RACE), games)


def test_simulate_race_plays_a_million_games_of_the_default_race() -> None:
    games = simulate.MAX_COUNT
    assert games * odds.expected_race_length(2, 3) <= simulate.MAX_ROLLS
    share = timed(lambda: simulate.simulate_race(2, 3, games=games, seed=2))
    assert within_five_sigma(share, odds.p_challenger_wins(2, 3), games)


def test_simulate_race_lengths_plays_the_most_games_allowed_of_the_longest_race() -> None:
    games = most_games(*COIN_RACE)
    shares = timed(lambda: simulate.simulate_race_lengths(*COIN_RACE, games=games, seed=3))
    assert math.isclose(sum(shares.values()), 1)
    mean = sum(n * share for n, share in shares.items())
    assert abs(mean - float(odds.expected_race_length(*COIN_RACE))) < 20  # sd of the mean is ~4


def test_simulate_defended_plays_the_most_games_allowed_of_the_longest_race() -> None:
    race = (odds.challenger_start(0, rules=COIN_RULES), *odds.race_args(COIN_RULES))
    games = most_games(*race)
    share = timed(lambda: simulate.simulate_defended(0, rules=COIN_RULES, games=games, seed=4))
    assert within_five_sigma(share, odds.p_defended_win(0, rules=COIN_RULES), games)
    refused(
        lambda: simulate.simulate_defended(0, rules=COIN_RULES, games=games + 1),
        f"games must be at most {games:,} for this race",
        f"got {games + 1:,}",
    )


@pytest.mark.parametrize("function", [simulate.simulate_race, simulate.simulate_race_lengths])
@pytest.mark.parametrize(
    ("games", "words"),
    [
        (7_352, ("games must be at most 7,351 for this race", "340.1 rolls on average", "got 7,352")),
        (10**6, ("games must be at most 7,351", "got 1,000,000")),  # the review's 220 s
        (10**9, ("games must be a whole number from 1 to 1,000,000",)),
        (0, ("games must be a whole number from 1",)),
        (True, ("games must be a whole number", "True")),
        (1000.0, ("games", "1000.0")),
        ("1000", ("games", "'1000'")),
        (None, ("games", "None")),
    ],
)
def test_a_simulation_past_its_bounds_is_refused_before_a_roll(function, games: Any, words: tuple) -> None:
    refused(lambda: function(*COIN_RACE, games=games), *words)


def test_the_review_s_defended_tie_break_is_refused_before_a_roll() -> None:
    refused(lambda: simulate.simulate_defended(0, rules=COIN_RULES, games=10**6), "games must be at most")


def test_simulations_take_numpy_whole_numbers() -> None:
    assert simulate.simulate_race(2, 3, games=np.int64(500), seed=5) == simulate.simulate_race(
        2, 3, games=500, seed=5
    )
    lengths = simulate.simulate_race_lengths(2, 3, games=np.int32(500), seed=5)
    assert lengths == simulate.simulate_race_lengths(2, 3, games=500, seed=5)
    assert simulate.simulate_defended(1, games=np.uint16(500)) == simulate.simulate_defended(1, games=500)


# -- the live panel's race sampler ------------------------------------------------------------------


def test_race_winner_sampler_plays_the_most_races_allowed() -> None:
    for race, n in (((2, 3), simulate.MAX_COUNT), (COIN_RACE, most_games(*COIN_RACE))):
        winners = timed(lambda race=race, n=n: simulate.race_winner_sampler(*race)(random.Random(6), n))
        assert len(winners) == n
        assert within_five_sigma(winners.count("challenger") / n, odds.p_challenger_wins(*race), n)


def endless_dice(rng: random.Random, sides: int) -> Iterator[int]:
    while True:
        yield rng.randrange(sides) + 1


def test_race_winner_sampler_draws_the_dice_as_race_winner_does() -> None:
    """The batch is the same as race_winner on the dice rolled one by one from the same rng."""
    for race in ((2, 3, 7, 2, 6), (0, 0, 12, 3, 4, "champion"), (5, 5, 10, 1, 2, "challenger", False)):
        dice = endless_dice(random.Random(8), sides=race[4])
        one_by_one = [simulate.race_winner(dice, *race) for _ in range(300)]
        assert simulate.race_winner_sampler(*race)(random.Random(8), 300) == one_by_one
    assert simulate.race_winner_sampler(9, 0)(random.Random(0), 4) == ["challenger"] * 4  # won at the start


@pytest.mark.parametrize(
    ("race", "n", "words"),
    [
        (COIN_RACE, 7_352, ("n must be at most 7,351 for this race", "got 7,352")),
        ((2, 3), 10**6 + 1, ("n must be a whole number from 0 to 1,000,000", "1000001")),
        ((2, 3), 10**9, ("n must be a whole number from 0 to 1,000,000",)),  # the review's hang
        ((2, 3), -1, ("n must be a whole number from 0", "-1")),
        ((2, 3), True, ("n must be a whole number", "True")),
        ((2, 3), 10.0, ("n must be a whole number", "10.0")),
        ((2, 3), "10", ("n must be a whole number", "'10'")),
        ((2, 3), None, ("n must be a whole number", "None")),
    ],
)
def test_race_winner_sampler_refuses_too_many_races_before_a_roll(race: tuple, n: Any, words: tuple) -> None:
    sample = simulate.race_winner_sampler(*race)
    refused(lambda: sample(random.Random(0), n), *words)


@pytest.mark.parametrize("rng", [None, "rng", 3])
def test_race_winner_sampler_refuses_what_is_no_random_generator(rng: Any) -> None:
    refused(lambda: simulate.race_winner_sampler(2, 3)(rng, 5), "rng must be a random.Random", repr(rng))


def test_race_winner_sampler_takes_numpy_whole_numbers() -> None:
    sample = simulate.race_winner_sampler(2, 3)
    assert sample(random.Random(9), np.int64(50)) == sample(random.Random(9), 50)
    assert sample(random.Random(9), np.int64(0)) == []


def test_the_walker_refuses_odd_arguments_and_too_long_a_walk() -> None:
    import random as _random

    from playground.tiebreak import new_game as _new_game
    from playground.tiebreak.measures import MAX_WALK, Walker

    walker = Walker(_new_game().board)
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        walker(None, 5)
    with pytest.raises(ValueError, match="n must be a whole number from 0 to 200,000"):
        walker(_random.Random(1), MAX_WALK + 1)
    with pytest.raises(TypeError, match="board must be a Tie-Break board"):
        Walker("board")
    assert len(walker(_random.Random(1), MAX_WALK)) == MAX_WALK  # the most, answered


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda b: b.options(-1, "clockwise", "main"), "position must be a whole number from 0 to"),
        (lambda b: b.options(True, "clockwise", "main"), "position must be a whole number"),
        (lambda b: b.options(0, "up", "main"), "direction must be one of clockwise, counter; got 'up'"),
        (lambda b: b.successors("clockwise", "left"), "fork must be one of main, branch, player"),
        (
            lambda b: b.destinations(0, 10**6, "clockwise", "main"),
            "steps must be a whole number from 0 to 1,000",
        ),
        (lambda b: b.destinations(0, 2.5, "clockwise", "main"), "steps must be a whole number"),
        (lambda b: b.move_ends(0, 5, "choice", "zz"), "fork must be one of"),
    ],
)
def test_the_boards_moves_refuse_odd_arguments_in_words(call: Callable, words: str) -> None:
    from playground.tiebreak.cards import load_data

    with pytest.raises(ValueError, match=words):
        call(load_data().board)


def test_the_boards_links_cannot_be_edited_through_what_it_returns() -> None:
    """options() hands out tuples: a student appending to one cannot change the shared board."""
    from playground.tiebreak.cards import load_data

    board = load_data().board
    fork = next(i for i in range(len(board)) if len(board.options(i, "clockwise", "player")) == 2)
    got = board.options(fork, "clockwise", "player")
    with pytest.raises(AttributeError):
        got.append(0)  # type: ignore[attr-defined]
    assert board.options(fork, "clockwise", "player") == got
    assert len(board.destinations(0, MAX_STEPS, "clockwise", "main")) == 1  # the longest move, answered


def load_board():
    from playground.tiebreak.cards import load_data

    return load_data().board


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: odds.p_vacant_win(2, Rules(vacant_target=12)), ValueError, "ace must be True or False"),
        (lambda: odds.p_vacant_win(2, "no"), ValueError, "ace must be True or False; got 'no'"),
        (lambda: odds.p_defended_win(2, False, Rules()), ValueError, "surface must be True or False"),
        (lambda: odds.challenger_start(2, rules="hard"), TypeError, "rules must be a Tie-Break Triumph"),
        (lambda: odds.max_defended_tokens(Rules(), 1), ValueError, "top_ranker must be True or False"),
        (lambda: odds.vacant_vs_defended(ace=None), ValueError, "ace must be True or False"),
        (lambda: odds.landing_frequencies(load_board(), "fast"), TypeError, "passed as rules="),
        (lambda: odds.landing_frequencies("board", Rules()), TypeError, "board must be a Tie-Break"),
        (lambda: measures.came_from(load_board(), "Doha 500"), TypeError, "rules must be a Tie-Break"),
        (lambda: odds.race_args("rules"), TypeError, "rules must be a Tie-Break"),
        (lambda: odds.p_reach_target(True), ValueError, "bonus must be a whole number"),
    ],
)
def test_a_rules_or_flag_in_the_wrong_place_is_refused(call: Callable, error: type, words: str) -> None:
    """A Rules passed by position lands in a flag's place: refused, never a silently wrong chance."""
    with pytest.raises(error, match=words):
        call()


def test_numpy_whole_numbers_from_the_packages_own_tables_are_taken() -> None:
    frame = odds.token_value_table()
    assert odds.p_vacant_win(frame["tokens"].iloc[2]) == odds.p_vacant_win(2)
    assert odds.p_reach_target(np.int64(3)) == odds.p_reach_target(3) == Fraction(1, 2)
    assert odds.p_vacant_win(2, np.bool_(True)) == odds.p_vacant_win(2, ace=True)


def test_a_risk_names_its_tokens_in_any_order() -> None:
    """Risk(("sponsor", "wildcard")) is the same risk as Risk(("wildcard", "sponsor"))."""
    from playground.tiebreak.actions import Risk

    assert Risk(("sponsor", "wildcard")) == Risk(("wildcard", "sponsor"))
    assert Risk(("sponsor", "wildcard")).tokens == ("wildcard", "sponsor")
    assert Risk(["sponsor"]).tokens == ["sponsor"]  # not a tuple: left as given, for the refusal
