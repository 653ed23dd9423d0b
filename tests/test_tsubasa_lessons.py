"""The pieces the Tsubasa notebooks lean on: match measures, the duel sampler, stepping by round."""

from __future__ import annotations

import random

import pytest

from playground.tsubasa import new_game
from playground.tsubasa.measures import (
    MATCH_MEASURES,
    attack_duels_won,
    goals,
    kicker_result,
    kickoff_record,
    sample_duels,
)
from playground.tsubasa.odds import p_attacker_wins
from playground.tsubasa.policies import odds_spender


@pytest.mark.parametrize(
    ("attack", "defense", "rule"),
    [
        (8, 8, {}),
        (5, 7, {}),
        (9, 4, {}),
        (8, 8, {"ties_to_attacker": False}),
        (5, 7, {"sides": 10, "assured_success": True}),
        (6, 8, {"sides": 3, "ties_to_attacker": False, "assured_success": True}),
    ],
)
def test_sampled_duels_agree_with_the_exact_chance(attack: int, defense: int, rule: dict) -> None:
    """Within 4 standard errors of p_attacker_wins under the same duel rule (n = 20,000)."""
    n = 20_000
    rolled = sample_duels(random.Random(attack * 10 + defense), n, attack, defense, **rule)
    p = float(p_attacker_wins(attack, defense, **rule))
    assert abs(rolled.count("attack") / n - p) < 4 * (p * (1 - p) / n) ** 0.5 + 1e-9


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((random.Random(0), 2_000_000, 0, 0), "n must be a whole number from 0 to 1,000,000; got 2000000"),
        ((random.Random(0), 5.0, 0, 0), "n must be a whole number from 0 to 1,000,000; got 5.0"),
        ((random.Random(0), 10, 10**18, 0), "attack must be a whole number from -1000 to 1000"),
        ((random.Random(0), 10, 0, "8"), "defense must be a whole number from -1000 to 1000"),
        ((random.Random(0), 10, 0, 0, False, True, 13), "sides must be a whole number from 2 to 12"),
    ],
)
def test_the_sampler_is_bounded(arguments: tuple, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        sample_duels(*arguments)


def test_the_sampler_wants_a_generator() -> None:
    with pytest.raises(TypeError, match=r"rng must be a random\.Random"):
        sample_duels(0, 10, 0, 0)


OWN_MEASURES = [m for m in MATCH_MEASURES.values() if m.__module__ == kicker_result.__module__]


@pytest.mark.parametrize("measure", [*OWN_MEASURES, kicker_result])
def test_measures_refuse_what_is_not_a_finished_match(measure) -> None:
    with pytest.raises(TypeError, match="game must be a Captain Tsubasa match"):
        measure("a match")
    with pytest.raises(ValueError, match="the game is not over yet"):
        measure(new_game(seed=1))


def test_measures_read_the_finished_match() -> None:
    game = new_game(seed=5).play(odds_spender)
    history = game.history()
    assert goals(game) == history.outcome.str.count("GOAL for").sum()
    kicks = history[history.phase == "kickoff"].outcome.iloc[0]
    kicker = 0 if kicks.startswith("Nankatsu kicks off") else 1
    assert game.first_kicker == kicker
    winners = game.result().winners
    assert kicker_result(game) == (
        "shared" if len(winners) == 2 else "won" if winners == (kicker,) else "lost"
    )
    duels = [r for k, r in game.rounds if k in ("shot", "pass")]
    assert attack_duels_won(game) == sum(r != "stolen" for r in duels) / len(duels)
    assert set(MATCH_MEASURES) >= {"goals", "went to extra time", "duels won by the attack"}


def test_the_kickoff_record_counts_each_seeded_match_once() -> None:
    record = kickoff_record(12, odds_spender, progress=False)
    by_hand = [kicker_result(new_game(seed=s).play(odds_spender)) for s in range(12)]
    assert record == {k: by_hand.count(k) for k in ("won", "lost", "shared")}
    assert sum(record.values()) == 12


@pytest.mark.parametrize("matches", [0, 2_001, 1.5, "300"])
def test_the_kickoff_record_is_bounded(matches: object) -> None:
    with pytest.raises(ValueError, match="matches must be a whole number from 1 to 2,000"):
        kickoff_record(matches)


def test_play_round_and_play_to_duel_stop_where_they_say() -> None:
    game = new_game(seed=7)
    game.play_round(odds_spender)
    assert (game.state.period, game.state.round) == ("1st half", 1) and game.phase() == "draw"
    game.play_to_duel(odds_spender)
    assert game.phase() == "dice" and game.state.round == 1 and game.cards_in_play() > 0
    game.step()
    assert game.state.duel.dice is not None and game.outcome in ("goal", "kept", "lost")
    game.play_round(odds_spender)
    assert game.state.round == 2
