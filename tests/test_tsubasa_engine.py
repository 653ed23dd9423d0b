"""Captain Tsubasa engine: the contract, conservation, every match ends, illegal actions refused.

The rulebook's own rules, scene by scene, are in test_tsubasa_rulebook.py.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pandas as pd
import pytest
from contract import check_contract
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import random_rules
from tsubasa_scenes import (
    at,
    attack_scene,
    duel_scene,
    eight_in_play,
    empty_hands,
    give,
    lay,
    snapshot,
    until,
)

from playground.core.draws import sample_exact
from playground.core.engine import IllegalAction
from playground.core.rules import RulesError
from playground.tsubasa import Rules, new_game
from playground.tsubasa.actions import Aim, Dice, Pass, Pick, Play, Reroll, Save, Sign, Skip, Spend, Use
from playground.tsubasa.engine import ALWAYS_A_CHOICE, TsubasaGame
from playground.tsubasa.policies import equilibrium_picker, greedy, odds_spender

ALL_ON = Rules(motivation=True, signings=True, assured_success=True)


def test_engine_contract_on_random_matches() -> None:
    report = check_contract(
        lambda seed: new_game(seed=seed), seeds=[1, 2], probes_per_node=1, replay_checks=4
    )
    assert report.games == 2 and report.chance_nodes > 100 and report.player_nodes > 100
    assert report.lookalike_probes > report.chance_nodes  # (3, 5) for Dice(3, 5), Sign(c) for Play(c), ...


def test_engine_contract_with_every_advanced_rule() -> None:
    report = check_contract(
        lambda seed: new_game(ALL_ON, seed=seed), seeds=[3], probes_per_node=1, replay_checks=3
    )
    assert report.games == 1 and report.player_nodes > 100


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), rules=random_rules(Rules, injury_time_rounds=st.integers(1, 8)))
def test_random_matches_with_random_rules_conserve_every_card_and_end(seed, rules) -> None:
    game = new_game(rules, seed=seed)
    while not game.is_over():
        game.step()
        game.check_conserved()
        for c in game.state.coaches:
            assert all(0 <= v <= rules.max_points for v in c.points.values())
            assert sum(len(x.play) for x in game.state.coaches) <= max(
                rules.card_limit, rules.extra_time_limit
            )
    result = game.result()
    scores = [c.score for c in game.state.coaches]
    assert all(scores[w] == max(scores) for w in result.winners)
    goals = game.history()["outcome"].str.count("GOAL for").sum()
    assert goals == sum(scores)  # the score is the number of goals told in the history


@pytest.mark.parametrize("policy", [greedy, odds_spender, equilibrium_picker])
def test_every_match_ends_and_conserves_with_each_policy(policy) -> None:
    for seed in range(3):
        game = new_game(ALL_ON, seed=seed)
        while not game.is_over():
            game.step(policy)
            game.check_conserved()
        assert game.result().winners


def test_same_seed_same_history_and_different_seeds_differ() -> None:
    a = new_game(seed=11).play().history()
    b = new_game(seed=11).play().history()
    c = new_game(seed=12).play().history()
    assert a.equals(b)
    assert not a.equals(c)


def test_chance_steps_carry_exact_probabilities() -> None:
    game = new_game(seed=5)
    assert game.phase() == "remove_match"
    odds = dict(game.chance_outcomes())
    assert len(odds) == 13 and set(odds.values()) == {Fraction(1, 13)}  # one of 13, unseen
    until(game, at("dice"))
    dice = dict(game.chance_outcomes())
    assert len(dice) == 36 and set(dice.values()) == {Fraction(1, 36)}
    history = game.history()
    product = Fraction(1)
    for p in history[history.actor == "chance"].probability:
        product *= p
    assert history["path probability"].iloc[-1] == product == game.path_probability


@pytest.mark.parametrize(
    "rules",
    [Rules(), ALL_ON, Rules(first_match=True, die_sides=8, save_corner_top=5, special_cards_used="box")],
)
def test_the_fast_draw_is_core_sample_exact_over_the_listed_outcomes(rules) -> None:
    """At every chance step the engine's integer draw picks what sample_exact picks from the
    listed Fractions with the same generator state, and gives that outcome's listed chance."""
    for seed in range(2):
        game = new_game(rules, seed=seed)
        chance_steps = 0
        while not game.is_over():
            if game.current_actor() == "chance":
                twin = random.Random()
                twin.setstate(game.rng.getstate())
                listed = game.chance_outcomes()
                outcome, p = game._sample_chance_exact()
                assert outcome == sample_exact(listed, twin) and p == dict(listed)[outcome]
                assert game.rng.getstate() == twin.getstate()
                assert game.chance_probability(outcome) == p
                game.apply(outcome)
                chance_steps += 1
            else:
                game.step(greedy)
        assert chance_steps > 50


def test_decisions_that_are_never_dropped_always_offer_a_move() -> None:
    """The queue asks these coaches without listing their options first: they must have one."""
    seen = set()
    for rules, policy in [(Rules(), None), (ALL_ON, greedy), (Rules(reroll_by="either coach"), odds_spender)]:
        for seed in range(3):
            game = new_game(rules, seed=seed)
            while not game.is_over():
                kind = game.phase()
                if kind in ALWAYS_A_CHOICE:
                    assert game._player_actions(), kind
                    seen.add(kind)
                game.step(policy)
    assert seen == ALWAYS_A_CHOICE


def test_a_bad_rules_value_is_refused_by_name() -> None:
    with pytest.raises(
        RulesError, match="rules field 'card_limit' cannot be 40: it must be a whole number from 2 to 15"
    ):
        Rules(card_limit=40)
    with pytest.raises(RulesError, match="save_corner_top"):
        Rules(save_catch_top=4, save_corner_top=3)
    with pytest.raises(ValueError, match=r"Captain Tsubasa \(two coaches\) is for exactly 2 players"):
        new_game(players=3)


# -- illegal actions: a clear sentence, nothing changed ----------------------------------------------


def refused(game, action, message: str) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalAction, match=message):
        game.apply(action)
    assert snapshot(game) == before


def test_a_tenth_card_is_refused() -> None:
    game = attack_scene()
    a = game.state.attacker
    assert a == 1  # Toho attacks in this seed's first round
    empty_hands(game)
    for card in ["t_hyuga", "t_sawada", "t_furuta", "t_koike", "h1_header"]:
        lay(game, a, card)
    for card in ["n_morisaki", "n_ishizaki", "n_izawa"]:
        lay(game, 1 - a, card)
    give(game, a, "t_matsuki")
    give(game, a, "t_imai")
    game.apply(Play("t_matsuki"))  # the 9th card: its two abilities are asked first
    while game.phase() == "ability":
        game.apply(game.legal_actions()[-1])  # skip
    assert game.cards_in_play() == 9 and game.phase() == "aim"
    refused(game, Play("t_imai"), "a card number 10 cannot be played, whatever an ability says")


def test_playing_after_passing_is_refused() -> None:
    game = attack_scene()
    a = game.state.attacker
    game.apply(Pass())
    card = next(iter(game.state.coaches[a].hand))
    refused(game, Play(card), "has passed this round, so it cannot play any more cards")


def test_an_ability_of_a_card_played_earlier_is_refused() -> None:
    game = attack_scene()
    a = game.state.attacker
    lay(game, a, "t_furuta")  # played in an earlier turn: gain_pass
    refused(game, Use("gain_pass"), "only be used in the turn its card is played")


def test_a_ninth_cards_ability_to_play_another_card_is_refused_as_passed_over() -> None:
    """Played as the 9th card, a card's "play another card" cannot do anything, so it is not
    asked; trying it says the limit is why, not that the card was played earlier."""
    game = eight_in_play()
    give(game, 1, "m_tsubasa")  # gain_two, then play_card
    game.apply(Play("m_tsubasa"))
    game.apply(game.legal_actions()[0])  # gain two points: play_card is passed over
    assert game.phase() != "ability"
    refused(
        game,
        Use("play_card", "t_kawabe"),
        "the limit of 9: an ability that plays another card can do nothing",
    )


def test_a_special_shot_while_defending_is_refused() -> None:
    game = attack_scene()
    a = game.state.attacker
    d = 1 - a
    game.apply(Pass())
    give(game, d, "h1_special_n" if d == 0 else "h1_special_t")
    give(game, d, "h1_counter")  # something else to hold
    game.apply(Play("h1_special_n" if d == 0 else "h1_special_t"))
    assert game.phase() != "ability"  # a defender is not even asked
    refused(game, Use("special_shot"), "only be used in the turn its card is played")
    # with the ability question open for another card, the sentence names the defender
    give(game, d, "t_furuta" if d == 1 else "n_izawa")
    game.apply(Play("t_furuta" if d == 1 else "n_izawa"))
    assert game.phase() == "ability"
    refused(game, Use("special_shot"), "Only the attacking coach can use a Special Shot")


def test_signing_past_the_limit_is_refused() -> None:
    game = attack_scene(rules=Rules(signings=True))
    a = game.state.attacker
    field = next(c for c in game.state.offer if game.state.data.cards[c].replaces != "keeper")
    game.state.coaches[a].points.update(shot=5, **{"pass": 5, "defense": 5})
    empty_hands(game)
    for card in ["t_hyuga", "t_sawada", "t_furuta", "t_koike", "h1_header", "t_matsuki"]:
        lay(game, a, card)
    for card in ["n_morisaki", "n_ishizaki"]:
        lay(game, 1 - a, card)
    give(game, a, "t_imai")
    game.apply(Play("t_imai"))  # the 9th card; its discard_opponent ability is asked now
    assert game.phase() == "ability" and game.cards_in_play() == 9
    refused(game, Sign(field), "can be signed only while there is room under the limit of 9")


def test_spending_points_you_lack_is_refused() -> None:
    game = duel_scene(["t_hyuga"], ["n_morisaki"], points={1: {"shot": 2}, 0: {"defense": 1}})
    assert game.state.attacker == 1  # Toho attacks in this seed's first round
    game.apply(Aim("shot"))
    assert game.legal_actions() == [Spend(0), Spend(1), Spend(2)]
    refused(game, Spend(3), "Toho has only 2 shot points, so it cannot spend 3")


# -- every ruling's variant ---------------------------------------------------------------------------


def test_reroll_by_either_coach_asks_the_attacker_first_even_when_winning() -> None:
    rules = Rules(reroll_by="either coach")
    game = duel_scene(["t_hyuga", "t_sawada"], ["n_ishizaki", "n_kisugi"], rules=rules)
    for action in (Aim("shot"), Spend(0), Spend(0)):
        game.apply(action)
    game.apply(Dice(6, 1))  # Toho (attacking) is winning, and is asked first all the same
    assert game.phase() == "reroll" and game.current_actor() == 1
    game.apply(Reroll("keep"))
    assert game.phase() == "reroll" and game.current_actor() == 0  # then Nankatsu, who is losing
    default = duel_scene(["t_hyuga", "t_sawada"], ["n_ishizaki", "n_kisugi"])
    for action in (Aim("shot"), Spend(0), Spend(0), Dice(6, 1)):
        default.apply(action)
    assert default.current_actor() == 0  # by default only the losing coach is asked


def test_injury_time_can_start_the_round_after_the_last_match_cards() -> None:
    game = until(new_game(Rules(injury_time_starts="next round"), seed=4), lambda g: g.injury_next)
    s = game.state
    assert not s.injury_time and len(s.pitch) == len(s.match_deck) == 0
    playing = s.round
    until(game, lambda g: g.state.round != playing or g.state.period != "1st half")
    assert s.period == "1st half" and s.injury_time  # the next round is injury time, whatever happened


def test_signed_players_can_leave_the_match_after_the_round() -> None:
    for ruling, where in [("join the team", "discard"), ("leave the match", "box")]:
        game = attack_scene(rules=Rules(signings=True, signed_players=ruling))
        s = game.state
        me = s.coaches[s.attacker]
        me.points.update({"shot": 5, "pass": 5, "defense": 5})
        field = next(c for c in s.offer if s.data.cards[c].replaces != "keeper")
        game.apply(Sign(field))
        while game.phase() == "ability":
            game.apply(game.legal_actions()[-1])  # skip the signed player's abilities
        for action in (Pass(), Pass(), Aim("pass"), Spend(0), Spend(0), Dice(6, 1)):
            game.apply(action)
        assert game.outcome == "kept" and field in (me.discard if where == "discard" else s.box)


def test_extra_time_second_half_kick_off_by_coin() -> None:
    rules = Rules(extra_time_second_kickoff="coin")
    for seed in range(40):
        game = new_game(rules, seed=seed).play()
        if "extra time, 2nd half" in set(game.history().period):
            break
    else:
        raise AssertionError("no match of 40 went to the 2nd half of extra time")
    coins = game.history().query("phase == 'coin'")
    assert len(coins) == 3  # kick-off, extra time, its 2nd half
    assert list(coins.probability) == [Fraction(1, 2)] * 3


def test_a_signing_that_fills_the_limit_ends_the_attack_phase() -> None:
    game = attack_scene(rules=Rules(signings=True))
    s = game.state
    a = s.attacker
    s.coaches[a].points.update({"shot": 5, "pass": 5, "defense": 5})
    empty_hands(game)
    for card in ["t_hyuga", "t_sawada", "t_furuta", "t_koike"]:
        lay(game, 1, card)
    for card in ["n_morisaki", "n_ishizaki", "n_izawa", "n_taki"]:
        lay(game, 0, card)
    field = next(c for c in s.offer if s.data.cards[c].replaces != "keeper")
    game.apply(Sign(field))  # the 9th card
    while game.phase() == "ability":
        game.apply(game.legal_actions()[-1])
    if game.phase() == "sign":  # a keeper for a keeper needs no room: the only signing left to offer
        assert all(
            s.data.cards[a.card].replaces == "keeper" for a in game.legal_actions() if isinstance(a, Sign)
        )
        game.apply(Skip("signing"))
    assert game.cards_in_play() == 9 and game.phase() == "aim"


def test_a_special_card_the_coach_does_not_hold_is_refused_naming_its_own() -> None:
    game = attack_scene()
    give(game, 1, "h1_special_t")
    game.apply(Play("h1_special_t"))
    game.apply(Use("special_shot"))
    refused(
        game,
        Pick("n_stop_tiger"),
        "Toho chooses one of its own Special Shot cards, face down: one of t_bicycle",
    )


# -- the players' choices: the keeper's save, the Special Shot face down -----------------------------


def _keeper_asked(lead: int, injury_time: bool) -> TsubasaGame:
    """A shot has beaten Nankatsu's defense with Morisaki in play, in the 2nd half: Nankatsu,
    defending, leads by lead and decides about the save."""
    game = duel_scene(["t_hyuga"], ["n_morisaki"])
    s = game.state
    s.period, s.injury_time = "2nd half", injury_time
    s.coaches[0].score = lead
    for action in (Aim("shot"), Spend(0), Spend(0), Dice(6, 1)):
        game.apply(action)
    assert game.phase() == "keeper" and game.current_actor() == 0
    return game


def test_the_odds_players_try_the_save_unless_conceding_still_wins_the_match() -> None:
    """A corner keeps the ball with the attack: leading by 2 in the last injury time, letting the goal in
    ends the match won, so odds_spender (and equilibrium_picker) decline; otherwise they try. greedy always
    tries."""
    for lead, injury_time, tries in [(2, True, False), (3, True, False), (1, True, True), (2, False, True)]:
        game = _keeper_asked(lead, injury_time)
        assert odds_spender(game) == Save(tries) and equilibrium_picker(game) == Save(tries)
        assert greedy(game) == Save(True)


def test_the_open_players_pick_special_cards_from_what_both_can_see() -> None:
    """With used Special cards in the box, greedy shoots a shot no defense left can stop, and defends
    with a defense that stops a shot still held; it never reads the other side's face-down card."""
    game = attack_scene(rules=Rules(special_cards_used="box"))
    s = game.state
    s.coaches[0].defenses.move("n_stop_tackle", s.box)
    give(game, 1, "h1_special_t")
    game.apply(Play("h1_special_t"))
    game.apply(Use("special_shot"))
    assert greedy(game) == Pick("t_tiger_tackle")
    game.apply(Pick("t_tiger"))
    for card in ("t_bicycle", "t_tiger_tackle"):
        s.coaches[1].shots.move(card, s.box)  # as if used before: Toho holds only the Tiger Shot
    assert greedy(game) == odds_spender(game) == Pick("n_stop_tiger")
    game.apply(Pick("n_stop_tiger"))
    assert s.duel.result == "blocked"


def test_the_state_table_keeps_whole_numbers_whole() -> None:
    """A coach's score and deck are whole numbers beside the zones' rows (robustness review 15,
    L4: they showed as 2.0 and 17.0); a coach's row has nothing in a zone's column, nor the panel."""
    from playground.widgets import frame_html

    frame = new_game(seed=0).play().state_frame()
    coaches = frame.loc[["Nankatsu", "Toho"], ["score", "deck", "shot points"]]
    assert all(str(dtype) == "Int64" for dtype in coaches.dtypes)
    assert coaches.to_numpy().tolist() == [[1, 17, 3], [2, 10, 5]]
    assert frame.loc["box", "cards"] == 27 and pd.isna(frame.loc["box", "score"])
    shown = frame_html(frame, "t")
    assert "NA" not in shown and "nan" not in shown and ".0<" not in shown
