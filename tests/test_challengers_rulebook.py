"""The Challengers! rulebook, rule by rule: the checklist a newcomer reads.

Each test names the rule it shows in its docstring (the rulebook's section, in our own words)
and builds the smallest scene that shows it. The rulings where the rulebook is silent are fields
of Rules; their variants are tested in test_challengers_engine.py.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from challengers_scenes import apply_all, match_scene, passive, round_one_lines, snapshot, step_until

from playground.challengers import IllegalAction, Rules, new_game
from playground.challengers.actions import DoneRemoving, Keep, Redraw, Remove, Reveal, StopKeeping, TakeFlag
from playground.challengers.policies import greedy
from playground.challengers.simulate import step_to_match_end
from playground.challengers.state import FAN, trophy_fans, trophy_round

STARTING = ["rookie", "rookie", "rookie", "hopeful", "mascot", "captain"]

# -- preparation -----------------------------------------------------------------------------------


def test_setup_mats_by_player_count() -> None:
    """Set-up 1: the mats needed by the number of players (1-2 one, 3-4 two, 5-6 three, 7-8 four)."""
    for players, mats in [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4)]:
        assert len(new_game(seed=0, players=players).state.stacks) == mats


def test_setup_each_player_sits_at_the_mat_of_their_brackets_first_line() -> None:
    """Set-up 2: the bracket's first line names the mat each player starts on."""
    game = step_until(new_game(seed=0, players=4), "pick")
    first_round = [p for p in game.data.brackets[4] if p.round == 1]
    for pairing in first_round:
        for label in (pairing.first, pairing.second):
            assert game.state.sides[int(label) - 1].mat == pairing.mat


def test_setup_trophy_stacks_one_per_round_ascending() -> None:
    """Set-up 4: each mat's stack holds one trophy of each round, round 1 on top and 7 at the bottom."""
    game = step_until(new_game(seed=4, players=6), "pick")
    for stack in game.state.stacks:
        assert [trophy_round(t) for t in stack] == list(range(1, 8))
        for t in stack:
            assert trophy_fans(t) in Rules().trophy_fans(trophy_round(t))
    assert all(len(pile) == 4 - 3 for pile in game.state.trophy_piles)  # 3 mats took one each


def test_setup_the_history_names_each_stacked_trophys_fans_with_its_pile_chance() -> None:
    """Set-up 4 and Fan Calculation: a trophy is stacked face down, its fans hidden from the players;
    the history is the referee's record, so it names the fans, and its probability (copies of that
    value left in the round's pile over the pile's size) then says nothing the row does not."""
    game = step_until(new_game(seed=4, players=4), "pick")
    rows = game.history()
    trophies = rows[rows["phase"] == "set-up: trophy"]
    assert len(trophies) == 2 * 7
    left = {r: Counter(Rules().trophy_fans(r)) for r in range(1, 8)}
    for step, row in trophies.iterrows():
        trophy = game.actions()[step - 1]
        r, fans = trophy_round(trophy), trophy_fans(trophy)
        assert row["chance outcome"] == f"a round {r} trophy of {fans} fans"
        assert f"round {r} trophy face down ({fans} fans on its back)" in row["outcome"]
        assert row["probability"] == Fraction(left[r][fans], left[r].total())
        left[r][fans] -= 1


def test_setup_the_basic_set_and_five_of_six_make_the_level_decks() -> None:
    """Set-up 7: the basic set is always in, one of the six others stays in the box, and the cards
    are split by level into the A, B and C decks."""
    game = step_until(new_game(seed=2, players=2), "pick")
    st = game.state
    assert st.left_out in game.data.set_ids(always_in=False)
    for level, deck in st.levels.items():
        for card in deck.layers[0].kinds():
            assert game.data.cards[card].level == level and game.data.cards[card].set != st.left_out
    in_box = {game.data.cards[c].set for c in st.box.kinds() if game.data.cards[c].level in "ABC"}
    assert in_box == {st.left_out}
    assert any(
        game.data.cards[c].set == "city" for c in st.levels["A"].layers[0].kinds() + list(st.sides[0].drawn)
    )


def test_setup_each_player_takes_the_six_card_starting_deck() -> None:
    """Set-up 8: every player begins with the same 6 Starting Deck cards."""
    game = new_game(seed=0, players=3)
    for p in range(3):
        assert sorted(game.state.sides[p].deck) == sorted(STARTING)


def test_setup_the_robot_plays_with_an_odd_number_of_players() -> None:
    """Set-up 10: with an odd number of players the Robot deck makes the pairs even."""
    assert new_game(seed=0, players=3).robot == 3
    assert new_game(seed=0, players=4).robot is None
    game = step_until(new_game(seed=0, players=1), "toss")
    robot = game.state.sides[1]
    assert robot.name == "Robot" and len(robot.deck) == Rules().robot_start_cards + Rules().keep(1)


# -- the deck phase --------------------------------------------------------------------------------


def test_deck_phase_moves_to_the_brackets_mat_every_round() -> None:
    """Deck phase: look at your bracket and move to the mat of this round."""
    game = new_game(seed=1, players=4)
    step_until(game, "toss", greedy)
    for r in (2, 3):
        while game.state.round < r:
            game.step(greedy)
        step_until(game, "pick", greedy)
        for pairing in (p for p in game.data.brackets[4] if p.round == r):
            assert game.state.sides[int(pairing.first) - 1].mat == pairing.mat


def test_deck_phase_draw_five_keep_what_the_bracket_shows_discard_the_rest() -> None:
    """Deck phase: draw 5 from the round's level deck, keep as many as the bracket shows, and the
    cards not kept go to that level's discard compartment."""
    game = step_until(new_game(seed=3, players=2), "pick")
    me = game.state.sides[0]
    drawn = list(me.drawn)
    assert len(drawn) == 5 and all(game.data.cards[c].level == Rules().level(1) for c in drawn)
    apply_all(game, Keep(drawn[0]), Keep(drawn[1]))
    assert len(me.deck) == 8 and len(me.drawn) == 0
    assert Counter(game.state.levels["A"].compartment) == Counter(drawn[2:])


def test_deck_phase_one_redraw_before_or_after_the_first_pick() -> None:
    """Deck phase: once per phase, throw back the drawn cards and draw as many again; when two may be
    kept, this can come before or after the first keep."""
    game = step_until(new_game(seed=3, players=2), "pick")
    assert Redraw() in game.legal_actions()
    first = next(iter(game.state.sides[0].drawn))
    apply_all(game, Keep(first))
    assert Redraw() in game.legal_actions()
    apply_all(game, Redraw())
    step_until(game, "pick")
    assert len(game.state.sides[0].drawn) == 4 and Redraw() not in game.legal_actions()


def test_deck_phase_a_full_compartment_is_shuffled_under_its_deck() -> None:
    """Deck phase: when a compartment can hold no more, its cards are shuffled and put at the bottom
    of their level deck, so they are drawn only after the cards above them."""
    game = step_until(new_game(Rules(compartment_size=5), seed=3, players=2), "pick")
    top_before = game.state.levels["A"].layers[0].counts()
    thrown = Counter(game.state.sides[0].drawn)
    apply_all(game, Redraw())
    deck = game.state.levels["A"]
    assert deck.layers[-1].counts() == thrown and len(deck.compartment) == 0
    assert dict(game.chance_outcomes()).keys() == set(top_before)  # drawn from the top layer first


def test_deck_phase_removed_cards_go_to_their_compartment_or_the_box() -> None:
    """Deck phase: removed level cards go to their level's compartment; removed Starting Deck cards
    go back to the game box."""
    game = step_until(new_game(seed=3, players=2), "pick")
    kept = next(iter(game.state.sides[0].drawn))
    apply_all(game, Keep(kept), StopKeeping(), Remove("rookie"), Remove(kept))
    assert game.state.box.count("rookie") == 1
    assert game.state.levels["A"].compartment.count(kept) >= 1
    apply_all(game, DoneRemoving())
    assert len(game.state.sides[0].deck) == 5


def test_upon_selection_effects_resolve_when_the_card_is_kept() -> None:
    """Card effects, upon selection: resolved once, in the deck phase the card is kept (Star Harbour)."""
    game = step_until(new_game(Rules(left_out_set="castle"), seed=0, players=2), "pick")
    me = game.state.sides[0]
    for card in list(me.drawn):
        me.drawn.move(card, game.state.box)
    game.state.levels["A"].layers[0].move("comet", me.drawn)
    apply_all(game, Keep("comet"))
    assert len(me.fans) == 1


# -- the match -------------------------------------------------------------------------------------


def test_who_starts_the_flag_toss_then_the_highest_round_trophy() -> None:
    """Who starts: in round 1 the flag is tossed like a coin (1/2 each); later the player with the
    highest-round trophy starts, and a tie is tossed again."""
    game = match_scene(["captain"], ["rookie"])
    assert game.chance_outcomes() == [("Ash", Fraction(1, 2)), ("Billie", Fraction(1, 2))]
    assert all(type(p) is Fraction for _, p in game.chance_outcomes())
    apply_all(game, "Ash", Reveal(), "captain", Reveal(), "rookie")  # Billie runs out: Ash wins round 1
    assert game.state.sides[0].best_trophy_round() == 1
    while game.state.round < 2 or game.tasks[0].kind not in ("first", "toss"):
        game.step(greedy)
    assert game.tasks[0].kind == "first" and game.tasks[0].side == 0


def test_the_first_card_takes_the_flag_and_its_effect_resolves() -> None:
    """Who starts: the starter reveals the first card and puts the flag on it; if that first card
    has an effect, it is resolved."""
    game = match_scene(["busker"], ["rookie"])
    apply_all(game, "Ash", Reveal(), "busker")
    assert game.state.match.flag == 0 and list(game.state.sides[0].play) == ["busker"]
    assert len(game.state.sides[0].fans) == 1


def test_an_attack_reveals_until_the_total_equals_or_beats_the_flag() -> None:
    """Attack: reveal cards one by one, summing their strengths, until the total equals or exceeds
    the flag card's; an equal total is enough."""
    game = match_scene(["mascot"], ["rookie", "hopeful", "captain"])
    apply_all(game, "Ash", Reveal(), "mascot", Reveal(), "rookie")
    assert game.legal_actions() == [Reveal()] and game.attack_total(1) == 1
    apply_all(game, Reveal(), "hopeful")
    assert game.attack_total(1) == 3 == game.flag_strength(0)
    assert game.legal_actions() == [TakeFlag()]


def test_the_flag_moves_to_the_last_card_and_the_beaten_cards_go_to_the_bench() -> None:
    """Attack: the flag goes on the last card revealed, the attack's other cards under it; the
    player who lost the flag sends that card and those under it to the bench."""
    game = match_scene(["mascot", "rookie", "rookie"], ["rookie", "hopeful", "captain"])
    apply_all(game, "Ash", Reveal(), "mascot", Reveal(), "rookie", Reveal(), "hopeful", TakeFlag())
    billie, ash = game.state.sides[1], game.state.sides[0]
    assert list(billie.play) == ["rookie", "hopeful"] and game.state.match.flag == 1
    assert game.flag_strength(1) == 2  # only the card with the flag defends
    assert ash.seats == ["Mascot"] and game.state.match.attacker == 0
    apply_all(game, Reveal(), "rookie", Reveal(), "rookie", TakeFlag())
    assert billie.seats == ["Rookie", "Hopeful"]


def test_cards_of_the_same_name_share_one_seat() -> None:
    """Bench: cards of the same name stay together and take only one seat."""
    game = match_scene(["rookie", "rookie", "captain", "mascot"], ["rookie", "rookie", "captain"])
    apply_all(game, "Ash", Reveal(), "rookie", Reveal(), "rookie", TakeFlag(), Reveal(), "rookie", TakeFlag())
    apply_all(game, Reveal(), "rookie", TakeFlag())
    assert game.state.sides[0].seats == ["Rookie"] and game.state.seat_size(0, "Rookie") == 2


def test_during_the_attack_bonuses_end_when_the_card_holds_the_flag() -> None:
    """Effects, during the attack: the bonus counts only in the attack where the card is revealed."""
    game = match_scene(["captain", "rookie"], ["cabbie", "rookie"])
    apply_all(game, "Ash", Reveal(), "captain", Reveal(), "cabbie")
    assert game.attack_total(1) == 5  # 3 + 2 while attacking
    apply_all(game, TakeFlag())
    assert game.flag_strength(1) == 3
    # the flag holder is not attacking: no attack total (it once counted the Cab Driver's +2 again)
    assert (game.state.match.attacker, game.attack_total(1), game.attack_reached(1)) == (0, 0, False)


def test_on_reveal_bonuses_are_kept_with_the_flag() -> None:
    """Effects without keyword (on reveal): resolved at once; a strength bonus is kept with the flag."""
    game = match_scene(["captain", "rookie"], ["herald", "rookie"])
    apply_all(game, "Ash", Reveal(), "captain", Reveal(), "herald", TakeFlag())
    assert game.flag_strength(1) == 4  # 3 + 1, kept


def test_from_the_bench_bonuses_sum_over_copies() -> None:
    """Effects, from the bench: in effect while the card sits on the bench; copies in one seat add up."""
    game = match_scene(["pigeon", "pigeon", "pigeon", "rookie", "captain"], ["hopeful", "hopeful", "captain"])
    apply_all(game, "Ash", Reveal(), "pigeon", Reveal(), "captain", TakeFlag())
    apply_all(game, Reveal(), "pigeon", Reveal(), "pigeon")
    assert game.attack_total(0) == 3  # two Pigeons of 1, plus the first Pigeon's +1 from the bench
    apply_all(game, Reveal(), "rookie", TakeFlag(), Reveal(), "hopeful", TakeFlag())
    assert game.state.seat_size(0, "Park Pigeon") == 3 and game.state.bench_bonus(0) == 3


def test_with_flag_bonuses_apply_while_the_flag_is_on_the_card() -> None:
    """Effects, with flag possession: the bonus applies while the flag lies on the card."""
    game = match_scene(["squire"], ["rookie", "rookie", "rookie"])
    apply_all(game, "Ash", Reveal(), "squire")
    assert game.flag_strength(0) == 3  # 2 + 1 with the flag


def test_losing_the_flag_effects_resolve_before_the_new_flag() -> None:
    """Effects, when losing the flag: resolved as the flag leaves the card, before the card that
    gains the flag; a bench-clearing effect frees its seat before the beaten cards sit down."""
    game = match_scene(["jester"], ["hopeful", "rookie"])
    events = apply_all(game, "Ash", Reveal(), "jester", Reveal(), "hopeful", TakeFlag())
    assert len(game.state.sides[0].fans) == 1
    assert events.index("Ash gains 1 fan(s) (Court Jester).") < events.index("Ash's bench: 1 of 6 seats.")
    game = match_scene(["rookie", "butler"], ["hopeful", "phantom", "rookie"], Rules(bench_seats=1))
    apply_all(
        game, "Ash", Reveal(), "rookie", Reveal(), "hopeful", TakeFlag(), Reveal(), "butler", TakeFlag()
    )
    assert game.state.sides[0].seats == ["Rookie"]
    events = apply_all(game, Reveal(), "phantom", TakeFlag())  # the Butler sends the Rookie seat to rest
    assert "Pale Butler: Ash's Rookie seat goes to the rest pile." in events
    assert "Ash's bench: 1 of 1 seats." in events  # so the Butler finds a free seat


def test_a_match_is_lost_when_the_attacker_runs_out_of_cards() -> None:
    """Winning a match 1: the attacker cannot gather enough strength before their deck runs out."""
    game = match_scene(["captain"], ["rookie", "rookie"])
    events = apply_all(game, "Ash", Reveal(), "captain", Reveal(), "rookie", Reveal(), "rookie")
    assert "Billie ran out of cards: Ash wins the match." in events
    assert game.state.match.winner == 0


def test_a_match_is_lost_when_a_seventh_seat_is_needed() -> None:
    """Winning a match 2: a player who must send cards to the bench with no free seat loses
    (shown with a 1-seat bench: needing a 2nd seat is needing one seat more than there are)."""
    game = match_scene(["rookie", "hopeful", "mascot"], ["mascot", "captain", "rookie"], Rules(bench_seats=1))
    apply_all(game, "Ash", Reveal(), "rookie", Reveal(), "mascot", TakeFlag())
    apply_all(game, Reveal(), "hopeful", Reveal(), "mascot", TakeFlag())
    events = apply_all(game, Reveal(), "captain", TakeFlag())
    assert "Ash needs a bench seat more than the 1: Billie wins the match." in events
    assert game.state.match.winner == 1


def test_the_winner_takes_the_rounds_trophy_and_everyone_collects_their_cards() -> None:
    """Winning a match: the winner takes the round's trophy from the mat; then every player gathers
    their bench, mat, rest pile and unplayed cards back into their deck."""
    game = match_scene(["captain", "mascot"], ["rookie", "rookie", "hopeful"])
    trophy = game.state.stacks[0][0]
    apply_all(game, "Ash", Reveal(), "captain", Reveal(), "rookie", Reveal(), "rookie")
    assert game.state.match.winner is None
    apply_all(game, Reveal(), "hopeful", TakeFlag(), Reveal(), "mascot", TakeFlag())
    assert game.state.match.winner == 0 and list(game.state.sides[0].trophies) == [trophy]
    for side in game.state.sides[:2]:
        assert len(side.play) == len(side.bench) == len(side.rest) == 0 and not side.seats
    assert len(game.state.sides[0].deck) == 2 and len(game.state.sides[1].deck) == 3


# -- scoring and the final -------------------------------------------------------------------------


def test_fans_are_tokens_plus_the_trophies_backs() -> None:
    """Fan calculation: each player adds their fan tokens and the values on their trophies' backs."""
    game = new_game(seed=8, players=4).play(greedy)
    for side in game.state.sides:
        assert side.score() == side.fans.count(FAN) + sum(trophy_fans(t) for t in side.trophies)
        assert game.result().scores[game.state.sides.index(side)] == side.score()


def test_ties_go_to_more_trophies_then_the_highest_round_trophy() -> None:
    """Tie-breaking: more trophies first, then the trophy of the highest round."""
    game = new_game(seed=0, players=3)
    a, b, c = game.state.sides[:3]
    a.trophies.add("R5 trophy 6")  # 6 fans, one trophy
    b.trophies.add("R1 trophy 3")  # 6 fans, two trophies
    b.trophies.add("R2 trophy 3")
    c.trophies.add("R6 trophy 6")  # 6 fans, one trophy from a later round
    assert [game.player_name(p) for p in game.standings()] == ["Billie", "Chris", "Ash"]


def test_the_final_top_two_remove_cards_but_draw_none() -> None:
    """The final: after round 7 the two players with the most fans meet; they may remove cards as
    in a deck phase but draw no new ones; the winner is the champion."""
    game = new_game(seed=11, players=4)
    while game.state.round <= 7 or not game.tasks or game.tasks[0].kind != "remove":
        game.step(greedy)
    top_two = set(game.standings()[:2])
    assert set(game.state.finalists) == top_two
    assert game.tasks[0].kind == "remove" and game.tasks[0].side in top_two
    game.play(greedy)
    assert game.result().winners == (game.state.champion,) and game.state.champion in top_two


def test_no_final_with_one_or_two_players() -> None:
    """With 1 or 2 players there is no final: the most fans wins (alone against the Robot, who is
    never ranked, that is the player)."""
    for players, reason in ((1, "a solo tournament"), (2, "no final with 2 players")):
        game = new_game(seed=1, players=players).play(greedy)
        assert game.state.finalists == () and reason in game.result().reason


# -- removing every card, each player's bracket, drawing again -------------------------------------


def emptied_deck_at_the_toss(rules: Rules | None = None):
    """A 2-player game at round 1's toss where Ash removed every card at the end of his deck phase."""
    game = step_until(new_game(rules or Rules(), seed=5, players=2), "remove")
    while any(isinstance(a, Remove) for a in game.legal_actions()):
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Remove)))
    apply_all(game, DoneRemoving())
    return step_until(game, "toss")


def test_removing_cards_may_empty_the_deck_and_an_empty_deck_loses_at_once() -> None:
    """Deck phase, removing cards: you may remove as many cards as you want, even all of them.
    Winning matches 1: a player who cannot reach the flag loses; with no cards that is at once,
    whether they won the toss (they have no first card to reveal) or attack first."""
    game = emptied_deck_at_the_toss()
    assert len(game.state.sides[0].deck) == 0 and game.state.box.count("rookie") == 3
    trophy = game.state.stacks[0][0]
    events = apply_all(game, "Ash", Reveal())
    assert "Ash has no cards: Billie wins the match." in events
    assert list(game.state.sides[1].trophies) == [trophy]
    game = emptied_deck_at_the_toss()
    card = next(iter(game.state.sides[1].deck))
    events = apply_all(game, "Billie", Reveal(), card)
    assert "Ash ran out of cards: Billie wins the match." in events
    assert game.state.match.winner == 1 and game.state.match.flag_moves == 0
    assert game.play(greedy).is_over()  # the tournament goes on: Ash keeps new cards in round 2


def test_variant_a_minimum_deck_keeps_the_last_card() -> None:
    """House rule min_deck: the last cards cannot be removed; the refusal leaves the state as it was."""
    game = step_until(new_game(Rules(min_deck=1), seed=5, players=2), "remove")
    while len(game.state.sides[0].deck) > 1:
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Remove)))
    last = next(iter(game.state.sides[0].deck))
    assert game.legal_actions() == [DoneRemoving()]
    before = snapshot(game)
    with pytest.raises(IllegalAction, match=r"Ash's deck must keep at least 1 card\(s\)"):
        game.apply(Remove(last))
    assert snapshot(game) == before


def test_each_player_reads_level_and_keep_from_their_own_bracket() -> None:
    """Deck phase: the letter on YOUR bracket names the level deck you draw from, and the number
    how many you may keep; two players of one match may read different lines."""
    data = round_one_lines(2, {"1": ("B", 1), "2": ("C", 2)})
    game = step_until(new_game(data=data, seed=3, players=2), "pick")
    ash = game.state.sides[0]
    assert {game.data.cards[c].level for c in ash.drawn} == {"B"}
    assert "Ash draws 5 cards from level B and may keep 1." in " ".join(game.history()["outcome"])
    apply_all(game, Keep(next(iter(ash.drawn))))
    assert game.tasks[0].kind == "remove"  # one kept: the bracket allows no more
    game.step(passive)
    step_until(game, "pick")
    assert {game.data.cards[c].level for c in game.state.sides[1].drawn} == {"C"}
    assert game.state.deck_phase.keep == 2


def test_variant_one_level_and_keep_per_round_for_everyone() -> None:
    """level_and_keep 'one per round': the Rules' level_round_N and keep_round_N, not the brackets."""
    data = round_one_lines(2, {"1": ("B", 1), "2": ("C", 2)})
    rules = Rules(level_and_keep="one per round", level_round_1="A", keep_round_1=1)
    game = step_until(new_game(rules, data=data, seed=3, players=2), "pick")
    assert {game.data.cards[c].level for c in game.state.sides[0].drawn} == {"A"}
    apply_all(game, Keep(next(iter(game.state.sides[0].drawn))), DoneRemoving())
    step_until(game, "pick")
    assert {game.data.cards[c].level for c in game.state.sides[1].drawn} == {"A"}
    assert game.state.deck_phase.keep == 1


def test_a_bracket_keeping_more_than_is_drawn_keeps_what_was_drawn() -> None:
    """Deck phase: the bracket's number says how many of the drawn cards you may keep, so with
    fewer cards drawn (draw_per_round 1) you keep at most those."""
    game = step_until(new_game(Rules(draw_per_round=1), seed=3, players=2), "pick")
    assert len(game.state.sides[0].drawn) == 1 and game.state.deck_phase.keep == 1
    apply_all(game, Keep(next(iter(game.state.sides[0].drawn))))
    assert game.tasks[0].kind == "remove"


def ash_draws_from_an_empty_level_deck(how: str):
    """Round 1: every level A card is moved to the compartment (60 seats: never full) before
    Billie draws; Ash keeps nothing and removes nothing."""
    game = step_until(new_game(Rules(compartment_size=60, empty_level_deck=how), seed=3, players=2), "pick")
    deck = game.state.levels["A"]
    for layer in deck.layers:
        for card, n in layer.counts().items():
            layer.move(card, deck.compartment, n)
    apply_all(game, StopKeeping())
    waiting = len(deck.compartment)
    apply_all(game, DoneRemoving())
    game.check_conserved()
    return game, waiting


def test_a_level_deck_that_runs_out_shuffles_its_compartment_in() -> None:
    """Deck phase (the rulebook is silent on a level deck running out; ruling empty_level_deck):
    the compartment, full or not, is shuffled and becomes the deck, so the draw goes on."""
    game, waiting = ash_draws_from_an_empty_level_deck("shuffle compartment")
    in_play = [s for s in game.data.sets if s != game.state.left_out]
    assert waiting == sum(game.data.level_cards("A", in_play).values())  # every A card, Ash's 5 too
    assert "Level A ran out: its compartment is shuffled and becomes the deck." in " ".join(
        game.history()["outcome"]
    )
    step_until(game, "pick")
    assert len(game.state.sides[1].drawn) == 5 and len(game.state.levels["A"].compartment) == 0


def test_variant_only_a_full_compartment_comes_back_so_the_player_draws_fewer() -> None:
    """empty_level_deck 'draw fewer': as the rulebook says only a full compartment is shuffled in;
    Billie draws nothing, and so may not draw again: drawing again draws as many as are thrown back."""
    game, waiting = ash_draws_from_an_empty_level_deck("draw fewer")
    assert game.tasks[0].kind == "pick" and len(game.state.sides[1].drawn) == 0
    assert len(game.state.levels["A"].compartment) == waiting
    assert game.legal_actions() == [StopKeeping()]
    before = snapshot(game)
    with pytest.raises(IllegalAction, match=r"Billie holds no drawn cards to throw back: drawing again"):
        game.apply(Redraw())
    assert snapshot(game) == before


def test_drawing_again_is_once_per_phase_and_not_at_all_with_no_redraws() -> None:
    """Deck phase: drawing again is allowed once per deck phase; with redraws_per_phase 0, never,
    and the refusal says so (not 'already done')."""
    game = step_until(new_game(Rules(redraws_per_phase=0), seed=3, players=2), "pick")
    before = snapshot(game)
    with pytest.raises(IllegalAction, match=r"The rules allow no drawing again \(redraws_per_phase is 0\)"):
        game.apply(Redraw())
    assert snapshot(game) == before


def test_keep_names_the_card_kept_and_a_malformed_keep_is_refused_in_words() -> None:
    """Deck phase, selecting cards: the history says which card really joined the deck; a Keep
    or Remove naming no card id (a list, a number) is refused in words, nothing changed."""
    game = step_until(new_game(seed=1, players=2), "pick")
    card = next(iter(game.state.sides[0].drawn))
    name = game.data.cards[card].name
    before = snapshot(game)
    for bad, words in [
        (Keep(card, name="Golden Dragon (strength 10)"), "only looks like the allowed"),
        (Keep(["courier"]), r"A card to keep is named by its id, a text such as 'rookie'; got \['courier'\]"),
        (Keep(5), "A card to keep is named by its id"),
    ]:
        with pytest.raises(IllegalAction, match=words):
            game.apply(bad)
        assert snapshot(game) == before
    assert apply_all(game, Keep(card))[0] == f"Ash keeps {name}."
    assert game.history().iloc[-1]["action"] == f"keep {name}"
    apply_all(game, StopKeeping())
    with pytest.raises(IllegalAction, match="A card to remove is named by its id"):
        game.apply(Remove(None))


def test_the_flag_column_marks_a_holder_only_during_a_match() -> None:
    """End of a match: every card goes back to its deck, so nobody holds the flag until the next
    match begins (state_frame's flag column)."""
    game = step_until(new_game(seed=1, players=2), "attack", greedy)
    assert game.state_frame()["flag"].sum() == 1
    step_to_match_end(game, greedy)
    assert not game.state_frame()["flag"].any()
    step_until(game, "pick", greedy)
    assert game.state.round == 2 and not game.state_frame()["flag"].any()


# -- the Robot (set-up 10: its rules are in the full manual, so these are rulings) -----------------


def robot_pile_and_lines() -> tuple[list[tuple[str, str]], dict[int, tuple[str, int]]]:
    """robot.csv's (id, level) in pile order and the 1-player brackets' Robot line per round,
    read with the csv module (a second reading, not the loader's)."""
    import csv

    from playground.challengers.cards import DATA_DIR

    with (DATA_DIR / "robot.csv").open(newline="") as file:
        pile = [(r["id"], r["level"]) for r in sorted(csv.DictReader(file), key=lambda r: int(r["position"]))]
    with (DATA_DIR / "brackets.csv").open(newline="") as file:
        rows = [r for r in csv.DictReader(file) if r["players"] == "1"]
    side = {r["round"]: "first" if r["first"] == "R" else "second" for r in rows}
    lines = {
        int(r["round"]): (r[f"{side[r['round']]}_level"], int(r[f"{side[r['round']]}_keep"])) for r in rows
    }
    return pile, lines


@pytest.mark.parametrize("how", ["by level", "in order", "never"])
def test_the_robot_deck_grows_as_robot_grows_says(how: str) -> None:
    """Set-up 10, the Robot deck (ruling robot_grows): by default each round the Robot adds the
    next cards of its pile of its bracket's level, as many as the bracket lets a player keep; 'in
    order' takes the next cards whatever their level; 'never' keeps the starting cards."""
    pile, lines = robot_pile_and_lines()
    start = Rules().robot_start_cards
    deck, left = [c for c, _ in pile[:start]], list(pile[start:])
    for r in range(1, 8):
        level, keep = lines[r]
        fits = [p for p in left if how == "in order" or p[1] == level][: 0 if how == "never" else keep]
        deck += [c for c, _ in fits]
        left = [p for p in left if p not in fits]
    game = new_game(Rules(robot_grows=how), seed=0, players=1).play(greedy)
    assert Counter(game.state.sides[1].deck) == Counter(deck)
    assert list(game.state.robot_pile) == [c for c, _ in left]
    expected_left = {"by level": ["bot_17"], "in order": [], "never": [f"bot_{i:02}" for i in range(7, 20)]}
    assert list(game.state.robot_pile) == expected_left[how]  # counted by hand from robot.csv


@pytest.mark.parametrize("where", ["box", "robot"])
def test_a_trophy_the_robot_wins_goes_where_robot_trophy_says(where: str) -> None:
    """Winning matches (ruling robot_trophy): the Robot's trophy goes back to the box, won by
    nobody; with 'robot' the Robot keeps it, so its highest-round trophy can make it start."""
    game = new_game(Rules(robot_trophy=where), seed=0, players=1).play(greedy)
    won = [m["round"] for m in game.state.match_log if m["winner"] == "Robot"]
    assert won  # the scene shows something
    robot_rounds = sorted(trophy_round(t) for t in game.state.sides[1].trophies)
    boxed = sorted(trophy_round(t) for t in game.state.box if " trophy " in t)
    assert (robot_rounds, boxed) == (([], won) if where == "box" else (won, []))
    starts = [o for o in game.history()["outcome"] if "Robot holds the highest-round trophy and starts" in o]
    best = {"Ash": 0, "Robot": 0}
    expected = 0
    for m in game.state.match_log:  # the starter before each match, from the trophies won so far
        expected += best["Robot"] > best["Ash"]
        if m["winner"] == "Ash" or where == "robot":
            best[m["winner"]] = m["round"]
    assert len(starts) == expected and (expected > 0) == (where == "robot")
    assert game.result().scores == {0: game.state.sides[0].score()}  # the Robot is never ranked
    assert game.result().winners == (0,) and "solo tournament" in game.result().reason


@pytest.mark.parametrize(("reading", "drawn"), [("as many as thrown back", 4), ("all drawn this round", 5)])
def test_drawing_again_after_a_keep_draws_as_the_ruling_says(reading: str, drawn: int) -> None:
    """'Throw back the cards drawn this round and draw the same number': after one keep, 4 go
    back; our reading draws 4 new ones, the other reading as many as the round drew (5)."""
    game = new_game(Rules(left_out_set="wreck", redraw_draws=reading), seed=3, players=2)
    while game.tasks[0].kind != "pick":
        game.step()
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Keep)))
    game.apply(Redraw())
    assert sum(t.kind == "draw" for t in game.tasks) == drawn
    game.play()
    game.check_conserved()


@pytest.mark.parametrize(
    ("reading", "drawn"), [("as many as thrown back", [4, 4]), ("all drawn this round", [5, 5])]
)
def test_a_second_redraw_draws_as_the_ruling_says_too(reading: str, drawn: list[int]) -> None:
    """With two redraws allowed (redraws_per_phase) after one keep, 'all drawn this round' draws
    the round's 5 again each time (it drew 6 the second time, review 8); 'as many as thrown back'
    the 4 cards in hand each time."""
    rules = Rules(left_out_set="wreck", redraw_draws=reading, redraws_per_phase=2)
    game = new_game(rules, seed=1, players=2)
    while game.tasks[0].kind != "pick":
        game.step()
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Keep)))
    counts = []
    for _ in range(2):
        game.apply(Redraw())
        counts.append(sum(t.kind == "draw" for t in game.tasks))
        while game.tasks[0].kind == "draw":
            game.step()
    assert counts == drawn
    game.play()
    game.check_conserved()


@pytest.mark.parametrize("order", ["seat order", "rotating"])
def test_the_deck_phases_run_in_seat_order_or_rotating(order: str) -> None:
    game = new_game(Rules(deck_phase_order=order), seed=1, players=4)
    firsts: dict[int, int] = {}
    while game.state.round < 4:
        task = game.tasks[0]
        if task.kind == "pick":
            firsts.setdefault(game.state.round, task.side)
        game.step()
    assert firsts == ({1: 0, 2: 0, 3: 0} if order == "seat order" else {1: 0, 2: 1, 3: 2})


def both_decks_emptied_at_the_toss(rules: Rules) -> object:
    """A 2-player game at round 1's toss where both players removed every card of their deck."""
    game = step_until(new_game(rules, seed=5, players=2), "remove")
    while game.tasks[0].kind != "toss":
        if game.tasks[0].kind == "remove":
            while any(isinstance(a, Remove) for a in game.legal_actions()):
                game.apply(next(a for a in game.legal_actions() if isinstance(a, Remove)))
            game.apply(DoneRemoving())
        else:
            game.step(passive)
    return game


@pytest.mark.parametrize(("rule", "winner"), [("starter loses", "Billie"), ("starter wins", "Ash")])
def test_a_match_where_neither_player_has_a_card(rule: str, winner: str) -> None:
    """The rulebook has no such case; by our ruling the starter, first unable to reveal, loses
    (Rules.both_without_cards: 'starter wins' makes the other player lose instead)."""
    game = both_decks_emptied_at_the_toss(Rules(both_without_cards=rule))
    assert [len(side.deck) for side in game.state.sides] == [0, 0]
    events = apply_all(game, "Ash", Reveal())
    assert f"{winner} wins the match." in " ".join(events)
    assert game.state.match_log[-1]["winner"] == winner
    assert game.play(greedy).is_over()


def test_a_solo_player_who_must_beat_the_robot() -> None:
    """The rulebook gives a lone player no goal: by default they win and the fans are the score;
    Rules.solo_goal 'beat the robot': they win only with more matches won than lost (else nobody)."""
    outcomes = set()
    for seed in range(12):
        game = new_game(Rules(solo_goal="beat the robot"), seed=seed, players=1).play(greedy)
        won = sum(m["winner"] == "Ash" for m in game.state.match_log)
        assert len(game.state.match_log) == 7
        result = game.result()
        assert result.winners == ((0,) if won > 7 - won else ())
        assert f"winning {won} of 7 matches" in result.reason
        outcomes.add(result.winners)
        default = new_game(seed=seed, players=1).play(greedy).result()
        assert default.winners == (0,) and "solo tournament" in default.reason
    assert outcomes == {(), (0,)}  # both endings seen
