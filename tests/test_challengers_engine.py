"""Challengers! engine: the contract, conservation, illegal actions, and every ruling's variant.

The rulebook's own rules, scene by scene, are in test_challengers_rulebook.py.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from challengers_scenes import apply_all, match_scene, snapshot, step_until
from contract import check_contract
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import random_rules

from playground.challengers import IllegalAction, Rules, new_game
from playground.challengers.actions import Keep, Redraw, Remove, Reveal, StopKeeping, TakeFlag
from playground.challengers.policies import greedy, thinning

# -- the contract, as for every game ---------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_engine_contract_on_random_games(players: int) -> None:
    report = check_contract(
        lambda seed: new_game(seed=seed, players=players), seeds=[players], probes_per_node=1, replay_checks=3
    )
    assert report.games == 1 and report.chance_nodes > 50 and report.player_nodes > 20
    assert report.lookalike_probes > report.player_nodes  # a plain tuple, Remove(c) for Keep(c), ...


#: Rules drawn freely except the cards drawn a round (keeps above it are refused by check_together,
#: and drawing it freely would reject most examples).
QUICK = {"draw_per_round": 5}


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(1, 5), rules=random_rules(Rules, **QUICK))
def test_contract_with_random_rules(seed: int, players: int, rules: Rules) -> None:
    report = check_contract(
        lambda s: new_game(rules, seed=s, players=players), seeds=[seed], probes_per_node=1, replay_checks=2
    )
    assert report.games == 1


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(1, 8),
    rules=random_rules(Rules, **QUICK),
    policy=st.sampled_from([None, greedy, thinning]),
)
def test_random_tournaments_conserve_every_card_trophy_and_fan_and_end(seed, players, rules, policy) -> None:
    game = new_game(rules, seed=seed, players=players)
    game.check_conserved()
    for _ in range(20_000):
        if game.is_over():
            break
        game.step(policy)
        game.check_conserved()
        assert game.figures() == scores_now(game), f"stale figures after step {game.step_count}"
        for side in game.state.sides:  # the bench keeps its bonus as cards come and go
            bench = side.bench
            assert bench.bonus == sum(game.data.cards[c].from_bench * bench.count(c) for c in bench.kinds())
    assert game.is_over(), "the tournament did not end"
    result = game.result()
    assert result.winners and set(result.winners) <= set(range(players))


def scores_now(game) -> dict[str, int]:
    """The figures worked out afresh from the zones (the engine keeps them between changes)."""
    sides = game.state.sides
    return {"round": game.state.round, **{f"{sides[p].name} fans": sides[p].score() for p in game.humans()}}


def test_same_seed_same_history_and_different_seeds_differ() -> None:
    a = new_game(seed=5, players=4).play(greedy).history()
    b = new_game(seed=5, players=4).play(greedy).history()
    c = new_game(seed=6, players=4).play(greedy).history()
    assert a.equals(b)
    assert not a.equals(c)


def test_chance_steps_carry_exact_probabilities() -> None:
    """A reveal from a 6-card Starting Deck: a Rookie 3/6, the Captain 1/6."""
    game = match_scene(["rookie"] * 3 + ["hopeful", "mascot", "captain"], ["captain"])
    apply_all(game, "Ash", Reveal())
    assert dict(game.chance_outcomes()) == {
        "captain": Fraction(1, 6),
        "hopeful": Fraction(1, 6),
        "mascot": Fraction(1, 6),
        "rookie": Fraction(1, 2),
    }
    apply_all(game, "rookie", Reveal())
    assert game.history()["probability"].iloc[-2] == Fraction(1, 2)
    assert game.chance_probability("rookie") is None  # Billie's deck is one Captain
    assert game.chance_outcomes() == [("captain", Fraction(1))]


# -- illegal actions: refused with a clear sentence, nothing changed -------------------------------


def refused(game, action, message: str) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalAction, match=message):
        game.apply(action)
    assert snapshot(game) == before


def at_pick(**rules) -> object:
    return step_until(new_game(Rules(**rules), seed=3, players=2), "pick")


def test_keeping_more_cards_than_the_bracket_allows_is_refused() -> None:
    game = at_pick()
    drawn = list(game.state.sides[0].drawn)
    apply_all(game, Keep(drawn[0]), Keep(drawn[1]))
    assert game.tasks[0].kind == "remove"
    refused(game, Keep(drawn[2]), r"has finished keeping cards this round \(2 kept; the bracket allows 2\)")


def test_a_second_redraw_is_refused() -> None:
    game = at_pick()
    apply_all(game, Redraw())
    while game.tasks[0].kind == "draw":
        game.step()
    assert Redraw() not in game.legal_actions()
    refused(
        game,
        Redraw(),
        r"Ash has already drawn again 1 time\(s\) this deck phase, the most the rules allow \(1\)",
    )


def test_a_redraw_after_the_first_keep_draws_as_many_again() -> None:
    game = at_pick()
    drawn = list(game.state.sides[0].drawn)
    apply_all(game, Keep(drawn[0]), Redraw())
    draws = 0
    while game.tasks[0].kind == "draw":
        game.step()
        draws += 1
    assert draws == 4 and len(game.state.sides[0].drawn) == 4


def test_revealing_past_the_needed_strength_is_refused() -> None:
    game = match_scene(["mascot"], ["captain", "rookie"])
    apply_all(game, "Ash", Reveal(), "mascot", Reveal(), "captain")
    assert game.legal_actions() == [TakeFlag()]
    refused(game, Reveal(), r"attack total 4 already reaches the flag's 3: you may not reveal more cards")


def test_taking_the_flag_too_early_is_refused() -> None:
    game = match_scene(["captain"], ["rookie", "rookie"])
    apply_all(game, "Ash", Reveal(), "captain", Reveal(), "rookie")
    refused(game, TakeFlag(), r"attack total 1 is below the flag's 4: reveal another card first")


def test_keeping_a_card_not_drawn_and_removing_below_the_minimum_are_refused() -> None:
    game = at_pick()
    absent = next(c for c in ("courier", "busker", "pigeon", "squire") if c not in game.state.sides[0].drawn)
    refused(game, Keep(absent), r"can only keep a card they drew this round")
    game = at_pick(min_deck=6)
    apply_all(game, StopKeeping())
    refused(game, Remove("rookie"), r"deck must keep at least 6 card\(s\)")


def test_chance_look_alikes_and_wrong_moments_are_refused() -> None:
    game = match_scene(["captain"], ["rookie"])
    refused(game, "Nobody", r"cannot come up")
    refused(game, 1, r"cannot come up")
    apply_all(game, "Ash")
    refused(game, TakeFlag(), r"Cards are revealed and the flag is taken in a match, not now")
    refused(game, Remove("captain"), r"removed at the end of the deck phase")


# -- each ruling's variant -------------------------------------------------------------------------


def test_variant_bench_bonus_only_for_attacks() -> None:
    """A Park Pigeon on Ash's bench adds 1 to Ash's flag card only while bench_bonus_defends is on."""
    for defends, flag in [(True, 2), (False, 1)]:
        game = match_scene(
            ["pigeon", "rookie"], ["hopeful", "rookie", "rookie"], Rules(bench_bonus_defends=defends)
        )
        apply_all(game, "Ash", Reveal(), "pigeon", Reveal(), "hopeful", TakeFlag(), Reveal(), "rookie")
        assert game.state.seat_size(0, "Park Pigeon") == 1
        apply_all(game, TakeFlag(), Reveal(), "rookie")
        assert game.flag_strength(0) == flag


def test_variant_must_keep_as_many_as_the_bracket_shows() -> None:
    assert StopKeeping() in at_pick().legal_actions()
    assert StopKeeping() not in at_pick(may_keep_fewer=False).legal_actions()


def test_variant_no_redraws() -> None:
    assert Redraw() not in at_pick(redraws_per_phase=0).legal_actions()


def test_variant_a_named_set_stays_in_the_box() -> None:
    game = new_game(Rules(left_out_set="space"), seed=1)
    assert game.state.left_out == "space"
    assert game.state.box.count("mothership") == 2 and game.state.box.count("comet") == 4


def test_variant_final_from_more_players_and_ties_by_bracket() -> None:
    game = new_game(Rules(final_from_players=5), seed=1, players=4).play(greedy)
    assert game.state.champion is None and "no final" in game.result().reason
    game = new_game(Rules(lots_break_ties=False), seed=1, players=4).play(greedy)
    assert game.state.champion in game.state.finalists


def test_variant_an_empty_fan_reserve_gives_no_fans() -> None:
    game = new_game(Rules(fan_reserve=0), seed=2, players=3).play(greedy)
    assert all(len(side.fans) == 0 for side in game.state.sides)
    game.check_conserved()


def test_a_small_compartment_recycles_under_the_deck() -> None:
    game = at_pick(compartment_size=3)
    apply_all(game, Redraw())
    assert game.state.levels["A"].recycled >= 1
    game.check_conserved()


def test_variant_a_tie_does_not_take_the_flag() -> None:
    """House rule: the attack must beat the flag's strength; an equal total is not enough."""
    game = match_scene(["mascot", "rookie"], ["mascot", "rookie"], Rules(tie_takes_flag=False))
    apply_all(game, "Ash", Reveal(), "mascot", Reveal(), "mascot")
    assert game.legal_actions() == [Reveal()]
    apply_all(game, Reveal(), "rookie")
    assert game.legal_actions() == [TakeFlag()]


def test_decks_chosen_at_set_up_replay_and_skip_round_one_draft() -> None:
    """match_game's decks are part of the set-up: at() and fresh() rebuild the same game."""
    from playground.challengers.actions import Reveal
    from playground.challengers.simulate import match_game

    game = match_game(["captain", "mascot"], ["rookie"] * 4, seed=2)
    assert sorted(game.state.sides[0].deck) == ["captain", "mascot"]
    assert sorted(game.state.sides[1].deck) == ["rookie"] * 4  # a fourth Rookie from the other deck
    assert "draw" not in list(game.history()["phase"])  # no round-1 draft
    game.apply("Billie")
    while game.result() is None and game.step_count < 60:
        game.step(lambda g: Reveal() if Reveal() in g.legal_actions() else g.legal_actions()[0])
    again = game.at(game.step_count)
    assert again.state_frame().equals(game.state_frame())
    assert again.zones_frame().equals(game.zones_frame())
    game.check_conserved()


@pytest.mark.parametrize(
    ("decks", "words"),
    [
        ("rookie", "one list of card ids per player"),
        ([["rookie"]], r"one list of card ids per player \(2\)"),
        ([["rookie"], []], r"decks\[1\] must be a list of 1 to 200 card ids"),
        ([["rookie"], "captain"], r"decks\[1\] must be a list"),
        ([["rookie"], ["dragon!"]], r"decks\[1\] holds 'dragon!': not a card id"),
        ([["rookie"], [3]], r"decks\[1\] holds 3: not a card id"),
        ([["fan"], ["rookie"]], "not a card id"),
        ([["captain"] * 2, ["captain"]], "ask for 3 copies of 'captain'; the game holds 2"),
    ],
)
def test_chosen_decks_are_checked_at_set_up(decks, words) -> None:
    with pytest.raises(ValueError, match=words):
        new_game(seed=1, players=2, decks=decks)


def test_chosen_decks_are_exactly_the_cards_asked_for() -> None:
    """Regression (engine review C6): level cards asked for by both players come from the level
    deck, not from the other player's deck; every card is still accounted for."""
    from collections import Counter

    from playground.challengers.simulate import match_game

    game = match_game(["courier", "courier", "rookie"], ["courier"] * 2, Rules(left_out_set="space"))
    assert Counter(game.state.sides[0].deck) == Counter({"courier": 2, "rookie": 1})
    assert Counter(game.state.sides[1].deck) == Counter({"courier": 2})
    game.check_conserved()
    with pytest.raises(ValueError, match="not a card id"):
        new_game(seed=1, players=3, decks=[["bot_01"], ["rookie"], ["rookie"]])  # the Robot's card


def test_the_match_endings_count_reads_every_match_of_every_seeded_tournament() -> None:
    from playground.challengers.policies import greedy
    from playground.challengers.simulate import match_endings_count

    counted = match_endings_count(4, greedy, progress=False)
    by_hand = Counter(
        m["how"] for s in range(4) for m in new_game(seed=s, players=2).play(greedy).state.match_log
    )
    assert counted == {"bench full": by_hand["bench full"], "ran out": by_hand["ran out"]}
    assert sum(counted.values()) == 4 * 7  # seven rounds, no final for two players
    for tournaments in (0, 1_001, 2.0):
        with pytest.raises(ValueError, match="tournaments must be a whole number from 1 to 1,000"):
            match_endings_count(tournaments, greedy)


@pytest.mark.parametrize(("counts", "flag"), [(False, 3), (True, 5)])
def test_a_first_cards_attack_bonus_counts_only_by_the_ruling(counts: bool, flag: int) -> None:
    """The first card takes the flag without attacking: by our ruling its during-the-attack bonus
    (Cab Driver, 3 and +2) adds nothing (Rules.first_card_attack_bonus); on, it holds at 5 until
    the flag moves."""
    game = match_scene(
        ["cabbie"], ["rookie", "hopeful", "mascot", "captain"], Rules(first_card_attack_bonus=counts)
    )
    apply_all(game, "Ash", Reveal(), "cabbie")
    assert game.flag_strength(0) == flag
    apply_all(game, Reveal(), "hopeful", Reveal(), "captain")  # 2 + 4 = 6 beats either strength
    assert game.legal_actions() == [TakeFlag()]
    game.apply(TakeFlag())
    assert game.state.match.first_bonus == 0


def test_a_chosen_card_of_the_left_out_set_goes_back_to_the_box_when_removed() -> None:
    """A deck chosen at set-up may hold a card of the set left out of the tournament (it comes from
    the box); removed, it goes back to the box, never into a level deck that set has no part in."""
    game = new_game(
        Rules(left_out_set="space", rounds=2), seed=1, players=2, decks=[["comet", "rookie"], ["rookie"]]
    )
    assert game.data.cards["comet"].set == "space"
    while not (game.tasks[0].kind == "remove" and game.tasks[0].side == 0):
        game.step(greedy)
    game.apply(next(a for a in game.legal_actions() if getattr(a, "card", "") == "comet"))
    assert "comet" in game.state.box and all("comet" not in zone for zone in game.state.levels["A"].layers)
    assert "comet" not in game.state.levels["A"].compartment
    game.check_conserved()
