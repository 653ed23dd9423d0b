"""Tie-Break Triumph, rule by rule: the rulebook checklist a newcomer reads.

One scene per rule of the rulebook (seed 003, read in shared/rules-notes.md section 1), in the
rulebook's order: set-up, the turn, moving, each kind of space, tournaments (vacant, defended,
qualification, Training), the special actions, Injury, the Top Ranker, United and Final, Let
cards, both ends of the season and the player counts. Each test's docstring names the rule it
checks; where the rulebook is silent, the docstring names the Rules field that holds our ruling.
Variants of those rulings are tested in test_tiebreak_engine.py.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, deque
from fractions import Fraction

import pytest
from tiebreak_scenes import (
    DECK_SIZE,
    act_scene,
    apply_all,
    arrive,
    assert_conserved,
    defended_scene,
    let_card,
    place,
    set_schedule,
    set_tokens,
    until_own_phase,
)

from playground.core.engine import CHANCE
from playground.core.rules import RulesError
from playground.tiebreak import Card, IllegalAction, Rules, load_data, new_game
from playground.tiebreak.actions import (
    Discard,
    EndTurn,
    Enter,
    Heal,
    Injure,
    Qualify,
    Risk,
    Roll,
    ServeWeek,
    Take,
    Train,
    Travel,
)
from playground.tiebreak.engine import AUTO, Task
from playground.tiebreak.rules import SPONSORS_AS_WILDCARD

# -- set-up ---------------------------------------------------------------------------------------


def test_setup_three_schedule_cards_each_pieces_on_start_and_a_full_bag() -> None:
    """Set-up: every player shuffles a 36-card deck and turns the top 3 face up as the schedule;
    every piece starts on Start; the token bag holds 8 of each of the 5 types (ruling)."""
    game = new_game(seed=1, players=3)
    assert game.phase() == "draw_card" and game.current_actor() == CHANCE
    while game.phase() == "draw_card":
        game.step()
    for p in game.state.players:
        assert len(p.schedule) == 3 and sum(p.deck.values()) == DECK_SIZE - 3
        assert p.position == game.board.start and not p.tokens
    assert game.state.bag == Counter(
        dict.fromkeys(("wildcard", "training", "sponsor", "health", "travel"), 8)
    )


def test_setup_the_let_deck_is_dealt_into_one_pile_per_let_space() -> None:
    """Set-up: the Let cards are split evenly into face-down piles, one on each Let space
    (Rules.let_piles): the illustrative 20-card deck gives each of the 5 Let spaces 4 cards."""
    game = new_game(seed=1)
    assert len(game.board.let_spaces) == 5
    assert [pile.unseen for pile in game.state.let_piles] == [4] * 5
    assert sum(game.data.let_copies.values()) == 20


# -- a turn ---------------------------------------------------------------------------------------


def test_a_turn_draws_two_tokens_then_rolls_two_number_dice_and_the_direction_die() -> None:
    """The turn: draw 2 tokens at random from the bag, then roll the three dice; every outcome is
    a chance step with its exact probability (a token by its count in the bag)."""
    game = new_game(seed=2)
    while game.phase() == "draw_card":
        game.step()
    assert game.phase() == "draw_token" and dict(game.chance_outcomes())["health"] == Fraction(8, 40)
    apply_all(game, "health", "travel")
    assert game.state.players[0].tokens == Counter({"health": 1, "travel": 1})
    rolls = dict(game.chance_outcomes())
    assert game.phase() == "roll" and len(rolls) == 6 * 6 * 2
    assert set(rolls.values()) == {Fraction(1, 72)}  # 1/36 for the numbers, 1/2 for the road


def test_moving_is_always_clockwise_by_the_sum_of_the_number_dice() -> None:
    """Moving: the piece goes clockwise as many spaces as the two number dice show; the direction
    die does not turn it round (Rules.direction_die = 'fork only', the translator's note)."""
    for face in ("main", "branch"):
        game = new_game(seed=2)
        while game.phase() != "roll":
            game.step()
        game.apply(Roll(2, 3, face))
        assert game.board.spaces[game.state.players[0].position].id == "t1000_indian_wells"


def test_the_direction_die_picks_the_road_at_a_fork() -> None:
    """Moving: at a fork the direction die picks the road (ruling: half its faces the main road,
    half the branch; Rules.fork_main_faces / fork_branch_faces)."""
    ends = {}
    for face in ("main", "branch"):
        game = new_game(seed=2)
        while game.phase() != "roll":
            game.step()
        place(game, 0, "t500_rio")
        game.apply(Roll(1, 2, face))  # Rio -> the fork -> two more spaces
        ends[face] = game.board.spaces[game.state.players[0].position].id
    assert ends == {"main": "let_2", "branch": "b_let"}


def test_after_moving_a_player_may_enter_act_or_wait() -> None:
    """The turn's three options: enter at most one tournament, spend tokens on special actions,
    or wait and keep the tokens (end the week)."""
    game = act_scene()
    position = place(game, 0, "t500_doha")
    set_schedule(game, 0, [Card(500, "hard"), Card(250, "clay"), Card(250, "hard")])
    set_tokens(game, 0, {"travel": 2})
    actions = game.legal_actions()
    assert EndTurn() in actions
    assert Enter(position, "Doha 500", Card(500, "hard")) in actions
    assert any(isinstance(a, Travel) for a in actions)
    game.apply(EndTurn())
    assert game.state.players[0].tokens == Counter({"travel": 2})  # waiting keeps the tokens


def test_a_week_without_an_entry_costs_one_schedule_card_then_the_schedule_refills() -> None:
    """End of the turn: if no schedule card entered a tournament, discard one of the 3 (a week
    passes) and draw a new one from the deck."""
    game = act_scene()
    me = game.state.players[0]
    set_schedule(game, 0, [Card(500, "hard"), Card(250, "clay"), Card(250, "hard")])
    game.apply(EndTurn())
    assert game.phase() == "discard" and game.current_actor() == 0
    game.apply(Discard(Card(250, "clay")))
    assert me.discards[Card(250, "clay")] == 1 and game.phase() == "draw_card"
    game.step()
    assert len(me.schedule) == 3 and sum(me.deck.values()) == DECK_SIZE - 4


# -- tournaments ------------------------------------------------------------------------------------


def test_vacant_tournament_one_die_plus_bonuses_needs_seven() -> None:
    """Vacant tournament: no opponent; one die plus the bonuses must reach 7. A win puts the card
    on the space (its points join the ranking), a loss discards it."""
    for die, won in [(5, False), (6, True)]:
        game = act_scene()
        position = place(game, 0, "t1000_miami")
        me = game.state.players[0]
        set_schedule(game, 0, [Card(1000, "hard"), Card(250, "clay"), Card(250, "hard")])
        set_tokens(game, 0, {})
        game.apply(Enter(position, "Miami 1000", Card(1000, "hard")))
        game.apply(Risk(()))
        assert game.phase() == "vacant_roll"
        game.apply(die)  # 1 (matching card) + die: 6 reaches 7, 5 does not
        assert (game.state.titles.get(position) == (0, Card(1000, "hard"))) is won
        assert game.state.ranking(0) == (1000 if won else 0)
        assert me.discards[Card(1000, "hard")] == (0 if won else 1)


def test_risked_tokens_add_a_point_each_and_go_back_to_the_bag() -> None:
    """Tie-break points: 1 per team token risked, one of each type at most; at a vacant
    tournament the risked tokens go back to the bag, win or lose."""
    game = act_scene()
    position = place(game, 0, "t250_pune")
    me = game.state.players[0]
    set_schedule(game, 0, [Card(250, "hard"), Card(250, "clay"), Card(500, "hard")])
    set_tokens(game, 0, {})
    bag_before = Counter(game.state.bag)
    set_tokens(game, 0, {"training": 1, "health": 1, "travel": 1})
    game.apply(Enter(position, "Pune 250", Card(250, "hard")))
    game.apply(Risk(("training", "health", "travel")))
    game.apply(3)  # 1 + 3 tokens + 3 = 7: a win
    assert game.state.titles[position] == (0, Card(250, "hard"))
    assert +game.state.bag == +bag_before and not +me.tokens


def test_the_ace_is_a_point_at_the_tournament_the_doubles_reached() -> None:
    """Tie-break points: 1 for an Ace when the number dice showed doubles on the move to this
    tournament (Rules.ace_after_let_move: not after a Let card moves you on)."""
    game = new_game(seed=2)
    while game.phase() != "roll":
        game.step()
    set_schedule(game, 0, [Card(500, "hard"), Card(250, "clay"), Card(250, "hard")])
    set_tokens(game, 0, {})
    game.apply(Roll(1, 2, "main"))  # no doubles: 3 spaces to Doha 500
    doha = game.board.index["t500_doha"]
    game.apply(Enter(doha, "Doha 500", Card(500, "hard")))
    game.apply(Risk(()))
    assert game.challenger_bonus(game.state.contest) == 1
    game = new_game(seed=2)
    while game.phase() != "roll":
        game.step()
    place(game, 0, "let_1")
    set_schedule(game, 0, [Card(500, "hard"), Card(250, "clay"), Card(250, "hard")])
    set_tokens(game, 0, {})
    game.apply(Roll(1, 1, "main"))  # doubles: 2 spaces from Let (Auckland road) to Pune 250
    pune = game.board.index["t250_pune"]
    game.apply(Enter(pune, "Pune 250", Card(250, "hard")))
    game.apply(Risk(()))
    assert game.challenger_bonus(game.state.contest) == 2  # matching card + Ace


def test_defended_tournament_race_to_seven_win_by_two_champion_starts_on_three() -> None:
    """Defended tournament: the champion starts on 3 and risks nothing; the two roll one die in
    turn until one has 7 or more and leads by 2. A winning challenger replaces the champion's
    card (discarded); a winning champion keeps the space and the tokens the challenger risked."""
    game, position = defended_scene({"wildcard": 1, "health": 1})
    arrive(game, 0, "t2000_new_york")
    assert game.phase() == "challenge"
    game.apply(Qualify(position, "New York 2000", Card(2000, "hard"), "wildcard"))
    game.apply(Risk(("health",)))
    # challenger: matching 1 + surface 1 (hard card on a hard space) + wildcard 1 + health 1 = 4
    assert game.state.contest.scores == [4, 3]
    apply_all(game, 1, 1)  # 5-3, then champion 3+1 = 4: nobody at 7
    game.apply(2)  # challenger 7-4: at least 7 and 3 ahead
    assert game.state.titles[position] == (0, Card(2000, "hard"))
    assert game.state.players[1].discards[Card(2000, "clay")] == 1
    assert game.state.bag["wildcard"] >= 1 and game.state.top_ranker == 0
    assert_conserved(game)

    game, position = defended_scene({"wildcard": 1, "health": 1})
    arrive(game, 0, "t2000_new_york")
    game.apply(Qualify(position, "New York 2000", Card(2000, "hard"), "wildcard"))
    game.apply(Risk(("health",)))
    apply_all(game, 1, 6)  # 5-3, then champion 3+6 = 9 and 4 ahead: the champion defends
    assert game.state.titles[position] == (1, Card(2000, "clay"))
    # the champion is the Top Ranker, so the Wildcard taken goes straight back to the bag
    assert game.state.players[1].tokens == Counter({"health": 1})
    assert game.state.players[0].discards[Card(2000, "hard")] == 1
    assert_conserved(game)


@pytest.mark.parametrize(
    ("takes", "qualifying", "champion", "bag"),
    [
        (True, True, {"health": 1, "sponsor": 2}, {}),
        (True, False, {"health": 1}, {"sponsor": 2}),
        (False, True, {}, {"health": 1, "sponsor": 2}),
    ],
)
def test_what_a_winning_champion_keeps_of_the_challengers_tokens(
    takes: bool, qualifying: bool, champion: dict[str, int], bag: dict[str, int]
) -> None:
    """A winning champion keeps the tokens the challenger used in the tie-break (Rules.
    champion_takes_tokens); the Sponsor pair that qualified, worth its Wildcard point in the race,
    is among them by our ruling (Rules.champion_takes_qualifying: off, it goes back to the bag)."""
    rules = Rules(
        champion_takes_tokens=takes, champion_takes_qualifying=qualifying, top_ranker_returns_wildcards=False
    )
    game, position = defended_scene({"sponsor": 2, "health": 1}, rules)
    arrive(game, 0, "t2000_new_york")
    game.apply(Qualify(position, "New York 2000", Card(2000, "hard"), "sponsors"))
    game.apply(Risk(("health",)))
    before = Counter(game.state.bag)
    apply_all(game, 1, 6)  # 5-3, then champion 3+6 = 9 and 4 ahead: the champion defends
    assert game.state.titles[position] == (1, Card(2000, "clay"))
    assert game.state.players[1].tokens == Counter(champion)
    assert game.state.bag - before == Counter(bag)
    kept = ", ".join(t for t, n in champion.items() for _ in range(n)) or "no tokens"
    assert f"defends New York 2000 and keeps {kept}" in game.history()["outcome"].iloc[-1]
    assert_conserved(game)


def test_a_race_already_won_at_the_start_is_the_challengers_before_anyone_rolls() -> None:
    """Tie-break race (ruling, Rules.race_won_at_start): a challenger whose starting total already
    meets 7 and leads by 2 wins before any die is rolled, even when the champion rolls first."""
    game, position = defended_scene(
        {"wildcard": 1, "training": 1, "sponsor": 1, "health": 1, "travel": 1},
        rules=Rules(race_first="champion"),
    )
    arrive(game, 0, "t2000_new_york")
    game.apply(Qualify(position, "New York 2000", Card(2000, "hard"), "wildcard"))
    game.apply(
        Risk(("training", "sponsor", "health", "travel"))
    )  # card, surface, Wildcard, 4 tokens: 7 against 3
    assert game.state.titles[position] == (0, Card(2000, "hard")) and game.state.contest is None
    assert game.phase() == "act"  # no die was rolled


def test_a_challenger_must_qualify_with_a_matching_card_and_a_wildcard() -> None:
    """Qualifying: to challenge a champion you need a matching schedule card (1 point) and a
    Wildcard token (1 point) or the Top Ranker card (0 points); 2 Sponsors stand in for a Wildcard."""
    game, position = defended_scene({"sponsor": 2})
    arrive(game, 0, "t2000_new_york")
    assert {a.pay for a in game.legal_actions()} == {"sponsors"}
    game.apply(Qualify(position, "New York 2000", Card(2000, "hard"), "sponsors"))
    assert game.state.players[0].tokens["sponsor"] == 0
    game, position = defended_scene({"sponsor": 2})
    game.state.top_ranker = 0
    arrive(game, 0, "t2000_new_york")
    assert {a.pay for a in game.legal_actions()} == {"top ranker"}  # Rules.top_ranker_pays_wildcard


def test_failing_to_qualify_costs_a_card_and_two_tokens_of_the_champions_choice() -> None:
    """Qualification failure: the champion picks one of your 3 schedule cards to discard and
    takes 2 of your tokens of their choice; it is your tournament of the week
    (Rules.failed_qualify_is_entry)."""
    game, _position = defended_scene({"training": 2, "travel": 1})
    arrive(game, 0, "t2000_new_york")
    assert game.current_actor() == 1 and game.phase() == "penalty_card"
    game.apply(game.legal_actions()[-1])
    assert len(game.state.players[0].schedule) == 2
    assert game.phase() == "penalty_tokens"
    assert Take(("training", "travel")) in game.legal_actions()
    game.apply(Take(("training", "travel")))
    assert game.state.players[1].tokens == Counter({"training": 1, "travel": 1})
    assert game.state.players[0].tokens == Counter({"training": 1})
    assert game.phase() == "act" and not any(isinstance(a, Enter) for a in game.legal_actions())


@pytest.mark.parametrize("week_discard", [True, False])
def test_a_failed_qualification_and_the_weeks_discard(week_discard: bool) -> None:
    """Weekly discard: a player who entered no tournament with a schedule card discards one. By our
    ruling a failed qualification enters no card, so the discard follows the champion's penalty
    (Rules.failed_qualify_week_discard); off, the penalty card is the week's discard."""
    game, _position = defended_scene(
        {}, Rules(failed_qualify_tokens=0, failed_qualify_week_discard=week_discard)
    )
    arrive(game, 0, "t2000_new_york")
    game.apply(game.legal_actions()[0])  # the champion's penalty card
    game.apply(EndTurn())
    assert len(game.state.players[0].schedule) == 2  # the penalty card is gone
    assert (
        (game.phase(), game.current_actor()) == ("discard", 0) if week_discard else game.phase() != "discard"
    )


def _training_at_rio(game):
    """Player 1 has reserved Rio 500 with a clay card and holds a Sponsor; player 0 arrives with
    a matching clay card and enters: the Training tie-break is about to be played."""
    position = game.board.index["t500_rio"]
    game.state.reservations[position] = (1, Card(500, "clay"))
    game.state.players[1].deck[Card(500, "clay")] -= 1
    set_tokens(game, 1, {"sponsor": 1})
    place(game, 0, "t500_rio")
    set_schedule(game, 0, [Card(500, "clay"), Card(250, "clay"), Card(250, "hard")])
    set_tokens(game, 0, {})
    game.apply(Enter(position, "Rio 500", Card(500, "clay")))
    return game, position


def test_a_training_reservation_gives_a_tie_break_on_equal_terms() -> None:
    """Training x2: a schedule card face down on an empty tournament; a player who arrives and
    enters plays a tie-break with the reserver on equal terms (no head start), declaring their
    tokens first; the winner takes the tournament, both sides' tokens go back to the bag."""
    game, position = _training_at_rio(act_scene())
    game.apply(Risk(()))
    assert game.current_actor() == 1 and game.phase() == "risk"
    game.apply(Risk(("sponsor",)))
    assert game.state.contest.scores == [1, 2]  # each a matching card; the reserver's Sponsor
    game.apply(6)  # arriving player: 1 + 6 = 7, 5 ahead: wins at once
    assert game.state.titles[position] == (0, Card(500, "clay"))
    assert position not in game.state.reservations
    assert game.state.players[1].discards[Card(500, "clay")] == 1
    assert game.state.bag["sponsor"] == 8
    assert_conserved(game)


@pytest.mark.parametrize("closed", [False, True])
def test_a_tournament_reserved_by_an_injured_player(closed: bool) -> None:
    """Injury: an injured player's tournaments count as vacant to visitors. By our ruling a
    reservation of theirs too (Rules.injured_reservation): the visitor plays it as vacant and a
    win discards the reserved card; 'closed', nobody may enter it until the holder is fit."""
    rules = Rules(injured_reservation="closed" if closed else "played as vacant")
    game = act_scene(rules=rules)
    position, reserved = game.board.index["t500_rio"], Card(500, "clay")
    game.state.reservations[position] = (1, reserved)
    game.state.players[1].deck[reserved] -= 1
    game.state.players[1].injured_weeks = 2
    place(game, 0, "t500_rio")
    set_schedule(game, 0, [reserved, Card(250, "clay"), Card(250, "hard")])
    set_tokens(game, 0, {})
    enter = Enter(position, "Rio 500", reserved)
    assert (enter in game.legal_actions()) is not closed
    if closed:
        assert game.state.reservations[position] == (1, reserved)
        return
    game.apply(enter)
    assert game.state.contest.kind != "training"  # vacant: no tie-break with the holder
    game.apply(Risk(()))
    game.apply(6)  # 1 matching point + 6 = 7: the vacant target
    assert game.state.titles[position] == (0, reserved)
    assert position not in game.state.reservations
    assert game.state.players[1].discards[reserved] == 1
    assert_conserved(game)


@pytest.mark.parametrize("closed", [False, True])
def test_a_reserved_united_or_final_entered_from_afar(closed: bool) -> None:
    """United and Final can be entered from anywhere; by our ruling one that another player
    reserved is then the Training tie-break, as arriving there is (Rules.remote_reservation;
    'closed': only a player standing on it may enter)."""
    game = act_scene(rules=Rules(remote_reservation="closed" if closed else "training tie-break"))
    united = next(i for i, space in enumerate(game.board.spaces) if space.kind == "united")
    card = Card(game.board.spaces[united].points, "hard")
    game.state.reservations[united] = (1, card)
    game.state.players[1].deck[card] -= 1
    place(game, 0, "t500_rio")
    set_schedule(game, 0, [card, Card(250, "clay"), Card(250, "hard")])
    set_tokens(game, 0, {})
    enter = Enter(united, game.board.spaces[united].name, card)
    assert (enter in game.legal_actions()) is not closed
    if closed:
        place(game, 0, game.board.spaces[united].id)  # standing on it, the player may enter
        assert enter in game.legal_actions()
        return
    game.apply(enter)
    assert game.state.contest.kind == "training" and game.state.contest.opponent == 1
    assert united not in game.state.reservations
    assert_conserved(game)


@pytest.mark.parametrize(("surface_in_training", "scores"), [(False, [1, 2]), (True, [2, 3])])
def test_the_surface_point_in_a_training_tie_break(surface_in_training: bool, scores: list[int]) -> None:
    """Tie-break points: the surface point is for challenging another player; by our ruling a
    Training tie-break gives it to nobody (Rules.surface_in_training: on, both earn it)."""
    game, position = _training_at_rio(act_scene(rules=Rules(surface_in_training=surface_in_training)))
    assert game.board.spaces[position].surface == "clay"
    game.apply(Risk(()))
    game.apply(Risk(("sponsor",)))
    assert game.state.contest.scores == scores


# -- special actions ---------------------------------------------------------------------------------


def test_training_costs_two_training_tokens_and_a_matching_card() -> None:
    """Training x2: pay 2 Training tokens to reserve an empty tournament with one of your
    schedule cards (ruling, Rules.training_needs_match: its points must match the space)."""
    game = act_scene()
    set_schedule(game, 0, [Card(500, "clay"), Card(250, "clay"), Card(250, "hard")])
    set_tokens(game, 0, {"training": 2})
    trains = [a for a in game.legal_actions() if isinstance(a, Train)]
    assert trains and all(game.board.spaces[a.space].points == a.card.points for a in trains)
    game.apply(trains[0])
    assert game.state.players[0].tokens["training"] == 0 and game.state.bag["training"] == 8
    assert game.state.reservations[trains[0].space] == (0, trains[0].card)


@pytest.mark.parametrize("costs_week", [True, False])
def test_a_training_reservation_and_the_weeks_discard(costs_week: bool) -> None:
    """Weekly discard: the reserved card enters no tournament, so by our ruling the week's
    discard still follows (Rules.reservation_costs_week); off, the reserved card is the week's."""
    game = act_scene(rules=Rules(reservation_costs_week=costs_week))
    set_schedule(game, 0, [Card(500, "clay"), Card(250, "clay"), Card(250, "hard")])
    set_tokens(game, 0, {"training": 2})
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Train)))
    game.apply(EndTurn())
    assert (game.phase() == "discard") is costs_week


def test_an_own_reservation_that_does_not_match_earns_no_matching_point() -> None:
    """Tie-break points: the matching-card point needs a card whose points match the tournament,
    also for a card reserved on it when Rules.training_needs_match is off."""
    game = act_scene(rules=Rules(training_needs_match=False))
    new_york = game.board.index["t2000_new_york"]
    game.state.reservations[new_york] = (0, Card(250, "hard"))
    game.state.players[0].deck[Card(250, "hard")] -= 1
    place(game, 0, "t2000_new_york")
    game.apply(Enter(new_york, "New York 2000", Card(250, "hard")))
    assert game.challenger_bonus() == 0  # no Ace, and 250 does not match 2000


def test_health_x2_sends_another_player_to_the_injury_space() -> None:
    """Health x2: send another player to the Injury space for 2 weeks (not one already injured:
    Rules.injured_can_be_injured)."""
    game = act_scene()
    set_tokens(game, 0, {"health": 2})
    game.apply(Injure(1))
    rival = game.state.players[1]
    assert rival.position == game.board.injury and rival.injured_weeks == 2
    step = game.history().iloc[-1]  # the history names the player sent, not a seat number
    assert step["action"] == f"send {rival.name} to the Injury space"
    set_tokens(game, 0, {"health": 2})
    assert not any(isinstance(a, Injure) for a in game.legal_actions())


def test_travel_x2_flies_anywhere_and_the_space_then_acts() -> None:
    """Travel x2: fly to any space on the board; arriving at a champion's space forces the
    qualification as any arrival does."""
    game, position = defended_scene({"travel": 2, "wildcard": 1})
    game.apply(Travel(position, "New York 2000", "tokens"))
    assert game.phase() == "challenge" and game.state.players[0].position == position
    assert game.state.players[0].tokens["travel"] == 0


# -- Injury -------------------------------------------------------------------------------------------


def test_the_turn_you_land_on_injury_is_still_yours() -> None:
    """Injury: landing there you stay 2 weeks (the 2 turns after); the landing turn is still yours:
    Health cuts a week at once, and special actions other than Travel are on offer."""
    game = new_game(seed=2)
    while game.phase() != "roll":
        game.step()
    me = game.state.players[0]
    place(game, 0, "t1000_miami")  # five spaces before the Injury space
    set_tokens(game, 0, {"health": 1, "training": 2, "travel": 2})
    game.apply(Roll(2, 3, "main"))
    assert me.position == game.board.injury and me.injured_weeks == 2 and game.phase() == "act"
    actions = game.legal_actions()
    assert EndTurn() in actions and Heal() in actions and ServeWeek() not in actions
    assert any(isinstance(a, Train) for a in actions) and not any(isinstance(a, Travel) for a in actions)
    events = game.apply(Heal())
    assert me.injured_weeks == 1 and game.phase() == "act"
    assert events[0].text == f"{me.name} spends a Health token: 1 week left."
    game.apply(EndTurn())
    assert game.phase() == "discard"  # an injured player still loses a week's card


def test_an_injured_player_rests_two_weeks_keeping_only_health_tokens() -> None:
    """Injury: each injured turn you discard a card and draw 2 tokens but keep only Health;
    you cannot travel; Health tokens shorten the stay; then you are back on tour."""
    game = new_game(seed=2)
    while game.phase() != "roll":
        game.step()
    me = game.state.players[0]
    place(game, 0, "t1000_miami")
    set_tokens(game, 0, {})
    game.apply(Roll(2, 3, "main"))
    game.apply(EndTurn())
    for weeks_left in (1, 0):
        until_own_phase(game, ("injured", "draw_token"))
        if game.phase() == "draw_token":
            held, before = me.tokens["travel"], game.state.bag["travel"]
            game.apply("travel")  # drawn, but an injured player keeps only Health
            assert me.tokens["travel"] == held and game.state.bag["travel"] == before
            until_own_phase(game, ("injured",))
        set_tokens(game, 0, {"travel": 2})
        assert game.legal_actions() == [ServeWeek()]  # no Heal on offer, and no Travel
        game.apply(ServeWeek())
        assert me.injured_weeks == weeks_left and me.position == game.board.injury
    until_own_phase(game, ("roll", "injured"))
    assert game.phase() == "roll"  # fit again: a normal week


@pytest.mark.parametrize(
    ("ruling", "before_roll", "then"),
    [("plays on", False, "roll"), ("plays on", True, "prepare"), ("rests", False, "next player")],
)
def test_a_health_token_that_ends_the_injury_on_a_rest_turn(
    ruling: str, before_roll: bool, then: str
) -> None:
    """Health cuts a week at once: by our ruling a player healed to 0 weeks on a rest turn plays
    that turn as any fit player does, the specials before the roll included when the rules have
    them (Rules.healed_turn, specials_before_roll; 'rests': the turn is still spent resting)."""
    game = new_game(rules=Rules(healed_turn=ruling, specials_before_roll=before_roll), seed=2)
    while game.phase() != "roll":
        game.step()
    me = game.state.players[0]
    place(game, 0, "t1000_miami")
    game.apply(Roll(2, 3, "main"))  # onto the Injury space
    game.apply(EndTurn())
    until_own_phase(game, ("injured",))
    me.injured_weeks = 1
    set_tokens(game, 0, {"health": 1})
    game.apply(Heal())
    assert me.injured_weeks == 0
    assert (game.phase() == then and game.tasks[0].player == 0) == (then != "next player")
    if then == "next player":  # the week ends: its discard, then the next player's turn
        assert (game.phase(), game.current_actor()) == ("discard", 0)
    assert_conserved(game)


def test_an_injured_champion_cannot_defend() -> None:
    """Injury: an injured player cannot defend; their tournaments count as vacant to visitors."""
    game, position = defended_scene({})
    game.state.players[1].injured_weeks = 2
    arrive(game, 0, "t2000_new_york")
    assert game.phase() == "act"
    enter = Enter(position, "New York 2000", Card(2000, "hard"))
    assert enter in game.legal_actions()
    game.apply(enter)
    game.apply(Risk(()))
    game.apply(6)  # 1 + 6 = 7: the vacant-style win replaces the injured champion's card
    assert game.state.titles[position] == (0, Card(2000, "hard"))
    assert game.state.players[1].discards[Card(2000, "clay")] == 1


# -- the Top Ranker --------------------------------------------------------------------------------


def test_the_top_ranker_holds_no_wildcards() -> None:
    """Top Ranker: held by the highest ranking; any Wildcard the holder has or draws goes back to
    the bag with no replacement."""
    game = new_game(seed=1)
    game.state.top_ranker = 0
    game.tasks = deque([Task("draw_token", CHANCE, 0)])
    before = game.state.bag["wildcard"]
    game.apply("wildcard")
    assert game.state.players[0].tokens["wildcard"] == 0 and game.state.bag["wildcard"] == before


def test_the_top_ranker_passes_only_to_a_strictly_higher_ranking() -> None:
    """Top Ranker (ruling, Rules.top_ranker_tie): it goes to the strictly highest ranking; on a
    tie the holder keeps it, and on a tie between two others nobody holds it."""
    game = act_scene(players=3)
    s = game.state
    for sid, holder in [("t500_doha", 0), ("t1000_miami", 0), ("t500_rio", 1), ("t1000_montreal", 1)]:
        position = game.board.index[sid]
        card = Card(game.board.spaces[position].points, "hard")
        s.titles[position] = (holder, card)
        s.players[holder].deck[card] -= 1
    s.titles[game.board.index["t1000_indian_wells"]] = (2, Card(1000, "hard"))
    s.players[2].deck[Card(1000, "hard")] -= 1
    s.top_ranker = 0  # Ash 1500 (holder) = Billie 1500 > Chris 1000
    s.players[2].deck[Card(500, "hard")] -= 1
    game._crown(2, Card(500, "hard"), game.board.index["t500_doha"])  # Chris takes Doha from Ash
    assert s.rankings() == [1000, 1500, 1500]
    assert s.top_ranker is None
    assert_conserved(game)


# -- United and Final -------------------------------------------------------------------------------


def test_united_and_final_can_be_entered_from_afar_with_a_matching_card() -> None:
    """United and Final: enter them from anywhere when a schedule card matches, unless the space
    you arrived on makes you do something else (a Let or Injury space: Rules.remote_block)."""
    game = act_scene()
    set_schedule(game, 0, [Card(1000, "hard"), Card(2000, "indoor"), Card(250, "hard")])
    arrive(game, 0, "plain_2")
    entries = {(a.name, str(a.card)) for a in game.legal_actions() if isinstance(a, Enter)}
    assert entries == {("United Cup", "1000 hard"), ("Season Final", "2000 indoor")}


# -- Let cards ----------------------------------------------------------------------------------------


def test_a_let_card_comes_from_the_pile_of_the_space_and_goes_back_under_it() -> None:
    """Let cards: land on a Let space, draw from its pile, do what the card says, put it at the
    bottom of that pile. A pile nobody has drawn from is a fresh deal: each unseen card is equally
    likely; once its own cards have all come round, its order is known."""
    game = act_scene()
    arrive(game, 0, "let_1", by_dice=True)
    assert game.phase() == "let_draw"
    assert game.chance_probability(let_card(game, "fan_mail")) == Fraction(3, 20)
    game.apply(let_card(game, "rain_delay"))
    pile = game.state.let_piles[game._let_pile_at(game.board.index["let_1"])]
    assert pile.unseen == 3 and list(pile.seen) == ["rain_delay"]
    assert all(p.unseen == 4 for k, p in enumerate(game.state.let_piles) if p is not pile)
    for let_id in ("fan_mail", "tailwind", "rain_delay"):
        arrive(game, 0, "let_1", by_dice=True)
        game.apply(let_card(game, let_id))
        game.tasks = deque(t for t in game.tasks if t.kind != "draw_token")
    assert pile.unseen == 0 and list(pile.seen) == ["rain_delay", "fan_mail", "tailwind", "rain_delay"]
    game.tasks.clear()
    game.tasks.append(Task("act", 0, 0))
    arrive(game, 0, "let_1", by_dice=True)  # the top of the pile is known: no chance step
    assert game.phase() == "act" and list(pile.seen) == ["fan_mail", "tailwind", "rain_delay", "rain_delay"]
    assert_conserved(game)


@pytest.mark.parametrize(
    ("let_id", "where", "phase"),
    [
        ("missed_flight", "start", "act"),
        ("tailwind", "t500_doha", "act"),
        ("fan_mail", "let_1", "draw_token"),
    ],
)
def test_let_cards_move_you_or_give_tokens(let_id: str, where: str, phase: str) -> None:
    """Let cards (illustrative deck): move back 2, move on 1, draw extra tokens."""
    game = act_scene()
    arrive(game, 0, "let_1", by_dice=True)
    game.apply(let_card(game, let_id))
    assert game.state.players[0].position == game.board.index[where] and game.phase() == phase
    assert_conserved(game)


@pytest.mark.parametrize("chain", [0, 1])
def test_a_let_card_that_moves_you_onto_another_let_space(chain: int) -> None:
    """By our ruling a Let card's move onto another Let space draws no second card
    (Rules.let_chain: up to that many more a week). A Tailwind of 8 takes let_1 to let_2."""
    data = load_data()
    longer = tuple(dataclasses.replace(c, amount=8) if c.id == "tailwind" else c for c in data.let_cards)
    game = new_game(rules=Rules(let_chain=chain), data=dataclasses.replace(data, let_cards=longer), seed=3)
    while game.phase() != "act":
        game.step()
    game.tasks = deque([Task("act", 0, 0), Task("end_week", AUTO, 0)])
    arrive(game, 0, "let_1", by_dice=True)
    events = [e.text for e in game.apply(let_card(game, "tailwind"))]
    assert game.state.players[0].position == game.board.index["let_2"]
    assert (game.phase() == "let_draw") == (chain > 0)
    assert any("no second Let card" in e for e in events) == (chain == 0)
    if chain:  # the second Tailwind takes let_2 to let_3, where the cap of one stops the chain
        events = [e.text for e in game.apply(let_card(game, "tailwind"))]
        assert game.state.players[0].position == game.board.index["let_3"] and game.phase() != "let_draw"
        assert any("no further Let card this week" in e for e in events)
    assert_conserved(game)


def test_an_invitation_let_card_stands_in_for_the_wildcard() -> None:
    """Let cards (illustrative deck): an Invitation is kept and can qualify you instead of a
    Wildcard; spent, it goes back under the pile it came from."""
    game, _position = defended_scene({})
    arrive(game, 0, "let_1", by_dice=True)
    game.apply(let_card(game, "invitation"))
    assert [(c.id, pile) for c, pile in game.state.players[0].lets] == [("invitation", 0)]
    arrive(game, 0, "t2000_new_york")
    assert {a.pay for a in game.legal_actions()} == {"invitation"}
    game.apply(game.legal_actions()[0])
    assert not game.state.players[0].lets and list(game.state.let_piles[0].seen) == ["invitation"]


# -- the end of the season ---------------------------------------------------------------------------


def test_reaching_the_target_score_wins_at_once() -> None:
    """End: the player who reaches the target ranking (8000 for 2 players) wins at once."""
    game = act_scene()  # player 0 holds 6000 already
    for sid in ("t2000_melbourne", "t2000_new_york", "t2000_london_grass"):
        game.state.titles[game.board.index[sid]] = (0, Card(2000, "hard"))
    position = place(game, 0, "t2000_paris_clay")
    set_schedule(game, 0, [Card(2000, "clay"), Card(250, "hard"), Card(250, "hard")])
    game.apply(Enter(position, "Paris Clay 2000", Card(2000, "clay")))
    game.apply(Risk(()))
    game.apply(6)
    assert game.is_over() and game.result().winners == (0,) and "8000" in game.result().reason


def test_the_season_ends_when_every_tournament_card_is_used() -> None:
    """End: otherwise the season ends when all 36 cards of every player are used (Rules.end_when);
    a player who runs out first keeps taking turns but cannot enter."""
    game = act_scene()
    me = game.state.players[0]
    set_schedule(game, 0, [])
    me.discards.update(me.deck)
    me.deck.clear()
    arrive(game, 0, "t500_doha")
    assert not any(isinstance(a, Enter) for a in game.legal_actions())
    game.apply(EndTurn())  # no card to discard: the week passes at once
    assert not game.is_over() and game.state.turn == 1
    rival = game.state.players[1]
    set_schedule(game, 1, [Card(250, "hard")])
    rival.discards.update(rival.deck)
    rival.deck.clear()
    until_end = 0
    while not game.is_over() and until_end < 50:
        game.step(lambda g: g.legal_actions()[0])
        until_end += 1
    assert game.is_over() and "every tournament card" in game.result().reason


@pytest.mark.parametrize(("final_tie", "winners"), [("most 2000 titles", (1,)), ("shared", (0, 1))])
def test_the_highest_ranking_wins_at_the_end(final_tie: str, winners: tuple[int, ...]) -> None:
    """End: the highest ranking wins (ruling, Rules.final_tie: a tie goes to the most 2000-point
    titles, then is shared)."""
    game = new_game(Rules(final_tie=final_tie), seed=1)
    titles = {
        "t1000_miami": (0, Card(1000, "hard")),
        "t1000_montreal": (0, Card(1000, "hard")),
        "t2000_melbourne": (1, Card(2000, "hard")),
    }
    for sid, title in titles.items():
        game.state.titles[game.board.index[sid]] = title
    game._end("a test ends the season")
    assert game.state.rankings() == [2000, 2000]
    assert game.result().winners == winners


@pytest.mark.parametrize(("players", "target"), [(2, 8000), (3, 7500), (4, 7000), (5, 6500), (6, 6000)])
def test_two_to_six_players_with_the_rulebooks_targets(players: int, target: int) -> None:
    """Game length: 2 to 6 players, winning at 8000, 7500, 7000, 6500 and 6000 points."""
    game = new_game(seed=players, players=players)
    assert game.target == target and len(game.state.players) == players
    game.play()
    assert game.is_over() and game.result().winners
    with pytest.raises((ValueError, RulesError), match="2 to 6 players"):
        new_game(players=7)


def test_an_illegal_move_is_refused_in_words() -> None:
    """Any rule: a move the rules forbid is refused with a sentence, and nothing changes."""
    game = act_scene()
    set_schedule(game, 0, [Card(250, "hard"), Card(500, "clay"), Card(1000, "hard")])
    with pytest.raises(IllegalAction, match="worth 2000 points"):
        game.apply(Enter(place(game, 0, "t2000_melbourne"), "Melbourne 2000", Card(2000, "hard")))


@pytest.mark.parametrize("before", [False, True])
def test_special_actions_before_the_roll_only_by_the_ruling(before: bool) -> None:
    """The rulebook lets a player pay for special actions during their turn without saying when.
    By our ruling they come after the move; with Rules.specials_before_roll a Travel before the
    roll is offered, and the dice then move the piece on from where it landed."""
    from playground.tiebreak.actions import RollNow, Travel

    game = new_game(Rules(specials_before_roll=before), seed=2, players=2)
    while game.phase() in ("draw_card", "draw_token"):
        game.step()
    assert (game.phase() == "prepare") == before
    if not before:
        return
    me = game.state.players[game.current_actor()]
    me.tokens["travel"] = game.rules.travel_cost
    quiet = ("let", "injury", "start")  # a space that asks nothing of a piece arriving by air
    flights = [
        a for a in game.legal_actions() if isinstance(a, Travel) and game.board.spaces[a.to].kind not in quiet
    ]
    assert game.legal_actions()[0] == RollNow() and flights
    game.apply(flights[0])
    assert me.position == flights[0].to and me.tokens["travel"] == 0 and game.phase() == "prepare"
    game.apply(RollNow())
    assert game.phase() == "roll"
    game.step()  # the dice move the piece on from the space it flew to
    assert me.position != flights[0].to


@pytest.mark.parametrize("stand_in", [False, True])
def test_sponsors_risked_as_the_wildcard_only_by_the_ruling(stand_in: bool) -> None:
    """Two Sponsor tokens may stand in for a Wildcard: by our ruling only to qualify; with
    Rules.sponsors_risk_as_wildcard they may also fill the Wildcard's slot in a tie-break, for
    one point, paid with two Sponsors (and every token is still counted)."""
    from playground.tiebreak.actions import Enter, Risk

    game = act_scene(rules=Rules(sponsors_risk_as_wildcard=stand_in))
    set_schedule(game, 0, [Card(250, "hard"), Card(500, "hard"), Card(1000, "hard")])
    set_tokens(game, 0, {"sponsor": 3, "training": 1})
    space = place(game, 0, "t250_auckland")
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Enter) and a.space == space))
    risks = [a for a in game.legal_actions() if isinstance(a, Risk)]
    assert max(len(r.tokens) for r in risks) == (3 if stand_in else 2)
    if stand_in:
        best = Risk(("training", "sponsor", SPONSORS_AS_WILDCARD))
        assert best in risks
        game.apply(best)
        assert game.state.players[0].tokens["sponsor"] == 0 and game.state.contest.risked == best.tokens
        game.check_conserved()


def test_a_player_injured_before_the_roll_stays_on_the_injury_space() -> None:
    """With specials_before_roll, a flight onto Injury before rolling leaves only what an injured
    player may do (Health, no Travel) and no roll: the piece stays on the Injury space."""
    from playground.tiebreak.actions import RollNow, Travel

    game = new_game(Rules(specials_before_roll=True), seed=1)
    while game.phase() != "prepare":
        game.step()
    me = game.state.players[game.current_actor()]
    me.tokens["travel"] += 4
    game.state.bag["travel"] -= 4
    game.apply(
        next(
            a
            for a in game.legal_actions()
            if isinstance(a, Travel) and a.to == game.board.injury and a.pay == "tokens"
        )
    )
    assert me.injured_weeks and not [a for a in game.legal_actions() if isinstance(a, Travel)]
    game.apply(RollNow())
    assert me.position == game.board.injury and game.phase() != "roll"
    game.check_conserved()


def test_a_failed_qualification_with_no_penalty_card_keeps_the_weeks_discard() -> None:
    """With failed_qualify_cards 0 the champion takes no card, so no card counts as the week's: the
    week's discard still follows, and the event names only what is taken."""
    rules = Rules(failed_qualify_cards=0, failed_qualify_tokens=0, failed_qualify_week_discard=False)
    game, position = defended_scene({}, rules)  # a 2000 card but no Wildcard: no way to qualify
    said = " ".join(e.text for e in game._arrive(0, position, by_dice=False))
    assert "the champion takes nothing" in said and not game.card_used
    game, position = defended_scene({})
    said = " ".join(e.text for e in game._arrive(0, position, by_dice=False))
    assert "the champion takes a card and tokens" in said
    assert game.card_used == (not game.rules.failed_qualify_week_discard)


@pytest.mark.parametrize(("pays", "most"), [(False, 4), (True, 5)])
def test_a_top_ranker_buys_a_wildcard_point_with_sponsors_only_when_the_rules_say(
    pays: bool, most: int
) -> None:
    """A Top Ranker qualifies without a Wildcard point (top_ranker_pays_wildcard off): risking
    Sponsors as the Wildcard (sponsors_risk_as_wildcard) does not buy one either; with both on a
    Sponsor pair stands in for the Wildcard. The engine and odds.max_defended_tokens agree on the
    most tokens either way (Tie-Break review 12, L1)."""
    from playground.tiebreak import odds
    from playground.tiebreak.actions import Qualify, Risk

    rules = Rules(sponsors_risk_as_wildcard=True, top_ranker_pays_wildcard=pays)
    game, position = defended_scene({"sponsor": 3, "training": 1, "health": 1, "travel": 1}, rules)
    paris = game.board.index["t2000_paris_clay"]
    game.state.titles[paris] = (0, Card(2000, "clay"))
    game.state.players[0].deck[Card(2000, "clay")] -= 1
    game.state.top_ranker = 0
    game.check_conserved()
    game._arrive(0, position, by_dice=False)
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Qualify) and a.pay == "top ranker"))
    offered = max(len(a.tokens) for a in game.legal_actions() if isinstance(a, Risk))
    assert offered == odds.max_defended_tokens(rules, top_ranker=True) == most


@pytest.mark.parametrize("sponsors", [1, 2])
@pytest.mark.parametrize("on", [False, True])
def test_a_flight_to_a_champion_after_the_weeks_tournament_forces_a_challenge_only_by_the_field(
    on: bool, sponsors: int
) -> None:
    """One tournament a week, and arriving at a champion's space forces a challenge: after a real
    entry, a flight onto Billie's Doha forces nothing by our ruling; with challenge_after_entry on,
    it forces the attempt (a Sponsor pair qualifies; one Sponsor cannot, and Billie takes a card)."""
    game = act_scene(seed=11, rules=Rules(challenge_after_entry=on))
    doha, pune = game.board.index["t500_doha"], game.board.index["t250_pune"]
    game.state.titles[doha] = (1, Card(500, "hard"))
    game.state.players[1].deck[Card(500, "hard")] -= 1
    game._update_top_ranker()
    set_tokens(game, 0, {"travel": 2, "health": 1, "sponsor": sponsors})
    set_schedule(game, 0, [Card(250, "hard"), Card(500, "hard"), Card(1000, "hard")])
    place(game, 0, "t250_pune")
    apply_all(game, Enter(pune, "Pune 250", Card(250, "hard")), Risk(()))
    while game.current_actor() == CHANCE:
        game.step()
    events = game.apply(Travel(doha, "Doha 500", "tokens"))
    if not on:
        assert [e.text for e in events] == ["Ash flies to Doha 500.", "Ash arrives at Doha 500."]
        assert game.phase() == "act" and game.legal_actions() == [EndTurn()]
    elif sponsors == 2:
        assert game.phase() == "challenge" and any(isinstance(a, Qualify) for a in game.legal_actions())
    else:
        assert "cannot qualify against Billie" in events[-1].text
        assert (game.phase(), game.current_actor()) == ("penalty_card", 1)
    assert_conserved(game)
    game.play()
    assert game.is_over()
    assert_conserved(game)


@pytest.mark.parametrize("early", [False, True])
def test_united_and_final_from_afar_before_the_roll_only_by_the_field(early: bool) -> None:
    """'At any time' for United and Final from afar: after the move by our ruling; with
    remote_before_roll (and specials_before_roll) also before the roll, and the tournament is
    then the week's: the roll and the move follow, and no other tournament is offered."""
    rules = Rules(specials_before_roll=True, remote_before_roll=early)
    game = new_game(seed=4, rules=rules)
    while game.phase() != "prepare":
        game.step()
    p = game.current_actor()
    united = next(i for i in game.board.tournaments if game.board.spaces[i].kind == "united")
    set_schedule(game, p, [Card(1000, "hard"), Card(250, "clay"), Card(500, "hard")])
    offered = [a for a in game.legal_actions() if isinstance(a, Enter)]
    if not early:
        assert offered == []
        return
    assert [(a.space, a.card) for a in offered] == [(united, Card(1000, "hard"))]
    game.apply(offered[0])
    while game.phase() != "prepare":
        game.step(lambda g: g.legal_actions()[0])
    assert game.current_actor() == p and game.entered
    assert not any(isinstance(a, Enter | Qualify) for a in game.legal_actions())
    game.apply(next(a for a in game.legal_actions() if type(a).__name__ == "RollNow"))
    while game.current_actor() == CHANCE or game.phase() == "move":
        game.step(lambda g: g.legal_actions()[0])
    if game.phase() == "act":
        assert not any(isinstance(a, Enter | Qualify) for a in game.legal_actions())
    game.play()
    assert_conserved(game)


@pytest.mark.parametrize("train_first", [True, False])
def test_the_weeks_discard_does_not_depend_on_the_order_of_the_weeks_moves(train_first: bool) -> None:
    """With reservation_costs_week off a Training reservation is the week's card; playing one's
    own older reservation the same week must not undo that (it did when it came second)."""
    from playground.tiebreak.actions import Roll

    def pick(game, cls, **fields):
        return next(
            a
            for a in game.legal_actions()
            if type(a) is cls and all(getattr(a, k) == v for k, v in fields.items())
        )

    h5, c5, h2, h2000 = Card(500, "hard"), Card(500, "clay"), Card(250, "hard"), Card(2000, "hard")
    game = new_game(Rules(reservation_costs_week=False), seed=0)
    apply_all(game, *[c5, h5, h2] * 2, "training", "training", Roll(1, 2, "main"))  # Ash at Doha
    apply_all(game, pick(game, Train, space=7, card=h5), EndTurn(), h2000)  # reserves Rio
    apply_all(game, "sponsor", "sponsor", Roll(6, 5, "main"), EndTurn())
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])  # Billie's week
    apply_all(game, "training", "training", Roll(2, 2, "main"))  # Ash back at Rio, his reservation
    train = [pick(game, Train, space=4, card=h2)]
    own = [pick(game, Enter, space=7), Risk(()), 1]
    for action in train + own if train_first else own + train:
        game.apply(action if not isinstance(action, Train) else pick(game, Train, space=4, card=h2))
    game.apply(EndTurn())
    assert game.phase() == "draw_card"  # no week's discard either way: the reserved card was the week's
    assert_conserved(game)


def test_a_sponsor_stand_in_risk_names_the_same_risk_in_any_order() -> None:
    assert Risk(("sponsors as a Wildcard", "training")) == Risk(("training", "sponsors as a Wildcard"))
    assert Risk(("sponsors as a Wildcard", "training")).tokens == ("training", "sponsors as a Wildcard")


@pytest.mark.parametrize(
    ("weeks", "said"), [(1, "for 1 week."), (2, "for 2 weeks."), (0, ", but injuries last 0 weeks.")]
)
def test_landing_on_injury_is_told_in_one_plain_sentence(weeks: int, said: str) -> None:
    game = act_scene(rules=Rules(injury_weeks=weeks))
    events = [e.text for e in game._arrive(0, game.board.injury, by_dice=False)]
    assert (
        events[-1] == f"Ash lands on the Injury space: injured{said if said.startswith(',') else ' ' + said}"
    )


def test_the_injury_landing_turn_is_the_first_week_only_by_the_field() -> None:
    """'Stay there 2 weeks (2 turns)': by our ruling the 2 weeks follow the landing turn (3 turns
    there); with injury_landing_counts the landing turn is the first. The exact chain and a dice
    walk follow the field too (shares within 0.01 over 200,000 turns)."""
    from playground.tiebreak.odds import landing_frequencies
    from playground.tiebreak.simulate import simulate_landings

    for counts, weeks, left in ((False, 2, 2), (True, 2, 1), (True, 1, 0)):
        game = act_scene(rules=Rules(injury_landing_counts=counts, injury_weeks=weeks))
        set_tokens(game, 0, {"travel": 2})
        game._arrive(0, game.board.injury, by_dice=True)
        # injured for the rest of the landing week, even when it is the injury's only week
        assert game.state.players[0].injured_weeks == weeks
        assert not any(isinstance(a, Travel) for a in game.legal_actions())
        game.apply(EndTurn())
        assert game.state.players[0].injured_weeks == left  # the weeks still to sit out
    rules = Rules(injury_landing_counts=True)
    exact = landing_frequencies(game.board, rules)
    walked = simulate_landings(game.board, rules, turns=200_000, seed=3)
    assert max(abs(float(exact[i]) - walked[i]) for i in walked) < 0.01
    assert exact[game.board.injury] < landing_frequencies(game.board, Rules())[game.board.injury]


@pytest.mark.parametrize(("pays", "most"), [(False, 4), (True, 5)])
def test_a_top_ranker_buys_no_wildcard_point_with_sponsors_at_a_vacant_tournament_either(
    pays: bool, most: int
) -> None:
    """sponsors_risk_as_wildcard: a Top Ranker has no Wildcard point at any tournament, so at a
    vacant one too Sponsors stand in for it only with top_ranker_pays_wildcard; the engine and
    odds.vacant_vs_defended agree (Tie-Break review 13, L2)."""
    from playground.tiebreak import odds
    from playground.tiebreak.actions import Risk

    rules = Rules(sponsors_risk_as_wildcard=True, top_ranker_pays_wildcard=pays)
    game = act_scene(rules=rules)
    game.state.top_ranker = 0
    position = place(game, 0, "t500_doha")
    set_schedule(game, 0, [Card(500, "hard"), Card(250, "clay"), Card(250, "hard")])
    set_tokens(game, 0, {"sponsor": 3, "training": 1, "health": 1, "travel": 1})
    game.apply(Enter(position, "Doha 500", Card(500, "hard")))
    offered = max(len(a.tokens) for a in game.legal_actions() if isinstance(a, Risk))
    assert offered == most
    if not pays:
        assert len(odds.vacant_vs_defended(rules, top_ranker=True)) == most + 1  # 0 to most tokens
