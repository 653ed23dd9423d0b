"""The Captain Tsubasa rulebook, rule by rule: one scene per rule, named in its docstring.

Read top to bottom, this is the checklist of what the engine plays (rulebook in
shared/seeds/001, rulings in shared/rules-notes.md section 2 and in Rules' help texts).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest
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

from playground.core.dist import Dist
from playground.core.engine import IllegalAction
from playground.core.rules import RulesError
from playground.tsubasa import Rules, load_data, new_game
from playground.tsubasa.actions import (
    Aim,
    Dice,
    KickOff,
    Motivate,
    Pass,
    Pick,
    Play,
    Reroll,
    Save,
    Sign,
    Skip,
    Spend,
    TakeHidden,
    TakePitch,
    Use,
)
from playground.tsubasa.cards import TsubasaData
from playground.tsubasa.engine import TsubasaGame
from playground.tsubasa.odds import save_outcomes
from playground.tsubasa.table_view import scene_of, table_html

# -- set-up and kick-off --------------------------------------------------------------------------


def test_setup_removes_one_match_card_per_half_unseen_and_lays_a_pitch_of_four() -> None:
    """Match Set-Up 1: 13 Match cards per half, 1 of each to the box unseen, 4 face up on the pitch."""
    game = until(new_game(seed=3), at("coin"))
    s = game.state
    assert len(s.box) == 2 + 8 + 8  # one per half; the Motivation cards and Signings are advanced rules
    assert len(s.pitch) == 4 and len(s.match_deck) == 13 - 1 - 4 and len(s.next_half) == 12
    assert all(len(c.deck) == 12 and c.points == {"shot": 0, "pass": 0, "defense": 0} for c in s.coaches)
    assert [len(c.shots) for c in s.coaches] == [3, 3]  # Special Shots by the play area (set-up 4)


def test_first_match_leaves_out_the_starred_cards_the_fans_and_fatigue() -> None:
    """First Match: the starred Match cards, both Fan cards and the Fatigue cards stay in the box."""
    game = until(new_game(Rules(first_match=True), seed=3), at("coin"))
    s = game.state
    for card in ("h1_control", "h1_advice", "h1_title", "h1_save", "h2_control", "h2_japan", "h2_foul"):
        assert card in s.box
    assert "n_fans" in s.box and "t_fans" in s.box and s.box.count("fatigue") == 8
    assert len(s.match_deck) + len(s.pitch) == 13 - 4 - 1 and all(len(c.deck) == 11 for c in s.coaches)


def test_kick_off_by_a_coin_and_the_winner_chooses() -> None:
    """Kick Off: a coin decides; its winner kicks off or lets the other coach; the whistle remembers."""
    game = until(new_game(seed=3), at("coin"))
    assert game.chance_outcomes() == [("Nankatsu", Fraction(1, 2)), ("Toho", Fraction(1, 2))]
    game.apply("Toho")
    assert game.legal_actions() == [KickOff(True), KickOff(False)]
    game.apply(KickOff(False))
    assert game.state.attacker == 0 and game.state.kicked_off == 0


# -- the round -------------------------------------------------------------------------------------


def test_draw_phase_fills_each_hand_to_four_then_defender_takes_first() -> None:
    """Draw Phase: each coach draws up to 4; then the Defending coach, then the Attacking one, takes a
    Match card.
    """
    game = until(new_game(seed=3), at("take"))
    assert [len(c.hand) for c in game.state.coaches] == [4, 4]
    assert game.current_actor() == game.defender
    game.apply(TakePitch(game.state.pitch[0]))
    assert game.current_actor() == game.state.attacker and len(game.state.coaches[game.defender].hand) == 5


def test_no_draw_with_four_cards_and_a_reshuffle_when_the_deck_runs_out() -> None:
    """Draw Phase: with 4 or more cards you draw none; an empty deck takes back the shuffled discard pile."""
    game = until(new_game(seed=3), lambda g: g.state.round == 2)
    s = game.state
    assert game.phase() == "draw"
    draws = [t.coach for t in game.tasks if t.kind == "draw"]
    for i, c in enumerate(s.coaches):
        assert draws.count(i) == max(0, 4 - len(c.hand))
    holder = s.coaches[game.tasks[0].coach]
    for card in list(holder.deck):
        holder.deck.move(card, holder.discard)
    piled = len(holder.discard)
    events = []
    game._advance(events)  # what the engine does before asking chance for the draw
    assert [e.text for e in events] == [f"{holder.name} shuffles the discard pile into a new draw deck"]
    assert len(holder.deck) == piled and len(holder.discard) == 0


def test_take_a_pitch_card_or_the_hidden_top_card() -> None:
    """Draw Phase: take one of the face-up Match cards, or the hidden top card (a chance step)."""
    game = until(new_game(seed=3), at("take"))
    pitch = list(game.state.pitch)
    assert game.legal_actions() == [*(TakePitch(c) for c in pitch), TakeHidden()]
    game.apply(TakeHidden())
    deck = len(game.state.match_deck)
    assert game.current_actor() == "chance" and set(dict(game.chance_outcomes()).values()) == {
        Fraction(1, deck)
    }


def test_attack_phase_starts_with_the_attacker_and_alternates() -> None:
    """Attack Phase: starting with the Attacking coach, coaches take turns to play one card or pass."""
    game = attack_scene()
    a = game.state.attacker
    assert game.current_actor() == a
    game.apply(Play("t_wakashimazu"))  # a card without abilities to decide now (the save waits)
    assert game.current_actor() == 1 - a and game.phase() == "attack"


def test_a_pass_is_final_for_the_round() -> None:
    """Attack Phase 1b: after a pass you play no more cards this round; the other coach plays on."""
    game = attack_scene()
    a = game.state.attacker
    game.apply(Pass())
    game.apply(Play("n_ishizaki"))
    game.apply(Skip("gain_defense"))
    assert game.current_actor() == 1 - a and game.phase() == "attack"


def test_nine_cards_end_the_attack_phase() -> None:
    """Attack Phase 2: when both play areas hold 9 cards the phase ends (the duel begins)."""
    game = eight_in_play()
    a = game.state.attacker
    give(game, a, "t_wakashimazu")
    game.apply(Play("t_wakashimazu"))
    assert game.cards_in_play() == 9 and game.phase() == "aim"


def test_an_eliminated_card_reopens_the_limit() -> None:
    """End of Phase example: the 9th card removes itself from the match, so the other coach may play a 9th."""
    game = eight_in_play()
    a = game.state.attacker
    give(game, a, "t_shimano")
    give(game, 1 - a, "n_nankatsu_back2")
    game.apply(Play("t_shimano"))  # eliminate an opponent's card, then remove himself
    game.apply(Skip("eliminate_opponent"))
    game.apply(Use("eliminate_self"))
    assert "t_shimano" in game.state.box and game.cards_in_play() == 8
    assert game.current_actor() == 1 - a and Play("n_nankatsu_back2") in game.legal_actions()


def test_abilities_resolve_only_in_the_turn_played() -> None:
    """Attack Phase: you cannot resolve the Optional Abilities of cards played in previous turns."""
    game = attack_scene()
    game.apply(Play("t_matsuki"))
    assert game.phase() == "ability" and game.tasks[0].arg == "t_matsuki"
    game.apply(Skip("gain_two"))
    game.apply(Skip("eliminate_self"))
    game.apply(Pass())  # the defender passes
    assert all(not isinstance(a, Use) for a in game.legal_actions())


# -- the duel ----------------------------------------------------------------------------------------


def test_the_duel_adds_defense_against_the_chosen_shot_or_pass() -> None:
    """Shooting/Passing 1-2: the defender adds Defense; the attacker adds Shot or Pass and chooses."""
    game = duel_scene(["t_hyuga", "t_furuta"], ["n_morisaki", "n_ishizaki"])
    game.apply(Aim("pass"))
    d = game.state.duel
    assert (d.kind, d.attack, d.defense) == ("pass", 1 + 3, 3 + 3)


def test_points_attacker_first_then_defender_each_plus_one() -> None:
    """Shooting/Passing 3: starting with the attacker, each point spent gives +1 and leaves the pool."""
    game = duel_scene(["t_hyuga"], ["n_morisaki"], points={1: {"shot": 3}, 0: {"defense": 2}})
    game.apply(Aim("shot"))
    assert game.current_actor() == 1
    game.apply(Spend(2))
    assert game.current_actor() == 0 and game.legal_actions() == [Spend(0), Spend(1), Spend(2)]
    game.apply(Spend(1))
    assert game.state.coaches[1].points["shot"] == 1 and game.state.coaches[0].points["defense"] == 1
    assert game.chance_probability(Dice(3, 3)) == Fraction(1, 36)


def test_a_tie_goes_to_the_attacker_and_a_won_pass_keeps_the_ball() -> None:
    """Shooting/Passing 5 and Phase Resolution: a tie is the attacker's; a won Pass keeps possession."""
    game = duel_scene(["t_furuta"], ["n_ishizaki"])  # pass 3 against defense 3
    game.apply(Aim("pass"))
    game.apply(Spend(0))
    game.apply(Spend(0))
    game.apply(Dice(4, 4))
    assert game.state.duel.result == "pass" and game.state.attacker == 1


def test_ties_to_the_defender_when_switched() -> None:
    """Ruling switch ties_to_attacker=False: the same tie is the defender's, who steals the ball."""
    game = duel_scene(["t_furuta"], ["n_ishizaki"], rules=Rules(ties_to_attacker=False))
    for action in (Aim("pass"), Spend(0), Spend(0), Dice(4, 4)):
        game.apply(action)
    assert game.state.duel.result == "stolen" and game.state.attacker == 0


def test_a_won_shot_is_a_goal_and_the_ball_changes_sides() -> None:
    """Phase Resolution: win a Shot and you score; possession goes to the other coach."""
    game = duel_scene(["t_hyuga"], ["n_ishizaki"])
    for action in (Aim("shot"), Spend(0), Spend(0), Dice(2, 5)):
        game.apply(action)  # 5+2 = 7 against 3+5 = 8: lost
    assert game.state.duel.result == "stolen" and game.state.attacker == 0
    game = duel_scene(["t_hyuga"], ["n_ishizaki"])
    for action in (Aim("shot"), Spend(0), Spend(0), Dice(3, 5)):
        game.apply(action)  # 8 against 8: the attacker's
    assert game.state.coaches[1].score == 1 and game.state.attacker == 0


def test_the_keepers_save_one_catch_two_three_corner_four_to_six_goal() -> None:
    """Yuzo Morisaki / Ken Wakashimazu: after a won shot, 1 catches, 2-3 a corner, 4-6 a goal."""
    for face, result, score, attacker in [(1, "catch", 0, 0), (3, "corner", 0, 1), (4, "goal", 1, 0)]:
        game = duel_scene(["t_hyuga"], ["n_morisaki"])
        for action in (Aim("shot"), Spend(0), Spend(0), Dice(6, 1), Save(True)):
            game.apply(action)
        assert game.phase() == "save" and game.chance_probability(face) == Fraction(1, 6)
        game.apply(face)
        assert (game.state.duel.result, game.state.coaches[1].score, game.state.attacker) == (
            result,
            score,
            attacker,
        )


def test_no_save_without_the_keeper_in_the_defenders_play_area() -> None:
    """The keeper's ability works only if his card is in the Defending team's play area."""
    game = duel_scene(["t_hyuga", "t_wakashimazu"], ["n_ishizaki"])
    for action in (Aim("shot"), Spend(0), Spend(0), Dice(6, 1)):
        game.apply(action)
    assert game.state.coaches[1].score == 1 and game.state.duel.save is None


def test_a_reroll_card_lets_the_losing_coach_roll_again() -> None:
    """Teppei Kisugi / Takeshi Sawada: reroll a die of this round (used while losing)."""
    game = duel_scene(["t_hyuga", "t_sawada"], ["n_ishizaki"])
    for action in (Aim("shot"), Spend(0), Spend(0), Dice(1, 6)):
        game.apply(action)  # 7 + 1 = 6... 6 against 9: Toho is losing and holds Sawada
    assert game.phase() == "reroll" and game.legal_actions() == [
        Reroll("mine"),
        Reroll("theirs"),
        Reroll("keep"),
    ]
    game.apply(Reroll("theirs"))
    assert game.phase() == "reroll_die" and game.chance_probability(1) == Fraction(1, 6)
    game.apply(1)  # Nankatsu's die now shows 1: 6 against 4
    assert game.state.duel.dice == (1, 1) and game.state.coaches[1].score == 1


# -- discard, injury time, halftime, the end ----------------------------------------------------------


def test_discard_phase_empties_the_play_areas_and_refills_the_pitch() -> None:
    """Discard Phase: played cards go to their discard piles; the pitch is filled back to 4."""
    game = duel_scene(["t_hyuga"], ["n_ishizaki"])
    for action in (Aim("shot"), Spend(0), Spend(0), Dice(6, 1)):
        game.apply(action)
    s = game.state
    assert len(s.coaches[0].play) == len(s.coaches[1].play) == 0
    assert "t_hyuga" in s.coaches[1].discard and "n_ishizaki" in s.coaches[0].discard
    until(game, lambda g: g.phase() != "reveal")
    assert len(s.pitch) == 4


def test_injury_time_begins_with_the_last_match_cards_and_ends_on_a_lost_ball_or_goal() -> None:
    """Injury Time: once the last Match cards leave the pitch, play on until the attack loses the ball or
    scores.
    """
    game = until(new_game(seed=4), lambda g: g.state.injury_time)
    s = game.state
    assert len(s.pitch) == 0 and len(s.match_deck) == 0 and s.period == "1st half"
    outcomes: dict[int, str] = {}
    while s.period == "1st half":
        playing = s.round
        game.step()
        if game.outcome:
            outcomes[playing] = game.outcome
    ends = [outcomes[r] for r in sorted(outcomes)]
    assert all(o == "kept" for o in ends[:-1])
    assert ends[-1] in ("goal", "lost") or len(ends) == game.rules.injury_time_rounds


def test_halftime_reshuffles_keeps_points_and_the_other_side_kicks_off() -> None:
    """Halftime and 2nd Half: decks re-formed from deck, discards and hand; points kept; the other side
    kicks off.
    """
    game = new_game(seed=4)
    first_kicker = until(game, at("attack")).state.kicked_off
    game = until(game, lambda g: g.state.period == "2nd half")
    s = game.state
    points = [dict(c.points) for c in s.coaches]
    assert all(len(c.hand) == len(c.discard) == 0 for c in s.coaches)
    assert len(s.next_half) == 0 and len(s.pitch) + len(s.match_deck) == 12
    until(game, at("take"))
    assert s.kicked_off == s.attacker == 1 - first_kicker
    assert [dict(c.points) for c in s.coaches] == points and len(s.pitch) == 4


def test_most_goals_win_a_level_match_goes_to_extra_time_and_may_be_shared() -> None:
    """Winning the Match and Extra Time: most goals wins; a draw goes to extra time; still level, a shared
    title.
    """
    for seed in range(40):
        game = new_game(seed=seed).play()
        periods = set(game.history().period)
        if "extra time, 2nd half" in periods:
            break
    else:
        raise AssertionError("no match of 40 went to extra time")
    result = game.result()
    scores = [game.state.coaches[i].score for i in (0, 1)]
    assert result.winners == tuple(i for i in (0, 1) if scores[i] == max(scores))
    history = game.history()
    ninety = history[history.period == "extra time, 1st half"].iloc[0]  # the step that ended the 2nd half
    assert ninety.Nankatsu == ninety.Toho
    no_extra = new_game(Rules(extra_time=False), seed=seed).play()
    assert "extra time, 1st half" not in set(no_extra.history().period)


def test_a_level_match_names_why_the_title_is_shared() -> None:
    """Winning the Match / Extra Time: a level score after extra time shares the title; with
    extra time off (Rules.extra_time) a level 2nd half is the end, and the reason says so."""
    reasons: dict[bool, set[str]] = {True: set(), False: set()}
    for seed in range(60):
        for extra in (True, False):
            result = new_game(Rules(extra_time=extra), seed=seed).play().result()
            if len(result.winners) == 2:
                reasons[extra].add(result.reason)
    assert reasons[True] == {"shared title after extra time"}
    assert reasons[False] == {"shared title: level after the 2nd half, and extra time is off"}


def test_a_smaller_die_asks_for_the_keepers_faces_to_fit_and_says_how() -> None:
    """Rules.die_sides with the keeper's save faces (save_catch_top, save_corner_top): a die too
    small for them is refused naming all three fields, with an example that is itself accepted."""
    for sides in (2, 3, 4, 5):
        try:
            Rules(die_sides=sides)
        except RulesError as refused:
            message = str(refused)
            assert all(name in message for name in ("die_sides", "save_catch_top", "save_corner_top"))
            example = message[message.index("Rules(") : message.index(")", message.index("Rules(")) + 1]
            fixed = eval(example, {"Rules": Rules})  # the advice works as given
            assert fixed.die_sides == sides and fixed.save_corner_top <= sides
        else:
            assert sides >= Rules().save_corner_top


def test_extra_time_has_a_seven_card_limit_no_match_cards_and_a_random_first_attacker() -> None:
    """Extra Time: all cards reshuffled, 7-card limit, no new Match cards, first attacker by chance, 2
    rounds a half.
    """
    for seed in range(40):
        game = new_game(seed=seed)
        try:
            until(game, lambda g: g.phase() == "coin" and g.tasks[0].arg == "extra", policy=None)
            break
        except AssertionError:
            continue
    else:
        raise AssertionError("no match of 40 went to extra time")
    assert dict(game.chance_outcomes()) == {"Nankatsu": Fraction(1, 2), "Toho": Fraction(1, 2)}
    game.apply("Toho")
    s = game.state
    assert s.attacker == 1 and game.limit() == 7
    until(game, at("attack"), policy=None)
    assert not any(t.kind == "take" for t in game.tasks) and all(len(c.hand) <= 4 for c in s.coaches)


# -- special cards -------------------------------------------------------------------------------------


def test_yellow_then_red_penalise_every_total_and_do_not_count_to_the_limit() -> None:
    """Yellow / Red Card: -1 then -2 (ruling) to every total, the play it comes in included; not counted in
    the 9.
    """
    game = attack_scene()
    a = game.state.attacker
    give(game, a, "h2_foul")
    game.apply(Play("h2_foul"))
    game.apply(Use("foul"))
    victim = game.state.coaches[1 - a]
    assert len(victim.penalty) == 1 and not victim.red and game.cards_in_play() == 1
    lay(game, 1 - a, "n_ishizaki")
    assert game.total(1 - a, "defense") == 3 - 1 and game.total(1 - a, "shot") == 0 - 1
    victim.red = True
    assert game.total(1 - a, "defense") == 3 - 2


@pytest.mark.parametrize("booked", ["opponent", "fouling team"])
def test_who_a_foul_books_is_the_rulings_choice(booked: str) -> None:
    """The rulebook does not say who gets the yellow card a Foul hands out: by our ruling the
    opponent of its coach, or (the other reading) the fouling team itself."""
    game = attack_scene(rules=Rules(foul_booked=booked))
    a = game.state.attacker
    give(game, a, "h2_foul")
    game.apply(Play("h2_foul"))
    game.apply(Use("foul"))
    who = 1 - a if booked == "opponent" else a
    assert len(game.state.coaches[who].penalty) == 1 and len(game.state.coaches[1 - who].penalty) == 0


def test_a_second_foul_turns_the_yellow_card_red_and_substitution_removes_a_yellow() -> None:
    """Yellow / Red Card: a second yellow flips the card to red; the Substitution ability removes a yellow."""
    game = attack_scene()
    a = game.state.attacker
    game.state.supply.move("yellow_red", game.state.coaches[1 - a].penalty)
    give(game, a, "h2_foul")
    game.apply(Play("h2_foul"))
    game.apply(Use("foul"))
    assert game.state.coaches[1 - a].red
    game = attack_scene()
    game.state.supply.move("yellow_red", game.state.coaches[a].penalty)
    give(game, a, "h2_substitution")
    game.apply(Play("h2_substitution"))
    game.apply(Use("substitution"))
    assert len(game.state.coaches[a].penalty) == 0 and game.state.supply.count("yellow_red") == 2


def test_a_fatigue_card_has_no_values_and_counts_towards_the_limit() -> None:
    """Fatigue Card: played like any card, with no values or abilities; it counts towards the 9."""
    game = attack_scene()
    a = game.state.attacker
    give(game, a, "h1_pressing")
    game.apply(Play("h1_pressing"))
    game.apply(Use("fatigue"))
    victim = game.state.coaches[1 - a]
    assert "fatigue" in victim.hand  # ruling fatigue_to="hand"
    game.apply(Play("fatigue"))
    assert game.cards_in_play() == 2 and game.total(1 - a, "defense") == 0


def test_control_and_advance_discards_everything_and_keeps_the_ball() -> None:
    """Control and Advance: both play areas are discarded, the card leaves the match, the attack keeps the
    ball.
    """
    game = attack_scene()
    a = game.state.attacker
    lay(game, 1 - a, "n_ishizaki")
    game.apply(Play("h1_control"))
    game.apply(Use("control_advance"))
    s = game.state
    assert "h1_control" in s.box and "n_ishizaki" in s.coaches[1 - a].discard
    assert s.attacker == a and game.cards_in_play() == 0 and s.duel.dice is None


def test_injury_discards_a_random_card_of_the_opponents_hand() -> None:
    """Injury: a card of the opponent's hand, at random, goes to their discard pile."""
    game = attack_scene()
    a = game.state.attacker
    give(game, a, "h1_injury")
    game.apply(Play("h1_injury"))
    game.apply(Use("injury"))
    hand = game.state.coaches[1 - a].hand
    assert game.phase() == "injury" and dict(game.chance_outcomes()) == {
        c: Fraction(1, len(hand)) for c in hand
    }
    card = game.legal_actions()[0]
    game.apply(card)
    assert card in game.state.coaches[1 - a].discard


def test_special_shot_only_for_the_attacker_with_his_teams_card_and_picked_face_down() -> None:
    """Special Shot: only the Attacking coach, with his team's card; play areas discarded; the card leaves;
    choose and reveal.
    """
    game = attack_scene()
    a = game.state.attacker
    assert a == 1
    lay(game, 0, "n_ishizaki")
    give(game, a, "h1_special_n")
    give(game, a, "h1_special_t")
    game.apply(Play("h1_special_n"))  # Nankatsu's card in Toho's hands: no Special Shot for Toho
    assert game.phase() == "attack" and game.current_actor() == 0
    game.apply(Pass())
    game.apply(Play("h1_special_t"))
    game.apply(Use("special_shot"))
    assert "h1_special_t" in game.state.box and game.cards_in_play() == 0
    assert game.legal_actions() == [Pick("t_bicycle"), Pick("t_tiger"), Pick("t_tiger_tackle")]
    game.apply(Pick("t_bicycle"))
    game.apply(Pick("n_stop_tiger"))  # the rulebook's example: the wrong guess, so a goal
    assert game.state.coaches[1].score == 1 and game.state.attacker == 0


def test_a_blocked_special_shot_gives_the_defender_the_ball() -> None:
    """Special Shot: if the Special Defense stops the shot, the defender takes possession."""
    game = attack_scene()
    give(game, 1, "h1_special_t")
    game.apply(Play("h1_special_t"))
    game.apply(Use("special_shot"))
    game.apply(Pick("t_tiger"))
    game.apply(Pick("n_stop_tiger"))
    assert (
        game.state.coaches[1].score == 0 and game.state.attacker == 0 and game.state.duel.result == "blocked"
    )


# -- advanced rules ----------------------------------------------------------------------------------


def _hyuga_just_played(when: str) -> TsubasaGame:
    """Toho (attacking) has just played Kojiro Hyuga and skipped his abilities; it holds the points
    to motivate him (2 Shot, 1 Defense)."""
    game = attack_scene(rules=Rules(motivation=True, motivation_when=when))
    game.state.coaches[1].points.update({"shot": 2, "pass": 0, "defense": 1})
    give(game, 1, "t_hyuga")
    for action in (Play("t_hyuga"), Skip("gain_shot"), Skip("play_card")):
        game.apply(action)
    return game


def test_motivation_pays_points_swaps_the_card_and_uses_its_abilities() -> None:
    """Motivation Cards: spend the points shown, the played card goes to the box, the motivated card takes
    its place. (Here in the variant Rules.motivation_when="own turn": only in the coach's next turn.)
    """
    game = _hyuga_just_played("own turn")
    me = game.state.coaches[1]
    assert game.phase() == "attack" and game.current_actor() == 0  # no moment to motivate: Nankatsu's turn
    game.apply(Pass())  # Nankatsu passes; Toho's turn again
    assert Motivate("t_hyuga") in game.legal_actions()
    game.apply(Motivate("t_hyuga"))
    assert (
        "t_hyuga" in game.state.box
        and "m_hyuga" in me.play
        and me.points == {"shot": 0, "pass": 0, "defense": 0}
    )
    assert game.phase() == "ability" and game.pending[0][1] == "m_hyuga"  # its abilities, now


def test_assured_success_six_against_one_wins_whatever_the_totals() -> None:
    """Assured Success: a 6 against a 1 wins the duel whatever the totals (advanced rule)."""
    game = duel_scene(
        ["t_koike"], ["n_morisaki", "n_ishizaki", "n_takasugi"], rules=Rules(assured_success=True)
    )
    for action in (Aim("pass"), Spend(0), Spend(0), Dice(6, 1)):
        game.apply(action)  # 1 + 6 = 7 against 8 + 1 = 9, but 6 against 1
    assert game.state.duel.result == "pass"
    game = duel_scene(["t_koike"], ["n_morisaki", "n_ishizaki", "n_takasugi"])
    for action in (Aim("pass"), Spend(0), Spend(0), Dice(6, 1)):
        game.apply(action)
    assert game.state.duel.result == "stolen"


def test_signings_four_on_offer_keeper_for_keeper_field_players_need_room() -> None:
    """Signings: 4 on offer (the rest boxed); a keeper replaces a keeper in play; a field player needs room
    under the limit.
    """
    game = attack_scene(rules=Rules(signings=True))
    s = game.state
    assert len(s.offer) == 4 and len(s.signing_pool) == 0
    assert sum(s.box.count(c) for c in s.data.of_kind("signing")) == 4
    for card in list(s.offer):
        s.offer.move(card, s.box)
    for card in ("s_nakanishi", "s_jito"):
        s.box.move(card, s.offer)
    a = s.attacker
    me = s.coaches[a]
    keeper = "t_wakashimazu" if a == 1 else "n_morisaki"
    me.points.update({"shot": 5, "pass": 5, "defense": 5})
    assert Sign("s_nakanishi") not in game.legal_actions()  # no keeper of ours in play yet
    assert Sign("s_jito") in game.legal_actions()
    give(game, a, keeper)
    game.apply(Play(keeper))
    assert game.phase() == "sign"  # in the same turn, right after the keeper is played
    game.apply(Sign("s_nakanishi"))
    assert "s_nakanishi" in me.play and keeper in me.discard and me.points["defense"] == 2


# -- the clarifications on optional abilities ------------------------------------------------------------


def test_eliminate_returns_to_the_box_and_discard_to_the_owners_pile() -> None:
    """Clarifications: Eliminate Card returns it to the box; Discard Card sends it to its owner's discard
    pile.
    """
    game = attack_scene()
    lay(game, 0, "n_ishizaki")
    lay(game, 0, "n_izawa")
    give(game, 1, "t_imai")
    game.apply(Play("t_imai"))
    game.apply(Use("discard_opponent", "n_izawa"))
    assert "n_izawa" in game.state.coaches[0].discard
    game.apply(Pass())
    give(game, 1, "t_shimano")
    game.apply(Play("t_shimano"))
    game.apply(Use("eliminate_opponent", "n_ishizaki"))
    assert "n_ishizaki" in game.state.box


def test_play_card_plays_another_card_and_runs_its_abilities() -> None:
    """Clarifications: Play Card takes a card from your hand to the play area and runs its abilities."""
    game = attack_scene()
    give(game, 1, "t_hyuga")
    give(game, 1, "t_furuta")
    game.apply(Play("t_hyuga"))
    game.apply(Skip("gain_shot"))
    game.apply(Use("play_card", "t_furuta"))
    assert "t_furuta" in game.state.coaches[1].play and game.legal_actions() == [
        Use("gain_pass"),
        Skip("gain_pass"),
    ]


def test_the_three_kinds_of_gain() -> None:
    """Clarifications: Gain Shot/Pass is one of them; Gain Shot/Pass/Defense one of each; Gain 2x two, same
    or different.
    """
    game = attack_scene()
    me = game.state.coaches[1]
    give(game, 1, "t_sorimachi")
    game.apply(Play("t_sorimachi"))
    assert game.legal_actions() == [
        Use("gain_shot_or_pass", "shot"),
        Use("gain_shot_or_pass", "pass"),
        Skip("gain_shot_or_pass"),
    ]
    game.apply(Use("gain_shot_or_pass", "pass"))
    game.apply(Pass())
    give(game, 1, "t_kawabe")
    game.apply(Play("t_kawabe"))
    game.apply(Use("gain_each"))
    game.apply(Skip("eliminate_self"))
    give(game, 1, "t_matsuki")
    game.apply(Play("t_matsuki"))
    assert len([a for a in game.legal_actions() if isinstance(a, Use)]) == 6
    game.apply(Use("gain_two", "shot+shot"))
    assert me.points == {"shot": 3, "pass": 2, "defense": 1}


# -- Motivation's timing (Rules.motivation_when) -----------------------------------------------------

MOTIVATED = Rules(motivation=True)


def test_motivation_at_any_time_a_card_just_played_is_motivated_at_once() -> None:
    """Motivation Cards: 'At any time during the match, a Coach can motivate one or more players who
    have been played that round'; the rulebook's example motivates Lucas Lawton just after he is
    played and uses the new card's abilities. By default (motivation_when="any time") the coach is
    asked right after the card's own abilities, before the turn passes.
    """
    game = _hyuga_just_played("any time")
    me = game.state.coaches[1]
    assert game.phase() == "motivate" and game.current_actor() == 1
    assert game.legal_actions() == [Motivate("t_hyuga"), Skip("motivation")]
    game.apply(Motivate("t_hyuga"))
    assert "t_hyuga" in game.state.box and "m_hyuga" in me.play and game.pending[0].card == "m_hyuga"
    game.apply(Skip("gain_two"))
    assert game.phase() == "attack" and game.current_actor() == 0  # then Nankatsu's turn


def test_motivation_at_any_time_the_ninth_card_is_motivated_before_the_duel() -> None:
    """Motivation Cards ('at any time') with Attack Phase 2: the 9th card ends the attack phase, yet
    its coach may still motivate it before the Shooting/Passing phase begins."""
    game = eight_in_play(rules=MOTIVATED)
    me = game.state.coaches[1]
    me.points.update({"shot": 2, "pass": 0, "defense": 1})
    game.state.coaches[1].play.move("t_hyuga", me.hand)
    lay(game, 1, "t_imai")
    game.apply(Play("t_hyuga"))  # the 9th card: no room to use play_card
    game.apply(Skip("gain_shot"))
    assert game.cards_in_play() == 9 and game.phase() == "motivate"
    game.apply(Motivate("t_hyuga"))
    game.apply(Skip("gain_two"))
    assert "m_hyuga" in me.play and game.cards_in_play() == 9 and game.phase() == "aim"
    game.apply(Aim("shot"))
    assert game.state.duel.attack == 7 + 1 + 1 + 1 + 1  # the motivated Hyuga's 7 counts


def test_motivation_at_any_time_in_the_duel_even_after_passing() -> None:
    """Motivation Cards ('at any time during the match') with Shooting/Passing 3: at the start of the
    duel the attacker, then the defender, may motivate, a coach who has passed included, and the
    totals count the motivated card. In the variant motivation_when="own turn" the duel offers none.
    """
    for when, asked in [("any time", True), ("own turn", False)]:
        game = attack_scene(rules=Rules(motivation=True, motivation_when=when))
        lay(game, 1, "t_hyuga")
        lay(game, 0, "n_morisaki")
        lay(game, 0, "n_ishizaki")
        game.state.coaches[1].points.update({"shot": 2, "defense": 1})
        game.state.coaches[0].points.update({"defense": 2})
        game.apply(Pass())  # Toho passes without motivating
        game.apply(Pass())
        if not asked:
            assert game.phase() == "aim"
            continue
        assert (game.phase(), game.current_actor()) == ("motivate", 1)
        game.apply(Skip("motivation"))
        assert (game.phase(), game.current_actor()) == ("motivate", 0)
        game.apply(Motivate("n_morisaki"))
        game.apply(Skip("gain_defense"))
        assert game.phase() == "aim"
        game.apply(Aim("shot"))
        assert game.state.duel.defense == 5 + 3  # the motivated Morisaki's 5, not the initial 3


def test_motivating_outside_its_moments_is_refused_in_words() -> None:
    """Motivation Cards: outside the moments the engine offers (Rules.motivation_when), a Motivate is
    refused with a sentence naming when it can be done, and nothing changes."""
    game = duel_scene(["t_hyuga"], ["n_ishizaki"], rules=Rules(motivation=True, motivation_when="own turn"))
    game.state.coaches[1].points.update({"shot": 2, "defense": 1})
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="only in your own turn of the attack phase"):
        game.apply(Motivate("t_hyuga"))
    assert snapshot(game) == before


# -- the Mandatory Action (card anatomy 7) -------------------------------------------------------------


def _changed(**cards: dict) -> TsubasaData:
    """The shipped data with some cards changed (a teacher's copy)."""
    data = load_data()
    changed = {**data.cards, **{k: dataclasses.replace(data.cards[k], **v) for k, v in cards.items()}}
    return dataclasses.replace(data, cards=changed)


def test_a_card_removed_by_a_motivation_at_the_duels_start_reopens_the_attack_phase() -> None:
    """End of the attack phase: if one of the 9 cards is eliminated then, play goes on until 9
    are reached again; so too when a card motivated at the start of the duel removes one."""
    data = _changed(m_morisaki={"abilities": ("eliminate_opponent",)})  # a teacher's motivated card
    game = attack_scene(seed=1, rules=Rules(motivation=True), data=data)
    empty_hands(game)
    for card in ["t_hyuga", "t_sawada", "t_furuta", "t_koike"]:
        lay(game, 1, card)
    for card in ["n_morisaki", "n_ishizaki", "n_izawa", "n_taki"]:
        lay(game, 0, card)
    give(game, 1, "t_imai")
    give(game, 0, "n_tsubasa")
    game.state.coaches[0].points["defense"] = 5
    game.apply(Play("t_imai"))
    game.apply(Skip("discard_opponent"))  # the 9th card: the attack phase ends
    game.apply(Motivate("n_morisaki"))
    game.apply(Use("eliminate_opponent", "t_hyuga"))
    assert game.cards_in_play() == 8 and "t_hyuga" in game.state.box
    assert (game.phase(), game.current_actor()) == ("attack", 0)  # Nankatsu may play the 9th again
    assert Play("n_tsubasa") in game.legal_actions()


def test_a_mandatory_action_follows_optional_ability_1() -> None:
    """Card Example 7, 'Mandatory Action if it is used Optional Ability 1', with the Clarifications:
    Advices from the coaches gains two points and must then be discarded (Discard Card: to its
    owner's discard pile); Motivation to Play for Japan must be eliminated (Eliminate Card: to the
    box). Skipping the ability owes nothing."""
    data = load_data()
    assert (data.cards["h1_advice"].mandatory, data.cards["h2_japan"].mandatory) == (
        "discard_self",
        "eliminate_self",
    )
    for card, where in [("h1_advice", "discard"), ("h2_japan", "box")]:
        game = attack_scene()
        me = game.state.coaches[1]
        give(game, 1, card)
        game.apply(Play(card))
        game.apply(Use("gain_two", "pass+defense"))
        assert card not in me.play and card in (me.discard if where == "discard" else game.state.box)
        assert me.points == {"shot": 0, "pass": 1, "defense": 1}
        assert "(its Mandatory Action)" in game.history().outcome.iloc[-1]
    game = attack_scene()
    give(game, 1, "h1_advice")
    game.apply(Play("h1_advice"))
    game.apply(Skip("gain_two"))
    assert "h1_advice" in game.state.coaches[1].play


def test_an_ability_of_a_card_that_has_left_play_resolves_or_is_lost() -> None:
    """Ruling Rules.abilities_after_leaving (the rulebook is silent): once a card's Mandatory Action
    has taken it out of play, its Optional Ability 2 is still offered ('resolve', the default: the
    card was played) or is 'lost' with it."""
    data = _changed(t_furuta={"abilities": ("gain_shot", "gain_pass"), "mandatory": "eliminate_self"})
    for ruling, offered in [("resolve", True), ("lost", False)]:
        game = attack_scene(rules=Rules(abilities_after_leaving=ruling), data=data)
        give(game, 1, "t_furuta")
        game.apply(Play("t_furuta"))
        game.apply(Use("gain_shot"))
        assert "t_furuta" in game.state.box
        assert (game.phase() == "ability" and game.legal_actions()[0] == Use("gain_pass")) == offered
        assert (game.phase() == "attack" and game.current_actor() == 0) == (not offered)


@pytest.mark.parametrize("order", ["as printed", "coach's choice"])
def test_the_order_of_a_cards_two_optional_abilities(order: str) -> None:
    """Ruling Rules.ability_order (the rulebook numbers the abilities, no order): Optional Ability
    1 is decided first; "coach's choice" lets the coach use 2 first, and 1 (with its Mandatory
    Action) is asked after. Gaining the points first, then removing the card, is the same either way."""
    data = _changed(t_furuta={"abilities": ("gain_shot", "gain_pass"), "mandatory": "eliminate_self"})
    game = attack_scene(rules=Rules(ability_order=order), data=data)
    give(game, 1, "t_furuta")
    game.apply(Play("t_furuta"))
    offered = game.legal_actions()
    assert Use("gain_shot") in offered and Skip("gain_shot") in offered
    assert (Use("gain_pass") in offered) == (order == "coach's choice")
    if order == "as printed":
        return
    points = dict(game.state.coaches[1].points)
    game.apply(Use("gain_pass"))  # 2 first: the card stays, and 1 is still to be decided
    assert game.state.coaches[1].points["pass"] == min(points["pass"] + 1, game.rules.max_points)
    assert "t_furuta" in game.state.coaches[1].play
    assert game.phase() == "ability" and game.legal_actions() == [Use("gain_shot"), Skip("gain_shot")]
    game.apply(Use("gain_shot"))  # then 1, and its Mandatory Action removes the card
    assert "t_furuta" in game.state.box and game.phase() == "attack"


def test_a_mandatory_action_of_a_reroll_or_a_save_comes_when_it_is_used() -> None:
    """Card Example 7 with the duel's abilities: a card whose Optional Ability 1 is the reroll (or
    the keeper's save) owes its Mandatory Action when the reroll is used (or the save tried)."""
    data = _changed(t_sawada={"mandatory": "discard_self"}, n_morisaki={"mandatory": "eliminate_self"})
    game = duel_scene(["t_hyuga", "t_sawada"], ["n_ishizaki"], data=data)
    for action in (Aim("shot"), Spend(0), Spend(0), Dice(1, 6)):
        game.apply(action)
    assert "t_sawada" in game.state.coaches[1].play
    game.apply(Reroll("theirs"))
    assert "t_sawada" in game.state.coaches[1].discard
    game = duel_scene(["t_hyuga"], ["n_morisaki"], data=data)
    for action in (Aim("shot"), Spend(0), Spend(0), Dice(6, 1)):
        game.apply(action)
    assert "n_morisaki" in game.state.coaches[0].play
    game.apply(Save(True))
    assert "n_morisaki" in game.state.box and game.phase() == "save"


# -- the keeper's save and the Special Shot: choices, and secrets -----------------------------------------


def test_the_keepers_save_is_the_defenders_choice() -> None:
    """Yuzo Morisaki / Ken Wakashimazu: the defender 'can try to save this shot', and Optional
    Abilities are voluntary (Attack Phase): the defending coach is asked; letting the shot in is a
    goal with no keeper's die, and the ball goes to the defender."""
    game = duel_scene(["t_hyuga"], ["n_morisaki"])
    for action in (Aim("shot"), Spend(0), Spend(0), Dice(6, 1)):
        game.apply(action)
    assert game.phase() == "keeper" and game.current_actor() == 0
    assert game.legal_actions() == [Save(True), Save(False)]
    game.apply(Save(False))
    s = game.state
    assert s.coaches[1].score == 1 and s.duel.save is None and s.attacker == 0


def test_the_special_shot_is_chosen_in_secret_and_both_cards_are_shown_together() -> None:
    """Special Shots: 'the Attacking Coach will secretly choose one of the 3 Special Shot cards ...
    Simultaneously, each Coach will reveal the chosen card'. Until the defender has chosen, the
    attacker's card is in neither the history, the state tables, the table picture nor
    game.state.duel; then both are shown."""
    game = attack_scene()
    give(game, 1, "h1_special_t")
    game.apply(Play("h1_special_t"))
    game.apply(Use("special_shot"))
    game.apply(Pick("t_bicycle"))
    s = game.state
    seen = [
        game.history().to_csv(),
        game.state_frame().to_csv(),
        table_html(scene_of(game)),
        repr(s.duel),
    ]
    assert not any(word in text for word in ("t_bicycle", "Bicycle") for text in seen)
    assert game.current_actor() == 0 and game.phase() == "pick_defense"
    game.apply(Pick("n_stop_tiger"))
    assert (s.duel.shot_card, s.duel.defense_card) == ("t_bicycle", "n_stop_tiger")
    assert "Tiger's Bicycle Kick against Block the Tiger Shot" in game.history().outcome.iloc[-1]


# -- the rulings that were readings: each a Rules field -------------------------------------------------


def test_points_start_at_the_rulings_zero_or_at_the_rulebooks_reserve_of_five() -> None:
    """Match Set-Up 3: 'Each Coach will take 5 Action tokens (Shot, Pass and Defense) to form their
    reserve'. Ruling Rules.starting_points=0: the pool starts empty and max_points=5 is the reserve;
    starting_points=5 starts every pool full. More than max_points is refused, saying what to change.
    """
    for start in (0, 5):
        game = until(new_game(Rules(starting_points=start), seed=3), at("coin"))
        assert all(c.points == dict.fromkeys(("shot", "pass", "defense"), start) for c in game.state.coaches)
    with pytest.raises(RulesError) as refused:
        Rules(starting_points=7)
    message = str(refused.value)
    assert "starting_points" in message and "max_points" in message
    example = message[message.index("Rules(") : message.index(")", message.index("Rules(")) + 1]
    assert eval(example, {"Rules": Rules}).starting_points == 7  # the advice works as given


def test_points_are_kept_into_extra_time_or_reset() -> None:
    """Extra Time (the rulebook says nothing of the points), ruling Rules.extra_time_points: 'kept'
    from the match, as at halftime (the default), or 'reset' to starting_points."""
    extra = lambda g: g.phase() == "coin" and g.tasks[0].arg == "extra"  # noqa: E731
    for seed in range(60):
        kept = new_game(Rules(starting_points=1), seed=seed)
        try:
            until(kept, extra, policy=None)
        except AssertionError:
            continue
        before = [c.points for c in kept.at(kept.step_count - 1).state.coaches]
        if before != [dict.fromkeys(("shot", "pass", "defense"), 1)] * 2:
            break
    else:
        raise AssertionError("no match of 60 went to extra time with points earned")
    assert [c.points for c in kept.state.coaches] == before
    reset = until(
        new_game(Rules(starting_points=1, extra_time_points="reset"), seed=seed), extra, policy=None
    )
    assert all(c.points == dict.fromkeys(("shot", "pass", "defense"), 1) for c in reset.state.coaches)


def test_a_reroll_lasts_as_long_as_its_card_was_played_this_round() -> None:
    """Teppei Kisugi / Takeshi Sawada: a reroll changes the duel 'as long as the card was played in
    that round' (Rules.reroll_lasts='played this round', the default): Sawada sent to the discard
    pile still gives Toho its reroll; in the variant 'in play' the reroll leaves with the card."""
    for ruling, asked in [("played this round", True), ("in play", False)]:
        game = attack_scene(rules=Rules(reroll_lasts=ruling))
        empty_hands(game)
        lay(game, 1, "t_hyuga")
        lay(game, 0, "n_ishizaki")
        give(game, 1, "t_sawada")
        give(game, 0, "n_takasugi")
        game.apply(Play("t_sawada"))
        game.apply(Play("n_takasugi"))
        game.apply(Use("discard_opponent", "t_sawada"))
        for action in (Pass(), Pass(), Aim("shot"), Spend(0), Spend(0), Dice(1, 6)):
            game.apply(action)  # 5 + 1 against 3 + 6: Toho is losing
        assert "t_sawada" in game.state.coaches[1].discard
        assert (game.phase() == "reroll" and game.current_actor() == 1) == asked
        assert (game.state.duel.result == "stolen") == (not asked)


def test_a_keeper_replaced_by_a_signing_goes_where_the_ruling_says() -> None:
    """Signings: a signed goalkeeper 'must replace another goalkeeper already played'; where the
    replaced keeper goes the rulebook does not say: ruling Rules.replaced_keeper, his coach's
    'discard pile' (the default) or the 'box'."""
    for ruling in ("discard pile", "box"):
        game = attack_scene(rules=Rules(signings=True, replaced_keeper=ruling))
        s = game.state
        for card in list(s.offer):
            s.offer.move(card, s.box)
        s.box.move("s_nakanishi", s.offer)
        me = s.coaches[s.attacker]
        keeper = "t_wakashimazu" if s.attacker == 1 else "n_morisaki"
        me.points.update({"shot": 5, "pass": 5, "defense": 5})
        give(game, s.attacker, keeper)
        game.apply(Play(keeper))
        game.apply(Sign("s_nakanishi"))  # the same turn: a signing may be paid for at any time in it
        assert "s_nakanishi" in me.play and keeper in (me.discard if ruling == "discard pile" else s.box)


# -- the rulebook review of 5ce782c ------------------------------------------------------------------


def test_a_coach_who_has_passed_plays_no_card_through_a_motivated_ability() -> None:
    """Attack Phase: 'if you decide to pass, you can no longer play any more cards this round'. A
    card motivated at the start of the duel keeps its other abilities, but its play_card is not
    offered to a coach who has passed."""
    game = attack_scene(rules=Rules(motivation=True))
    empty_hands(game)
    lay(game, 0, "n_tsubasa")
    give(game, 0, "n_taki")
    game.state.coaches[0].points.update({"shot": 2, "pass": 1, "defense": 2})
    game.apply(Pass())
    game.apply(Pass())
    game.apply(Motivate("n_tsubasa"))
    offered = []
    while game.phase() == "ability":
        offered += game.legal_actions()
        game.apply(offered[-1])
    assert Use("gain_two", "shot+shot") in offered and not [a for a in offered if a.ability == "play_card"]
    assert "n_taki" in game.state.coaches[0].hand and game.phase() == "aim"


def test_gain_two_offers_only_pairs_that_gain_a_point() -> None:
    """A pair of kinds both at the cap would gain nothing (and could still trigger a Mandatory
    Action): like gain_shot_or_pass, gain_two offers only what gains at least one point."""
    game = attack_scene()
    me = game.state.coaches[game.state.attacker]
    me.points.update({"shot": 5, "pass": 5, "defense": 4})
    options = game._ability_options(game.state.attacker, "", "gain_two")
    assert [u.choice for u in options] == ["shot+defense", "pass+defense", "defense+defense"]
    me.points.update({"defense": 5})
    assert game._ability_options(game.state.attacker, "", "gain_two") == []


def test_the_keepers_faces_go_as_far_as_the_die() -> None:
    """save_catch_top and save_corner_top are bounded by die_sides (up to 12), not by 6."""
    rules = Rules(die_sides=12, save_catch_top=2, save_corner_top=7)
    assert (rules.save_catch_top, rules.save_corner_top) == (2, 7)
    assert save_outcomes(2, 7, 12) == Dist(
        {"catch": Fraction(2, 12), "corner": Fraction(5, 12), "goal": Fraction(5, 12)}
    )
    with pytest.raises(RulesError, match="die_sides"):
        Rules(die_sides=6, save_corner_top=7)


def test_the_cards_boxed_unseen_are_unnamed_in_the_history() -> None:
    """Set-up: one Match card of each half goes to the box without anyone looking at it: the
    history says so (the game's own record of the story keeps the card, for replaying)."""
    game = new_game(seed=7)
    game.step()
    row = game.history().iloc[0]
    assert row["chance outcome"] == "a Match card, unseen" and row["probability"] == Fraction(1, 13)
    assert game.actions()[0] in game.state.box


@pytest.mark.parametrize("reshuffle", [False, True])
def test_extra_times_halftime_reshuffles_only_by_the_ruling(reshuffle: bool) -> None:
    """The rulebook reshuffles at halftime and when extra time begins; at extra time's own break
    we do not, unless Rules.extra_time_halftime_reshuffle says so."""
    game = new_game(Rules(extra_time_halftime_reshuffle=reshuffle), seed=6)
    while game.state.period != "extra time, 2nd half" and not game.is_over():
        before = [(len(c.hand), len(c.discard)) for c in game.state.coaches]
        game.step()  # random legal moves, as a class might play
    assert game.state.period == "extra time, 2nd half"  # seed 6 goes to extra time
    after = [(len(c.hand), len(c.discard)) for c in game.state.coaches]
    assert all(a == (0, 0) for a in after) == reshuffle
    assert reshuffle or [hand for hand, _ in after] == [hand for hand, _ in before]  # hands kept


def test_a_signing_can_be_bought_after_the_card_played_this_turn() -> None:
    """Signings: paid for 'at any time during your turn'. A gain from the card just played can
    make a signing affordable; it is offered then, before the turn passes."""
    game = attack_scene(rules=Rules(signings=True))
    empty_hands(game)
    me = game.state.coaches[0]
    me.points.update({"shot": 0, "pass": 2, "defense": 1})
    give(game, 0, "n_taki")
    assert Sign("s_misugi") not in game.legal_actions()  # one Shot point short
    game.apply(Play("n_taki"))
    while game.phase() == "ability":
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Use)))
    assert game.phase() == "sign" and Sign("s_misugi") in game.legal_actions()
    game.apply(Sign("s_misugi"))
    assert "s_misugi" in me.play


@pytest.mark.parametrize("abilities", [True, False])
def test_a_signings_abilities_are_offered_unless_the_ruling_says_values_only(abilities: bool) -> None:
    """The rulebook says only that a signed player joins the play area: by our ruling his optional
    abilities are offered as for a card played (Misugi's play_card); off, he brings his values only."""
    game = attack_scene(rules=Rules(signings=True, signed_abilities=abilities))
    me = game.state.coaches[0]
    me.points.update({"shot": 5, "pass": 5, "defense": 5})
    if Sign("s_misugi") not in game.legal_actions():
        game.state.offer.move(game.state.offer[0], game.state.box)
        game.state.box.move("s_misugi", game.state.offer)
    game.apply(Sign("s_misugi"))
    assert "s_misugi" in me.play
    if abilities:
        assert game.phase() == "ability" and any(isinstance(a, Use) for a in game.legal_actions())
    else:
        assert game.phase() == "attack" and not any(isinstance(a, Use) for a in game.legal_actions())


def test_a_signed_keeper_replaced_by_another_signing_leaves_the_match_by_the_ruling() -> None:
    """With signed_players 'leave the match', a signed keeper replaced by a second signed keeper
    goes to the box, not into the team's deck by way of the discard pile."""
    game = attack_scene(rules=Rules(signings=True, signings_on_offer=8, signed_players="leave the match"))
    s = game.state
    a = s.attacker
    me = s.coaches[a]
    me.points.update({"shot": 5, "pass": 5, "defense": 5})
    keeper = "t_wakashimazu" if a == 1 else "n_morisaki"
    lay(game, a, keeper)
    keepers = [c for c in s.offer if s.data.cards[c].replaces == "keeper"]
    assert len(keepers) >= 2
    game.apply(Sign(keepers[0]))
    while game.phase() != "attack":
        game.apply(next(x for x in game.legal_actions() if isinstance(x, Skip)))
    me.points.update({"shot": 5, "pass": 5, "defense": 5})
    game.apply(Sign(keepers[1]))
    assert keepers[0] in s.box and keepers[0] not in me.discard


def test_a_signing_that_leaves_the_match_leaves_it_on_every_path() -> None:
    """signed_players 'leave the match': a signed player cleared by Control and Advance goes to
    the box, as at a round's end (it used to join the team's discard pile, and so its deck)."""
    from playground.tsubasa.actions import KickOff, Skip

    game = new_game(Rules(signings=True, signed_players="leave the match"), seed=9)
    while game.phase() != "kickoff":
        game.step()
    game.apply(KickOff(game.current_actor() == 0))
    while game.phase() != "attack":
        game.step()
    s = game.state
    nankatsu = s.coaches[0]
    nankatsu.points.update({"shot": 5, "pass": 5, "defense": 5})
    for zone in (nankatsu.deck, s.match_deck, s.pitch, s.coaches[1].hand):
        if "h1_control" in zone:
            zone.move("h1_control", nankatsu.hand)
    signing = next(a.card for a in game.legal_actions() if isinstance(a, Sign))
    game.apply(Sign(signing))
    while game.phase() == "ability":
        game.apply(Skip(game.pending[0].ability))
    game.apply(Play("h1_control"))
    game.apply(Use("control_advance"))
    assert signing in s.box and signing not in nankatsu.discard
