"""The games' odds, simulations and scoring helpers refuse the wrong kind of argument in words.

A deck that is a number, athletes that are not triples, a card worth None, a die that is a list:
each is a ValueError or TypeError naming the argument and what is allowed, never Python's own
phrase, and nothing changes. Tie-Break's race settings take numpy integers (as pandas hands
them back) and are answered as the same Python ints, from the same cache entry.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from guards import assert_a_sentence, hang_guard

from playground import challengers
from playground.arc import odds as arc_odds
from playground.arc import scoring
from playground.challengers import odds as ch_odds
from playground.challengers import simulate as ch_simulate
from playground.tiebreak import measures, odds, simulate
from playground.tiebreak.board import Board
from playground.tsubasa import odds as ts_odds


def refused(call: Callable[[], Any], fragment: str, kind: type[Exception] = ValueError) -> str:
    """The refusal call raises: of this kind, containing fragment, free of Python's own phrases."""
    with pytest.raises(kind) as error:
        call()
    message = assert_a_sentence(error.value, "the call")
    assert fragment in message, message
    return message


# -- Tie-Break: numpy integers in the race settings -------------------------------------------------


def test_race_settings_take_numpy_integers_as_the_same_ints() -> None:
    odds.p_challenger_wins.cache_clear()
    as_numpy = odds.p_challenger_wins(np.int64(3), np.int32(3), np.int64(7), np.int8(2), np.int64(6))
    assert as_numpy == odds.p_challenger_wins(3, 3, 7, 2, 6) == Fraction(4835, 6642)
    assert type(as_numpy.numerator) is int and type(as_numpy.denominator) is int
    assert odds.p_challenger_wins(3, 3, 7, 2, 6) is as_numpy  # the same cache entry
    assert odds.expected_race_length(np.int64(3)) == odds.expected_race_length(3)
    assert odds.race_length(np.int64(3), max_rolls=np.int64(5)).equals(odds.race_length(3, max_rolls=5))
    assert odds.race_chain(np.int64(3)).p_challenger_wins == odds.race_chain(3).p_challenger_wins
    assert odds.check_race_args(
        np.int64(1), np.int64(2), np.int64(7), np.int64(2), np.int64(6), "champion"
    ) == (
        1,
        2,
        7,
        2,
        6,
        "champion",
        True,
    )
    assert all(
        type(v) is int for v in odds.check_race_args(*[np.int64(v) for v in (1, 2, 7, 2, 6)], "champion")[:5]
    )
    assert simulate.race_winner([6, 6], np.int64(3)) == simulate.race_winner([6, 6], 3)
    assert simulate.simulate_race(np.int64(3), games=np.int64(200)) == simulate.simulate_race(3, games=200)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (np.int64(31), "target must be a whole number from 1 to 30; got 31"),
        (31, "target must be a whole number from 1 to 30; got 31"),
        (np.float64(7.0), "target must be a whole number from 1 to 30; got np.float64(7.0)"),
        (True, "target must be a whole number from 1 to 30; got True"),
        ([7], "target must be a whole number from 1 to 30; got [7]"),
    ],
    ids=["numpy-too-big", "int-too-big", "numpy-float", "bool", "list"],
)
def test_bad_race_settings_keep_their_refusal_sentences(value: Any, message: str) -> None:
    if isinstance(value, np.floating) and repr(value) == "7.0":  # numpy before 2 shows no type
        message = "target must be a whole number from 1 to 30; got 7.0"
    for call in (
        lambda: odds.p_challenger_wins(3, 3, value),
        lambda: odds.expected_race_length(3, 3, value),
        lambda: odds.race_length(3, 3, value),
        lambda: odds.check_race_args(3, 3, value, 2, 6, "challenger"),
    ):
        assert refused(call, message) == message


def test_won_at_start_and_the_dice_of_a_race_say_what_they_take() -> None:
    refused(
        lambda: odds.won_at_start([1], [2], 7, 2), "challenger must be a whole number from 0 to 100; got [1]"
    )
    assert odds.won_at_start(np.int64(8), 3, 7, 2) is True and odds.won_at_start(3, 3, 7, 2) is None
    refused(
        lambda: simulate.race_winner(5, 3),
        "dice must be a list of die rolls (whole numbers from 1 to 6); got an int (5)",
        TypeError,
    )


@pytest.mark.parametrize("table", [odds.token_value_table, odds.defended_token_table])
@pytest.mark.parametrize("points", [None, {}, 2.5, -1, 10**7])
def test_a_token_table_needs_a_whole_number_of_card_points(table: Callable[..., Any], points: Any) -> None:
    refused(
        lambda: table(card_points=points),
        "card_points (what the card is worth) must be a whole number from 0 to 1,000,000",
    )
    assert table(card_points=np.int64(250)).equals(table(card_points=250))


def test_the_lab_and_move_tables_take_lists_and_bound_them() -> None:
    refused(
        lambda: measures.lab_table(5),
        "results must be a list of at least one WinShare (at most 1,000); got 5",
    )
    board = challengers_free_board()
    refused(
        lambda: measures.move_table(board, froms=5),
        "froms must be a list of spaces (ids, names or positions); got an int (5)",
        TypeError,
    )
    with hang_guard(10):  # 100,000 moves took about 11 s before the bound
        refused(
            lambda: measures.move_table(board, froms=[1] * 100_000),
            "froms must be a list of at most 1,000 spaces",
        )
    assert len(measures.move_table(board, froms=[0, 1]).columns) == 2


def challengers_free_board() -> Board:
    from playground import tiebreak

    return tiebreak.new_game(seed=0).board


# -- Challengers! ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: ch_odds.cards_needed(5, 3),
        lambda: ch_odds.expected_cards(None, 3),
        lambda: ch_odds.p_reach_within(7, 3, 1),
        lambda: ch_odds.p_reach_strength("123", 3),
        lambda: ch_odds.thinning_frame(5, 1, [3]),
        lambda: ch_simulate.cards_needed_sampler(5, 3),
    ],
    ids=["cards_needed", "expected_cards", "p_reach_within", "p_reach_strength", "thinning_frame", "sampler"],
)
def test_a_deck_that_is_no_list_is_refused_by_name(call: Callable[[], Any]) -> None:
    refused(call, "deck must be a list of card strengths (whole numbers from 0 to 30); got ", TypeError)


def test_thinning_targets_and_a_match_steps_limit_are_checked() -> None:
    refused(
        lambda: ch_odds.thinning_frame([1, 2, 3], 1, 5), "targets must be a list of flag strengths", TypeError
    )
    game = challengers.new_game(seed=1)
    before = game.step_count
    refused(
        lambda: ch_simulate.step_to_match_end(game, limit=[]),
        "limit (the most steps) must be a whole number from 0 to 1,000,000",
    )
    refused(
        lambda: ch_simulate.step_to_match_end(None),
        "game must be a Challengers! game (from new_game); got None",
        TypeError,
    )
    assert game.step_count == before


# -- Arc: athletes, multipliers, values -----------------------------------------------------------


def test_arc_scoring_helpers_say_what_they_take() -> None:
    refused(
        lambda: arc_odds.expected_team_score(5, []),
        "athletes must be a list of (base, episodes, multiplier) triples",
        TypeError,
    )
    refused(
        lambda: arc_odds.expected_team_score([5], []),
        "each Athlete must be a (base, episodes, multiplier) triple",
    )
    refused(lambda: scoring.combined_multiplier(2), "multipliers must be a list of whole numbers", TypeError)
    refused(
        lambda: scoring.combined_multiplier([2], total=[]),
        "total must be a whole number from -1000000 to 1000000; got []",
    )
    refused(lambda: scoring.count_both_ways(5, [2]), "values must be a list of whole numbers", TypeError)
    refused(
        lambda: scoring.distributive_forms(None),
        "values must be a list of numbers or names of symbols",
        TypeError,
    )
    refused(
        lambda: scoring.relevant_sum({"body": 1}, 5, ["body"]),
        "base and each modifier must map stats to numbers",
        TypeError,
    )
    refused(
        lambda: scoring.relevant_sum({"body": 1}, [], 5), "relevant must be a list of stat names", TypeError
    )
    refused(
        lambda: scoring.relevant_sum({"body": 1}, [], [["body"]]),
        "a relevant stat must be a value that can be a dictionary key",
        TypeError,
    )
    assert scoring.combined_multiplier([2, 3], total=-4, negatives=False) == 1
    assert scoring.relevant_sum({"body": 1}, [{"body": 2}], "body") == 3


# -- Tsubasa: the duel's arguments ----------------------------------------------------------------


def test_the_duel_odds_check_their_arguments_before_the_cache() -> None:
    refused(
        lambda: ts_odds.attacker_wins(3, 4, [1], 2),
        "attack must be a whole number from -1000 to 1000; got [1]",
    )
    refused(
        lambda: ts_odds.attacker_wins({}, 4, 1, 2), "attack_die must be a whole number from 1 to 6; got {}"
    )
    refused(
        lambda: ts_odds.p_attacker_wins(1, 2, assured_success=[]),
        "assured_success must be True or False; got []",
    )
    refused(lambda: ts_odds.p_goal(1, 2, keeper=[1]), "keeper must be True or False; got [1]")
    refused(lambda: ts_odds.win_table(sides=[]), "sides must be a whole number from 2 to 12; got []")
    refused(lambda: ts_odds.best_spend(1, 2, 3, cost="1/12"), "cost must be a number from 0 to 1")
    assert ts_odds.attacker_wins(3, 4, 5, 4) is True and ts_odds.p_attacker_wins(0, 0) == Fraction(7, 12)
    refused(  # a flag is True or False, as every Rules field: 1 (or 1.0) is a number, not a yes
        lambda: ts_odds.p_attacker_wins(0, 0, assured_success=1),
        "assured_success must be True or False; got 1",
    )
